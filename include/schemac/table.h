/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: the descriptors schemac writes (issue 23; the only
 * output since issue 31). The generated file describes each struct, enum
 * and union with constant tables (member names, offsets, kinds, bounds,
 * presence, each keyword as a rule with its message, an enum's names, a
 * union's variants) and the runtime walks them (runtime/core/table_*.c).
 * For generated code only.
 *
 * What stays generated in this mode: the pattern DFAs (a matcher function
 * a rule points to), the one-line public functions, the schema texts and
 * the tool tables. Adding a member kind means a kind here, its case in
 * runtime/core/table_read.c, table_check.c and table_write.c, and in
 * generator/emit/c/emit_c_table.c; a keyword, a rule op here and its case
 * in table_rules.c (docs/internals.md, "Descriptors"). */
#ifndef SCHEMAC_TABLE_H
#define SCHEMAC_TABLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "export.h"
#include "json.h" /* sc_string, sc_json_type */

#ifdef __cplusplus
extern "C" {
#endif

/* The layout of the descriptors below. Generated code refuses to compile against another
 * (docs/generated-api.md, Versions and ABI): bumped with any change to them, as SCHEMAC_RUNTIME_ABI
 * is for the rest of what generated code shares with libschemac. */
#define SCHEMAC_TABLE_LAYOUT 5

/* How one value (a member's, or an array's item) is stored in C. */
typedef enum sc_table_kind {
    SC_TABLE_BOOL,    /* bool */
    SC_TABLE_INT,     /* an integer of `size` bytes, `is_signed` */
    SC_TABLE_DOUBLE,  /* double */
    SC_TABLE_FLOAT,   /* float: checked as the double the document held */
    SC_TABLE_STRING,  /* char *, in the arena */
    SC_TABLE_CHARBUF, /* char[size] */
    SC_TABLE_ENUM,    /* an enum of `size` bytes: `enumeration` */
    SC_TABLE_STRUCT,  /* a struct, tagged or untagged union: its descriptor */
    SC_TABLE_ANY,     /* cJSON * */
    SC_TABLE_OBJECT   /* cJSON * of @type object: any object, nothing else */
} sc_table_kind;

/* Presence, as the header states it (docs/annotations.md). */
typedef enum sc_table_presence {
    SC_TABLE_REQUIRED,
    SC_TABLE_POINTER,  /* T *x: NULL when absent */
    SC_TABLE_HAS_FLAG, /* bool has_x beside x: set to whether it was present */
    SC_TABLE_OPTIONAL, /* @optional: zero when absent */
    SC_TABLE_DEFAULT   /* @default: the default when absent */
} sc_table_presence;

/* How a member's C storage tells whether it holds a value (the
 * generator's field_storage). */
typedef enum sc_table_storage {
    SC_TABLE_STORED_VALUE,   /* always holds one: bool, int, char[N], struct, T[N] */
    SC_TABLE_STORED_POINTER, /* NULL holds none: T *x, char *, cJSON * */
    SC_TABLE_STORED_SEQUENCE /* items + count, empty when NULL and 0 */
} sc_table_storage;

/* A pattern's generated matcher (its DFA): whether s (len bytes) matches. */
typedef bool (*sc_table_match_fn)(const char *s, size_t len);

/* What one rule checks (runtime/core/table_rules.c). A value fails a
 * bound when `value OP bound` holds, as the keyword table's fails_if. */
typedef enum sc_table_op {
    SC_TABLE_FAILS_BELOW,    /* value < bound: minimum */
    SC_TABLE_FAILS_AT_MOST,  /* value <= bound: exclusiveMinimum */
    SC_TABLE_FAILS_ABOVE,    /* value > bound: maximum */
    SC_TABLE_FAILS_AT_LEAST, /* value >= bound: exclusiveMaximum */
    SC_TABLE_MULTIPLE_OF,    /* a multiple of bound */
    SC_TABLE_FINITE,         /* not NaN or infinite: an SC_ERR_NUMBER */
    SC_TABLE_SHORTER,        /* code points < bound: minLength */
    SC_TABLE_LONGER,         /* code points > bound: maxLength */
    SC_TABLE_FORMAT,         /* sc_format_valid(format) */
    SC_TABLE_PATTERN,        /* match */
    SC_TABLE_ONE_OF          /* @enum, @const: equal to one of values */
} sc_table_op;

/* One keyword of a value, with the message its failure gives. */
typedef struct sc_table_rule {
    sc_table_op op;
    bool full_only;          /* only on a value built in C: a decoded one holds it */
    double bound;            /* the bound, divisor or length */
    int format;              /* SC_TABLE_FORMAT: an sc_format */
    sc_table_match_fn match; /* SC_TABLE_PATTERN */
    /* SC_TABLE_ONE_OF: count values that the value may equal, by its
     * kind: int64_t (bools, enumerators), double (integers and numbers,
     * compared as doubles), const char * (strings). None: nothing does. */
    const void *values;
    size_t count;
    const char *keyword;
    const char *message;
} sc_table_rule;

/* An enum's JSON names and their enumerators, in declaration order (two
 * enumerators of one value: the first names it). */
typedef struct sc_table_enum {
    size_t count;
    const sc_string *names;
    const int64_t *values;
    const char *choices; /* the names, ", " between: the message's list */
} sc_table_enum;

struct sc_table_struct;

typedef struct sc_table_value {
    sc_table_kind kind;
    bool is_signed;                   /* SC_TABLE_INT */
    size_t size;                      /* bytes the value takes (sizeof), char[N]: N */
    int64_t min, max;                 /* SC_TABLE_INT: the C type's range (I-JSON clamped) */
    const sc_table_enum *enumeration; /* SC_TABLE_ENUM */
    /* SC_TABLE_STRUCT: its descriptor; or, one that comes later in the
     * file (a recursive type), tables(table_index) */
    const struct sc_table_struct *table;
    const struct sc_table_struct *(*tables)(size_t index);
    size_t table_index;
    /* The value's keywords in the order they are checked.
     * After a read, those not full_only (a float's all, on the double the
     * document held); on a value built in C, all. */
    const sc_table_rule *rules;
    size_t nrules;
    /* The decoder's fused check: the first `fused` rules are full_only or
     * inclusive bounds that every number (an integer as a double, a
     * string's code point count) in [lo, hi] passes, so such a value is
     * checked from rules[fused] on; any other, against all (for the error
     * of the first that fails). */
    size_t fused;
    double lo, hi;
    /* Whether a value built in C is checked at all (a string: not NULL,
     * valid UTF-8, within max_string, even with no keywords). */
    bool checked;
} sc_table_value;

/* The default of a SC_TABLE_DEFAULT member, by its value's kind. */
typedef struct sc_table_default {
    int64_t i;     /* SC_TABLE_BOOL, SC_TABLE_INT, SC_TABLE_ENUM (the enumerator) */
    double d;      /* SC_TABLE_DOUBLE, SC_TABLE_FLOAT */
    const char *s; /* SC_TABLE_STRING, SC_TABLE_CHARBUF */
} sc_table_default;

/* An array member (T *items or T items[N]) or a map member (E *entries,
 * E = { key; V value; }), with a count member. */
typedef struct sc_table_array {
    size_t fixed_size; /* N of T items[N]; 0: T *items in the arena */
    bool has_max;
    uint64_t max_items; /* the most items (properties) the schema and the storage take */
    /* A map: an object whose members are entries of entry_size bytes, the
     * key (char *, or char[key_size]) and the value at their offsets. */
    bool map;
    size_t entry_size;
    size_t key_offset;
    size_t key_size; /* N of char key[N]; 0: char *key in the arena */
    size_t value_offset;
    size_t count_offset; /* the count member */
    size_t count_size;
    bool count_signed; /* the count member can hold negative values */
    /* The array's (map's) own keywords: minItems (minProperties) and
     * uniqueItems, maxItems when the storage does not bound it already;
     * a map's keys are unique and checked by key_rules (propertyNames). */
    bool has_min;
    uint64_t min_items;
    bool unique;
    int unique_kind; /* an sc_unique_kind (schemac/check.h) */
    const sc_table_rule *key_rules;
    size_t nkey_rules;
} sc_table_array;

typedef struct sc_table_member {
    size_t offset; /* offsetof(T, member) */
    sc_table_presence presence;
    /* None of nullable, by_pointer, array and SC_TABLE_HAS_FLAG: the
     * decoder reads the value straight into place */
    bool plain;
    bool nullable;               /* @nullable: JSON null leaves the pointer NULL */
    bool by_pointer;             /* T *x: the value is allocated in the arena */
    size_t has_offset;           /* SC_TABLE_HAS_FLAG: offsetof(T, has_x) */
    sc_table_default fallback;   /* SC_TABLE_DEFAULT */
    const sc_table_array *array; /* an array or map member, or NULL */
    sc_table_value value;        /* the member's value, an array's items or a map's values */
    /* Validation (sc_table_check): how C holds the member; checked: it
     * has anything to check; full_only: only when validating a value
     * built in C (what the decoder guarantees). */
    sc_table_storage storage;
    bool checked;
    bool full_only;
} sc_table_member;

/* One variant of a tagged union: the tag's value that selects it, the
 * value's JSON name, and the variant's descriptor (on the union's T). */
typedef struct sc_table_variant {
    int64_t value;
    const char *name;
    const struct sc_table_struct *table;
} sc_table_variant;

/* A tagged union (docs/annotations.md): its tag member, an enum, names
 * the variant that reads, checks and builds the object. */
typedef struct sc_table_union {
    const char *tag;             /* the tag's JSON name */
    size_t tag_offset, tag_size; /* where the tag is stored in T */
    const sc_table_enum *tag_enum;
    size_t count;
    const sc_table_variant *variants;
} sc_table_union;

/* One variant of an untagged union: the enum member's value that says it
 * holds, the JSON type that reads it (sc_peek's; SC_JSON_TRUE for both
 * booleans), for an object the member that selects it (or NULL), and its
 * value as a member of the union's T (NULL: the null variant). */
typedef struct sc_table_choice {
    int64_t value;
    sc_json_type json_type;
    const char *select;
    const struct sc_table_member *member;
    const char *name; /* the enumerator's JSON name */
    /* @acceptOverlap: what encode writes must read back as this variant
     * (a float: in one of the forms sc_float_forms finds with the bounds
     * of the number variants up to this one, marks) */
    bool read_back;
    const double *marks;
    size_t nmarks;
} sc_table_choice;

/* An untagged union (docs/annotations.md): the variant is the first, in
 * the enum's order, that reads the value; an enum member says which. */
typedef struct sc_table_untagged {
    size_t size;                 /* sizeof(T) */
    size_t tag_offset, tag_size; /* the enum member */
    const char *tag_type;        /* its C type, for "holds no value of" */
    const char *expected;        /* "null, an integer or a string" */
    const char *selectors;       /* the object variants' select members, quoted */
    size_t count;
    const sc_table_choice *choices;
} sc_table_untagged;

typedef struct sc_table_struct {
    /* A tagged or an untagged union: the members are its variants';
     * NULL otherwise. */
    const sc_table_union *tagged;
    const sc_table_untagged *untagged;
    size_t size;  /* sizeof(T) */
    size_t count; /* members */
    const sc_table_member *members;
    const char *const *names; /* the members' JSON names */
    const sc_string *keys; /* the same with their lengths, as sc_next_member_expect compares them */
    /* A key out of order is compared with the names of its length only:
     * those of length n < lengths are the members by_length[k] for k from
     * by_length[n] to by_length[n + 1] - 1. */
    size_t lengths;
    const uint32_t *by_length;
    /* The member tried first after member i (i < count; the first one
     * after i = count): the one declared next, or the first after the
     * last. */
    const uint32_t *next;
    /* NULL: the decoder's copy of the descriptor for the items of an array
     * points next and learn to a copy of next, where a key out of order
     * sets the member tried first after the one before it: the items of
     * an array usually have their keys in one order (table_read.c). */
    uint32_t *learn;
    /* Whether to try the member next names first (sc_next_member_expect):
     * not when a name holds a byte that a key could only hold escaped. */
    bool expect;
    bool additional_properties; /* @additionalProperties: unknown members are skipped */
    /* The least JSON text of an object of T, its members' values aside
     * (braces, the required members' names, colons and commas), which
     * T_validate counts against max_input (docs/security.md). */
    size_t min_text;
} sc_table_struct;

/* The tree of the (checked) T at v through its descriptor. NULL when memory
 * runs out, a present value sits behind a NULL pointer, or deeper than
 * SC_MAX_DEPTH. */
SC_API cJSON *sc_table_build(const sc_table_struct *t, const void *v, int depth);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_TABLE_H */
