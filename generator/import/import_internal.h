/* schemac import: what its files share. A JSON Schema (or an MCP tool
 * definition) is read and normalised (read.c), mapped to a small model of
 * C types (map.c, map_union.c), given C names (names.c), and printed as an
 * annotated header (print.c); import.c is the command line. The model
 * says what schemac will be asked to emit, so each mapping is chosen for
 * the schema schemac writes back: exactly the documents the input accepts. */
#ifndef SCHEMAC_GENERATOR_IMPORT_INTERNAL_H
#define SCHEMAC_GENERATOR_IMPORT_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>

#include <cJSON.h>

#include "util/strbuf.h"

typedef enum ikind {
    IK_BOOL,
    IK_INT,
    IK_NUMBER,
    IK_STRING,
    IK_ENUM,       /* a C enum of strings */
    IK_STRUCT,     /* an object with known members, or a tagged union */
    IK_UNTAGGED,   /* an @untagged struct: a value of several JSON types */
    IK_ARRAY,      /* T *x + x_count */
    IK_MAP,        /* entries E *x + x_count, @additionalProperties */
    IK_ANY,        /* cJSON *: any value */
    IK_ANY_OBJECT, /* cJSON * @type object */
} ikind;

typedef struct itype itype;

/* A member of a struct (or a variant of an untagged union). */
typedef struct ifield {
    char *json_name;
    char *c_name;
    itype *type;
    char *description;
    bool required;
    bool nullable;
    bool by_pointer; /* a struct reached while it is being mapped: recursion */
    bool accept_overlap;
    cJSON *default_value; /* owned; NULL: none */
    char *note;           /* a plain comment above the member: what --loosen loosened */
    strbuf extra;         /* the member's own tags (@examples, @deprecated), one a line */
    char *enum_value;     /* untagged variants, tagged union variants: the C enumerator */
} ifield;

struct itype {
    ikind kind;
    char *c_name; /* named types: the struct, enum or typedef name */
    char *description;
    char **tags; /* "@minimum 1", one a line; the value's own keywords */
    size_t ntags;
    const char *int_type; /* IK_INT: uint8_t ... int64_t */
    /* IK_STRUCT, IK_UNTAGGED */
    ifield *fields;
    size_t nfields;
    bool open; /* @additionalProperties */
    bool done; /* mapped; a struct met again before is recursive */
    bool printed;
    bool is_entry; /* a map's entry struct: not an object of its own */
    /* IK_STRUCT as a tagged union: fields are the common members, then
     * the discriminator (tag_field) and the variants */
    size_t tag_field; /* index of the discriminator in fields; SIZE_MAX: none */
    itype *tag_enum;
    ifield
        *variants; /* c_name: the union member (= the value's JSON name); type NULL: no members */
    size_t nvariants;
    /* IK_ENUM */
    char **values; /* JSON names */
    char **enumerators;
    char **value_docs;
    size_t nvalues;
    /* IK_ARRAY: the items; IK_MAP: the entry struct (key, value) */
    itype *items;
    /* a root: @schema, or a tool */
    bool root;
    char *tool_name;
    char *tool_output; /* the @output struct */
    char *tool_hints;  /* "@effect readonly @idempotent ..." */
};

typedef struct imp_ctx {
    const char *file;
    cJSON *schema_root;       /* what "#" names */
    const char *root_pointer; /* where schema_root is in the file ("" or "/tools/0/inputSchema") */
    bool loosen;
    bool wide_ints;
    unsigned errors;
    char *refusal; /* the last construct refused, for --loosen's note */
    itype **types; /* every named type, in creation order */
    size_t ntypes;
    itype **all; /* every type, named or not: what imp_free frees */
    size_t nall;
    char **refs; /* $ref targets mapped to a named type, and their types */
    itype **ref_types;
    size_t nrefs;
    char **in_progress; /* $refs being mapped (a cycle through them is recursion) */
    size_t nin_progress;
    bool uses_cjson;
} imp_ctx;

/* read.c */
cJSON *imp_resolve_ref(imp_ctx *c, const char *ref, const char *at);
char *imp_pointer_append(const char *pointer, const char *token);
bool imp_known_annotation(const char *keyword);
/* An error at the JSON Pointer: "FILE: error: POINTER: MESSAGE". */
void imp_error(imp_ctx *c, const char *pointer, const char *fmt, ...) GEN_PRINTF(3, 4);
/* Records what cannot be said (for the error or --loosen's note); NULL. */
itype *imp_refuse(imp_ctx *c, const char *pointer, const char *construct, const char *why);

/* providers.c */
typedef enum imp_form {
    IMP_FORM_AUTO,
    IMP_FORM_SCHEMA,
    IMP_FORM_MCP,
    IMP_FORM_OPENAI,           /* Chat Completions: {"type": "function", "function": {...}} */
    IMP_FORM_OPENAI_RESPONSES, /* Responses: {"type": "function", "name", "parameters"} */
    IMP_FORM_ANTHROPIC,
    IMP_FORM_GEMINI,
} imp_form;

/* A provider's definition as an MCP tool, and where its schemas are in
 * the input (for the errors). */
typedef struct imp_tool {
    cJSON *tool;
    char *input_at;
    char *output_at; /* NULL: no output schema */
} imp_tool;

typedef struct imp_tools {
    imp_tool *tools;
    size_t n;
} imp_tools;

/* --form NAME: auto, schema, mcp, openai, openai-responses, anthropic, gemini. */
bool imp_form_of_name(const char *name, imp_form *form);
/* What doc is: a provider's form, MCP (tools/list, a tool, an array of
 * tools) or else a schema. An array's first item tells. */
imp_form imp_detect_form(const cJSON *doc);
/* The definitions of a provider form in doc (one, or an array; auto takes
 * each item's own form) as MCP tools; false, with the error, when one is
 * not of the form. Free with imp_tools_free, also after false. */
bool imp_provider_tools(imp_ctx *c, const cJSON *doc, imp_form form, imp_tools *out);
void imp_tools_free(imp_tools *t);

/* names.c */
char *imp_member_name(const char *json_name);
char *imp_type_name(imp_ctx *c, const char *hint);
char *imp_enumerator(imp_ctx *c, const char *type_name, const char *value);
void imp_unique_members(ifield *fields, size_t n);
/* The JSON names schemac derives from enumerators (parse_types.c's rule),
 * so @name is written only where it differs. */
char **imp_derived_enum_names(char *const *enumerators, size_t n);
bool imp_is_identifier(const char *s);

/* map.c */
void imp_free(imp_ctx *c);
itype *imp_new_type(imp_ctx *c, ikind kind, const char *name_hint);
void imp_add_tag(itype *t, const char *fmt, ...) GEN_PRINTF(2, 3);
char *imp_tag_json(const cJSON *v);
itype *imp_map_schema(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint);
itype *imp_map_root(imp_ctx *c, const cJSON *s, const char *pointer, const char *name);
void imp_register_in_progress(imp_ctx *c, itype *t);
const cJSON *imp_strip_null(imp_ctx *c, const cJSON *s, bool *nullable, cJSON **owned);

/* map_union.c */
itype *imp_map_union(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint);
itype *imp_map_type_list(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint);

/* print.c */
char *imp_print_header(imp_ctx *c, const char *source);

#endif /* SCHEMAC_GENERATOR_IMPORT_INTERNAL_H */
