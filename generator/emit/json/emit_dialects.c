/* schemac generator: the JSON provider dialects of a tool, built from its
 * canonical schema, and the providers' rules they follow (keywords, OpenAI
 * strict mode's size limits, flat roots). The canonical tree is walked
 * together with the model, so what a dialect loses is reported at the
 * member that carries it. Names are checked in check/dialect_names.c, XML
 * written in emit_xml.c.
 *
 * About 1,000 lines, on purpose: one recursive walk (`conv`) serves five
 * dialects, and its parts (keywords, references, properties, union
 * flattening, size limits) share the walk's state, which a split would
 * have to publish in a header for no reader's benefit. */
#include "emit/json/emit_dialects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit/json/emit_schema.h"
#include "emit/json/emit_xml.h"
#include "emit/json/json_arena.h"
#include "model/keywords.h"
#include "util/strbuf.h"

/* ---- what each provider accepts ---------------------------------------------
 *
 * OpenAI strict mode: the "Supported schemas" section of OpenAI's Structured
 * Outputs guide (platform.openai.com/docs/guides/structured-outputs#supported-schemas),
 * which function tools with "strict": true share: types string, number,
 * integer, boolean, object, array; enum; anyOf (not at the root); $defs and
 * $ref (recursion included); description; and these constraints: strings
 * pattern and format (date-time, time, date, duration, email, hostname, ipv4,
 * ipv6, uuid), numbers multipleOf, maximum, exclusiveMaximum, minimum,
 * exclusiveMinimum, arrays minItems and maxItems. Every property must be
 * required and every object must say additionalProperties: false. Not
 * accepted: minLength, maxLength, uniqueItems, default, propertyNames,
 * minProperties, maxProperties, additionalProperties other than false. */
static const char *const openai_strict_keywords[] = {"type",
                                                     "description",
                                                     "properties",
                                                     "required",
                                                     "additionalProperties",
                                                     "items",
                                                     "enum",
                                                     "anyOf",
                                                     "$ref",
                                                     "$defs",
                                                     "pattern",
                                                     "format",
                                                     "multipleOf",
                                                     "maximum",
                                                     "exclusiveMaximum",
                                                     "minimum",
                                                     "exclusiveMinimum",
                                                     "minItems",
                                                     "maxItems",
                                                     NULL};
static const char *const openai_strict_formats[] = {
    "date-time", "time", "date", "duration", "email", "hostname", "ipv4", "ipv6", "uuid", NULL};

/* Gemini function declarations: the fields of the Schema object of the
 * Gemini API (ai.google.dev/api/caching#Schema, "a select subset of an
 * OpenAPI 3.0 schema object"; type names upper case: STRING, NUMBER,
 * INTEGER, BOOLEAN, ARRAY, OBJECT). No $ref, const, oneOf, exclusive bounds,
 * multipleOf, uniqueItems, additionalProperties or type arrays (nullable
 * instead). Documented formats: NUMBER float/double, INTEGER int32/int64,
 * STRING enum/date-time. */
static const char *const gemini_keywords[] = {"type",
                                              "format",
                                              "description",
                                              "nullable",
                                              "enum",
                                              "maxItems",
                                              "minItems",
                                              "properties",
                                              "required",
                                              "minProperties",
                                              "maxProperties",
                                              "minLength",
                                              "maxLength",
                                              "pattern",
                                              "example",
                                              "anyOf",
                                              "propertyOrdering",
                                              "default",
                                              "items",
                                              "minimum",
                                              "maximum",
                                              NULL};
static const char *const gemini_string_formats[] = {"date-time", "enum", NULL};

static bool in_list(const char *const *list, const char *s)
{
    for (; *list != NULL; list++)
        if (strcmp(*list, s) == 0)
            return true;
    return false;
}

/* ---- the walk ------------------------------------------------------------- */

typedef struct member {
    const char *path; /* "options.timeout", "parts[]"; NULL: the arguments */
    src_loc where;
} member;

typedef struct pending {
    src_loc where;
    char *text;
} pending;

typedef struct conv {
    dialect d;
    const model *m;
    const struct_def *root;
    const cJSON *canon; /* the canonical document of root */
    pending *warnings;
    size_t nwarnings;
    bool blocked; /* the dialect's first route cannot take this tool */
    pending block;
    int ref_depth;
    bool route; /* Gemini: parametersJsonSchema (JSON Schema) instead of parameters */
    /* A tagged union as the arguments, flattened: the member each property
     * of the flat object stands for, in its order (flatten_union). */
    const field **flat_fields;
    size_t nflat;
    /* MCP outputSchema: no host forwards it to a provider, so a tagged
     * union keeps its oneOf there (beside "type": "object") */
    bool output;
    /* Where the arguments that OpenAI, Anthropic and MCP share are kept
     * (shared_parameters); NULL: each document converts its own. */
    cJSON **shared;
} conv;

/* The dialect keeps every keyword of the canonical schema. */
static bool full_json_schema(const conv *c)
{
    return c->d == DIALECT_OPENAI || c->d == DIALECT_ANTHROPIC || c->d == DIALECT_MCP || c->route;
}

/* Gemini's parameters: the OpenAPI subset. */
static bool gemini_subset(const conv *c)
{
    return c->d == DIALECT_GEMINI && !c->route;
}

static const char *member_name(const conv *c, const member *m)
{
    return m->path != NULL              ? m->path
           : c->root->tool_name != NULL ? c->root->tool_name
                                        : c->root->name;
}

static void add_warning(conv *c, src_loc where, char *text)
{
    for (size_t i = 0; i < c->nwarnings; i++)
        if (strcmp(c->warnings[i].text, text) == 0 && c->warnings[i].where.line == where.line &&
            c->warnings[i].where.col == where.col) {
            free(text);
            return;
        }
    c->warnings = xrealloc(c->warnings, (c->nwarnings + 1) * sizeof *c->warnings);
    c->warnings[c->nwarnings++] = (pending){where, text};
}

