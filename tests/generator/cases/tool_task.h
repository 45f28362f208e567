/* schemac: --list tool_task.h */
/* @task: MCP's tasks extension may run a tool's calls as tasks (optional
 * by default, required, and explicit: where the handler calls
 * sc_mcp_task_begin); --list shows it, the sc_tool carries it (.task,
 * .task_explicit) and no JSON Schema or dialect changes. */
#include <stdint.h>

/**
 * Build a release.
 * @tool build_release
 * @task
 */
typedef struct {
    /** The version to build. @maxLength 32 */
    char *version;
} build_release_input;

/**
 * Deploy a release, only as a task.
 * @tool deploy
 * @task required
 */
typedef struct {
    /** Where to. @maxLength 64 */
    char *target;
} deploy_input;

/**
 * Migrate after a confirmation asked in the call itself.
 * @tool migrate
 * @task explicit required
 */
typedef struct {
    /** How many steps. @minimum 1 */
    int32_t steps;
} migrate_input;
