/* schemac generator: model construction and clean-up. */
#include "model/model.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

void constraints_init(constraints *c)
{
    memset(c, 0, sizeof *c);
    c->format = -1;
}

node *node_new(node_kind kind)
{
    node *n = xcalloc(1, sizeof *n);
    n->kind = kind;
    constraints_init(&n->c);
    return n;
}

static void constraints_free(constraints *c)
{
    free(c->pattern);
    cJSON_Delete(c->enum_values);
    cJSON_Delete(c->const_value);
    cJSON_Delete(c->examples);
}

void node_free(node *n)
{
    if (n == NULL)
        return;
    node_free(n->items);
    node_free(n->map_key);
    node_free(n->map_value);
    free(n->entry_c_type);
    constraints_free(&n->c);
    free(n->c_type);
    free(n->description);
    free(n);
}

void field_release(field *f)
{
    free(f->c_name);
    free(f->c_path);
    free(f->json_name);
    free(f->description);
    free(f->has_field);
    free(f->count_field);
    free(f->count_c_type);
    cJSON_Delete(f->default_value);
    free(f->accept_break);
    free(f->mcp_header);
    node_free(f->type);
}

static char *dup_or_null(const char *s)
{
    return s != NULL ? xstrdup(s) : NULL;
}

static cJSON *json_dup(const cJSON *v)
{
    return v != NULL ? cJSON_Duplicate(v, 1) : NULL;
}

node *node_clone(const node *n)
{
    if (n == NULL)
        return NULL;
    node *c = xmalloc(sizeof *c);
    *c = *n;
    c->c_type = dup_or_null(n->c_type);
    c->description = dup_or_null(n->description);
    c->items = node_clone(n->items);
    c->map_key = node_clone(n->map_key);
    c->map_value = node_clone(n->map_value);
    c->entry_c_type = dup_or_null(n->entry_c_type);
    c->c.pattern = dup_or_null(n->c.pattern);
    c->c.enum_values = json_dup(n->c.enum_values);
    c->c.const_value = json_dup(n->c.const_value);
    c->c.examples = json_dup(n->c.examples);
    return c;
}

static char *prefixed(const char *prefix, const char *path)
{
    return path != NULL ? xasprintf("%s%s", prefix, path) : NULL;
}

field field_clone(const field *f, const char *prefix)
{
    field c = *f;
    c.c_name = xstrdup(f->c_name);
    c.c_path = prefixed(prefix, f->c_path);
    c.json_name = xstrdup(f->json_name);
    c.description = dup_or_null(f->description);
    c.has_field = prefixed(prefix, f->has_field);
    c.count_field = prefixed(prefix, f->count_field);
    c.count_c_type = dup_or_null(f->count_c_type);
    c.default_value = json_dup(f->default_value);
    c.accept_break = dup_or_null(f->accept_break);
    c.mcp_header = dup_or_null(f->mcp_header);
    c.type = node_clone(f->type);
    return c;
}

static void struct_free(struct_def *s)
{
    for (size_t i = 0; i < s->nfields; i++)
        field_release(&s->fields[i]);
    for (size_t i = 0; i < s->nvariants; i++)
        struct_free(s->variants[i]);
    free(s->variants);
    free(s->fields);
    free(s->c_type);
    free(s->name);
    free(s->description);
    free(s->tool_name);
    free(s->prompt_name);
    free(s->resource_uri);
    free(s->version);
    free(s->scopes);
    free(s->output_type);
    free(s->config_type);
    free(s->dialects);
    free(s->accept_loss);
    free(s->direction);
    free(s->accept_break);
    free(s);
}

static void enum_free(enum_def *e)
{
    for (size_t i = 0; i < e->nvalues; i++) {
        free(e->values[i].c_name);
        free(e->values[i].json_name);
        free(e->values[i].description);
    }
    free(e->values);
    free(e->c_type);
    free(e->name);
    free(e->description);
    free(e);
}