/* A keyword the provider cannot take: stated in the description instead. */
static void lost(conv *c, const member *m, const char *keyword)
{
    add_warning(c, m->where,
                xasprintf("%s cannot express %s on '%s'; it is stated in the description",
                          dialect_provider(c->d), keyword, member_name(c, m)));
}

/* The dialect's first route cannot take the tool: strict mode falls back to
 * "strict": false, Gemini's parameters to parametersJsonSchema. */
static void block(conv *c, const member *m, const char *what)
{
    if (c->blocked)
        return;
    c->blocked = true;
    c->block.where = m->where;
    if (c->d == DIALECT_GEMINI)
        c->block.text =
            xasprintf("Gemini cannot express %s on '%s' in parameters (its OpenAPI subset); the "
                      "tool is sent with parametersJsonSchema (JSON Schema) instead",
                      what, member_name(c, m));
    else
        c->block.text =
            xasprintf("%s cannot express %s on '%s'; the tool is sent with \"strict\": false",
                      dialect_provider(c->d), what, member_name(c, m));
}

static void conv_release(conv *c)
{
    for (size_t i = 0; i < c->nwarnings; i++)
        free(c->warnings[i].text);
    free(c->warnings);
    free(c->block.text);
    free(c->flat_fields);
    c->flat_fields = NULL;
    c->nflat = 0;
    c->warnings = NULL;
    c->nwarnings = 0;
    c->block.text = NULL;
}

/* "a.b" for member b of a; "a[]" (items), "a{}" (map values) with a suffix */
static char *child_path(const member *m, const char *name, const char *suffix)
{
    const char *base = m->path != NULL ? m->path : "";
    const char *sep = name != NULL && m->path != NULL ? "." : "";
    const char *last = name != NULL ? name : suffix;
    size_t nb = strlen(base), ns = strlen(sep), nl = strlen(last);
    char *path = xmalloc(nb + ns + nl + 1); /* not xasprintf: one path per member and dialect */
    memcpy(path, base, nb);
    memcpy(path + nb, sep, ns);
    memcpy(path + nb + ns, last, nl + 1);
    return path;
}

/* ---- constraints as text -------------------------------------------------- */

static char *json_text(const cJSON *v)
{
    return json_print(v, 0);
}

/* ---- JSON dialects -------------------------------------------------------- */

static cJSON *conv_schema(conv *c, const cJSON *in, const struct_def *s, const node *n, member m);

/* The member property i (json_name) of the schema of s stands for: the
 * properties follow s's fields in order (emit_schema), or for the flattened
 * arguments the order flatten_union recorded. */
static const field *property_field(const conv *c, const struct_def *s, size_t i,
                                   const char *json_name)
{
    const field *f = NULL;
    if (s != NULL && s == c->root && s->nvariants > 0)
        f = i < c->nflat ? c->flat_fields[i] : NULL;
    else if (s != NULL && i < s->nfields)
        f = &s->fields[i];
    return f != NULL && strcmp(f->json_name, json_name) == 0 ? f : NULL;
}

/* The recursive struct a $defs entry describes: emit_schema names it by
 * struct_def.name. */
static const struct_def *def_struct(const model *m, const char *name)
{
    for (size_t i = 0; i < m->nstructs; i++)
        if (strcmp(m->structs[i]->name, name) == 0)
            return m->structs[i];
    return NULL;
}

static bool is_null_schema(const cJSON *v)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(v, "type");
    return cJSON_GetArraySize(v) == 1 && cJSON_IsString(t) && strcmp(t->valuestring, "null") == 0;
}

static void put_first(cJSON *o, const char *key, cJSON *item)
{
    cJSON_AddItemToObject(o, key, item);
    cJSON_DetachItemViaPointer(o, item);
    cJSON_InsertItemInArray(o, 0, item);
}

static void set_description(cJSON *o, const char *base, const strbuf *notes)
{
    cJSON_DeleteItemFromObjectCaseSensitive(o, "description");
    char *text;
    if (notes->len == 0 && base == NULL)
        return;
    if (notes->len == 0)
        text = xstrdup(base);
    else if (base == NULL)
        text = xstrdup(notes->data);
    else
        text = xasprintf("%s%s%s", base, strchr(base, '\n') != NULL ? "\n" : " ", notes->data);
    put_first(o, "description", cJSON_CreateString(text));
    free(text);
}

static const char *gemini_type(const char *t)
{
    static const char *const names[][2] = {
        {"string", "STRING"}, {"number", "NUMBER"}, {"integer", "INTEGER"}, {"boolean", "BOOLEAN"},
        {"array", "ARRAY"},   {"object", "OBJECT"}, {"null", "NULL"}};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(t, names[i][0]) == 0)
            return names[i][1];
    return t;
}

static const char *json_type_of(const cJSON *v)
{
    if (cJSON_IsString(v))
        return "string";
    if (cJSON_IsBool(v))
        return "boolean";
    if (cJSON_IsNumber(v))
        return "number";
    return NULL;
}

/* The strict-mode form of an optional member: null stands for absent. */
static cJSON *strict_nullable(cJSON *p)
{
    cJSON *type = cJSON_GetObjectItemCaseSensitive(p, "type");
    if (cJSON_IsArray(type))
        return p; /* already [T, "null"] */
    if (cJSON_IsString(type)) {
        cJSON *types = cJSON_CreateArray();
        cJSON_AddItemToArray(types, cJSON_CreateString(type->valuestring));
        cJSON_AddItemToArray(types, cJSON_CreateString("null"));
        cJSON_ReplaceItemInObjectCaseSensitive(p, "type", types);
        cJSON *values = cJSON_GetObjectItemCaseSensitive(p, "enum");
        if (values != NULL)
            cJSON_AddItemToArray(values, cJSON_CreateNull());
        return p;
    }
    cJSON *any = cJSON_GetObjectItemCaseSensitive(p, "anyOf");
    if (any != NULL) {
        for (cJSON *v = any->child; v != NULL; v = v->next)
            if (is_null_schema(v))
                return p;
        /* an untagged union: null joins its variants */
        cJSON *null_schema = cJSON_CreateObject();
        cJSON_AddStringToObject(null_schema, "type", "null");
        cJSON_AddItemToArray(any, null_schema);
        return p;
    }
    return schema_or_null(p);
}

