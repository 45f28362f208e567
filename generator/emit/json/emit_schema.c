/* schemac generator: canonical JSON Schema. */
#include "emit/json/emit_schema.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "emit/json/json_arena.h"
#include "model/keywords.h"
#include "util/strbuf.h"

/* The document being built: recursive structs other than the root are
 * emitted once under $defs and referenced; everything else is inlined. */
typedef struct schema_ctx {
    const struct_def *root;
    const struct_def **defs;
    size_t ndefs;
} schema_ctx;

static cJSON *schema_of_node(schema_ctx *ctx, const node *n, const char *field_description);

/* The enum's description, with each value's own description listed so
 * the model sees what every value means. */
static char *enum_description(const enum_def *e, const char *base)
{
    bool any = false;
    for (size_t i = 0; i < e->nvalues; i++)
        if (e->values[i].description != NULL)
            any = true;
    if (!any)
        return base != NULL ? xstrdup(base) : NULL;
    strbuf sb;
    sb_init(&sb);
    if (base != NULL)
        sb_printf(&sb, "%s\n", base);
    for (size_t i = 0; i < e->nvalues; i++) {
        const enum_value *v = &e->values[i];
        sb_printf(&sb, "- %s", v->json_name);
        if (v->description != NULL)
            sb_printf(&sb, ": %s", v->description);
        if (i + 1 < e->nvalues)
            sb_putc(&sb, '\n');
    }
    return sb_take(&sb);
}

/* The keywords of one use of a type, in the table's order (keywords.h). */
static void add_value_keywords(cJSON *o, const node *n)
{
    for (size_t k = 0; k < KW_COUNT; k++) {
        cJSON *v = keyword_value(n, (keyword_id)k);
        if (v != NULL)
            cJSON_AddItemToObject(o, keywords[k].name, v);
    }
}

cJSON *schema_or_null(cJSON *p)
{
    cJSON *wrapper = cJSON_CreateObject();
    cJSON *description = cJSON_DetachItemFromObjectCaseSensitive(p, "description");
    if (description != NULL)
        cJSON_AddItemToObject(wrapper, "description", description);
    cJSON *any = cJSON_AddArrayToObject(wrapper, "anyOf");
    cJSON_AddItemToArray(any, p);
    cJSON *null_schema = cJSON_CreateObject();
    cJSON_AddStringToObject(null_schema, "type", "null");
    cJSON_AddItemToArray(any, null_schema);
    return wrapper;
}

/* @nullable: null joins the accepted types ("type": [T, "null"]), and the
 * enum list when there is one, since enum applies to null too; a const
 * becomes a two-value enum [value, null] for the same reason (a const
 * within an enum is the whole set). A $ref cannot be widened in place, so
 * it becomes anyOf [ref, null]. */
static cJSON *allow_null(cJSON *p)
{
    cJSON *type = cJSON_GetObjectItemCaseSensitive(p, "type");
    if (type == NULL)
        return schema_or_null(p);
    cJSON *types = cJSON_CreateArray();
    cJSON_AddItemToArray(types, cJSON_CreateString(type->valuestring));
    cJSON_AddItemToArray(types, cJSON_CreateString("null"));
    cJSON_ReplaceItemInObjectCaseSensitive(p, "type", types);
    cJSON *only = cJSON_DetachItemFromObjectCaseSensitive(p, "const");
    if (only != NULL) {
        cJSON_DeleteItemFromObjectCaseSensitive(p, "enum");
        cJSON *pair = cJSON_CreateArray();
        cJSON_AddItemToArray(pair, only);
        cJSON_AddItemToObject(p, "enum", pair);
    }
    cJSON *values = cJSON_GetObjectItemCaseSensitive(p, "enum");
    if (values != NULL)
        cJSON_AddItemToArray(values, cJSON_CreateNull());
    return p;
}

