/* schemac generator: provider dialects of a tool, built from its canonical
 * schema. The canonical tree is walked together with the model, so what a
 * dialect loses is reported at the member that carries it. */
#include "emit_dialects.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "emit_schema.h"
#include "keywords.h"
#include "strbuf.h"

bool dialect_warnings_are_errors;

/* How deep Gemini (no $ref) and the XML description expand a recursive
 * type before leaving the deeper levels out. */
enum { RECURSION_DEPTH = 3 };

static const struct {
    const char *name, *suffix, *provider;
} info[DIALECT_COUNT] = {
    [DIALECT_OPENAI] = {"openai", ".openai.json", "OpenAI"},
    [DIALECT_OPENAI_STRICT] = {"openai-strict", ".openai-strict.json", "OpenAI strict mode"},
    [DIALECT_ANTHROPIC] = {"anthropic", ".anthropic.json", "Anthropic"},
    [DIALECT_GEMINI] = {"gemini", ".gemini.json", "Gemini"},
    [DIALECT_MCP] = {"mcp", ".mcp.json", "MCP"},
    [DIALECT_XML] = {"xml", ".xml", "XML"},
};

const char *dialect_name(dialect d) { return info[d].name; }
const char *dialect_suffix(dialect d) { return info[d].suffix; }

bool dialect_from_name(const char *name, dialect *out)
{
    for (int d = 0; d < DIALECT_COUNT; d++)
        if (strcmp(name, info[d].name) == 0) {
            *out = (dialect)d;
            return true;
        }
    return false;
}

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
static const char *const openai_strict_keywords[] = {
    "type", "description", "properties", "required", "additionalProperties", "items", "enum", "anyOf", "$ref",
    "$defs", "pattern", "format", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
    "minItems", "maxItems", NULL};
static const char *const openai_strict_formats[] = {"date-time", "time", "date", "duration", "email",
                                                    "hostname", "ipv4", "ipv6", "uuid", NULL};

/* Gemini function declarations: the fields of the Schema object of the
 * Gemini API (ai.google.dev/api/caching#Schema, "a select subset of an
 * OpenAPI 3.0 schema object"; type names upper case: STRING, NUMBER,
 * INTEGER, BOOLEAN, ARRAY, OBJECT). No $ref, const, oneOf, exclusive bounds,
 * multipleOf, uniqueItems, additionalProperties or type arrays (nullable
 * instead). Documented formats: NUMBER float/double, INTEGER int32/int64,
 * STRING enum/date-time. */
static const char *const gemini_keywords[] = {
    "type", "format", "description", "nullable", "enum", "maxItems", "minItems", "properties", "required",
    "minProperties", "maxProperties", "minLength", "maxLength", "pattern", "example", "anyOf", "propertyOrdering",
    "default", "items", "minimum", "maximum", NULL};
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
    bool blocked; /* strict mode cannot take this tool at all */
    pending block;
    int ref_depth;
} conv;

static const char *member_name(const conv *c, const member *m)
{
    return m->path != NULL ? m->path : c->root->tool_name != NULL ? c->root->tool_name : c->root->name;
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
                xasprintf("%s cannot express %s on '%s'; it is stated in the description", info[c->d].provider,
                          keyword, member_name(c, m)));
}

/* Strict mode cannot take the tool: it is sent with strict: false. */
static void block(conv *c, const member *m, const char *what)
{
    if (c->blocked)
        return;
    c->blocked = true;
    c->block.where = m->where;
    c->block.text = xasprintf("%s cannot express %s on '%s'; the tool is sent with \"strict\": false",
                              info[c->d].provider, what, member_name(c, m));
}

static void report(src_loc where, const char *text)
{
    if (dialect_warnings_are_errors)
        diag_error(where, "%s", text);
    else
        diag_warning(where, "%s", text);
}

static void conv_release(conv *c)
{
    for (size_t i = 0; i < c->nwarnings; i++)
        free(c->warnings[i].text);
    free(c->warnings);
    free(c->block.text);
    c->warnings = NULL;
    c->nwarnings = 0;
    c->block.text = NULL;
}