/* One keyword that is not structure: kept, rewritten, or stated. */
static void conv_keyword(conv *c, cJSON *out, strbuf *notes, const cJSON *in, const cJSON *v,
                         const member *m)
{
    const char *k = v->string;
    if (full_json_schema(c)) {
        cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
        return;
    }
    bool annotation =
        strcmp(k, "default") == 0 || strcmp(k, "examples") == 0 || strcmp(k, "deprecated") == 0;
    if (c->d == DIALECT_OPENAI_STRICT) {
        if (strcmp(k, "const") == 0 && json_type_of(v) != NULL) {
            if (cJSON_GetObjectItemCaseSensitive(in, "type") == NULL)
                cJSON_AddStringToObject(out, "type", json_type_of(v));
            cJSON *list = cJSON_AddArrayToObject(out, "enum");
            cJSON_AddItemToArray(list, cJSON_Duplicate(v, 1));
            return;
        }
        if (strcmp(k, "format") == 0 && !in_list(openai_strict_formats, v->valuestring)) {
            lost(c, m, "format");
            keyword_state(notes, k, v);
            return;
        }
        if (in_list(openai_strict_keywords, k)) {
            cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
            return;
        }
        if (!annotation)
            lost(c, m, k);
        keyword_state(notes, k, v);
        return;
    }
    /* Gemini */
    if (strcmp(k, "type") == 0) {
        const char *t = NULL;
        if (cJSON_IsString(v)) {
            t = v->valuestring;
        } else {
            for (const cJSON *e = v->child; e != NULL; e = e->next)
                if (strcmp(e->valuestring, "null") != 0)
                    t = e->valuestring;
                else
                    cJSON_AddBoolToObject(out, "nullable", 1);
        }
        if (t != NULL)
            put_first(out, "type", cJSON_CreateString(gemini_type(t)));
        return;
    }
    if (strcmp(k, "enum") == 0) {
        bool strings = true;
        for (const cJSON *e = v->child; e != NULL; e = e->next)
            if (!cJSON_IsString(e) && !cJSON_IsNull(e))
                strings = false;
        if (!strings) {
            lost(c, m, k);
            keyword_state(notes, k, v);
            return;
        }
        cJSON *list = cJSON_AddArrayToObject(out, "enum");
        for (const cJSON *e = v->child; e != NULL; e = e->next)
            if (cJSON_IsString(e))
                cJSON_AddItemToArray(list, cJSON_CreateString(e->valuestring));
        return;
    }
    if (strcmp(k, "const") == 0 && cJSON_IsString(v)) {
        if (cJSON_GetObjectItemCaseSensitive(in, "type") == NULL)
            cJSON_AddStringToObject(out, "type", "STRING");
        cJSON *list = cJSON_AddArrayToObject(out, "enum");
        cJSON_AddItemToArray(list, cJSON_CreateString(v->valuestring));
        return;
    }
    if (strcmp(k, "format") == 0 && !in_list(gemini_string_formats, v->valuestring)) {
        lost(c, m, "format");
        keyword_state(notes, k, v);
        return;
    }
    if (strcmp(k, "examples") == 0 && v->child != NULL) {
        cJSON_AddItemToObject(out, "example", cJSON_Duplicate(v->child, 1));
        return;
    }
    if (in_list(gemini_keywords, k)) {
        cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
        return;
    }
    if (!annotation)
        lost(c, m, k);
    keyword_state(notes, k, v);
}

/* A use of a recursive type. Strict mode and Gemini's JSON Schema take no
 * keyword beside $ref (Gemini: "If $ref is set on a sub-schema, no other
 * properties, except for those starting as a $, may be set", @google/genai,
 * GenerateContentConfig.responseJsonSchema): one with a description is
 * unravelled one level, as the OpenAI SDKs do, and deeper it is the bare
 * $ref (the description is the type's own again). Gemini's parameters have
 * no $ref: the tool takes parametersJsonSchema. */
static cJSON *conv_ref(conv *c, const cJSON *in, const struct_def *target, member m)
{
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(in, "$ref");
    if (strcmp(ref->valuestring, "#") == 0)
        target = c->root;
    const cJSON *description = cJSON_GetObjectItemCaseSensitive(in, "description");
    if (gemini_subset(c))
        block(c, &m, "recursion ($ref)");
    if ((c->d != DIALECT_OPENAI_STRICT && !c->route) || description == NULL)
        return cJSON_Duplicate(in, 1);
    if (c->ref_depth > 0) {
        cJSON *bare = cJSON_CreateObject();
        cJSON_AddStringToObject(bare, "$ref", ref->valuestring);
        return bare;
    }
    const cJSON *body = c->canon;
    if (target != c->root) {
        const cJSON *defs = cJSON_GetObjectItemCaseSensitive(c->canon, "$defs");
        body = cJSON_GetObjectItemCaseSensitive(defs, target->name);
    }
    c->ref_depth++;
    cJSON *out = conv_schema(c, body, target, NULL, m);
    c->ref_depth--;
    if (description != NULL) {
        cJSON_DeleteItemFromObjectCaseSensitive(out, "description");
        put_first(out, "description", cJSON_CreateString(description->valuestring));
    }
    return out;
}

/* The schema reaches a recursive type. */
static bool has_ref(const cJSON *schema)
{
    if (cJSON_IsObject(schema) && cJSON_GetObjectItemCaseSensitive(schema, "$ref") != NULL)
        return true;
    for (const cJSON *v = schema != NULL ? schema->child : NULL; v != NULL; v = v->next)
        if ((cJSON_IsObject(v) || cJSON_IsArray(v)) && has_ref(v))
            return true;
    return false;
}

