/* schemac generator: names the generated C would clash on. Generated code
 * declares its parameters and variables, its public functions (T_decode,
 * ...) and its static functions and tables (all GENERATED_PREFIX...) beside
 * the header's own file-scope names, and derives the static names from
 * struct and member names; a clash would make code that does not compile
 * (or, worse, that calls the wrong check), so each is a diagnostic here. */
#include "check/check_names.h"

#include <stdlib.h>
#include <string.h>

#include "model/generated.h" /* needs_check, ...: which check functions exist; public_functions */
#include "util/strbuf.h"

/* Every parameter and variable name the C emitters declare (emit_c_*.c and
 * the pattern matchers). They all end in an underscore, so ordinary header
 * names never meet them; a header type or enumerator of one of these names
 * would be hidden where generated code spells it after the declaration, and
 * shadowed elsewhere (-Wshadow). tests/generator/locals_listed.py checks
 * that the goldens' generated C declares no other name ending in '_'. */
static const char *const generated_locals[] = {
    "arena_", "args_", "arguments_", "at_", "back_", "binding_", "cap_", "chars_", "copy_", "count_", "ctx_", "depth_", "dup_",
    "err_", "errs_", "expect_", "flags_", "form_", "forms_", "found_", "full_", "handler_", "i_", "in_", "index_", "item_",
    "item_at_", "items_", "json_", "key_", "kind_", "len_", "limits_", "list_", "local_", "map_", "marks_",
    "member_", "more_", "n_", "name_", "next_", "node_",
    "number_", "o_", "out_", "paused_", "probe_", "r_", "rc_", "result_", "s_", "scratch_", "seen_", "skipped_", "st_",
    "tables_", "text_", "tree_", "typed_", "v_", "value_", "which_",
};

static const char *generated_local(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof generated_locals / sizeof *generated_locals; i++)
        if (strlen(generated_locals[i]) == len && memcmp(generated_locals[i], name, len) == 0)
            return generated_locals[i];
    return NULL;
}

/* Whether emit_c_check.c writes a check function of its own for a use of
 * n (structs, any-values and plain enums use a shared one). */
static bool own_check(const node *n)
{
    return n != NULL && needs_check(n) && n->kind != NODE_STRUCT && n->kind != NODE_ANY &&
           !(n->kind == NODE_ENUM && !has_value_keywords(n));
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
    taken *items; /* open addressing, at most half full; name NULL = free */
    size_t nslots; /* 0 or a power of two */
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

/* Records name for the thing at where; two things under one name are an
 * error at the second. */
static void take(taken_set *set, char *name, src_loc where, const char *what)
{
    diag_state *diag = set->diag;
    if (2 * (set->count + 1) > set->nslots)
        taken_grow(set);
    taken *slot = taken_slot(set, name);
    if (slot->name != NULL) {
        diag_error(diag, where, "%s and %s at line %u would both get the generated function name "
                          "'" GENERATED_PREFIX "check_%s': rename one of them", what, slot->what, slot->where.line,
                   name);
        free(name);
        return;
    }
    *slot = (taken){name, where, what};
    set->count++;
}

/* check_NAME, and check_NAME_text for a string with text checks. */
static void take_check(taken_set *set, char *name, const node *n, src_loc where, const char *what,
                       const char *text_what)
{
    if (string_checked_on_read(n))
        take(set, xasprintf("%s_text", name), where, text_what);
    take(set, name, where, what);
}

static void take_struct(taken_set *set, const struct_def *s)
{
    take(set, xstrdup(s->name), s->where, "this struct");
    for (size_t i = 0; i < s->nfields; i++) {
        /* check_S_F, and its _items, _key and _value helpers */
        const field *f = &s->fields[i];
        if (!own_check(f->type))
            continue;
        char *base = xasprintf("%s_%s", s->name, f->c_name);
        if (f->type->kind == NODE_ARRAY && own_check(f->type->items))
            take_check(set, xasprintf("%s_items", base), f->type->items, f->where, "this member's items",
                       "the text check of this member's items");
        if (f->type->kind == NODE_MAP) {
            take_check(set, xasprintf("%s_key", base), f->type->map_key, f->where, "this member's keys",
                       "the text check of this member's keys");
            if (own_check(f->type->map_value))
                take_check(set, xasprintf("%s_value", base), f->type->map_value, f->where, "this member's values",
                           "the text check of this member's values");
        }
        take_check(set, base, f->type, f->where, "this member", "the text check of this member");
    }
}

/* The public data and tool types of a @schema or @tool struct T, after
 * "T", beside its public functions (model/generated.h's table):
 * emit/c/ declares them in the generated header. */
static const char *const data_suffixes[] = {"_schema_json", "_descriptor"}; /* _descriptor: T's descriptor */
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
            diag_error(diag, fn->where, "'%s' starts with '" GENERATED_PREFIX "', which is reserved for the names "
                                  "generated code declares for itself: rename it", fn->name);
            continue;
        }
        if (strncmp(fn->name, "sc_", 3) == 0 || strncmp(fn->name, "SC_", 3) == 0) {
            diag_error(diag, fn->where, "'%s' starts with '%.3s', which is reserved for libschemac's names "
                                  "(sc_error, SC_ERR_TYPE, ...), which the generated code includes: rename it",
                       fn->name, fn->name);
            continue;
        }
        const char *local = generated_local(fn->name, strlen(fn->name));
        if (local != NULL) {
            diag_error(diag, fn->where, "the name '%s' is also a parameter or variable of the generated code, which "
                                  "would hide this declaration there: rename it", local);
            continue;
        }
        for (size_t j = 0; j < m->nstructs; j++) {
            const struct_def *s = m->structs[j];
            const char *suffix = public_suffix(s, fn->name);
            if (suffix != NULL) {
                diag_error(diag, fn->where, "'%s' is also the name the generated code gives %s of '%s' (line %u): "
                                      "rename one of them", fn->name,
                           strcmp(suffix, "_schema_json") == 0 ? "the schema text"
                           : strcmp(suffix, "_descriptor") == 0 ? "the descriptor"
                           : strcmp(suffix, "_tool") == 0      ? "the tool descriptor"
                           : strcmp(suffix, "_handler") == 0   ? "the handler type"
                           : strcmp(suffix, "_prompt_name") == 0 ? "the prompt's name"
                           : strcmp(suffix, "_resource_uri") == 0 ? "the resource template's URI"
                           : strcmp(suffix, "_scopes") == 0 ? "the OAuth scopes"
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
        take(&set, xstrdup(e->name), e->where, "this enum");
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        for (size_t v = 0; v < s->nvariants; v++)
            take_struct(&set, s->variants[v]);
        if (s->nvariants == 0)
            take_struct(&set, s);
        else
            take(&set, xstrdup(s->name), s->where, "this struct");
    }
    for (size_t i = 0; i < set.nslots; i++)
        free(set.items[i].name);
    free(set.items);
}