void model_free(model *m)
{
    for (size_t i = 0; i < m->nstructs; i++)
        struct_free(m->structs[i]);
    for (size_t i = 0; i < m->nenums; i++)
        enum_free(m->enums[i]);
    for (size_t i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    free(m->structs);
    free(m->enums);
    free(m->files);
    for (size_t i = 0; i < m->nnames; i++)
        free(m->names[i].name);
    free(m->names);
    free(m->header_path);
    for (size_t i = 0; i < m->ninterned; i++)
        free(m->interned[i]);
    free(m->interned);
    memset(m, 0, sizeof *m);
}

/* A linear search: a header reads a few dozen files and constants. */
const char *model_intern(model *m, const char *text)
{
    for (size_t i = 0; i < m->ninterned; i++)
        if (strcmp(m->interned[i], text) == 0)
            return m->interned[i];
    m->interned = xrealloc(m->interned, (m->ninterned + 1) * sizeof *m->interned);
    m->interned[m->ninterned] = xstrdup(text);
    return m->interned[m->ninterned++];
}

bool node_max_items(const node *n, uint64_t *out)
{
    /* for maps the item counts are minProperties/maxProperties */
    bool has = n->c.has_max_items;
    uint64_t max = n->c.max_items;
    if (n->fixed_size > 0 && (!has || n->fixed_size < max)) {
        has = true;
        max = n->fixed_size;
    }
    if (n->count_max > 0 && (!has || n->count_max < max)) {
        has = true;
        max = n->count_max;
    }
    *out = max;
    return has;
}

/* char buf[N] holds N - 1 bytes. The schema states N - 1 as maxLength
 * (code points): exact for ASCII; multi-byte text that fits maxLength but
 * not the bytes is rejected by the decoder (documented divergence). */
bool node_max_length(const node *n, uint64_t *out)
{
    bool has = n->c.has_max_length;
    uint64_t max = n->c.max_length;
    if (n->buf_size > 0 && (!has || n->buf_size - 1 < max)) {
        has = true;
        max = n->buf_size - 1;
    }
    *out = max;
    return has;
}

const struct_def *model_schema_struct(const model *m, const char *name)
{
    if (name == NULL)
        return NULL;
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (s->opted_in && (strcmp(s->name, name) == 0 || strcmp(s->c_type, name) == 0))
            return s;
    }
    return NULL;
}

const char *node_description(const node *n, const char *field_description)
{
    if (field_description != NULL)
        return field_description;
    if (n->description != NULL)
        return n->description;
    if (n->kind == NODE_STRUCT)
        return n->struct_type->description;
    if (n->kind == NODE_ENUM)
        return n->enum_type->description;
    return NULL;
}

variant_type untagged_variant_type(const struct_def *variant)
{
    if (variant->nfields == 0)
        return VARIANT_NULL;
    switch (variant->fields[0].type->kind) {
    case NODE_BOOL:
        return VARIANT_BOOLEAN;
    case NODE_INT:
    case NODE_NUMBER:
        return VARIANT_NUMBER;
    case NODE_STRING:
    case NODE_ENUM:
        return VARIANT_STRING;
    case NODE_ARRAY:
        return VARIANT_ARRAY;
    default:
        return VARIANT_OBJECT;
    }
}

storage field_storage(const field *f)
{
    const node *n = f->type;
    if (f->by_pointer || (n->kind == NODE_STRING && n->buf_size == 0) || n->kind == NODE_ANY)
        return STORAGE_POINTER;
    if ((n->kind == NODE_ARRAY && n->fixed_size == 0) || n->kind == NODE_MAP)
        return STORAGE_SEQUENCE;
    return STORAGE_VALUE;
}

const char *node_kind_text(node_kind kind)
{
    switch (kind) {
    case NODE_BOOL:
        return "a boolean";
    case NODE_INT:
        return "an integer";
    case NODE_NUMBER:
        return "a number";
    case NODE_STRING:
        return "a string";
    case NODE_ENUM:
        return "an enum";
    case NODE_STRUCT:
        return "an object";
    case NODE_ANY:
        return "any JSON value";
    case NODE_MAP:
        return "a map";
    case NODE_ARRAY:
        return "an array";
    }
    return "a value";
}