static cJSON *conv_properties(conv *c, cJSON *out, const cJSON *props, const cJSON *required,
                              const struct_def *s, const member *m)
{
    cJSON *o = cJSON_AddObjectToObject(out, "properties");
    cJSON *req = cJSON_CreateArray();
    size_t i = 0;
    for (const cJSON *p = props->child; p != NULL; p = p->next, i++) {
        const field *f = property_field(c, s, i, p->string);
        char *path = child_path(m, p->string, NULL);
        member cm = {path, f != NULL ? f->where : m->where};
        cJSON *cp = conv_schema(c, p, NULL, f != NULL ? f->type : NULL, cm);
        bool is_required = false;
        for (const cJSON *r = required != NULL ? required->child : NULL; r != NULL; r = r->next)
            if (strcmp(r->valuestring, p->string) == 0)
                is_required = true;
        if (c->route && is_required && has_ref(cp)) {
            /* Gemini's JSON Schema takes recursion "only within non-required
             * properties" (@google/genai, GenerateContentConfig.responseJsonSchema) */
            is_required = false;
            const cJSON *d = cJSON_GetObjectItemCaseSensitive(cp, "description");
            char *text = xasprintf("%s%sRequired.", cJSON_IsString(d) ? d->valuestring : "",
                                   cJSON_IsString(d) ? " " : "");
            cJSON_DeleteItemFromObjectCaseSensitive(cp, "description");
            put_first(cp, "description", cJSON_CreateString(text));
            free(text);
            add_warning(
                c, cm.where,
                xasprintf(
                    "Gemini cannot express required on '%s' (its JSON Schema takes recursion only in "
                    "optional members); it is stated in the description",
                    member_name(c, &cm)));
        }
        free(path);
        if (c->d == DIALECT_OPENAI_STRICT && !is_required)
            cp = strict_nullable(cp);
        cJSON_AddItemToObject(o, p->string, cp);
        if (is_required || c->d == DIALECT_OPENAI_STRICT)
            cJSON_AddItemToArray(req, cJSON_CreateString(p->string));
    }
    return req;
}

static cJSON *conv_schema(conv *c, const cJSON *in, const struct_def *s, const node *n, member m)
{
    if (n != NULL && n->kind == NODE_STRUCT)
        s = n->struct_type;
    if (cJSON_GetObjectItemCaseSensitive(in, "$ref") != NULL)
        return conv_ref(c, in, s, m);
    const cJSON *any = cJSON_GetObjectItemCaseSensitive(in, "anyOf");
    if (gemini_subset(c) && any != NULL && cJSON_GetArraySize(any) == 2 &&
        is_null_schema(any->child->next)) {
        /* a nullable $ref: Gemini says nullable instead */
        cJSON *out = conv_schema(c, any->child, s, n, m);
        cJSON_AddBoolToObject(out, "nullable", 1);
        const cJSON *description = cJSON_GetObjectItemCaseSensitive(in, "description");
        if (description != NULL) {
            cJSON_DeleteItemFromObjectCaseSensitive(out, "description");
            put_first(out, "description", cJSON_CreateString(description->valuestring));
        }
        return out;
    }
    if (c->d == DIALECT_OPENAI_STRICT && n != NULL && n->kind == NODE_ANY)
        block(c, &m, n->any_object ? "an object with any members" : "a value of any type");
    if (gemini_subset(c) && n != NULL && n->kind == NODE_ANY)
        block(c, &m,
              n->any_object ? "an object with any members (an OBJECT needs non-empty properties)"
                            : "a value of any type (every schema needs a type)");

    cJSON *out = cJSON_CreateObject();
    strbuf notes;
    sb_init(&notes);
    const char *base = NULL;
    cJSON *required = NULL;
    for (const cJSON *v = in->child; v != NULL; v = v->next) {
        const char *k = v->string;
        if (strcmp(k, "$schema") == 0 || strcmp(k, "title") == 0 || strcmp(k, "$defs") == 0) {
            continue;
        } else if (strcmp(k, "required") == 0) {
            if (required != NULL &&
                cJSON_GetArraySize(required) > 0) /* where the canonical schema has it */
                cJSON_AddItemToObject(out, "required", required);
            else
                cJSON_Delete(required);
            required = NULL;
        } else if (strcmp(k, "description") == 0) {
            base = v->valuestring;
        } else if (strcmp(k, "properties") == 0) {
            required =
                conv_properties(c, out, v, cJSON_GetObjectItemCaseSensitive(in, "required"), s, &m);
        } else if (strcmp(k, "items") == 0) {
            char *path = child_path(&m, NULL, "[]");
            cJSON *items =
                conv_schema(c, v, NULL, n != NULL ? n->items : NULL, (member){path, m.where});
            free(path);
            cJSON_AddItemToObject(out, "items", items);
        } else if (strcmp(k, "oneOf") == 0 || strcmp(k, "anyOf") == 0) {
            bool variants = strcmp(k, "oneOf") == 0;
            if (variants && c->d == DIALECT_OPENAI_STRICT && m.path == NULL)
                block(c, &m, "a tagged union (oneOf) as the arguments");
            const char *key = variants && c->d != DIALECT_OPENAI_STRICT && c->d != DIALECT_GEMINI
                                  ? "oneOf"
                                  : "anyOf";
            /* an untagged union's own anyOf (not a nullable wrapper around
             * it): branch i is variant i's value */
            bool untagged = !variants && s != NULL && s->untagged &&
                            cJSON_GetArraySize(v) == (int)s->nvariants &&
                            cJSON_GetObjectItemCaseSensitive(v->child, "anyOf") == NULL;
            cJSON *list = cJSON_AddArrayToObject(out, key);
            size_t i = 0;
            for (const cJSON *e = v->child; e != NULL; e = e->next, i++) {
                const struct_def *vs =
                    variants && s != NULL && i < s->nvariants ? s->variants[i] : s;
                const node *vn = variants ? NULL : n;
                member vm = m;
                if (untagged) { /* what is lost is said at the union member */
                    vs = NULL;
                    vn = s->variants[i]->nfields == 1 ? s->variants[i]->fields[0].type : NULL;
                    vm.where =
                        s->variants[i]->nfields == 1 ? s->variants[i]->fields[0].where : m.where;
                }
                cJSON *ce = conv_schema(c, e, vs, vn, vm);
                cJSON_AddItemToArray(list, ce);
            }
        } else if (strcmp(k, "additionalProperties") == 0 || strcmp(k, "propertyNames") == 0) {
            bool values = strcmp(k, "additionalProperties") == 0;
            if (cJSON_IsBool(v)) {
                if (!gemini_subset(c))
                    cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
            } else if (c->d == DIALECT_OPENAI_STRICT) {
                block(c, &m, values ? "additionalProperties (a map)" : k);
            } else if (gemini_subset(c)) {
                block(c, &m, values ? "a map (an OBJECT needs non-empty properties)" : k);
            } else {
                char *path = child_path(&m, NULL, values ? "{}" : "{keys}");
                const node *cn =
                    n != NULL && n->kind == NODE_MAP ? (values ? n->map_value : n->map_key) : NULL;
                cJSON *child = conv_schema(c, v, NULL, cn, (member){path, m.where});
                free(path);
                cJSON_AddItemToObject(out, k, child);
            }
        } else {
            conv_keyword(c, out, &notes, in, v, &m);
        }
    }
    if (required != NULL) {
        if (cJSON_GetArraySize(required) > 0 || c->d == DIALECT_OPENAI_STRICT)
            cJSON_AddItemToObject(out, "required", required);
        else
            cJSON_Delete(required);
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(in, "type");
    if (gemini_subset(c) && m.path != NULL && cJSON_IsString(type) &&
        strcmp(type->valuestring, "object") == 0 &&
        cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(in, "properties")) == 0)
        block(c, &m, "an object without members (an OBJECT needs non-empty properties)");
    if (cJSON_GetObjectItemCaseSensitive(in, "properties") != NULL) {
        if (c->d == DIALECT_OPENAI_STRICT) {
            cJSON_DeleteItemFromObjectCaseSensitive(out, "additionalProperties");
            cJSON_AddBoolToObject(out, "additionalProperties", 0);
        }
    }
    set_description(out, base, &notes);
    sb_free(&notes);
    return out;
}

