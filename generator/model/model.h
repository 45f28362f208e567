/* schemac generator: the model every emitter reads.
 *
 * parse.c fills it from libclang; resolve.c settles what follows from it;
 * check.c validates it; the emitters turn it into schemas and C. Nothing
 * here knows about libclang.
 *
 * A `node` is one use of a type: its kind, how C stores it and the
 * constraints that apply at that use (the typedef's, then the field's own).
 * Structs and enums are shared definitions that nodes point to.
 */
#ifndef SCHEMAC_GENERATOR_MODEL_H
#define SCHEMAC_GENERATOR_MODEL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

#include "util/diag.h"

typedef enum node_kind {
    NODE_BOOL,
    NODE_INT,
    NODE_NUMBER,
    NODE_STRING,
    NODE_ENUM,
    NODE_STRUCT,
    NODE_ARRAY,
    NODE_ANY, /* cJSON *: any JSON value */
    NODE_MAP  /* T *entries + count, T = { char *key; V value; }: an object of V */
} node_kind;

/* A JSON type's name, for messages: "an integer", "a map". */
const char *node_kind_text(node_kind kind);

/* A number written in an annotation: its text as the user wrote it and its
 * value. JSON output uses the value so it is always valid JSON. */
typedef struct number {
    bool set;
    double value;
    src_loc where;
    bool beyond_type; /* resolve_model dropped it (set false): looser than the C type's range */
} number;

enum { CONSTANT_TEXTS = 16 }; /* the numeric keywords' ids, up to KW_CONST */

typedef struct constraints {
    number minimum, maximum, exclusive_minimum, exclusive_maximum, multiple_of;
    bool has_min_length, has_max_length;
    uint64_t min_length, max_length;
    src_loc length_where;
    char *pattern;
    src_loc pattern_where;
    int format; /* sc_format, or -1 */
    src_loc format_where;
    bool has_min_items, has_max_items;
    uint64_t min_items, max_items;
    src_loc items_where;
    bool unique_items;
    src_loc unique_where;
    cJSON *enum_values; /* @enum: JSON array, or NULL */
    src_loc enum_where;
    cJSON *const_value; /* @const, or NULL */
    src_loc const_where;
    cJSON *examples; /* @examples: JSON array, or NULL */
    bool deprecated;
    /* The integer constant expression a numeric keyword's value was written
     * as (@maxItems MAX_TAGS), by keyword id (model/keywords.h), for --list;
     * NULL when it was a number. Interned in the model. */
    const char *constant_text[CONSTANT_TEXTS];
} constraints;

typedef struct struct_def struct_def;
typedef struct enum_def enum_def;

typedef struct node {
    node_kind kind;
    char *c_type; /* how C spells the type of this use: "int32_t", "struct point";
                   * without its own const, so generated code can declare
                   * a variable of it that it fills */
    bool c_const; /* the use is const (`const T *p` to one T): generated code
                   * fills the T it allocated through a cast */
    /* NODE_INT: the C type's range, clamped to +-(2^53-1) as I-JSON asks. */
    int int_bytes;
    bool is_signed;
    int64_t c_min, c_max;
    bool is_float;   /* NODE_NUMBER: float rather than double */
    bool any_object; /* NODE_ANY with @type object: a free-form object, no other value */
    size_t buf_size; /* NODE_STRING: N of char buf[N]; 0 for char * */
    enum_def *enum_type;
    struct_def *struct_type;
    struct node *items;               /* NODE_ARRAY */
    struct node *map_key, *map_value; /* NODE_MAP: the entry's members */
    char *entry_c_type;               /* NODE_MAP: the entry struct, as spelled */
    size_t fixed_size;                /* NODE_ARRAY: N of T items[N]; 0 for T *items */
    uint64_t count_max; /* NODE_ARRAY, NODE_MAP: the most items a count member narrower than 32 bits
                           holds (stated as maxItems/maxProperties); 0: no such bound */
    char *description;  /* from the typedef, when it has one */
    constraints c;
    /* Set by resolve_model: state the C type's own bounds as minimum/maximum,
     * because no user keyword is at least as strict. */
    bool state_type_min, state_type_max;
} node;