/* "a.b" for member b of a; "a[]" (items), "a{}" (map values) with a suffix */
static char *child_path(const member *m, const char *name, const char *suffix)
{
    const char *base = m->path != NULL ? m->path : "";
    const char *sep = name != NULL && m->path != NULL ? "." : "";
    return xasprintf("%s%s%s", base, sep, name != NULL ? name : suffix);
}

/* ---- constraints as text -------------------------------------------------- */

static char *json_text(const cJSON *v)
{
    return schema_print(v, 0);
}

/* The sentence that states keyword k with value v (keywords.c has them;
 * docs/tools.md lists them). */
static void state(strbuf *notes, const char *k, const cJSON *v)
{
    keyword_state(notes, k, v);
}

/* ---- JSON dialects -------------------------------------------------------- */

static cJSON *conv_schema(conv *c, const cJSON *in, const struct_def *s, const node *n, member m);

static const field *field_named(const struct_def *s, const char *json_name)
{
    if (s == NULL)
        return NULL;
    for (size_t i = 0; i < s->nfields; i++)
        if (strcmp(s->fields[i].json_name, json_name) == 0)
            return &s->fields[i];
    for (size_t i = 0; i < s->nvariants; i++) { /* a flattened tagged union */
        const field *f = field_named(s->variants[i], json_name);
        if (f != NULL)
            return f;
    }
    return NULL;
}

static const struct_def *struct_named(const model *m, const char *name)
{
    for (size_t i = 0; i < m->nstructs; i++)
        if (strcmp(m->structs[i]->name, name) == 0 || strcmp(m->structs[i]->c_type, name) == 0)
            return m->structs[i];
    for (size_t i = 0; i < m->nstructs; i++) /* "struct point" named as "point" */
        if (strncmp(m->structs[i]->c_type, "struct ", 7) == 0 && strcmp(m->structs[i]->c_type + 7, name) == 0)
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
    static const char *const names[][2] = {{"string", "STRING"}, {"number", "NUMBER"},   {"integer", "INTEGER"},
                                           {"boolean", "BOOLEAN"}, {"array", "ARRAY"}, {"object", "OBJECT"},
                                           {"null", "NULL"}};
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
    if (any != NULL)
        for (cJSON *v = any->child; v != NULL; v = v->next)
            if (is_null_schema(v))
                return p;
    return schema_or_null(p);
}

/* One keyword that is not structure: kept, rewritten, or stated. */
static void conv_keyword(conv *c, cJSON *out, strbuf *notes, const cJSON *in, const cJSON *v, const member *m)
{
    const char *k = v->string;
    if (c->d == DIALECT_OPENAI || c->d == DIALECT_ANTHROPIC || c->d == DIALECT_MCP) {
        cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
        return;
    }
    bool annotation = strcmp(k, "default") == 0 || strcmp(k, "examples") == 0 || strcmp(k, "deprecated") == 0;
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
            state(notes, k, v);
            return;
        }
        if (in_list(openai_strict_keywords, k)) {
            cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
            return;
        }
        if (!annotation)
            lost(c, m, k);
        state(notes, k, v);
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
            state(notes, k, v);
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
        state(notes, k, v);
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
    state(notes, k, v);
}