static bool in_array(const cJSON *list, const char *name);

static bool in_every_variant(const cJSON *variants, const char *key, const char *name)
{
    for (const cJSON *v = variants->child; v != NULL; v = v->next) {
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(v, key);
        if (cJSON_IsObject(list) ? cJSON_GetObjectItemCaseSensitive(list, name) == NULL
                                 : !in_array(list, name))
            return false;
    }
    return true;
}

static bool in_array(const cJSON *list, const char *name)
{
    for (const cJSON *e = list != NULL ? list->child : NULL; e != NULL; e = e->next)
        if (cJSON_IsString(e) && strcmp(e->valuestring, name) == 0)
            return true;
    return false;
}

/* A tagged union as the whole arguments: OpenAI and Anthropic want an
 * object without oneOf at the top, Gemini an OBJECT with properties. One
 * object with every variant's members takes its place: the discriminator
 * lists all values, the members every variant requires stay required, and
 * the description of the discriminator says which members go with which
 * value. */
/* Member j of variant i of the tagged union s (the schema's properties
 * follow the variant's fields). */
static const field *variant_field(const struct_def *s, size_t i, size_t j)
{
    return s != NULL && i < s->nvariants && j < s->variants[i]->nfields ? &s->variants[i]->fields[j]
                                                                        : NULL;
}

