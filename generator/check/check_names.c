/* schemac generator: names the generated C would clash on. Generated code
 * declares its parameters and variables, its public functions (T_decode,
 * ...) and its static tables and functions (all GENERATED_PREFIX...) beside
 * the header's own file-scope names, and derives the static names from
 * struct, enum and member names; a clash would make code that does not
 * compile (or, worse, that points at the wrong table), so each is a
 * diagnostic here. */
#include "check/check_names.h"

#include <stdlib.h>
#include <string.h>

#include "model/generated.h" /* GENERATED_PREFIX, value_has_rules, public_functions */
#include "util/strbuf.h"

/* Every parameter and variable name the C emitters declare (emit_c*.c,
 * model/generated.c's public_functions and the pattern matchers). They all
 * end in an underscore, so ordinary header names never meet them; a header
 * type or enumerator of one of these names would be hidden where generated
 * code spells it after the declaration, and shadowed elsewhere (-Wshadow).
 * tests/generator/locals_listed.py checks that the goldens' generated C
 * declares no other name ending in '_'. */
static const char *const generated_locals[] = {
    "arena_", "args_",   "arguments_", "binding_", "ctx_",   "depth_",  "err_",
    "errs_",  "flags_",  "handler_",   "i_",       "in_",    "index_",  "json_",
    "len_",   "limits_", "node_",      "out_",     "rc_",    "result_", "s_",
    "st_",    "tables_", "typed_",     "v_",       "value_",
};

static const char *generated_local(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof generated_locals / sizeof *generated_locals; i++)
        if (strlen(generated_locals[i]) == len && memcmp(generated_locals[i], name, len) == 0)
            return generated_locals[i];
    return NULL;
}

typedef struct taken {
    char *name;
    src_loc where;
    const char *what;
} taken;

/* The names taken so far, hashed: a header of N structs takes O(N) names,
 * which a linear search made quadratic. */
typedef struct taken_set {
    diag_state *diag; /* where a clash is reported */
    taken *items;     /* open addressing, at most half full; name NULL = free */
    size_t nslots;    /* 0 or a power of two */
    size_t count;
} taken_set;

static size_t name_hash(const char *name)
{
    size_t h = 14695981039346656037u; /* FNV-1a */
    for (const unsigned char *p = (const unsigned char *)name; *p; p++)
        h = (h ^ *p) * 1099511628211u;
    return h;
}

/* The slot of name, or the free slot where it would go. */
static taken *taken_slot(const taken_set *set, const char *name)
{
    size_t i = name_hash(name) & (set->nslots - 1);
    while (set->items[i].name != NULL && strcmp(set->items[i].name, name) != 0)
        i = (i + 1) & (set->nslots - 1);
    return &set->items[i];
}

static void taken_grow(taken_set *set)
{
    taken_set bigger = {set->diag, xcalloc(set->nslots ? set->nslots * 2 : 64, sizeof(taken)),
                        set->nslots ? set->nslots * 2 : 64, set->count};
    for (size_t i = 0; i < set->nslots; i++)
        if (set->items[i].name != NULL)
            *taken_slot(&bigger, set->items[i].name) = set->items[i];
    free(set->items);
    *set = bigger;
}

/* Records name (GENERATED_PREFIX left out: "rules_a_b") for the thing at
 * where; two things under one name are an error at the second. */
static void take(taken_set *set, char *name, src_loc where, const char *what)
{
    diag_state *diag = set->diag;
    if (2 * (set->count + 1) > set->nslots)
        taken_grow(set);
    taken *slot = taken_slot(set, name);
    if (slot->name != NULL) {
        diag_error(diag, where,
                   "%s and %s at line %u would both get the generated name "
                   "'" GENERATED_PREFIX "%s': rename one of them",
                   what, slot->what, slot->where.line, name);
        free(name);
        return;
    }
    *slot = (taken){name, where, what};
    set->count++;
}

/* The static names derived from struct s's name and its members' (emit_c_table.c):
 * sc_gen_table_S and the others of the struct itself (sc_gen_keys_S,
 * sc_gen_next_S, ...), which only another struct of s's name (a tagged
 * union's variant is called UNION_VALUE) would get; sc_gen_tarray_S_F of an
 * array or map member; sc_gen_rules_S_F of a member whose value has rules,
 * or S_F_items, S_F_key and S_F_value for those of an array's items and a
 * map's keys and values. */
static void take_struct(taken_set *set, const struct_def *s, const char *what)
{
    take(set, xasprintf("table_%s", s->name), s->where, what);
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        const node *n = f->type;
        if (n->kind == NODE_ARRAY || n->kind == NODE_MAP)
            take(set, xasprintf("tarray_%s_%s", s->name, f->c_name), f->where, "this member");
        if (n->kind == NODE_ARRAY && value_has_rules(n->items))
            take(set, xasprintf("rules_%s_%s_items", s->name, f->c_name), f->where,
                 "this member's items");
        if (n->kind == NODE_MAP && value_has_rules(n->map_key))
            take(set, xasprintf("rules_%s_%s_key", s->name, f->c_name), f->where,
                 "this member's keys");
        if (n->kind == NODE_MAP && value_has_rules(n->map_value))
            take(set, xasprintf("rules_%s_%s_value", s->name, f->c_name), f->where,
                 "this member's values");
        if (n->kind != NODE_ARRAY && n->kind != NODE_MAP && value_has_rules(n))
            take(set, xasprintf("rules_%s_%s", s->name, f->c_name), f->where, "this member");
    }
}

