/* schemac generator: the XML dialect of a tool, built from its canonical
 * schema. */
#include "emit/json/emit_xml.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emit/json/emit_dialects.h"
#include "emit/json/emit_schema.h"
#include "model/keywords.h"
#include "util/strbuf.h"

/* How deep the description expands a recursive type before leaving the
 * deeper levels out. */
enum { RECURSION_DEPTH = 3 };

static bool in_list(const char *const *list, const char *s)
{
    for (; *list != NULL; list++)
        if (strcmp(*list, s) == 0)
            return true;
    return false;
}

static bool is_null_schema(const cJSON *v)
{
    const cJSON *t = cJSON_GetObjectItemCaseSensitive(v, "type");
    return cJSON_GetArraySize(v) == 1 && cJSON_IsString(t) && strcmp(t->valuestring, "null") == 0;
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
        case '&':
            sb_puts(sb, "&amp;");
            break;
        case '<':
            sb_puts(sb, "&lt;");
            break;
        case '>':
            sb_puts(sb, "&gt;");
            break;
        case '"':
            sb_puts(sb, "&quot;");
            break;
        default:
            sb_putc(sb, *s);
        }
    }
}

static void xml_indent(strbuf *sb, int depth)
{
    for (int i = 0; i < depth; i++)
        sb_puts(sb, "    ");
}

/* Tags and attributes are written piece by piece, not with sb_printf: a
 * format costs ten times the copy, and an XML document has hundreds. */
static void xml_attr(strbuf *sb, const char *name, const char *value)
{
    sb_putc(sb, ' ');
    sb_puts(sb, name);
    sb_puts(sb, "=\"");
    xml_escape(sb, value);
    sb_putc(sb, '"');
}

/* "</tag>" and its line break */
static void xml_close(strbuf *sb, const char *tag)
{
    sb_puts(sb, "</");
    sb_puts(sb, tag);
    sb_puts(sb, ">\n");
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
    return cJSON_GetObjectItemCaseSensitive(cJSON_GetObjectItemCaseSensitive(x->canon, "$defs"),
                                            name);
}

/* enum_values="a,b" has no escape for a comma: an enum with a comma in a
 * value stays a string, its values stated in the description instead. */
static bool enum_values_fit(const cJSON *list)
{
    if (list == NULL)
        return false;
    for (const cJSON *v = list->child; v != NULL; v = v->next)
        if (cJSON_IsString(v) && strchr(v->valuestring, ',') != NULL)
            return false;
    return true;
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
        if (cJSON_GetObjectItemCaseSensitive(schema, "anyOf") != NULL)
            return "union"; /* an untagged union: one of the <variant> types */
        return cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL ? "object" : "any";
    }
    if (strcmp(name, "string") == 0 &&
        enum_values_fit(cJSON_GetObjectItemCaseSensitive(schema, "enum")))
        return "enum";
    if (strcmp(name, "number") == 0)
        return "float";
    return name;
}

/* One element describing a schema: <arg> for a member (name set), <items>,
 * <values> or <variant> otherwise. */