static cJSON *conv_ref(conv *c, const cJSON *in, const struct_def *target, member m)
{
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(in, "$ref");
    if (strcmp(ref->valuestring, "#") == 0)
        target = c->root;
    const cJSON *description = cJSON_GetObjectItemCaseSensitive(in, "description");
    if (c->d == DIALECT_OPENAI_STRICT && description != NULL) {
        /* strict mode takes no keyword beside $ref: unravel one level, as
         * the OpenAI SDKs do; deeper, the bare $ref (the description is
         * the type's own again) */
        if (c->ref_depth > 0) {
            cJSON *bare = cJSON_CreateObject();
            cJSON_AddStringToObject(bare, "$ref", ref->valuestring);
            return bare;
        }
    } else if (c->d != DIALECT_GEMINI) {
        return cJSON_Duplicate(in, 1);
    } else if (c->ref_depth == 0) { /* once, where the recursion is entered */
        add_warning(c, m.where,
                    xasprintf("%s cannot express $ref on '%s'; the recursive type is expanded %d levels deep and "
                              "the deeper levels are left out",
                              info[c->d].provider, member_name(c, &m), RECURSION_DEPTH));
    }
    if (c->ref_depth >= RECURSION_DEPTH)
        return NULL;
    const cJSON *body = c->canon;
    if (target != c->root) {
        const cJSON *defs = cJSON_GetObjectItemCaseSensitive(c->canon, "$defs");
        body = cJSON_GetObjectItemCaseSensitive(defs, target->name);
    }
    c->ref_depth++;
    cJSON *out = conv_schema(c, body, target, NULL, m);
    c->ref_depth--;
    if (out != NULL && description != NULL) {
        cJSON_DeleteItemFromObjectCaseSensitive(out, "description");
        put_first(out, "description", cJSON_CreateString(description->valuestring));
    }
    return out;
}