static cJSON *flatten_union(conv *c, const cJSON *canon)
{
    const cJSON *variants = cJSON_GetObjectItemCaseSensitive(canon, "oneOf");
    const cJSON *first = variants->child;
    const char *disc = NULL;
    size_t disc_index = 0;
    const cJSON *props0 = cJSON_GetObjectItemCaseSensitive(first, "properties");
    for (const cJSON *p = props0 != NULL ? props0->child : NULL; p != NULL && disc == NULL;
         p = p->next)
        if (cJSON_GetObjectItemCaseSensitive(p, "const") != NULL)
            disc = p->string;
        else
            disc_index++;
    free(c->flat_fields);
    c->flat_fields = NULL;
    c->nflat = 0;
    cJSON *flat = cJSON_CreateObject();
    const cJSON *description = cJSON_GetObjectItemCaseSensitive(canon, "description");
    if (description != NULL)
        cJSON_AddStringToObject(flat, "description", description->valuestring);
    cJSON_AddStringToObject(flat, "type", "object");
    cJSON *props = cJSON_AddObjectToObject(flat, "properties");
    cJSON *required = cJSON_AddArrayToObject(flat, "required");
    cJSON_AddBoolToObject(flat, "additionalProperties", 0);
    strbuf which;
    sb_init(&which);
    cJSON *values = cJSON_CreateArray();
    size_t vi = 0;
    for (const cJSON *v = variants->child; v != NULL; v = v->next, vi++) {
        const cJSON *vp = cJSON_GetObjectItemCaseSensitive(v, "properties");
        const cJSON *vr = cJSON_GetObjectItemCaseSensitive(v, "required");
        const cJSON *value = disc != NULL ? cJSON_GetObjectItemCaseSensitive(
                                                cJSON_GetObjectItemCaseSensitive(vp, disc), "const")
                                          : NULL;
        char *value_text = value != NULL ? json_text(value) : xstrdup("?");
        if (value != NULL)
            cJSON_AddItemToArray(values, cJSON_Duplicate(value, 1));
        const cJSON *vd = cJSON_GetObjectItemCaseSensitive(v, "description");
        sb_printf(&which, "\n- %s:", value_text);
        if (vd != NULL)
            sb_printf(&which, " %s", vd->valuestring);
        const char *sep = " Members: ";
        c->flat_fields = xrealloc(c->flat_fields, (c->nflat + (size_t)cJSON_GetArraySize(vp) + 1) *
                                                      sizeof *c->flat_fields);
        size_t j = 0;
        for (const cJSON *p = vp != NULL ? vp->child : NULL; p != NULL; p = p->next, j++) {
            if (disc != NULL && strcmp(p->string, disc) == 0)
                continue;
            if (!in_every_variant(variants, "properties", p->string) ||
                in_array(vr, p->string) != in_every_variant(variants, "required", p->string)) {
                sb_printf(&which, "%s%s%s", sep, p->string,
                          in_array(vr, p->string) ? " (required)" : "");
                sep = ", ";
            }
            cJSON *have = cJSON_GetObjectItemCaseSensitive(props, p->string);
            if (have == NULL) {
                cJSON_AddItemToObject(props, p->string, cJSON_Duplicate(p, 1));
                c->flat_fields[c->nflat++] = variant_field(c->root, vi, j);
            } else if (!cJSON_Compare(have, p, 1)) {
                char *schema = json_text(p);
                char *note =
                    xasprintf("When %s is %s: %s.", disc != NULL ? disc : "?", value_text, schema);
                const cJSON *hd = cJSON_GetObjectItemCaseSensitive(have, "description");
                char *text = hd != NULL ? xasprintf("%s %s", hd->valuestring, note) : xstrdup(note);
                cJSON_DeleteItemFromObjectCaseSensitive(have, "description");
                put_first(have, "description", cJSON_CreateString(text));
                free(text);
                free(note);
                free(schema);
            }
        }
        if (strcmp(sep, " Members: ") != 0)
            sb_putc(&which, '.');
        free(value_text);
    }
    /* required: what every variant requires */
    for (const cJSON *p = props->child; p != NULL; p = p->next)
        if (in_every_variant(variants, "required", p->string))
            cJSON_AddItemToArray(required, cJSON_CreateString(p->string));
    if (disc != NULL) {
        cJSON *d = cJSON_CreateObject();
        const cJSON *dd = cJSON_GetObjectItemCaseSensitive(
            cJSON_GetObjectItemCaseSensitive(props0, disc), "description");
        char *text = xasprintf(
            "%s%s", dd != NULL ? dd->valuestring : "One of:", which.data != NULL ? which.data : "");
        cJSON_AddStringToObject(d, "description", text);
        free(text);
        cJSON_AddStringToObject(d, "type", "string");
        cJSON_AddItemToObject(d, "enum", values);
        put_first(props, disc, d);
        memmove(c->flat_fields + 1, c->flat_fields, c->nflat * sizeof *c->flat_fields);
        c->flat_fields[0] = variant_field(c->root, 0, disc_index);
        c->nflat++;
        cJSON_InsertItemInArray(required, 0, cJSON_CreateString(disc));
    } else {
        cJSON_Delete(values);
    }
    sb_free(&which);
    member m = {NULL, c->root->where};
    const char *which_member = disc != NULL ? disc : "variant";
    if (c->d == DIALECT_MCP)
        add_warning(
            c, m.where,
            xasprintf(
                "MCP hosts forward inputSchema to providers that reject oneOf at the root (Anthropic, "
                "OpenAI), so the tagged union '%s' is one object there, which accepts more than the "
                "decoder; which members go with which '%s' is stated in the description",
                member_name(c, &m), which_member));
    else
        add_warning(
            c, m.where,
            xasprintf(
                "%s cannot express oneOf on '%s' (a tagged union as the arguments); it is one object, "
                "which accepts more than the decoder, and which members go with which '%s' is "
                "stated in the description",
                dialect_provider(c->d), member_name(c, &m), which_member));
    return flat;
}

static cJSON *convert_parameters(conv *c);

/* The arguments object: the canonical document without what only costs
 * tokens ($schema, title, the description the tool already has).
 * OpenAI, Anthropic and MCP take that whole, so their arguments are the
 * same tree, reported nothing on: it is converted for the first of them
 * and kept in *c->shared, and each document holds a reference to it. A
 * flattened union is converted each time, as its warning names the
 * provider. */
static cJSON *parameters(conv *c)
{
    bool same_for_all = c->shared != NULL && full_json_schema(c) && !c->route && !c->output &&
                        cJSON_GetObjectItemCaseSensitive(c->canon, "oneOf") == NULL;
    if (!same_for_all)
        return convert_parameters(c);
    if (*c->shared == NULL)
        *c->shared = convert_parameters(c);
    return cJSON_CreateObjectReference((*c->shared)->child);
}

static cJSON *convert_parameters(conv *c)
{
    member m = {NULL, c->root->where};
    cJSON *flat = NULL;
    if (cJSON_GetObjectItemCaseSensitive(c->canon, "oneOf") != NULL && !c->output)
        flat = flatten_union(c, c->canon);
    cJSON *p = conv_schema(c, flat != NULL ? flat : c->canon, c->root, NULL, m);
    cJSON_Delete(flat);
    cJSON_DeleteItemFromObjectCaseSensitive(p, "description");
    if (cJSON_GetObjectItemCaseSensitive(p, "type") ==
        NULL) /* providers want an object at the root */
        put_first(p, "type", cJSON_CreateString(gemini_subset(c) ? "OBJECT" : "object"));
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(c->canon, "$defs");
    if (defs != NULL && !gemini_subset(c)) {
        cJSON *out = cJSON_AddObjectToObject(p, "$defs");
        for (const cJSON *def = defs->child; def != NULL; def = def->next) {
            const struct_def *s = def_struct(c->m, def->string);
            member dm = {def->string, s != NULL ? s->where : c->root->where};
            cJSON_AddItemToObject(out, def->string, conv_schema(c, def, s, NULL, dm));
        }
    }
    return p;
}

static void add_text(cJSON *o, const char *key, const char *text)
{
    if (text != NULL)
        cJSON_AddStringToObject(o, key, text);
}