typedef enum presence {
    PRESENCE_REQUIRED,
    PRESENCE_POINTER,  /* T *x: NULL when absent */
    PRESENCE_HAS_FLAG, /* bool has_x beside x */
    PRESENCE_OPTIONAL, /* @optional: zero value when absent */
    PRESENCE_DEFAULT   /* @default: the default when absent */
} presence;

typedef struct field {
    char *c_name;
    char *c_path; /* how generated code reaches it from the struct: "radius", "as.circle.radius" */
    char *json_name;
    char *description;
    src_loc where;
    node *type;
    presence presence;
    bool by_pointer;   /* T *x: the value lives in the arena, x points to it */
    bool nullable;     /* @nullable: JSON null is stored as NULL */
    char *has_field;   /* PRESENCE_HAS_FLAG: path of the bool */
    char *count_field; /* NODE_ARRAY, NODE_MAP: path of the count member */
    char *count_c_type;
    bool count_signed;    /* the count member's type can hold negative values */
    cJSON *default_value; /* PRESENCE_DEFAULT */
    src_loc default_where;
    const char *default_text; /* the constant expression @default was written as, or NULL
                                 (constraints.constant_text) */
    uint64_t offset;          /* bytes, from libclang, for _Static_assert */
    bool stand_in;            /* stands for an untagged variant's member reported as an error */
    char *accept_break;       /* @acceptBreak [RULES] (--compat): NULL none, "" every rule */
    char *mcp_header; /* @header NAME: a tool parameter MCP mirrors into Mcp-Param-NAME, or NULL */
    src_loc header_where;
} field;

typedef enum tool_effect {
    EFFECT_NONE,
    EFFECT_READONLY,
    EFFECT_MUTATING,
    EFFECT_DESTRUCTIVE
} tool_effect;

struct struct_def {
    char *c_type; /* "parse_url_input" or "struct point" */
    char *name;   /* identifier prefix of generated functions */
    char *description;
    src_loc where;
    bool opted_in;   /* @schema, @tool, @prompt or @resource */
    char *tool_name; /* @tool NAME, or NULL */
    src_loc tool_where;
    /* @prompt NAME / @resource URI-TEMPLATE: the struct's members are an
     * MCP prompt's arguments or a resource template's variables */
    char *prompt_name;
    src_loc prompt_where;
    char *resource_uri;
    src_loc resource_where;
    bool additional_properties; /* @additionalProperties: ignore unknown members */
    tool_effect effect;
    bool idempotent;
    /* @task [required] [explicit]: MCP's tasks extension may run the tool's
     * calls as tasks (sc_task_support: 0 none, 1 optional, 2 required),
     * from the handler's start or where it calls sc_mcp_task_begin */
    int task;
    bool task_explicit;
    src_loc task_where;
    /* @scopes A B: the OAuth scopes a caller's access token must hold to
     * call the tool, get the prompt or read the resource, as one
     * space-separated string (RFC 6749 scope tokens), or NULL */
    char *scopes;
    src_loc scopes_where;
    char *version;
    char *output_type;    /* @output TYPE, kept for the tools emitter */
    src_loc output_where; /* its value, for the check that TYPE is a @schema struct */
    char *config_type;    /* @config TYPE: the tool's instantiation-time settings */
    /* Provider dialects (emit_dialects.c reads the lists: dialect names
     * separated by commas or spaces). */
    char *dialects; /* @dialects: the only dialects written for the tool; NULL: all */
    src_loc dialects_where;
    char *accept_loss; /* @acceptLoss: dialects whose losses are accepted (no warning) */
    src_loc accept_loss_where;
    int open_world; /* @openWorld [true|false]: MCP openWorldHint; 0 not given, 1 true, -1 false */
    /* --compat (docs/compat.md): @direction in|out|both (NULL: from the
     * header's use), @acceptBreak [RULES] (NULL: none; "": every rule) */
    char *direction;
    src_loc direction_where;
    char *accept_break;
    field *fields;
    size_t nfields;
    uint64_t size;    /* sizeof, from libclang */
    bool in_progress; /* while being parsed: detects recursion */
    /* A tagged union: an enum member (the discriminator, one of fields[])
     * followed by a union. Each enum value is one variant: a struct_def of
     * its own (same C type) holding the common members, the discriminator
     * fixed to that value, and the union member's members. JSON sees one
     * object per variant, in a oneOf. */
    struct_def **variants;
    size_t nvariants;
    size_t discriminator;         /* index in fields[] */
    const struct_def *variant_of; /* for a variant: the tagged union; NULL otherwise */
    const struct enum_value *variant_value;
    bool recursive; /* reaches itself: $defs/$ref in the schema */
    /* @untagged: the JSON value's own type chooses the variant (anyOf).
     * fields[0] is the enum member; each variant holds the union member
     * named after its value as its one field, or no field: a null variant.
     * Counts of array members stand beside the union. */
    bool untagged;
    /* An object variant of an untagged union with other object variants:
     * the member whose presence selects it (set by resolve_model). */
    const char *select_member;
    /* A variant of an untagged union tagged @acceptOverlap: some of its
     * values are values of an earlier variant of its JSON type, and the
     * header accepts that. read_back (set by resolve_model when there is
     * such an overlap): validate checks that the value, as encode writes
     * it, reads back as this variant, and a float variant is written in a
     * form that does (docs/annotations.md, Overlapping variants). */
    bool accept_overlap;
    src_loc accept_overlap_where;
    bool read_back;
};