static cJSON *schema_of_struct(schema_ctx *ctx, const struct_def *s, const char *description)
{
    cJSON *o = cJSON_CreateObject();
    if (description != NULL)
        cJSON_AddStringToObject(o, "description", description);
    if (s->untagged) {
        /* the value's own type chooses: the decoder tries the variants of
         * one JSON type in order, which is what anyOf accepts */
        cJSON *any_of = cJSON_AddArrayToObject(o, "anyOf");
        for (size_t i = 0; i < s->nvariants; i++) {
            const struct_def *v = s->variants[i];
            cJSON *p;
            if (v->nfields == 0) {
                p = cJSON_CreateObject();
                if (v->variant_value->description != NULL)
                    cJSON_AddStringToObject(p, "description", v->variant_value->description);
                cJSON_AddStringToObject(p, "type", "null");
            } else {
                p = schema_of_node(ctx, v->fields[0].type,
                                   v->description != NULL ? v->description
                                                          : v->variant_value->description);
            }
            cJSON_AddItemToArray(any_of, p);
        }
        return o;
    }
    if (s->nvariants > 0) {
        /* a tagged union: one object per variant; their discriminators
         * differ, so exactly one can match */
        cJSON *one_of = cJSON_AddArrayToObject(o, "oneOf");
        for (size_t i = 0; i < s->nvariants; i++)
            cJSON_AddItemToArray(
                one_of, schema_of_struct(ctx, s->variants[i], s->variants[i]->description));
        return o;
    }
    cJSON_AddStringToObject(o, "type", "object");
    cJSON *props = cJSON_AddObjectToObject(o, "properties");
    cJSON *required = cJSON_CreateArray();
    for (size_t i = 0; i < s->nfields; i++) {
        const field *f = &s->fields[i];
        cJSON *p;
        if (s->variant_of != NULL && i == s->variant_of->discriminator) {
            /* a variant's discriminator has one value: const says it all */
            p = cJSON_CreateObject();
            if (f->description != NULL)
                cJSON_AddStringToObject(p, "description", f->description);
            cJSON_AddItemToObject(p, "const", cJSON_Duplicate(f->type->c.const_value, 1));
        } else {
            p = schema_of_node(ctx, f->type, f->description);
        }
        if (f->nullable)
            p = allow_null(p);
        if (f->default_value != NULL)
            cJSON_AddItemToObject(p, "default", cJSON_Duplicate(f->default_value, 1));
        cJSON_AddItemToObject(props, f->json_name, p);
        if (f->presence == PRESENCE_REQUIRED)
            cJSON_AddItemToArray(required, cJSON_CreateString(f->json_name));
    }
    if (cJSON_GetArraySize(required) > 0)
        cJSON_AddItemToObject(o, "required", required);
    else
        cJSON_Delete(required);
    if (!s->additional_properties)
        cJSON_AddBoolToObject(o, "additionalProperties", 0);
    return o;
}

static cJSON *reference(schema_ctx *ctx, const struct_def *s, const char *description)
{
    cJSON *o = cJSON_CreateObject();
    if (description != NULL)
        cJSON_AddStringToObject(o, "description", description);
    if (s == ctx->root) {
        cJSON_AddStringToObject(o, "$ref", "#");
        return o;
    }
    size_t i = 0;
    while (i < ctx->ndefs && ctx->defs[i] != s)
        i++;
    if (i == ctx->ndefs) {
        ctx->defs = xrealloc(ctx->defs, (ctx->ndefs + 1) * sizeof *ctx->defs);
        ctx->defs[ctx->ndefs++] = s;
    }
    char *ref = xasprintf("#/$defs/%s", s->name);
    cJSON_AddStringToObject(o, "$ref", ref);
    free(ref);
    return o;
}

static cJSON *schema_of_node(schema_ctx *ctx, const node *n, const char *field_description)
{
    const char *description = node_description(n, field_description);
    if (n->kind == NODE_STRUCT) {
        if (n->struct_type->recursive)
            return reference(ctx, n->struct_type, field_description);
        cJSON *o = schema_of_struct(ctx, n->struct_type, description);
        add_value_keywords(o, n);
        return o;
    }
    cJSON *o = cJSON_CreateObject();
    if (n->kind == NODE_ENUM) {
        char *text = enum_description(n->enum_type, description);
        if (text != NULL)
            cJSON_AddStringToObject(o, "description", text);
        free(text);
    } else if (description != NULL) {
        cJSON_AddStringToObject(o, "description", description);
    }
    switch (n->kind) {
    case NODE_BOOL:
        cJSON_AddStringToObject(o, "type", "boolean");
        break;
    case NODE_INT:
        cJSON_AddStringToObject(o, "type", "integer");
        break;
    case NODE_NUMBER:
        cJSON_AddStringToObject(o, "type", "number");
        break;
    case NODE_STRING:
        cJSON_AddStringToObject(o, "type", "string");
        break;
    case NODE_ENUM:
        cJSON_AddStringToObject(o, "type", "string");
        break; /* its values: KW_ENUM */
    case NODE_ARRAY:
        cJSON_AddStringToObject(o, "type", "array");
        cJSON_AddItemToObject(o, "items", schema_of_node(ctx, n->items, NULL));
        break;
    case NODE_MAP: {
        cJSON_AddStringToObject(o, "type", "object");
        cJSON_AddItemToObject(o, "additionalProperties", schema_of_node(ctx, n->map_value, NULL));
        uint64_t max;
        if (n->map_key->buf_size > 0 || node_max_length(n->map_key, &max) ||
            n->map_key->c.has_min_length || n->map_key->c.pattern != NULL ||
            n->map_key->c.format >= 0 || n->map_key->c.enum_values != NULL ||
            n->map_key->c.const_value != NULL)
            cJSON_AddItemToObject(o, "propertyNames", schema_of_node(ctx, n->map_key, NULL));
        break;
    }
    case NODE_ANY: /* no type: any JSON value; @type object: any object */
        if (n->any_object)
            cJSON_AddStringToObject(o, "type", "object");
        break;
    case NODE_STRUCT:
        break;
    }
    add_value_keywords(o, n);
    return o;
}