/* x-mcp-header on the parameters tagged @header (MCP 2026-07-28: a
 * client sends their values as Mcp-Param-NAME headers too). */
static void add_headers(const struct_def *s, cJSON *input)
{
    cJSON *properties = cJSON_GetObjectItemCaseSensitive(input, "properties");
    for (size_t i = 0; i < s->nfields; i++) {
        cJSON *p = cJSON_GetObjectItemCaseSensitive(properties, s->fields[i].json_name);
        if (s->fields[i].mcp_header != NULL && cJSON_IsObject(p))
            cJSON_AddStringToObject(p, "x-mcp-header", s->fields[i].mcp_header);
    }
}

static cJSON *mcp_output_schema(conv *c)
{
    const struct_def *out = model_schema_struct(c->m, c->root->output_type);
    if (out == NULL)
        return NULL; /* -Wno-untagged-output: the check said so already */
    cJSON *canon = schema_document(out);
    conv oc = {.d = DIALECT_MCP, .m = c->m, .root = out, .canon = canon, .output = true};
    cJSON *p = parameters(&oc);
    cJSON_Delete(canon);
    conv_release(&oc);
    return p;
}

static cJSON *build(conv *c)
{
    const struct_def *s = c->root;
    cJSON *doc = cJSON_CreateObject();
    switch (c->d) {
    case DIALECT_OPENAI:
    case DIALECT_OPENAI_STRICT: {
        cJSON_AddStringToObject(doc, "type", "function");
        cJSON *fn = cJSON_AddObjectToObject(doc, "function");
        cJSON_AddStringToObject(fn, "name", dialect_tool_name(s));
        add_text(fn, "description", s->description);
        cJSON_AddItemToObject(fn, "parameters", parameters(c));
        if (c->d == DIALECT_OPENAI_STRICT)
            cJSON_AddBoolToObject(fn, "strict", 1);
        break;
    }
    case DIALECT_ANTHROPIC:
        cJSON_AddStringToObject(doc, "name", dialect_tool_name(s));
        add_text(doc, "description", s->description);
        cJSON_AddItemToObject(doc, "input_schema", parameters(c));
        break;
    case DIALECT_GEMINI: {
        cJSON_AddStringToObject(doc, "name", dialect_tool_name(s));
        add_text(doc, "description", s->description);
        cJSON *p = parameters(c);
        if (c->route)
            cJSON_AddItemToObject(doc, "parametersJsonSchema", p);
        else if (cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(p, "properties")) > 0)
            cJSON_AddItemToObject(doc, "parameters", p);
        else /* an OBJECT needs non-empty properties: no arguments, no parameters */
            cJSON_Delete(p);
        break;
    }
    case DIALECT_MCP: {
        cJSON_AddStringToObject(doc, "name", dialect_tool_name(s));
        add_text(doc, "description", s->description);
        cJSON *input = parameters(c);
        add_headers(s, input);
        cJSON_AddItemToObject(doc, "inputSchema", input);
        if (s->output_type != NULL) {
            cJSON *out = mcp_output_schema(c);
            if (out != NULL)
                cJSON_AddItemToObject(doc, "outputSchema", out);
        }
        /* MCP ToolAnnotations: hints only; destructiveHint and
         * idempotentHint mean something when readOnlyHint is false */
        if (s->effect != EFFECT_NONE || s->idempotent || s->open_world != 0) {
            cJSON *a = cJSON_AddObjectToObject(doc, "annotations");
            if (s->effect != EFFECT_NONE)
                cJSON_AddBoolToObject(a, "readOnlyHint", s->effect == EFFECT_READONLY);
            if (s->effect == EFFECT_MUTATING || s->effect == EFFECT_DESTRUCTIVE)
                cJSON_AddBoolToObject(a, "destructiveHint", s->effect == EFFECT_DESTRUCTIVE);
            if (s->idempotent || s->effect == EFFECT_MUTATING || s->effect == EFFECT_DESTRUCTIVE)
                cJSON_AddBoolToObject(a, "idempotentHint", s->idempotent);
            if (s->open_world != 0)
                cJSON_AddBoolToObject(a, "openWorldHint", s->open_world > 0);
        }
        break;
    }
    case DIALECT_XML:
    case DIALECT_COUNT:
        break;
    }
    return doc;
}

/* ---- OpenAI strict mode's size limits ---------------------------------------
 * The "Objects have limitations on nesting depth and size" part of the
 * Structured Outputs guide (platform.openai.com/docs/guides/structured-outputs#supported-schemas):
 * at most 5000 object properties in all, 10 levels of nesting, 1000 enum
 * values in all, 120,000 characters of property names, definition names,
 * enum values and const values, and for one string enum of more than 250
 * values at most 15,000 characters. */
enum {
    STRICT_MAX_DEPTH = 10,
    STRICT_MAX_PROPERTIES = 5000,
    STRICT_MAX_ENUM_VALUES = 1000,
    STRICT_MAX_CHARS = 120000,
    STRICT_LARGE_ENUM = 250,
    STRICT_MAX_LARGE_ENUM_CHARS = 15000
};

typedef struct strict_size {
    int depth; /* deepest object, the arguments being level 1 */
    size_t properties, enum_values, chars;
    bool large_enum_too_long;
} strict_size;

static void measure(const cJSON *schema, int level, strict_size *z)
{
    if (!cJSON_IsObject(schema))
        return;
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
    if (props != NULL) {
        level++;
        if (level > z->depth)
            z->depth = level;
        for (const cJSON *p = props->child; p != NULL; p = p->next) {
            z->properties++;
            z->chars += strlen(p->string);
            measure(p, level, z);
        }
    }
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(schema, "enum");
    size_t enum_chars = 0;
    for (const cJSON *v = values != NULL ? values->child : NULL; v != NULL; v = v->next) {
        z->enum_values++;
        if (cJSON_IsString(v))
            enum_chars += strlen(v->valuestring);
    }
    z->chars += enum_chars;
    if (cJSON_GetArraySize(values) > STRICT_LARGE_ENUM && enum_chars > STRICT_MAX_LARGE_ENUM_CHARS)
        z->large_enum_too_long = true;
    measure(cJSON_GetObjectItemCaseSensitive(schema, "items"), level, z);
    const cJSON *any = cJSON_GetObjectItemCaseSensitive(schema, "anyOf");
    for (const cJSON *v = any != NULL ? any->child : NULL; v != NULL; v = v->next)
        measure(v, level, z);
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(schema, "$defs");
    for (const cJSON *v = defs != NULL ? defs->child : NULL; v != NULL; v = v->next) {
        z->chars += strlen(v->string);
        measure(v, 0, z);
    }
}

