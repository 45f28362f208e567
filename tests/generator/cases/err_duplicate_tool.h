/* schemac: --print-schema */
/* Two structs tagged with one tool name: an error at each. */
#include <stdint.h>

/** Find a user. @tool find_user */
typedef struct {
    char *name;
} find_user_by_name;

/** Find a user by id. @tool find_user */
typedef struct {
    int32_t id;
} find_user_by_id;

/** A distinct name is fine. @tool get_user */
typedef struct {
    int32_t id;
} get_user_input;
