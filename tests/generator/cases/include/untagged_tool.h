/* A tool whose arguments hold untagged unions: the dialect cases and the
 * provider SDK test read it. */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum { PARAM_NULL, PARAM_FLAG, PARAM_INTEGER, PARAM_NUMBER, PARAM_TEXT } param_kind;

/** A query parameter: a string, a number, a boolean or null. @untagged */
typedef struct {
    param_kind kind;
    union {
        bool flag;
        int64_t integer;
        /** @minimum -1e9 @maximum 1e9 @acceptOverlap */
        double number;
        /** @maxLength 200 */
        char *text;
    } as;
} param;

typedef enum { ROW_ID_NUMBER, ROW_ID_TEXT } row_id_kind;

/** A row id: an integer or a UUID. @untagged */
typedef struct {
    row_id_kind kind;
    union {
        /** @minimum 1 */
        uint32_t number;
        /** @format uuid */
        char text[37];
    } as;
} row_id;

typedef enum { MAYBE_NAME_NONE, MAYBE_NAME_TEXT } maybe_name_kind;

/** A name, or null for none. @untagged */
typedef struct {
    maybe_name_kind kind;
    union {
        /** @minLength 1 */
        char *text;
    } as;
} maybe_name;

typedef struct {
    /** Column to sort by. */
    char *column;
    /** Descending order. */
    bool descending;
} sort_key;

typedef struct {
    /** Raw SQL ORDER BY clause. @maxLength 100 */
    char *raw;
} sort_raw;

typedef enum { SORT_COLUMN, SORT_KEY, SORT_RAW, SORT_KEYS } sort_kind;

/** How to sort: a column name, a key, a raw clause or a list of keys. @untagged */
typedef struct {
    sort_kind kind;
    union {
        char *column;
        sort_key key;
        sort_raw raw;
        /** @minItems 1 @maxItems 4 */
        sort_key *keys;
    } as;
    size_t keys_count;
} sort_spec;

/** Run a parameterised query. @tool run_query */
typedef struct {
    /** The SQL text with ? placeholders. @maxLength 2000 */
    char *sql;
    /** One value per placeholder. @maxItems 16 */
    param *params;
    size_t params_count;
    /** The row to start after. */
    row_id *after;
    /** Who asks. */
    maybe_name requester;
    /** Sort order. */
    sort_spec sort;
} run_query_input;
