/* schemac generator: names the generated C would clash on. Generated code
 * spells the header's type and enumerator names next to its own parameters
 * and variables, and derives its static functions' names from struct and
 * member names; either kind of clash would make code that does not compile
 * (or, worse, that calls the wrong check), so each is a diagnostic here. */
#include "check_names.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "emit_c_internal.h" /* needs_check, has_value_keywords: which check functions exist */
#include "strbuf.h"

/* Every parameter and variable name the C emitters declare (emit_c_*.c and
 * the pattern matchers). They all end in an underscore, so ordinary header
 * names never meet them; a header type or enumerator of one of these names
 * would be hidden where generated code spells it after the declaration, and
 * shadowed elsewhere (-Wshadow). tests/generator/locals_listed.py checks
 * that the goldens' generated C declares no other name ending in '_'. */
static const char *const generated_locals[] = {
    "args_", "arena_", "at_", "binding_", "cap_", "chars_", "copy_", "count_", "ctx_", "depth_", "dup_",
    "err_", "errs_", "flags_", "found_", "full_", "handler_", "i_", "in_", "item_", "item_at_", "items_",
    "json_", "key_", "len_", "list_", "local_", "map_", "member_", "more_", "n_", "name_", "next_", "node_",
    "number_", "o_", "out_", "paused_", "probe_", "r_", "rc_", "result_", "s_", "scratch_", "seen_", "skipped_", "st_",
    "text_", "tree_", "v_", "value_", "which_",
};

static const char *generated_local(const char *name, size_t len)
{
    for (size_t i = 0; i < sizeof generated_locals / sizeof *generated_locals; i++)
        if (strlen(generated_locals[i]) == len && memcmp(generated_locals[i], name, len) == 0)
            return generated_locals[i];
    return NULL;
}

/* Reports each identifier of the C spelling `type` (e.g. "const out") that
 * generated code also uses for a variable. */
static void check_spelling(const char *type, src_loc where)
{
    for (const char *p = type; p != NULL && *p;) {
        if (!(isalpha((unsigned char)*p) || *p == '_')) {
            p++;
            continue;
        }
        const char *start = p;
        while (isalnum((unsigned char)*p) || *p == '_')
            p++;
        /* "struct out" names a tag, which lives apart from variables */
        bool tag = (start - type >= 7 && strncmp(start - 7, "struct ", 7) == 0) ||
                   (start - type >= 5 && strncmp(start - 5, "enum ", 5) == 0);
        const char *local = tag ? NULL : generated_local(start, (size_t)(p - start));
        if (local != NULL)
            diag_error(where, "the name '%s' is also a parameter or variable of the generated code, which "
                              "would hide this type or enum value there: rename it", local);
    }
}

static void check_node_spellings(const node *n, src_loc where)
{
    if (n == NULL)
        return;
    check_spelling(n->c_type, where);
    check_spelling(n->entry_c_type, where);
    check_node_spellings(n->items, where);
    check_node_spellings(n->map_key, where);
    check_node_spellings(n->map_value, where);
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

/* Records name for the thing at where; two things under one name are an
 * error at the second. */
static void take(taken **list, size_t *n, char *name, src_loc where, const char *what)
{
    for (size_t i = 0; i < *n; i++) {
        if (strcmp((*list)[i].name, name) == 0) {
            diag_error(where, "%s and %s at line %u would both get the generated function name "
                              "'check_%s': rename one of them", what, (*list)[i].what, (*list)[i].where.line, name);
            free(name);
            return;
        }
    }
    *list = xrealloc(*list, (*n + 1) * sizeof **list);
    (*list)[(*n)++] = (taken){name, where, what};
}

static void take_struct(taken **list, size_t *n, const struct_def *s)
{
    take(list, n, xstrdup(s->name), s->where, "this struct");
    for (size_t i = 0; i < s->nfields; i++) {
        check_node_spellings(s->fields[i].type, s->fields[i].where);
        check_spelling(s->fields[i].count_c_type, s->fields[i].where);
        /* check_S_F, and its _items, _key and _value helpers */
        const field *f = &s->fields[i];
        if (!own_check(f->type))
            continue;
        char *base = xasprintf("%s_%s", s->name, f->c_name);
        if (f->type->kind == NODE_ARRAY && own_check(f->type->items))
            take(list, n, xasprintf("%s_items", base), f->where, "this member's items");
        if (f->type->kind == NODE_MAP) {
            take(list, n, xasprintf("%s_key", base), f->where, "this member's keys");
            if (own_check(f->type->map_value))
                take(list, n, xasprintf("%s_value", base), f->where, "this member's values");
        }
        take(list, n, base, f->where, "this member");
    }
}

void check_generated_names(const model *m)
{
    if (diag_failed())
        return; /* the names of a header with errors are no guide */
    taken *list = NULL;
    size_t n = 0;
    for (size_t i = 0; i < m->nenums; i++) {
        const enum_def *e = m->enums[i];
        check_spelling(e->c_type, e->where);
        for (size_t j = 0; j < e->nvalues; j++)
            check_spelling(e->values[j].c_name, e->values[j].where);
        take(&list, &n, xstrdup(e->name), e->where, "this enum");
    }
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        check_spelling(s->c_type, s->where);
        for (size_t v = 0; v < s->nvariants; v++)
            take_struct(&list, &n, s->variants[v]);
        if (s->nvariants == 0)
            take_struct(&list, &n, s);
        else
            take(&list, &n, xstrdup(s->name), s->where, "this struct");
    }
    for (size_t i = 0; i < n; i++)
        free(list[i].name);
    free(list);
}