static cJSON *conv_properties(conv *c, cJSON *out, const cJSON *props, const cJSON *required, const struct_def *s,
                              const member *m, strbuf *notes)
{
    cJSON *o = cJSON_AddObjectToObject(out, "properties");
    cJSON *req = cJSON_CreateArray();
    for (const cJSON *p = props->child; p != NULL; p = p->next) {
        const field *f = field_named(s, p->string);
        char *path = child_path(m, p->string, NULL);
        member cm = {path, f != NULL ? f->where : m->where};
        cJSON *cp = conv_schema(c, p, NULL, f != NULL ? f->type : NULL, cm);
        free(path);
        bool is_required = false;
        for (const cJSON *r = required != NULL ? required->child : NULL; r != NULL; r = r->next)
            if (strcmp(r->valuestring, p->string) == 0)
                is_required = true;
        if (cp == NULL) {
            if (notes->len > 0)
                sb_putc(notes, ' ');
            sb_printf(notes, "'%s' is left out at this depth.", p->string);
            continue;
        }
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
    if (c->d == DIALECT_GEMINI && any != NULL && cJSON_GetArraySize(any) == 2 && is_null_schema(any->child->next)) {
        /* a nullable $ref: Gemini says nullable instead */
        cJSON *out = conv_schema(c, any->child, s, n, m);
        if (out == NULL)
            return NULL;
        cJSON_AddBoolToObject(out, "nullable", 1);
        const cJSON *description = cJSON_GetObjectItemCaseSensitive(in, "description");
        if (description != NULL) {
            cJSON_DeleteItemFromObjectCaseSensitive(out, "description");
            put_first(out, "description", cJSON_CreateString(description->valuestring));
        }
        return out;
    }
    if (c->d == DIALECT_OPENAI_STRICT && n != NULL && n->kind == NODE_ANY)
        block(c, &m, "a value of any type");

    cJSON *out = cJSON_CreateObject();
    strbuf notes;
    sb_init(&notes);
    const char *base = NULL;
    cJSON *required = NULL;
    bool dropped = false;
    for (const cJSON *v = in->child; v != NULL && !dropped; v = v->next) {
        const char *k = v->string;
        if (strcmp(k, "$schema") == 0 || strcmp(k, "title") == 0 || strcmp(k, "$defs") == 0) {
            continue;
        } else if (strcmp(k, "required") == 0) {
            if (required != NULL && cJSON_GetArraySize(required) > 0) /* where the canonical schema has it */
                cJSON_AddItemToObject(out, "required", required);
            else
                cJSON_Delete(required);
            required = NULL;
        } else if (strcmp(k, "description") == 0) {
            base = v->valuestring;
        } else if (strcmp(k, "properties") == 0) {
            required = conv_properties(c, out, v, cJSON_GetObjectItemCaseSensitive(in, "required"), s, &m, &notes);
        } else if (strcmp(k, "items") == 0) {
            char *path = child_path(&m, NULL, "[]");
            cJSON *items = conv_schema(c, v, NULL, n != NULL ? n->items : NULL, (member){path, m.where});
            free(path);
            if (items == NULL)
                dropped = true;
            else
                cJSON_AddItemToObject(out, "items", items);
        } else if (strcmp(k, "oneOf") == 0 || strcmp(k, "anyOf") == 0) {
            bool variants = strcmp(k, "oneOf") == 0;
            if (variants && c->d == DIALECT_OPENAI_STRICT && m.path == NULL)
                block(c, &m, "a tagged union (oneOf) as the arguments");
            const char *key = variants && c->d != DIALECT_OPENAI_STRICT && c->d != DIALECT_GEMINI ? "oneOf" : "anyOf";
            cJSON *list = cJSON_AddArrayToObject(out, key);
            size_t i = 0;
            for (const cJSON *e = v->child; e != NULL; e = e->next, i++) {
                const struct_def *vs = variants && s != NULL && i < s->nvariants ? s->variants[i] : s;
                cJSON *ce = conv_schema(c, e, vs, variants ? NULL : n, m);
                if (ce != NULL)
                    cJSON_AddItemToArray(list, ce);
            }
            if (cJSON_GetArraySize(list) == 0)
                dropped = true;
        } else if (strcmp(k, "additionalProperties") == 0 || strcmp(k, "propertyNames") == 0) {
            bool values = strcmp(k, "additionalProperties") == 0;
            if (cJSON_IsBool(v)) {
                if (c->d != DIALECT_GEMINI)
                    cJSON_AddItemToObject(out, k, cJSON_Duplicate(v, 1));
            } else if (c->d == DIALECT_OPENAI_STRICT) {
                block(c, &m, values ? "additionalProperties (a map)" : k);
            } else if (c->d == DIALECT_GEMINI) {
                lost(c, &m, k);
                state(&notes, k, v);
            } else {
                char *path = child_path(&m, NULL, values ? "{}" : "{keys}");
                const node *cn = n != NULL && n->kind == NODE_MAP ? (values ? n->map_value : n->map_key) : NULL;
                cJSON *child = conv_schema(c, v, NULL, cn, (member){path, m.where});
                free(path);
                if (child != NULL)
                    cJSON_AddItemToObject(out, k, child);
            }
        } else {
            conv_keyword(c, out, &notes, in, v, &m);
        }
    }
    if (dropped) {
        cJSON_Delete(out);
        cJSON_Delete(required);
        sb_free(&notes);
        return NULL;
    }
    if (required != NULL) {
        if (cJSON_GetArraySize(required) > 0 || c->d == DIALECT_OPENAI_STRICT)
            cJSON_AddItemToObject(out, "required", required);
        else
            cJSON_Delete(required);
    }
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
        if (cJSON_IsObject(list) ? cJSON_GetObjectItemCaseSensitive(list, name) == NULL : !in_array(list, name))
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
static cJSON *flatten_union(conv *c, const cJSON *canon)
{
    const cJSON *variants = cJSON_GetObjectItemCaseSensitive(canon, "oneOf");
    const cJSON *first = variants->child;
    const char *disc = NULL;
    const cJSON *props0 = cJSON_GetObjectItemCaseSensitive(first, "properties");
    for (const cJSON *p = props0 != NULL ? props0->child : NULL; p != NULL && disc == NULL; p = p->next)
        if (cJSON_GetObjectItemCaseSensitive(p, "const") != NULL)
            disc = p->string;
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
    for (const cJSON *v = variants->child; v != NULL; v = v->next) {
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
        for (const cJSON *p = vp != NULL ? vp->child : NULL; p != NULL; p = p->next) {
            if (disc != NULL && strcmp(p->string, disc) == 0)
                continue;
            if (!in_every_variant(variants, "properties", p->string) ||
                in_array(vr, p->string) != in_every_variant(variants, "required", p->string)) {
                sb_printf(&which, "%s%s%s", sep, p->string, in_array(vr, p->string) ? " (required)" : "");
                sep = ", ";
            }
            cJSON *have = cJSON_GetObjectItemCaseSensitive(props, p->string);
            if (have == NULL) {
                cJSON_AddItemToObject(props, p->string, cJSON_Duplicate(p, 1));
            } else if (!cJSON_Compare(have, p, 1)) {
                char *schema = json_text(p);
                char *note = xasprintf("When %s is %s: %s.", disc != NULL ? disc : "?", value_text, schema);
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
        char *text = xasprintf("%s%s", dd != NULL ? dd->valuestring : "One of:", which.data != NULL ? which.data : "");
        cJSON_AddStringToObject(d, "description", text);
        free(text);
        cJSON_AddStringToObject(d, "type", "string");
        cJSON_AddItemToObject(d, "enum", values);
        put_first(props, disc, d);
        cJSON_InsertItemInArray(required, 0, cJSON_CreateString(disc));
    } else {
        cJSON_Delete(values);
    }
    sb_free(&which);
    member m = {NULL, c->root->where};
    add_warning(c, m.where,
                xasprintf("%s cannot express oneOf on '%s' (a tagged union as the arguments); it is one object, "
                          "and which members go with which '%s' is stated in the description",
                          info[c->d].provider, member_name(c, &m), disc != NULL ? disc : "variant"));
    return flat;
}

/* The arguments object: the canonical document without what only costs
 * tokens ($schema, title, the description the tool already has). */
static cJSON *parameters(conv *c)
{
    member m = {NULL, c->root->where};
    cJSON *flat = NULL;
    if (c->d != DIALECT_MCP && cJSON_GetObjectItemCaseSensitive(c->canon, "oneOf") != NULL)
        flat = flatten_union(c, c->canon);
    cJSON *p = conv_schema(c, flat != NULL ? flat : c->canon, c->root, NULL, m);
    cJSON_Delete(flat);
    if (p == NULL) /* only a recursion cut can drop it, never at the root */
        p = cJSON_CreateObject();
    cJSON_DeleteItemFromObjectCaseSensitive(p, "description");
    if (cJSON_GetObjectItemCaseSensitive(p, "type") == NULL) /* providers want an object at the root */
        put_first(p, "type", cJSON_CreateString(c->d == DIALECT_GEMINI ? "OBJECT" : "object"));
    const cJSON *defs = cJSON_GetObjectItemCaseSensitive(c->canon, "$defs");
    if (defs != NULL && c->d != DIALECT_GEMINI) {
        cJSON *out = cJSON_AddObjectToObject(p, "$defs");
        for (const cJSON *def = defs->child; def != NULL; def = def->next) {
            const struct_def *s = struct_named(c->m, def->string);
            member dm = {def->string, s != NULL ? s->where : c->root->where};
            cJSON *cd = conv_schema(c, def, s, NULL, dm);
            if (cd != NULL)
                cJSON_AddItemToObject(out, def->string, cd);
        }
    }
    return p;
}

static void add_text(cJSON *o, const char *key, const char *text)
{
    if (text != NULL)
        cJSON_AddStringToObject(o, key, text);
}

static const char *tool_name(const struct_def *s)
{
    return s->tool_name != NULL ? s->tool_name : s->name;
}

static cJSON *mcp_output_schema(conv *c)
{
    const struct_def *out = struct_named(c->m, c->root->output_type);
    if (out == NULL) {
        add_warning(c, c->root->where,
                    xasprintf("MCP cannot express @output %s: no struct of that name is reached in this header "
                              "(tag it @schema); outputSchema is left out",
                              c->root->output_type));
        return NULL;
    }
    conv oc = {DIALECT_MCP, c->m, out, schema_document(out), NULL, 0, false, {{NULL, 0, 0}, NULL}, 0};
    cJSON *p = parameters(&oc);
    cJSON_Delete((cJSON *)oc.canon);
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
        cJSON_AddStringToObject(fn, "name", tool_name(s));
        add_text(fn, "description", s->description);
        cJSON_AddItemToObject(fn, "parameters", parameters(c));
        if (c->d == DIALECT_OPENAI_STRICT)
            cJSON_AddBoolToObject(fn, "strict", 1);
        break;
    }
    case DIALECT_ANTHROPIC:
        cJSON_AddStringToObject(doc, "name", tool_name(s));
        add_text(doc, "description", s->description);
        cJSON_AddItemToObject(doc, "input_schema", parameters(c));
        break;
    case DIALECT_GEMINI:
        cJSON_AddStringToObject(doc, "name", tool_name(s));
        add_text(doc, "description", s->description);
        cJSON_AddItemToObject(doc, "parameters", parameters(c));
        break;
    case DIALECT_MCP: {
        cJSON_AddStringToObject(doc, "name", tool_name(s));
        add_text(doc, "description", s->description);
        cJSON_AddItemToObject(doc, "inputSchema", parameters(c));
        if (s->output_type != NULL) {
            cJSON *out = mcp_output_schema(c);
            if (out != NULL)
                cJSON_AddItemToObject(doc, "outputSchema", out);
        }
        /* MCP ToolAnnotations: hints only; destructiveHint and
         * idempotentHint mean something when readOnlyHint is false */
        if (s->effect != EFFECT_NONE || s->idempotent) {
            cJSON *a = cJSON_AddObjectToObject(doc, "annotations");
            if (s->effect != EFFECT_NONE)
                cJSON_AddBoolToObject(a, "readOnlyHint", s->effect == EFFECT_READONLY);
            if (s->effect == EFFECT_MUTATING || s->effect == EFFECT_DESTRUCTIVE)
                cJSON_AddBoolToObject(a, "destructiveHint", s->effect == EFFECT_DESTRUCTIVE);
            if (s->idempotent || s->effect == EFFECT_MUTATING || s->effect == EFFECT_DESTRUCTIVE)
                cJSON_AddBoolToObject(a, "idempotentHint", s->idempotent);
        }
        break;
    }
    case DIALECT_XML:
    case DIALECT_COUNT:
        break;
    }
    return doc;
}

cJSON *dialect_document(const model *m, const struct_def *s, dialect d)
{
    if (d == DIALECT_XML || d == DIALECT_COUNT)
        return NULL;
    cJSON *canon = schema_document(s);
    conv c = {d, m, s, canon, NULL, 0, false, {{NULL, 0, 0}, NULL}, 0};
    cJSON *doc = build(&c);
    if (c.blocked) {
        /* strict mode cannot take it: the plain OpenAI tool, marked so */
        cJSON_Delete(doc);
        report(c.block.where, c.block.text);
        conv_release(&c);
        c.d = DIALECT_OPENAI;
        doc = build(&c);
        cJSON_AddBoolToObject(cJSON_GetObjectItemCaseSensitive(doc, "function"), "strict", 0);
    }
    for (size_t i = 0; i < c.nwarnings; i++)
        report(c.warnings[i].where, c.warnings[i].text);
    conv_release(&c);
    cJSON_Delete(canon);
    return doc;
}

/* ---- XML ----------------------------------------------------------------- *
 * As Autobyteus' DefaultXmlSchemaFormatter writes tools for models prompted
 * with XML:
 *   <tool name="parse_url">
 *       <description>...</description>
 *       <arguments>
 *           <arg name="url" type="string" description="..." required="true" />
 *           <arg name="parts" type="array" description="..." required="true">
 *               <items type="enum" enum_values="scheme,host" />
 *           </arg>
 *       </arguments>
 *   </tool>
 * Types are Autobyteus' (string, integer, float, boolean, enum, object,
 * array); every constraint is written into the description, so nothing is
 * lost and nothing is reported. */

typedef struct xml_ctx {
    const cJSON *canon;
    int ref_depth;
} xml_ctx;

static void xml_escape(strbuf *sb, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': sb_puts(sb, "&amp;"); break;
        case '<': sb_puts(sb, "&lt;"); break;
        case '>': sb_puts(sb, "&gt;"); break;
        case '"': sb_puts(sb, "&quot;"); break;
        default: sb_putc(sb, *s);
        }
    }
}