typedef struct enum_value {
    char *c_name;
    char *json_name;
    char *description;
    src_loc where;
    int64_t value;
} enum_value;

struct enum_def {
    char *c_type; /* "url_part" or "enum color" */
    char *name;   /* identifier prefix of generated helpers */
    char *description;
    src_loc where;
    enum_value *values;
    size_t nvalues;
};

typedef struct model {
    char *header_path;    /* as given on the command line */
    struct_def **structs; /* every struct reached, dependencies first */
    size_t nstructs;
    enum_def **enums;
    size_t nenums;
    char **files; /* every file the translation unit read (for the depfile) */
    size_t nfiles;
    /* Every ordinary identifier the header and its non-system includes
     * declare at file scope (typedefs, functions, variables, enumerators):
     * generated code declares names beside them (check_names.c). */
    struct file_name *names;
    size_t nnames;
    /* Strings that live as long as the model (model_intern): the file
     * names of src_locs, the constant expressions of tag values. */
    char **interned;
    size_t ninterned;
} model;

typedef struct file_name {
    char *name;
    src_loc where;
} file_name;

void constraints_init(constraints *c);
node *node_new(node_kind kind);
void node_free(node *n);
node *node_clone(const node *n);
/* A deep copy whose c_path, has_field and count_field get `prefix` in front. */
field field_clone(const field *f, const char *prefix);
void field_release(field *f);
void model_free(model *m);
/* An interned copy of text, valid until model_free: a src_loc's file name,
 * a constant expression a keyword was written as. */
const char *model_intern(model *m, const char *text);

/* The limits the schema states and the decoder enforces, combining the
 * keywords with what the C storage can hold. has_* false: no limit. */
bool node_max_items(const node *n, uint64_t *out);
bool node_max_length(const node *n, uint64_t *out);
/* How a member's C storage tells whether it holds a value. */
typedef enum storage {
    STORAGE_VALUE,   /* held by value: it always holds one (bool, int, char[N], struct, T[N]) */
    STORAGE_POINTER, /* a pointer whose NULL holds none: T *x, char *, cJSON * */
    STORAGE_SEQUENCE /* items + count, empty when NULL and 0: T *items, maps */
} storage;
storage field_storage(const field *f);

/* The JSON type an untagged union's variant reads, which chooses it: a
 * variant without a member reads null, an integer one a number, an enum
 * one a string, a struct one an object. check.c groups the variants by it,
 * the untagged union's descriptor holds it. */
typedef enum variant_type {
    VARIANT_NULL,
    VARIANT_BOOLEAN,
    VARIANT_NUMBER,
    VARIANT_STRING,
    VARIANT_ARRAY,
    VARIANT_OBJECT,
    VARIANT_TYPE_COUNT
} variant_type;
variant_type untagged_variant_type(const struct_def *variant);

/* The struct called name (its typedef or tag name, or "struct tag") that
 * the header tags @schema, so it has public functions; NULL if none. */
const struct_def *model_schema_struct(const model *m, const char *name);

/* The description a schema shows for this use: the field's own, else the
 * typedef's, else the struct's or enum's. */
const char *node_description(const node *n, const char *field_description);

#endif /* SCHEMAC_GENERATOR_MODEL_H */
