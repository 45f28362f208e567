/* A sample agent loop, one turn of it: reads a provider's response from a
 * file (as an agent would receive it over HTTP), runs the tool calls it
 * asks for through the tool table of agent_tools.h, and prints what the
 * agent would append to the conversation before its next request. No
 * network: the response is a recording. See README.md.
 *
 *     agent [--strict] PROVIDER FILE
 *
 * PROVIDER is openai, openai-responses, anthropic or gemini (provider.h),
 * or mcp: FILE is then an MCP tools/call request and the output its
 * result. --strict: the tools were sent in OpenAI's strict dialect, so a
 * null stands for an absent member (SC_CALL_NULL_IS_ABSENT). FILE "-" is
 * stdin; lines at its start that begin with // are skipped (the recordings
 * in tests/roundtrip say so where they come from). Prints {"calls": N, "failed": N, "echo": [...],
 * "results": [...]} on stdout; exits 1 when the response cannot be read, 2 on bad usage. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/provider.h>
#include <schemac/schemac.h>

#include "agent.h"

#define MAX_RESPONSE (16u << 20)

/* The whole of a file (or stdin for "-"); NULL when it cannot be read. */
static char *read_all(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") == 0 ? stdin : fopen(path, "rb");
    size_t cap = 1 << 16;
    char *buf = malloc(cap);
    *len = 0;
    if (f == NULL || buf == NULL) {
        free(buf);
        return NULL;
    }
    for (;;) {
        *len += fread(buf + *len, 1, cap - *len, f);
        if (*len < cap || cap >= MAX_RESPONSE)
            break;
        char *bigger = realloc(buf, cap * 2);
        if (bigger == NULL)
            break;
        buf = bigger;
        cap *= 2;
    }
    int failed = ferror(f) || *len == cap;
    if (f != stdin)
        fclose(f);
    if (failed) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* MCP: the result of a tools/call request, the way an MCP server answers. */
static int mcp_turn(sc_arena *arena, const sc_tool_binding *tools, size_t count, const char *json,
                    size_t len, unsigned flags, sc_tool_turn *turn, sc_error *err)
{
    cJSON *request, *result;
    int rc = sc_parse_json(arena, json, len, &request, err);
    if (rc != 0)
        return rc;
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(request, "params");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(params, "name");
    if (!cJSON_IsString(name))
        return sc_fail(err, SC_ERR_REQUIRED, "required", "a tools/call request has params.name");
    rc = sc_tool_call_cjson(arena, tools, count, name->valuestring,
                            cJSON_GetObjectItemCaseSensitive(params, "arguments"), flags, &result,
                            err);
    if (rc == SC_ERR_NOMEM)
        return rc;
    memset(turn, 0, sizeof *turn);
    turn->calls = 1;
    turn->failed = rc != 0;
    turn->echo = cJSON_CreateArray();
    turn->results = cJSON_CreateArray();
    cJSON *reply = sc_mcp_call_result(rc, result, err);
    if (turn->echo == NULL || turn->results == NULL || reply == NULL) {
        cJSON_Delete(reply);
        sc_tool_turn_free(turn);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    cJSON_AddItemToArray(turn->results, reply);
    sc_error_clear(err);
    return 0;
}

int main(int argc, char **argv)
{
    unsigned flags = 0;
    int arg = 1;
    sc_provider provider = SC_PROVIDER_OPENAI_CHAT;
    if (arg < argc && strcmp(argv[arg], "--strict") == 0) {
        flags |= SC_CALL_NULL_IS_ABSENT;
        arg++;
    }
    int mcp = arg < argc && strcmp(argv[arg], "mcp") == 0;
    if (argc - arg != 2 || (!mcp && sc_provider_from_name(argv[arg], &provider) != 0)) {
        fprintf(stderr, "usage: %s [--strict] openai|openai-responses|anthropic|gemini|mcp FILE\n",
                argv[0]);
        return 2;
    }
    const char *path = argv[arg + 1];
    size_t len;
    char *json = read_all(path, &len);
    if (json == NULL) {
        fprintf(stderr, "%s: cannot read it (or it is larger than %u bytes)\n", path, MAX_RESPONSE);
        return 1;
    }

    /* leading // lines: a note on where the recording comes from */
    size_t skip = 0;
    while (len - skip >= 2 && json[skip] == '/' && json[skip + 1] == '/') {
        const char *eol = memchr(json + skip, '\n', len - skip);
        skip = eol != NULL ? (size_t)(eol - json) + 1 : len;
    }

    sc_tool_binding tools[AGENT_TOOLS_COUNT];
    size_t count = agent_tools_bind(tools, AGENT_TOOLS_COUNT);
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_tool_turn turn;
    sc_error err;
    int rc = mcp ? mcp_turn(&arena, tools, count, json + skip, len - skip, flags, &turn, &err)
                 : sc_tool_turn_run(&arena, provider, tools, count, json + skip, len - skip, flags,
                                    &turn, &err);
    sc_arena_release(&arena);
    free(json);
    if (rc != 0) {
        char message[SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 8];
        sc_error_format(&err, message, sizeof message);
        fprintf(stderr, "%s: %s\n", path, message);
        return 1;
    }

    /* what the agent would append to the conversation, and how the calls went */
    cJSON *out = cJSON_CreateObject();
    char *text = NULL;
    int ok = out != NULL && cJSON_AddNumberToObject(out, "calls", (double)turn.calls) != NULL &&
             cJSON_AddNumberToObject(out, "failed", (double)turn.failed) != NULL &&
             cJSON_AddItemToObject(out, "echo", turn.echo) && (turn.echo = NULL, 1) &&
             cJSON_AddItemToObject(out, "results", turn.results) && (turn.results = NULL, 1) &&
             sc_print_json(out, &text) == 0; /* numbers exact, unlike cJSON_Print */
    if (ok)
        printf("%s\n", text);
    sc_free_string(text);
    cJSON_Delete(out);
    sc_tool_turn_free(&turn);
    if (!ok)
        fprintf(stderr, "out of memory\n");
    fprintf(stderr, "%zu tool call%s, %zu failed\n", turn.calls, turn.calls == 1 ? "" : "s",
            turn.failed);
    return ok ? 0 : 1;
}