static void xml_indent(strbuf *sb, int depth)
{
    for (int i = 0; i < depth; i++)
        sb_puts(sb, "    ");
}

static void xml_attr(strbuf *sb, const char *name, const char *value)
{
    sb_printf(sb, " %s=\"", name);
    xml_escape(sb, value);
    sb_putc(sb, '"');
}

static void xml_children(xml_ctx *x, strbuf *sb, const cJSON *schema, int depth);

/* The schema a use stands for: a nullable wrapper or a $ref resolved.
 * NULL: a recursion cut. */
static const cJSON *xml_resolve(xml_ctx *x, const cJSON *schema, bool *nullable, bool *entered)
{
    const cJSON *any = cJSON_GetObjectItemCaseSensitive(schema, "anyOf");
    if (any != NULL && cJSON_GetArraySize(any) == 2 && is_null_schema(any->child->next)) {
        *nullable = true;
        schema = any->child;
    }
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(schema, "type");
    if (cJSON_IsArray(type) && cJSON_GetArraySize(type) == 2)
        *nullable = true; /* [T, "null"] */
    const cJSON *ref = cJSON_GetObjectItemCaseSensitive(schema, "$ref");
    if (ref == NULL)
        return schema;
    if (x->ref_depth >= RECURSION_DEPTH)
        return NULL;
    *entered = true;
    x->ref_depth++;
    if (strcmp(ref->valuestring, "#") == 0)
        return x->canon;
    const char *name = ref->valuestring + strlen("#/$defs/");
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(x->canon, "$defs"), name);
}

