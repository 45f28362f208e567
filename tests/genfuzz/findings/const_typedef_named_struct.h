/* tests/genfuzz, seed 7, header 1205 (from tests/decode/untagged.h, the
 * const-pointee mutation): `typedef const struct json_value X;` before
 * `typedef struct json_value {...} json_value;` gave the struct the name X,
 * a const type, and its read functions filled a const object ("assignment
 * of member 'kind' in read-only object"). A typedef of a const (or
 * volatile) struct no longer names the struct: tests/decode/const_members.h
 * (const_node, compiled strictly and decoded in cases.json). */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef enum {
    JSON_VALUE_NULL,
    JSON_VALUE_FLAG,
    JSON_VALUE_NUMBER,
    JSON_VALUE_TEXT,
    JSON_VALUE_LIST
} json_value_kind;

typedef const struct json_value gf_struct_json_value_389;
/** @untagged */
typedef struct json_value {
    json_value_kind kind;
    union {
        bool flag;
        double number;
        char *text;
        /** @maxItems 3 */
        gf_struct_json_value_389 *list;
    } as;
    size_t list_count;
} json_value;

/** @schema */
typedef struct {
    json_value data;
} value_doc;