/* Blocks strict mode when the arguments pass one of the limits. */
static void check_strict_limits(conv *c, const cJSON *doc)
{
    strict_size z = {0, 0, 0, 0, false};
    measure(cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(doc, "function"),
                                             "parameters"),
            0, &z);
    member m = {NULL, c->root->where};
    char what[160];
    if (z.depth > STRICT_MAX_DEPTH)
        snprintf(what, sizeof what, "%d levels of nested objects (the limit is %d)", z.depth,
                 STRICT_MAX_DEPTH);
    else if (z.properties > STRICT_MAX_PROPERTIES)
        snprintf(what, sizeof what, "%zu properties (the limit is %d)", z.properties,
                 STRICT_MAX_PROPERTIES);
    else if (z.enum_values > STRICT_MAX_ENUM_VALUES)
        snprintf(what, sizeof what, "%zu enum values (the limit is %d)", z.enum_values,
                 STRICT_MAX_ENUM_VALUES);
    else if (z.chars > STRICT_MAX_CHARS)
        snprintf(what, sizeof what, "%zu characters of names and enum values (the limit is %d)",
                 z.chars, STRICT_MAX_CHARS);
    else if (z.large_enum_too_long)
        snprintf(what, sizeof what, "an enum of more than %d values longer than %d characters",
                 STRICT_LARGE_ENUM, STRICT_MAX_LARGE_ENUM_CHARS);
    else
        return;
    block(c, &m, what);
}

/* The document of dialect d (written, not XML) of s, whose canonical
 * document is canon; sharing the arguments through *shared when that is
 * not NULL (see parameters). The result holds nothing of canon. */
static cJSON *make_document(dialect_warnings *w, const model *m, const struct_def *s, dialect d,
                            const cJSON *canon, cJSON **shared)
{
    conv c = {.d = d, .m = m, .root = s, .canon = canon, .shared = shared};
    cJSON *doc = build(&c);
    if (d == DIALECT_OPENAI_STRICT && !c.blocked)
        check_strict_limits(&c, doc);
    if (c.blocked) {
        /* the first route cannot take it: the plain OpenAI tool marked
         * "strict": false, or Gemini's parametersJsonSchema */
        cJSON_Delete(doc);
        dialect_report(w, s, d, c.block.where, c.block.text);
        conv_release(&c);
        c.blocked = false;
        if (d == DIALECT_GEMINI) {
            c.route = true;
            doc = build(&c);
        } else {
            c.d = DIALECT_OPENAI;
            doc = build(&c);
            cJSON_AddBoolToObject(cJSON_GetObjectItemCaseSensitive(doc, "function"), "strict", 0);
        }
    }
    for (size_t i = 0; i < c.nwarnings; i++)
        dialect_report(w, s, d, c.warnings[i].where, c.warnings[i].text);
    conv_release(&c);
    return doc;
}

cJSON *dialect_document(dialect_warnings *w, const model *m, const struct_def *s, dialect d)
{
    if (d == DIALECT_XML || d == DIALECT_COUNT || !dialect_written(s, d))
        return NULL;
    cJSON *canon = schema_document(s);
    cJSON *doc = make_document(w, m, s, d, canon, NULL);
    cJSON_Delete(canon);
    return doc;
}

void dialect_texts(dialect_warnings *w, const model *m, const struct_def *s,
                   char *files[DIALECT_COUNT], char *embedded[DIALECT_COUNT])
{
    /* the documents' trees are dropped once printed: an arena holds them,
     * released when the tool is done */
    json_arena documents = {0};
    json_arena_enter(&documents);
    cJSON *canon = schema_document(s);
    cJSON *shared = NULL;
    for (int d = 0; d < DIALECT_COUNT; d++) {
        files[d] = embedded[d] = NULL;
        if (!dialect_written(s, (dialect)d))
            continue;
        if (d == DIALECT_XML) {
            files[d] = xml_text(s, canon);
            embedded[d] = xstrdup(files[d]);
            continue;
        }
        cJSON *doc = make_document(w, m, s, (dialect)d, canon, &shared);
        json_print_both(doc, &files[d], &embedded[d]);
        cJSON_Delete(doc);
    }
    cJSON_Delete(shared);
    cJSON_Delete(canon);
    json_arena_leave();
    json_arena_release(&documents);
}

char *dialect_print(dialect_warnings *w, const model *m, dialect d, size_t *ntools)
{
    *ntools = 0;
    if (d == DIALECT_XML) {
        strbuf sb;
        sb_init(&sb);
        for (size_t i = 0; i < m->nstructs; i++) {
            const struct_def *s = m->structs[i];
            if (!s->opted_in || s->tool_name == NULL || !dialect_written(s, d))
                continue;
            cJSON *canon = schema_document(s);
            char *text = xml_text(s, canon);
            cJSON_Delete(canon);
            sb_puts(&sb, text);
            (*ntools)++;
            free(text);
        }
        return sb_take(&sb);
    }
    cJSON *tools = cJSON_CreateArray();
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        cJSON *doc = s->opted_in && s->tool_name != NULL ? dialect_document(w, m, s, d) : NULL;
        if (doc != NULL) {
            cJSON_AddItemToArray(tools, doc);
            (*ntools)++;
        }
    }
    char *text = json_print(tools, 1);
    cJSON_Delete(tools);
    return text;
}