static const char *xml_type(const cJSON *schema)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(schema, "type");
    const char *name = NULL;
    if (cJSON_IsString(t))
        name = t->valuestring;
    else if (cJSON_IsArray(t) && t->child != NULL)
        name = t->child->valuestring;
    if (name == NULL) {
        if (cJSON_IsString(cJSON_GetObjectItemCaseSensitive(schema, "const")))
            return "string";
        return cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL ? "object" : "any";
    }
    if (strcmp(name, "string") == 0 && cJSON_GetObjectItemCaseSensitive(schema, "enum") != NULL)
        return "enum";
    if (strcmp(name, "number") == 0)
        return "float";
    return name;
}

/* One element describing a schema: <arg> for a member (name set), <items>,
 * <values> or <variant> otherwise. */
static void xml_element(xml_ctx *x, strbuf *sb, const char *tag, const char *name, const cJSON *use, bool required,
                        int depth)
{
    bool nullable = false, entered = false;
    const cJSON *schema = xml_resolve(x, use, &nullable, &entered);
    const cJSON *own = cJSON_GetObjectItemCaseSensitive(use, "description");
    strbuf text;
    sb_init(&text);
    const cJSON *description = own != NULL ? own : schema != NULL ? cJSON_GetObjectItemCaseSensitive(schema, "description") : NULL;
    if (description != NULL)
        sb_puts(&text, description->valuestring);
    strbuf notes;
    sb_init(&notes);
    if (schema == NULL) {
        sb_puts(&notes, "Deeper levels have the same structure as above; they are left out here.");
    } else {
        for (const cJSON *v = schema->child; v != NULL; v = v->next) {
            const char *k = v->string;
            static const char *const structure[] = {"$schema", "title", "$defs", "description", "type", "properties",
                                                    "required", "items", "oneOf", "anyOf", "$ref", "default",
                                                    "additionalProperties", "propertyNames", NULL};
            if (in_list(structure, k))
                continue;
            if (strcmp(k, "enum") == 0 && strcmp(xml_type(schema), "enum") == 0)
                continue; /* enum_values */
            state(&notes, k, v);
        }
        const cJSON *keys = cJSON_GetObjectItemCaseSensitive(schema, "propertyNames");
        if (keys != NULL)
            state(&notes, "propertyNames", keys);
    }
    if (nullable)
        sb_puts(&notes, notes.len > 0 ? " May be null." : "May be null.");
    if (notes.len > 0)
        sb_printf(&text, "%s%s", text.len == 0 ? "" : strchr(text.data, '\n') != NULL ? "\n" : " ", notes.data);
    sb_free(&notes);

    xml_indent(sb, depth);
    sb_printf(sb, "<%s", tag);
    if (name != NULL)
        xml_attr(sb, "name", name);
    const char *type = schema != NULL ? xml_type(schema) : xml_type(use);
    if (schema == NULL)
        type = "object";
    xml_attr(sb, "type", type);
    if (text.len > 0)
        xml_attr(sb, "description", text.data);
    sb_free(&text);
    if (name != NULL)
        xml_attr(sb, "required", required ? "true" : "false");
    const cJSON *def = cJSON_GetObjectItemCaseSensitive(use, "default");
    if (def != NULL) {
        char *t = cJSON_IsString(def) ? xstrdup(def->valuestring) : json_text(def);
        xml_attr(sb, "default", t);
        free(t);
    }
    if (schema != NULL && strcmp(type, "enum") == 0) {
        strbuf values;
        sb_init(&values);
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(schema, "enum");
        for (const cJSON *v = list->child; v != NULL; v = v->next)
            if (cJSON_IsString(v))
                sb_printf(&values, "%s%s", values.len > 0 ? "," : "", v->valuestring);
        xml_attr(sb, "enum_values", values.len > 0 ? values.data : "");
        sb_free(&values);
    }
    bool nested = schema != NULL && (cJSON_GetObjectItemCaseSensitive(schema, "properties") != NULL ||
                                     cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL ||
                                     cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(schema, "items")) ||
                                     cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties")));
    if (!nested) {
        sb_puts(sb, " />\n");
    } else {
        sb_puts(sb, ">\n");
        xml_children(x, sb, schema, depth + 1);
        xml_indent(sb, depth);
        sb_printf(sb, "</%s>\n", tag);
    }
    if (entered)
        x->ref_depth--;
}