cJSON *schema_document(const struct_def *s)
{
    schema_ctx ctx = {s, NULL, 0};
    cJSON *body = schema_of_struct(&ctx, s, s->description);
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(doc, "$schema", "https://json-schema.org/draft/2020-12/schema");
    cJSON_AddStringToObject(doc, "title", s->tool_name != NULL ? s->tool_name : s->name);
    /* move the body's members after the header ones */
    while (body->child != NULL) {
        cJSON *item = cJSON_DetachItemViaPointer(body, body->child);
        cJSON_AddItemToObject(doc, item->string, item);
    }
    cJSON_Delete(body);
    if (ctx.ndefs > 0) {
        cJSON *defs = cJSON_AddObjectToObject(doc, "$defs");
        /* a definition may reference further ones: ndefs grows meanwhile */
        for (size_t i = 0; i < ctx.ndefs; i++)
            cJSON_AddItemToObject(defs, ctx.defs[i]->name,
                                  schema_of_struct(&ctx, ctx.defs[i], ctx.defs[i]->description));
    }
    free(ctx.defs);
    return doc;
}

/* ---- the texts of a struct's document ------------------------------------
 * The .schema.json (emit_schemas) and the embedded T_schema_json (the
 * generated C, later) come from one walk over one document; the compact
 * text waits for the generated C in a table by the struct's address (open
 * addressing, schema_texts) until schema_texts_free. The document is built in an arena
 * and dropped once printed: keeping every struct's tree to the end of the
 * run cost more in fresh memory (page faults) than building a tool's once
 * more for its dialects. */

typedef struct cached_text {
    const struct_def *s; /* NULL: a free slot */
    char *compact;
} cached_text;

static size_t slot_of(const schema_texts *texts, const struct_def *s, size_t cap)
{
    uint64_t h = (uint64_t)(uintptr_t)s * 0x9e3779b97f4a7c15u;
    size_t i = (size_t)(h >> 32) & (cap - 1);
    while (texts->slots[i].s != NULL && texts->slots[i].s != s)
        i = (i + 1) & (cap - 1);
    return i;
}

static cached_text *cached(schema_texts *texts, const struct_def *s)
{
    if (2 * (texts->count + 1) > texts->cap) {
        cached_text *old = texts->slots;
        size_t old_cap = texts->cap;
        texts->cap = old_cap != 0 ? 2 * old_cap : 64;
        texts->slots = xcalloc(texts->cap, sizeof *texts->slots);
        for (size_t i = 0; i < old_cap; i++)
            if (old[i].s != NULL)
                texts->slots[slot_of(texts, old[i].s, texts->cap)] = old[i];
        free(old);
    }
    cached_text *e = &texts->slots[slot_of(texts, s, texts->cap)];
    if (e->s == NULL) {
        e->s = s;
        texts->count++;
    }
    return e;
}

char *schema_pretty_text(schema_texts *texts, const struct_def *s)
{
    char *pretty, *compact;
    json_arena printing = {0};
    json_arena_enter(&printing);
    json_print_both(schema_document(s), &pretty, &compact);
    json_arena_leave();
    json_arena_release(&printing);
    cached_text *e = cached(texts, s);
    free(e->compact);
    e->compact = compact;
    return pretty;
}

const char *schema_compact_text(schema_texts *texts, const struct_def *s)
{
    cached_text *e = cached(texts, s);
    if (e->compact == NULL) {
        json_arena printing = {0};
        json_arena_enter(&printing);
        e->compact = json_print(schema_document(s), 0);
        json_arena_leave();
        json_arena_release(&printing);
    }
    return e->compact;
}

void schema_texts_free(schema_texts *texts)
{
    for (size_t i = 0; i < texts->cap; i++)
        free(texts->slots[i].compact);
    free(texts->slots);
    memset(texts, 0, sizeof *texts);
}