static void xml_element(xml_ctx *x, strbuf *sb, const char *tag, const char *name, const cJSON *use,
                        bool required, int depth)
{
    bool nullable = false, entered = false;
    const cJSON *schema = xml_resolve(x, use, &nullable, &entered);
    const cJSON *own = cJSON_GetObjectItemCaseSensitive(use, "description");
    strbuf text;
    sb_init(&text);
    const cJSON *description = own != NULL ? own
                               : schema != NULL
                                   ? cJSON_GetObjectItemCaseSensitive(schema, "description")
                                   : NULL;
    if (description != NULL)
        sb_puts(&text, description->valuestring);
    strbuf notes;
    sb_init(&notes);
    if (schema == NULL) {
        sb_puts(&notes, "Deeper levels have the same structure as above; they are left out here.");
    } else {
        for (const cJSON *v = schema->child; v != NULL; v = v->next) {
            const char *k = v->string;
            static const char *const structure[] = {"$schema",
                                                    "title",
                                                    "$defs",
                                                    "description",
                                                    "type",
                                                    "properties",
                                                    "required",
                                                    "items",
                                                    "oneOf",
                                                    "anyOf",
                                                    "$ref",
                                                    "default",
                                                    "additionalProperties",
                                                    "propertyNames",
                                                    NULL};
            if (in_list(structure, k))
                continue;
            if (strcmp(k, "enum") == 0 && strcmp(xml_type(schema), "enum") == 0)
                continue; /* enum_values */
            keyword_state(&notes, k, v);
        }
        const cJSON *keys = cJSON_GetObjectItemCaseSensitive(schema, "propertyNames");
        if (keys != NULL)
            keyword_state(&notes, "propertyNames", keys);
    }
    if (nullable)
        sb_puts(&notes, notes.len > 0 ? " May be null." : "May be null.");
    if (notes.len > 0) {
        if (text.len > 0)
            sb_puts(&text, strchr(text.data, '\n') != NULL ? "\n" : " ");
        sb_puts(&text, notes.data);
    }
    sb_free(&notes);

    xml_indent(sb, depth);
    sb_putc(sb, '<');
    sb_puts(sb, tag);
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
        char *t = cJSON_IsString(def) ? xstrdup(def->valuestring) : json_print(def, 0);
        xml_attr(sb, "default", t);
        free(t);
    }
    if (schema != NULL && strcmp(type, "enum") == 0) {
        strbuf values;
        sb_init(&values);
        const cJSON *list = cJSON_GetObjectItemCaseSensitive(schema, "enum");
        for (const cJSON *v = list->child; v != NULL; v = v->next)
            if (cJSON_IsString(v)) {
                if (values.len > 0)
                    sb_putc(&values, ',');
                sb_puts(&values, v->valuestring);
            }
        xml_attr(sb, "enum_values", values.len > 0 ? values.data : "");
        sb_free(&values);
    }
    bool nested =
        schema != NULL &&
        (cJSON_GetObjectItemCaseSensitive(schema, "properties") != NULL ||
         cJSON_GetObjectItemCaseSensitive(schema, "oneOf") != NULL ||
         cJSON_GetObjectItemCaseSensitive(schema, "anyOf") != NULL ||
         cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(schema, "items")) ||
         cJSON_IsObject(cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties")));
    if (!nested) {
        sb_puts(sb, " />\n");
    } else {
        sb_puts(sb, ">\n");
        xml_children(x, sb, schema, depth + 1);
        xml_indent(sb, depth);
        xml_close(sb, tag);
    }
    if (entered)
        x->ref_depth--;
}

/* The branches of schema's keyword (oneOf: tagged unions, anyOf: untagged
 * ones) as <tag><variant>...</variant></tag>. */
static void xml_variants(xml_ctx *x, strbuf *sb, const cJSON *schema, const char *keyword,
                         const char *tag, int depth)
{
    const cJSON *variants = cJSON_GetObjectItemCaseSensitive(schema, keyword);
    if (variants == NULL)
        return;
    xml_indent(sb, depth);
    sb_putc(sb, '<');
    sb_puts(sb, tag);
    sb_puts(sb, ">\n");
    for (const cJSON *v = variants->child; v != NULL; v = v->next)
        xml_element(x, sb, "variant", NULL, v, true, depth + 1);
    xml_indent(sb, depth);
    xml_close(sb, tag);
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
    xml_variants(x, sb, schema, "oneOf", "one_of", depth);
    xml_variants(x, sb, schema, "anyOf", "any_of", depth);
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(schema, "items");
    if (cJSON_IsObject(items))
        xml_element(x, sb, "items", NULL, items, true, depth);
    const cJSON *values = cJSON_GetObjectItemCaseSensitive(schema, "additionalProperties");
    if (cJSON_IsObject(values))
        xml_element(x, sb, "values", NULL, values, true, depth);
}

char *xml_text(const struct_def *s, const cJSON *canon)
{
    xml_ctx x = {canon, 0};
    strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, "<tool");
    xml_attr(&sb, "name", s->tool_name != NULL ? s->tool_name : s->name);
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
    return sb_take(&sb);
}