static void xml_children(xml_ctx *x, strbuf *sb, const cJSON *schema, int depth)
{
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(schema, "properties");
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(schema, "required");
    for (const cJSON *p = props != NULL ? props->child : NULL; p != NULL; p = p->next) {
        bool is_required = false;
        for (const cJSON *r = required != NULL ? required->child : NULL; r != NULL; r = r->next)
            if (strcmp(r->valuestring, p->string) == 0)
                is_required = true;
        xml_element(x, sb, "arg", p->string, p, is_required, depth);
    }
    const cJSON *variants = cJSON_GetObjectItemCaseSensitive(schema, "oneOf");
    if (variants != NULL) {
        xml_indent(sb, depth);
        sb_puts(sb, "<one_of>\n");
        for (const cJSON *v = variants->child; v != NULL; v = v->next)
            xml_element(x, sb, "variant", NULL, v, true, depth + 1);
        xml_indent(sb, depth);
        sb_puts(sb, "</one_of>\n");
    }
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(schema, "items");
    if (cJSON_IsObject(items))
        xml_element(x, sb, "items", NULL, items, true, depth);
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties");
    if (cJSON_IsObject(values))
        xml_element(x, sb, "values", NULL, values, true, depth);
}

static char *xml_text(const struct_def *s)
{
    cJSON *canon = schema_document(s);
    xml_ctx x = {canon, 0};
    strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "<tool");
    xml_attr(&sb, "name", tool_name(s));
    sb_puts(&sb, ">\n");
    if (s->description != NULL) {
        sb_puts(&sb, "    <description>");
        xml_escape(&sb, s->description);
        sb_puts(&sb, "</description>\n");
    }
    if (cJSON_GetObjectItemCaseSensitive(canon, "properties") == NULL &&
        cJSON_GetObjectItemCaseSensitive(canon, "oneOf") == NULL) {
        sb_puts(&sb, "    <!-- This tool takes no arguments -->\n");
    } else {
        sb_puts(&sb, "    <arguments>\n");
        xml_children(&x, &sb, canon, 2);
        sb_puts(&sb, "    </arguments>\n");
    }
    sb_puts(&sb, "</tool>\n");
    cJSON_Delete(canon);
    return sb_take(&sb);
}

char *dialect_text(const model *m, const struct_def *s, dialect d)
{
    if (d == DIALECT_XML)
        return xml_text(s);
    cJSON *doc = dialect_document(m, s, d);
    char *text = schema_print(doc, 1);
    cJSON_Delete(doc);
    return text;
}