/* The public data and tool types of a @schema or @tool struct T, after
 * "T", beside its public functions (model/generated.h's table):
 * emit/c/ declares them in the generated header. */
static const char *const data_suffixes[] = {"_schema_json",
                                            "_descriptor"}; /* _descriptor: T's descriptor */
static const char *const tool_suffixes[] = {"_tool", "_handler", "_bind"};
static const char *const prompt_suffixes[] = {"_mcp_arguments", "_prompt_name", "_scopes"};
static const char *const resource_suffixes[] = {"_mcp_arguments", "_resource_uri", "_scopes"};

/* The public name of struct s that name is ("point_decode" for point), or
 * NULL. */
static const char *public_suffix(const struct_def *s, const char *name)
{
    size_t len = strlen(s->name);
    if (!s->opted_in || strncmp(name, s->name, len) != 0)
        return NULL;
    for (size_t i = 0; i < public_function_count; i++)
        if (strcmp(name + len, public_functions[i].suffix) == 0)
            return public_functions[i].suffix;
    for (size_t i = 0; i < sizeof data_suffixes / sizeof *data_suffixes; i++)
        if (strcmp(name + len, data_suffixes[i]) == 0)
            return data_suffixes[i];
    if (s->tool_name != NULL)
        for (size_t i = 0; i < sizeof tool_suffixes / sizeof *tool_suffixes; i++)
            if (strcmp(name + len, tool_suffixes[i]) == 0)
                return tool_suffixes[i];
    if (s->prompt_name != NULL)
        for (size_t i = 0; i < sizeof prompt_suffixes / sizeof *prompt_suffixes; i++)
            if (strcmp(name + len, prompt_suffixes[i]) == 0)
                return prompt_suffixes[i];
    if (s->resource_uri != NULL)
        for (size_t i = 0; i < sizeof resource_suffixes / sizeof *resource_suffixes; i++)
            if (strcmp(name + len, resource_suffixes[i]) == 0)
                return resource_suffixes[i];
    return NULL;
}

/* Every identifier the header declares at file scope, against the names
 * generated code declares beside it: its static functions and tables
 * (all GENERATED_PREFIX..., so a header name of that prefix is refused),
 * libschemac's names, which it includes (all sc_ and SC_: refused too),
 * the public functions of its @schema and @tool structs, and its locals
 * (a file-scope name of a local's spelling is shadowed: -Wshadow). */
static void check_file_names(diag_state *diag, const model *m)
{
    size_t prefix_len = strlen(GENERATED_PREFIX);
    for (size_t i = 0; i < m->nnames; i++) {
        const file_name *fn = &m->names[i];
        if (strncmp(fn->name, GENERATED_PREFIX, prefix_len) == 0) {
            diag_error(diag, fn->where,
                       "'%s' starts with '" GENERATED_PREFIX "', which is reserved for the names "
                       "generated code declares for itself: rename it",
                       fn->name);
            continue;
        }
        if (strncmp(fn->name, "sc_", 3) == 0 || strncmp(fn->name, "SC_", 3) == 0) {
            diag_error(diag, fn->where,
                       "'%s' starts with '%.3s', which is reserved for libschemac's names "
                       "(sc_error, SC_ERR_TYPE, ...), which the generated code includes: rename it",
                       fn->name, fn->name);
            continue;
        }
        const char *local = generated_local(fn->name, strlen(fn->name));
        if (local != NULL) {
            diag_error(diag, fn->where,
                       "the name '%s' is also a parameter or variable of the generated code, which "
                       "would hide this declaration there: rename it",
                       local);
            continue;
        }
        for (size_t j = 0; j < m->nstructs; j++) {
            const struct_def *s = m->structs[j];
            const char *suffix = public_suffix(s, fn->name);
            if (suffix != NULL) {
                diag_error(diag, fn->where,
                           "'%s' is also the name the generated code gives %s of '%s' (line %u): "
                           "rename one of them",
                           fn->name,
                           strcmp(suffix, "_schema_json") == 0    ? "the schema text"
                           : strcmp(suffix, "_descriptor") == 0   ? "the descriptor"
                           : strcmp(suffix, "_tool") == 0         ? "the tool descriptor"
                           : strcmp(suffix, "_handler") == 0      ? "the handler type"
                           : strcmp(suffix, "_prompt_name") == 0  ? "the prompt's name"
                           : strcmp(suffix, "_resource_uri") == 0 ? "the resource template's URI"
                           : strcmp(suffix, "_scopes") == 0       ? "the OAuth scopes"
                                                                  : "a public function",
                           s->name, s->where.line);
                break;
            }
        }
    }
}

void check_generated_names(diag_state *diag, const model *m)
{
    if (diag_failed(diag))
        return; /* the names of a header with errors are no guide */
    check_file_names(diag, m);
    taken_set set = {diag, NULL, 0, 0};
    for (size_t i = 0; i < m->nenums; i++) {
        const enum_def *e = m->enums[i];
        take(&set, xasprintf("tenum_%s", e->name), e->where,
             "this enum"); /* enum E and typedef ... E */
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        for (size_t v = 0; v < s->nvariants; v++)
            take_struct(&set, s->variants[v], "a variant of this union");
        if (s->nvariants == 0)
            take_struct(&set, s, "this struct");
        else
            take(&set, xasprintf("table_%s", s->name), s->where, "this struct");
    }
    for (size_t i = 0; i < set.nslots; i++)
        free(set.items[i].name);
    free(set.items);
}
