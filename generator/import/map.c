/* schemac import: a schema to the C model. Each keyword is either said by
 * a tag, implied by the C type chosen (an integer's range, a struct's
 * additionalProperties: false), an annotation, or refused: a keyword this
 * file does not know is never skipped, so no schema is weakened silently. */
#include "import/import_internal.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/json_print.h"
#include "util/strbuf.h"

static void field_free(ifield *f)
{
    free(f->json_name);
    free(f->c_name);
    free(f->description);
    free(f->note);
    free(f->enum_value);
    cJSON_Delete(f->default_value);
    sb_free(&f->extra);
}

static void type_free(itype *t)
{
    free(t->c_name);
    free(t->description);
    for (size_t i = 0; i < t->ntags; i++)
        free(t->tags[i]);
    free(t->tags);
    for (size_t i = 0; i < t->nfields; i++)
        field_free(&t->fields[i]);
    free(t->fields);
    for (size_t i = 0; i < t->nvariants; i++)
        field_free(&t->variants[i]);
    free(t->variants);
    for (size_t i = 0; i < t->nvalues; i++) {
        free(t->values[i]);
        free(t->enumerators[i]);
        free(t->value_docs[i]);
    }
    free(t->values);
    free(t->enumerators);
    free(t->value_docs);
    free(t->tool_name);
    free(t->tool_output);
    free(t->tool_hints);
    free(t);
}

void imp_free(imp_ctx *c)
{
    for (size_t i = 0; i < c->nall; i++)
        type_free(c->all[i]);
    free(c->all);
    free(c->types);
    for (size_t i = 0; i < c->nrefs; i++)
        free(c->refs[i]);
    free(c->refs);
    free(c->ref_types);
    free(c->in_progress);
    free(c->refusal);
}

itype *imp_new_type(imp_ctx *c, ikind kind, const char *name_hint)
{
    itype *t = xcalloc(1, sizeof *t);
    c->all = xrealloc(c->all, (c->nall + 1) * sizeof *c->all);
    c->all[c->nall++] = t;
    t->kind = kind;
    t->tag_field = SIZE_MAX;
    if (kind == IK_ANY || kind == IK_ANY_OBJECT)
        c->uses_cjson = true; /* wherever it is: a member, items, a map's values */
    if (name_hint != NULL) {
        t->c_name = imp_type_name(c, name_hint);
        c->types = xrealloc(c->types, (c->ntypes + 1) * sizeof *c->types);
        c->types[c->ntypes++] = t;
    }
    return t;
}

void imp_add_tag(itype *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    strbuf sb;
    sb_init(&sb);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    t->tags = xrealloc(t->tags, (t->ntags + 1) * sizeof *t->tags);
    t->tags[t->ntags++] = sb_take(&sb);
}

/* A value as a tag writes it: compact JSON, '@' doubled (a tag's value
 * runs to the next '@' word). */
char *imp_tag_json(const cJSON *v)
{
    char *text = json_print(v, 0);
    strbuf sb;
    sb_init(&sb);
    for (const char *p = text; *p; p++) {
        if (*p == '@')
            sb_puts(&sb, "@@");
        else
            sb_putc(&sb, *p);
    }
    free(text);
    return sb_take(&sb);
}

static const char *string_keywords[] = {"minLength", "maxLength", "pattern", "format", NULL};
static const char *number_keywords[] = {"minimum",          "maximum",    "exclusiveMinimum",
                                        "exclusiveMaximum", "multipleOf", NULL};
static const char *array_keywords[] = {"items", "minItems", "maxItems", "uniqueItems", NULL};
static const char *object_keywords[] = {
    "properties",    "required", "additionalProperties", "propertyNames", "minProperties",
    "maxProperties", NULL};

static bool in_list(const char *k, const char *const *list)
{
    for (; *list != NULL; list++)
        if (strcmp(k, *list) == 0)
            return true;
    return false;
}

/* The first keyword of s that neither the type's list, "type", "enum",
 * "const" nor the annotations hold. */
static const char *unknown_keyword(const cJSON *s, const char *const *allowed)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (imp_known_annotation(k->string) || strcmp(k->string, "type") == 0 ||
            strcmp(k->string, "enum") == 0 || strcmp(k->string, "const") == 0 ||
            (allowed != NULL && in_list(k->string, allowed)))
            continue;
        return k->string;
    }
    return NULL;
}

static bool only_annotations(const cJSON *s)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (!imp_known_annotation(k->string))
            return false;
    }
    return true;
}

static itype *refuse_keyword(imp_ctx *c, const char *pointer, const char *keyword)
{
    char *at = imp_pointer_append(pointer, keyword);
    char *construct = xasprintf("\"%s\" here", keyword);
    imp_refuse(c, at, construct, "no tag or C type says it");
    free(construct);
    free(at);
    return NULL;
}

static const char *str_of(const cJSON *s, const char *k)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s, k);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

/* Tags of the keywords of list present in s, in the input's order. */
static void copy_tags(itype *t, const cJSON *s, const char *const *list)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (!in_list(k->string, list) || strcmp(k->string, "pattern") == 0)
            continue;
        if (strcmp(k->string, "format") == 0) { /* a name, not JSON */
            imp_add_tag(t, "@format %s", k->valuestring);
            continue;
        }
        char *v = imp_tag_json(k);
        imp_add_tag(t, "@%s %s", k->string, v);
        free(v);
    }
}

static void copy_enum_const(itype *t, const cJSON *s)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum"),
                *k = cJSON_GetObjectItemCaseSensitive(s, "const");
    if (e != NULL) {
        char *v = imp_tag_json(e);
        imp_add_tag(t, "@enum %s", v);
        free(v);
    }
    if (k != NULL) {
        char *v = imp_tag_json(k);
        imp_add_tag(t, "@const %s", v);
        free(v);
    }
}

static const char *const formats[] = {"date-time", "date", "time", "email",    "uri",
                                      "uuid",      "ipv4", "ipv6", "hostname", NULL};

/* Whether a pattern, written as it is in a doc comment, would join the
 * next line to it: a final "??/" (a trigraph, under -std=c11), or a final
 * backslash in the // lines that a pattern holding a comment's end or
 * start is written in (print.c). */
static bool pattern_splices(const char *pat)
{
    size_t n = strlen(pat);
    bool lines = strstr(pat, "*/") != NULL || strstr(pat, "/*") != NULL;
    return (n >= 3 && strcmp(pat + n - 3, "?\?/") == 0) || (lines && n > 0 && pat[n - 1] == '\\');
}

static itype *map_string(imp_ctx *c, const cJSON *s, const char *pointer)
{
    itype *t = imp_new_type(c, IK_STRING, NULL);
    const char *format = str_of(s, "format");
    if (format != NULL && !in_list(format, formats)) {
        char *at = imp_pointer_append(pointer, "format");
        char *construct = xasprintf("format \"%s\"", format);
        imp_refuse(c, at, construct,
                   "schemac checks date-time, date, time, email, uri, uuid, ipv4, ipv6, hostname");
        free(construct);
        free(at);
        return NULL;
    }
    const char *pat = str_of(s, "pattern");
    if (pat != NULL) {
        char err[200];
        size_t off = 0;
        pattern *p = pattern_compile(pat, err, sizeof err, &off);
        char *at = imp_pointer_append(pointer, "pattern");
        if (p == NULL) {
            char *why = xasprintf("schemac's pattern compiler: %s at offset %zu", err, off);
            imp_refuse(c, at, "this pattern", why);
            free(why);
        } else if (strchr(pat, '\n') != NULL || strchr(pat, '\r') != NULL || pat[0] == ' ' ||
                   pat[0] == '\t' || (pat[0] != '\0' && strchr(" \t", pat[strlen(pat) - 1]))) {
            imp_refuse(c, at, "this pattern",
                       "@pattern runs to the end of its line in a comment: no line break, "
                       "no space at either end");
        } else if (pattern_splices(pat)) {
            imp_refuse(c, at, "this pattern",
                       "@pattern is written as it is, and its line would join the next: no ?\?/ "
                       "at its end, nor a backslash at its end beside */ or /*");
        }
        pattern_free(p);
        free(at);
        if (p == NULL || c->refusal != NULL)
            return NULL;
        imp_add_tag(t, "@pattern %s", pat);
    }
    copy_tags(t, s, string_keywords);
    copy_enum_const(t, s);
    return t;
}

/* The narrowest integer type holding [lo, hi]; 64-bit ones hold
 * ±(2^53-1) as I-JSON says, which schemac states. */
static const char *int_type_for(double lo, double hi)
{
    if (lo >= 0) {
        return hi <= UINT8_MAX    ? "uint8_t"
               : hi <= UINT16_MAX ? "uint16_t"
               : hi <= UINT32_MAX ? "uint32_t"
                                  : "uint64_t";
    }
    if (lo >= INT8_MIN && hi <= INT8_MAX)
        return "int8_t";
    if (lo >= INT16_MIN && hi <= INT16_MAX)
        return "int16_t";
    if (lo >= INT32_MIN && hi <= INT32_MAX)
        return "int32_t";
    return "int64_t";
}

static double num_of(const cJSON *s, const char *k, double otherwise)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s, k);
    return cJSON_IsNumber(v) ? v->valuedouble : otherwise;
}

#define SAFE_INT 9007199254740991.0

/* A bound beyond ±(2^53-1) says nothing an int64_t does not (I-JSON), and
 * schemac would warn that it is looser than the type: it is left out. */
static void integer_tags(itype *t, const cJSON *s)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (!in_list(k->string, number_keywords))
            continue;
        double v = k->valuedouble;
        if ((strcmp(k->string, "maximum") == 0 && v > SAFE_INT) ||
            (strcmp(k->string, "minimum") == 0 && v < -SAFE_INT) ||
            (strcmp(k->string, "exclusiveMaximum") == 0 && v > SAFE_INT + 1) ||
            (strcmp(k->string, "exclusiveMinimum") == 0 && v < -SAFE_INT - 1))
            continue;
        char *text = imp_tag_json(k);
        imp_add_tag(t, "@%s %s", k->string, text);
        free(text);
    }
}

/* Whether every bound of s is a number; if not, the refusal is made. */
static bool bounds_are_numbers(imp_ctx *c, const cJSON *s, const char *pointer)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (in_list(k->string, number_keywords) && !cJSON_IsNumber(k)) {
            /* draft-04 made the exclusive ones booleans beside minimum and
             * maximum; anything else is simply not a number */
            bool draft04 = cJSON_IsBool(k) && strncmp(k->string, "exclusive", 9) == 0;
            char *at = imp_pointer_append(pointer, k->string);
            char *why = draft04 ? xasprintf("draft-04's boolean %s is not read", k->string)
                                : xasprintf("%s takes a number", k->string);
            char *construct = xasprintf("%s %s that is not a number",
                                        k->string[0] == 'e' ? "an" : "a", k->string);
            imp_refuse(c, at, construct, why);
            free(construct);
            free(why);
            free(at);
            return false;
        }
    }
    return true;
}

static itype *map_integer(imp_ctx *c, const cJSON *s, const char *pointer)
{
    if (!bounds_are_numbers(c, s, pointer))
        return NULL;
    const char *const values[] = {"const", "enum"};
    for (size_t i = 0; i < 2; i++) {
        const cJSON *k = cJSON_GetObjectItemCaseSensitive(s, values[i]), *v;
        bool beyond = cJSON_IsNumber(k) && fabs(k->valuedouble) > SAFE_INT;
        cJSON_ArrayForEach(v, k)
        {
            beyond |= cJSON_IsNumber(v) && fabs(v->valuedouble) > SAFE_INT;
        }
        if (beyond) {
            char *at = imp_pointer_append(pointer, values[i]);
            char *construct = xasprintf("an integer %s beyond ±(2^53-1)", values[i]);
            imp_refuse(c, at, construct,
                       "no decoder takes such an integer: I-JSON, docs/strictness.md");
            free(construct);
            free(at);
            return NULL;
        }
    }
    itype *t = imp_new_type(c, IK_INT, NULL);
    double lo =
        fmax(num_of(s, "minimum", -INFINITY), floor(num_of(s, "exclusiveMinimum", -INFINITY)) + 1);
    double hi =
        fmin(num_of(s, "maximum", INFINITY), ceil(num_of(s, "exclusiveMaximum", INFINITY)) - 1);
    /* the bounds as written, not rounded: schemac states the tighter of a
     * tag and the type's range, so -0.5 stays -0.5 on a signed type */
    t->int_type = c->wide_ints ? "int64_t" : int_type_for(lo, hi);
    integer_tags(t, s);
    copy_enum_const(t, s);
    return t;
}

static itype *map_number(imp_ctx *c, const cJSON *s, const char *pointer)
{
    if (!bounds_are_numbers(c, s, pointer))
        return NULL;
    itype *t = imp_new_type(c, IK_NUMBER, NULL);
    copy_tags(t, s, number_keywords);
    copy_enum_const(t, s);
    return t;
}

/* "A colour.\n- red: Warm.\n- verde" as schemac writes an enum with
 * documented values: the text before the list goes to the enum, each
 * line's text to its enumerator. false when the description does not end
 * in exactly that list. */
static bool split_value_docs(itype *t, const char *description)
{
    size_t len = strlen(description), at = len;
    for (size_t v = t->nvalues; v > 0; v--) {
        size_t line = at;
        while (line > 0 && description[line - 1] != '\n')
            line--;
        if (line == 0)
            return false;
        const char *text = description + line;
        size_t n = at - line, name = strlen(t->values[v - 1]);
        if (n < 2 + name || strncmp(text, "- ", 2) != 0 ||
            strncmp(text + 2, t->values[v - 1], name) != 0)
            return false;
        if (n == 2 + name)
            t->value_docs[v - 1] = NULL;
        else if (n > 4 + name && strncmp(text + 2 + name, ": ", 2) == 0)
            t->value_docs[v - 1] = xstrndup(text + 4 + name, n - 4 - name);
        else
            return false;
        at = line - 1;
    }
    t->description = xstrndup(description, at);
    return true;
}

static itype *map_enum(imp_ctx *c, const cJSON *s, const char *name_hint)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum");
    itype *t = imp_new_type(c, IK_ENUM, name_hint);
    t->nvalues = (size_t)cJSON_GetArraySize(e);
    t->values = xcalloc(t->nvalues + 1, sizeof *t->values);
    t->enumerators = xcalloc(t->nvalues + 1, sizeof *t->enumerators);
    t->value_docs = xcalloc(t->nvalues + 1, sizeof *t->value_docs);
    size_t i = 0;
    const cJSON *v;
    cJSON_ArrayForEach(v, e)
    {
        t->values[i] = xstrdup(v->valuestring);
        t->enumerators[i] = imp_enumerator(c, t->c_name, v->valuestring);
        i++;
    }
    const char *d = str_of(s, "description");
    if (d != NULL) {
        for (size_t k = 0; k < t->nvalues; k++)
            free(t->value_docs[k]), t->value_docs[k] = NULL;
        if (!split_value_docs(t, d)) {
            for (size_t k = 0; k < t->nvalues; k++)
                free(t->value_docs[k]), t->value_docs[k] = NULL;
            t->description = xstrdup(d);
        }
    }
    return t;
}

/* A C enum when every value is a distinct non-empty string and nothing
 * but the list constrains it; else a char * with @enum. */
static bool enum_fits_c(const cJSON *s)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum");
    if (!cJSON_IsArray(e) || cJSON_GetArraySize(e) == 0 ||
        cJSON_GetObjectItemCaseSensitive(s, "const") != NULL)
        return false;
    const cJSON *v;
    cJSON_ArrayForEach(v, e)
    {
        if (!cJSON_IsString(v) || v->valuestring[0] == '\0')
            return false;
        for (const cJSON *w = v->next; w != NULL; w = w->next)
            if (cJSON_IsString(w) && strcmp(w->valuestring, v->valuestring) == 0)
                return false;
    }
    for (const char *const *k = string_keywords; *k != NULL; k++)
        if (cJSON_GetObjectItemCaseSensitive(s, *k) != NULL)
            return false;
    return true;
}

/* The JSON type of a value, as "type" names it. */
static const char *json_type_of(const cJSON *v)
{
    if (cJSON_IsBool(v))
        return "boolean";
    if (cJSON_IsNumber(v))
        return v->valuedouble == floor(v->valuedouble) ? "integer" : "number";
    if (cJSON_IsString(v))
        return "string";
    if (cJSON_IsNull(v))
        return "null";
    return cJSON_IsArray(v) ? "array" : "object";
}

/* The type of a schema without "type": the one of its const or of all its
 * enum values; NULL when there is none or several. */
static const char *implied_type(const cJSON *s)
{
    const cJSON *k = cJSON_GetObjectItemCaseSensitive(s, "const");
    if (k != NULL)
        return json_type_of(k);
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum"), *v;
    const char *type = NULL;
    cJSON_ArrayForEach(v, e)
    {
        const char *t = json_type_of(v);
        if (strcmp(t, "number") == 0 || strcmp(t, "integer") == 0)
            t = type != NULL && strcmp(type, "integer") == 0 && strcmp(t, "integer") == 0
                    ? "integer"
                    : "number";
        if (type != NULL && strcmp(type, t) != 0 &&
            !(strcmp(t, "number") == 0 && strcmp(type, "integer") == 0))
            return NULL;
        type = t;
    }
    return type;
}

static itype *map_object(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint);
static itype *map_array(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint);

static bool has_any_keyword(const cJSON *s, const char *const *list)
{
    for (; *list != NULL; list++)
        if (cJSON_GetObjectItemCaseSensitive(s, *list) != NULL)
            return true;
    return false;
}

/* Code points of UTF-8 text, as minLength and maxLength count them. */
static double code_points(const char *s)
{
    double n = 0;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++)
        n += (*p & 0xC0) != 0x80;
    return n;
}

/* Whether an enum value is one the type's other keywords let through. */
static bool enum_value_fits(const cJSON *s, const cJSON *v)
{
    if (cJSON_IsString(v)) {
        double n = code_points(v->valuestring);
        return n >= num_of(s, "minLength", 0) && n <= num_of(s, "maxLength", INFINITY);
    }
    if (cJSON_IsNumber(v))
        return v->valuedouble >= num_of(s, "minimum", -INFINITY) &&
               v->valuedouble <= num_of(s, "maximum", INFINITY) &&
               v->valuedouble > num_of(s, "exclusiveMinimum", -INFINITY) &&
               v->valuedouble < num_of(s, "exclusiveMaximum", INFINITY);
    return true;
}

/* An enum value the other keywords refuse is no valid value; schemac
 * refuses it in @enum, so it is left out (the same documents). NULL: none
 * left out. */
static cJSON *enum_without_misfits(const cJSON *s)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum"), *v;
    bool misfit = false;
    cJSON_ArrayForEach(v, e)
    {
        misfit |= !enum_value_fits(s, v);
    }
    if (!misfit)
        return NULL;
    cJSON *copy = cJSON_Duplicate(s, 1);
    cJSON *values = cJSON_GetObjectItemCaseSensitive(copy, "enum");
    for (int i = cJSON_GetArraySize(values) - 1; i >= 0; i--)
        if (!enum_value_fits(s, cJSON_GetArrayItem(values, i)))
            cJSON_DeleteItemFromArray(values, i);
    return copy;
}

static itype *map_typed_checked(imp_ctx *c, const cJSON *s, const char *pointer,
                                const char *name_hint, const char *type);

/* A bound of s tightened to limit (a larger minimum, a smaller maximum). */
static void tighten(cJSON *s, const char *bound, double limit)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(s, bound);
    bool lower = strcmp(bound, "minimum") == 0;
    if (cJSON_IsNumber(v) && (lower ? v->valuedouble >= limit : v->valuedouble <= limit))
        return;
    if (v != NULL && !cJSON_IsNumber(v))
        return; /* bounds_are_numbers refuses it */
    cJSON_DeleteItemFromObjectCaseSensitive(s, bound);
    cJSON_AddNumberToObject(s, bound, limit);
}

/* ajv-formats' formats of numbers, the oracle of docs/import.md, as what
 * they check: int32 an integer in [-2^31, 2^31-1], int64 an integer, float
 * and double nothing. A copy of s without the format (the type in *type),
 * or NULL when s has none of them. */
static cJSON *number_format_checked(const cJSON *s, const char **type)
{
    const char *f = str_of(s, "format");
    if (f == NULL || (strcmp(*type, "integer") != 0 && strcmp(*type, "number") != 0))
        return NULL;
    bool int32 = strcmp(f, "int32") == 0, int64 = strcmp(f, "int64") == 0;
    if (!int32 && !int64 && strcmp(f, "float") != 0 && strcmp(f, "double") != 0)
        return NULL;
    cJSON *copy = cJSON_Duplicate(s, 1);
    cJSON_DeleteItemFromObjectCaseSensitive(copy, "format");
    if (int32 || int64) {
        *type = "integer";
        cJSON_DeleteItemFromObjectCaseSensitive(copy, "type");
        cJSON_AddStringToObject(copy, "type", "integer");
    }
    if (int32) {
        tighten(copy, "minimum", -2147483648.0);
        tighten(copy, "maximum", 2147483647.0);
    }
    return copy;
}

/* By "type" (or the type its enum or const implies). */
static itype *map_typed(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint,
                        const char *type)
{
    cJSON *formatted = number_format_checked(s, &type);
    if (formatted != NULL) {
        itype *t = map_typed(c, formatted, pointer, name_hint, type);
        cJSON_Delete(formatted);
        return t;
    }
    cJSON *fitted = enum_without_misfits(s);
    if (fitted == NULL)
        return map_typed_checked(c, s, pointer, name_hint, type);
    itype *t = cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(fitted, "enum")) == 0
                   ? imp_refuse(c, pointer, "an enum whose every value the other keywords refuse",
                                "no value is valid")
                   : map_typed_checked(c, fitted, pointer, name_hint, type);
    cJSON_Delete(fitted);
    return t;
}

static itype *map_typed_checked(imp_ctx *c, const cJSON *s, const char *pointer,
                                const char *name_hint, const char *type)
{
    const char *const *allowed = strcmp(type, "string") == 0 ? string_keywords
                                 : strcmp(type, "integer") == 0 || strcmp(type, "number") == 0
                                     ? number_keywords
                                 : strcmp(type, "array") == 0  ? array_keywords
                                 : strcmp(type, "object") == 0 ? object_keywords
                                                               : NULL;
    const char *unknown = unknown_keyword(s, allowed);
    if (unknown != NULL)
        return refuse_keyword(c, pointer, unknown);
    if (strcmp(type, "null") == 0)
        return imp_refuse(c, pointer, "a value that is always null",
                          "a member is null only as a @nullable one");
    if (strcmp(type, "boolean") == 0) {
        itype *t = imp_new_type(c, IK_BOOL, NULL);
        copy_enum_const(t, s);
        return t;
    }
    if (strcmp(type, "integer") == 0)
        return map_integer(c, s, pointer);
    if (strcmp(type, "number") == 0)
        return map_number(c, s, pointer);
    if (strcmp(type, "string") == 0)
        return enum_fits_c(s) ? map_enum(c, s, name_hint) : map_string(c, s, pointer);
    if (strcmp(type, "array") == 0)
        return map_array(c, s, pointer, name_hint);
    if (strcmp(type, "object") == 0)
        return map_object(c, s, pointer, name_hint);
    return imp_refuse(c, pointer, "this type", "not a JSON Schema type");
}

static char *ref_hint(const char *ref)
{
    const char *slash = strrchr(ref, '/');
    return xstrdup(slash != NULL && slash[1] != '\0' ? slash + 1 : "root");
}

static itype *map_ref(imp_ctx *c, const cJSON *s, const char *pointer)
{
    const char *ref = str_of(s, "$ref");
    const cJSON *k;
    cJSON_ArrayForEach(k, s)
    {
        if (strcmp(k->string, "$ref") != 0 && !imp_known_annotation(k->string))
            return refuse_keyword(c, pointer, k->string);
    }
    for (size_t i = 0; i < c->nrefs; i++)
        if (strcmp(c->refs[i], ref) == 0)
            return c->ref_types[i];
    for (size_t i = 0; i < c->nin_progress; i++)
        if (strcmp(c->in_progress[i], ref) == 0)
            return imp_refuse(c, pointer, "this recursion",
                              "a type reaches itself through an object only");
    cJSON *target = imp_resolve_ref(c, ref, pointer);
    if (target == NULL)
        return NULL;
    c->in_progress = xrealloc(c->in_progress, (c->nin_progress + 1) * sizeof *c->in_progress);
    c->in_progress[c->nin_progress++] = (char *)ref;
    char *at = xasprintf("%s%s", c->root_pointer, ref + 1);
    char *hint = ref_hint(ref);
    itype *t = imp_map_schema(c, target, at, hint);
    c->nin_progress--;
    if (t != NULL && (t->kind == IK_STRUCT || t->kind == IK_UNTAGGED || t->kind == IK_ENUM)) {
        c->refs = xrealloc(c->refs, (c->nrefs + 1) * sizeof *c->refs);
        c->ref_types = xrealloc(c->ref_types, (c->nrefs + 1) * sizeof *c->ref_types);
        c->refs[c->nrefs] = xstrdup(ref);
        c->ref_types[c->nrefs++] = t;
    }
    free(hint);
    free(at);
    return t;
}

/* A struct mapped from a $ref is known by it before its members are, so a
 * member reaching it again finds it (recursion, by pointer). */
void imp_register_in_progress(imp_ctx *c, itype *t)
{
    if (c->nin_progress == 0)
        return;
    const char *ref = c->in_progress[c->nin_progress - 1];
    for (size_t i = 0; i < c->nrefs; i++)
        if (strcmp(c->refs[i], ref) == 0)
            return;
    c->refs = xrealloc(c->refs, (c->nrefs + 1) * sizeof *c->refs);
    c->ref_types = xrealloc(c->ref_types, (c->nrefs + 1) * sizeof *c->ref_types);
    c->refs[c->nrefs] = xstrdup(ref);
    c->ref_types[c->nrefs++] = t;
}

/* An allOf branch (or s itself, beside allOf) that can be merged: an
 * object open to other members with properties and required only. */
static bool mergeable(const cJSON *b, bool outer)
{
    const cJSON *k;
    cJSON_ArrayForEach(k, b)
    {
        const char *key = k->string;
        bool ok = imp_known_annotation(key) || strcmp(key, "properties") == 0 ||
                  strcmp(key, "required") == 0 || (outer && strcmp(key, "allOf") == 0) ||
                  (strcmp(key, "type") == 0 && cJSON_IsString(k) &&
                   strcmp(k->valuestring, "object") == 0) ||
                  (strcmp(key, "additionalProperties") == 0 &&
                   (cJSON_IsTrue(k) || (cJSON_IsObject(k) && cJSON_GetArraySize(k) == 0)));
        if (!ok || (strcmp(key, "properties") == 0 && !cJSON_IsObject(k)) ||
            (strcmp(key, "required") == 0 && !cJSON_IsArray(k)))
            return false;
    }
    return true;
}

/* Adds branch b's properties and required names to merged; false when a
 * name has another schema there already (their intersection has no
 * single schema here). */
static bool merge_branch(cJSON *merged, const cJSON *b)
{
    cJSON *props = cJSON_GetObjectItemCaseSensitive(merged, "properties");
    cJSON *req = cJSON_GetObjectItemCaseSensitive(merged, "required");
    const cJSON *p, *r;
    if (str_of(b, "type") != NULL && cJSON_GetObjectItemCaseSensitive(merged, "type") == NULL)
        cJSON_AddStringToObject(merged, "type", "object");
    cJSON_ArrayForEach(p, cJSON_GetObjectItemCaseSensitive(b, "properties"))
    {
        const cJSON *had = cJSON_GetObjectItemCaseSensitive(props, p->string);
        if (had != NULL && !cJSON_Compare(had, p, 1))
            return false;
        if (had == NULL)
            cJSON_AddItemToObject(props, p->string, cJSON_Duplicate(p, 1));
    }
    cJSON_ArrayForEach(r, cJSON_GetObjectItemCaseSensitive(b, "required"))
    {
        bool had = false;
        const cJSON *q;
        cJSON_ArrayForEach(q, req)
        {
            had |= cJSON_Compare(q, r, 1);
        }
        if (!had)
            cJSON_AddItemToArray(req, cJSON_Duplicate(r, 1));
    }
    return true;
}

/* allOf of objects open to other members, each with properties and
 * required only (after $refs), whose shared properties have one schema:
 * one open object of all their properties and required names. A
 * document meets every branch exactly when it meets that object: each
 * property's schema is the same wherever it is, and no branch refuses
 * a member another declares. NULL when s is not such an allOf. */
static cJSON *merged_all_of(imp_ctx *c, const cJSON *s, const char *pointer)
{
    if (!mergeable(s, true))
        return NULL;
    cJSON *merged = cJSON_CreateObject();
    const char *d = str_of(s, "description");
    if (d != NULL)
        cJSON_AddStringToObject(merged, "description", d);
    cJSON_AddObjectToObject(merged, "properties");
    cJSON_AddArrayToObject(merged, "required");
    bool ok = merge_branch(merged, s);
    const cJSON *branch;
    cJSON_ArrayForEach(branch, cJSON_GetObjectItemCaseSensitive(s, "allOf"))
    {
        const cJSON *b = branch; /* its $refs followed */
        for (int hops = 0;
             ok && hops < 32 && str_of(b, "$ref") != NULL && cJSON_GetArraySize((cJSON *)b) == 1;
             hops++)
            b = imp_resolve_ref(c, str_of(b, "$ref"), pointer);
        ok = ok && cJSON_IsObject(b) && mergeable(b, false) && merge_branch(merged, b);
    }
    if (!ok) {
        cJSON_Delete(merged);
        return NULL;
    }
    return merged;
}

itype *imp_map_schema(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    if (cJSON_IsTrue(s))
        return imp_new_type(c, IK_ANY, NULL);
    if (!cJSON_IsObject(s))
        return imp_refuse(c, pointer, cJSON_IsFalse(s) ? "false (no value)" : "this value",
                          "not a schema a member can have");
    free(c->refusal);
    c->refusal = NULL;
    if (cJSON_GetObjectItemCaseSensitive(s, "$ref") != NULL)
        return map_ref(c, s, pointer);
    const cJSON *all = cJSON_GetObjectItemCaseSensitive(s, "allOf");
    if (all != NULL) {
        cJSON *merged = cJSON_GetArraySize(all) != 1 || cJSON_GetArraySize((cJSON *)s) != 1
                            ? merged_all_of(c, s, pointer)
                            : NULL;
        if (merged != NULL) {
            itype *t = imp_map_schema(c, merged, pointer, name_hint);
            cJSON_Delete(merged);
            return t;
        }
        if (cJSON_GetArraySize(all) != 1 || cJSON_GetArraySize((cJSON *)s) != 1)
            return imp_refuse(
                c, pointer, "allOf",
                "a header has no intersection of schemas; only objects open to other members, "
                "with properties alike where they share them, are merged");
        char *at = imp_pointer_append(pointer, "allOf/0");
        itype *t = imp_map_schema(c, cJSON_GetArrayItem(all, 0), at, name_hint);
        free(at);
        return t;
    }
    if (cJSON_GetObjectItemCaseSensitive(s, "anyOf") != NULL ||
        cJSON_GetObjectItemCaseSensitive(s, "oneOf") != NULL)
        return imp_map_union(c, s, pointer, name_hint);
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(s, "type");
    if (cJSON_IsArray(type) && cJSON_GetArraySize(type) == 1)
        type = cJSON_GetArrayItem(type, 0);
    if (cJSON_IsArray(type))
        return imp_map_type_list(c, s, pointer, name_hint);
    if (cJSON_IsString(type))
        return map_typed(c, s, pointer, name_hint, type->valuestring);
    const char *implied = implied_type(s);
    if (implied != NULL) {
        if (strcmp(implied, "object") == 0 || strcmp(implied, "array") == 0 ||
            strcmp(implied, "null") == 0)
            return imp_refuse(c, pointer, "an enum or const of this type",
                              "@enum and @const take booleans, numbers and strings");
        return map_typed(c, s, pointer, name_hint, implied);
    }
    if (cJSON_GetObjectItemCaseSensitive(s, "enum") != NULL ||
        cJSON_GetObjectItemCaseSensitive(s, "const") != NULL)
        return imp_refuse(c, pointer, "an enum of values of several types",
                          "@enum takes values of one type");
    const char *unknown = unknown_keyword(s, NULL);
    if (unknown == NULL)
        return imp_new_type(c, IK_ANY, NULL);
    if (has_any_keyword(s, string_keywords) || has_any_keyword(s, number_keywords) ||
        has_any_keyword(s, array_keywords) || has_any_keyword(s, object_keywords))
        return imp_refuse(
            c, pointer, "keywords without \"type\"",
            "they constrain one type and let values of the others through; a member has one type");
    return refuse_keyword(c, pointer, unknown);
}

static itype *map_items(imp_ctx *c, const cJSON *items, const char *pointer, const char *name_hint)
{
    bool nullable = false;
    cJSON *owned = NULL;
    const cJSON *stripped = imp_strip_null(c, items, &nullable, &owned);
    itype *t = NULL;
    if (nullable) {
        imp_refuse(c, pointer, "items that may be null", "an array's items are values, never null");
    } else {
        t = imp_map_schema(c, stripped, pointer, name_hint);
    }
    cJSON_Delete(owned);
    if (t == NULL)
        return NULL;
    const char *d = str_of(items, "description");
    if (t->kind == IK_ARRAY || t->kind == IK_MAP)
        return imp_refuse(c, pointer,
                          t->kind == IK_ARRAY ? "an array of arrays" : "an array of maps",
                          "C has no array of counted arrays");
    if (t->c_name == NULL && d != NULL && t->kind != IK_ANY && t->kind != IK_ANY_OBJECT) {
        /* a typedef carries the items' description */
        itype *named = imp_new_type(c, t->kind, name_hint);
        char *keep = named->c_name;
        *named = *t;
        named->c_name = keep;
        named->description = xstrdup(d);
        memset(t, 0, sizeof *t); /* an empty shell: named owns what it held */
        t = named;
    }
    return t;
}

static itype *map_array(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    const cJSON *items = cJSON_GetObjectItemCaseSensitive(s, "items");
    char *at = imp_pointer_append(pointer, "items");
    if (cJSON_IsArray(items)) {
        free(at);
        return imp_refuse(c, pointer, "items as a list (a tuple)",
                          "a C array holds items of one type");
    }
    char *hint = xasprintf("%s_item", name_hint != NULL ? name_hint : "array");
    itype *item = items != NULL ? map_items(c, items, at, hint) : imp_new_type(c, IK_ANY, NULL);
    free(hint);
    free(at);
    if (item == NULL)
        return NULL;
    const cJSON *unique = cJSON_GetObjectItemCaseSensitive(s, "uniqueItems");
    if (cJSON_IsTrue(unique) &&
        !(item->kind == IK_BOOL || item->kind == IK_INT || item->kind == IK_NUMBER ||
          item->kind == IK_STRING || item->kind == IK_ENUM))
        return imp_refuse(c, pointer, "uniqueItems on these items",
                          "schemac compares strings, numbers, booleans and enums only");
    itype *t = imp_new_type(c, IK_ARRAY, NULL);
    t->items = item;
    static const char *const counts[] = {"minItems", "maxItems", NULL};
    copy_tags(t, s, counts);
    if (cJSON_IsTrue(unique))
        imp_add_tag(t, "@uniqueItems");
    if (cJSON_GetObjectItemCaseSensitive(s, "enum") != NULL ||
        cJSON_GetObjectItemCaseSensitive(s, "const") != NULL)
        return imp_refuse(c, pointer, "an enum or const of arrays",
                          "@enum and @const take booleans, numbers and strings");
    return t;
}

/* nullable: s allows null beside one other schema (type [T, "null"], an
 * enum with null, anyOf/oneOf [X, {"type": "null"}]); the schema without
 * it is returned (owned, when built, for the caller to delete). */
const cJSON *imp_strip_null(imp_ctx *c, const cJSON *s, bool *nullable, cJSON **owned)
{
    (void)c;
    *nullable = false;
    *owned = NULL;
    if (!cJSON_IsObject(s))
        return s;
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(s, "type");
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum");
    const char *alt = cJSON_GetObjectItemCaseSensitive(s, "anyOf") != NULL ? "anyOf" : "oneOf";
    const cJSON *branches = cJSON_GetObjectItemCaseSensitive(s, alt);
    if (cJSON_IsArray(branches) && cJSON_GetArraySize(branches) == 2) {
        for (int i = 0; i < 2; i++) {
            const cJSON *b = cJSON_GetArrayItem(branches, i);
            const cJSON *bt = cJSON_GetObjectItemCaseSensitive(b, "type");
            if (cJSON_IsObject(b) && cJSON_GetArraySize(b) == 1 && cJSON_IsString(bt) &&
                strcmp(bt->valuestring, "null") == 0) {
                /* the other branch, with the outer annotations */
                cJSON *copy = cJSON_Duplicate(cJSON_GetArrayItem(branches, 1 - i), 1);
                const cJSON *k;
                cJSON_ArrayForEach(k, s)
                {
                    if (strcmp(k->string, alt) != 0 &&
                        cJSON_GetObjectItemCaseSensitive(copy, k->string) == NULL &&
                        cJSON_IsObject(copy) &&
                        cJSON_GetObjectItemCaseSensitive(copy, "$ref") == NULL)
                        cJSON_AddItemToObject(copy, k->string, cJSON_Duplicate(k, 1));
                }
                *nullable = true;
                *owned = copy;
                return copy;
            }
        }
    }
    bool null_type = false, null_value = false;
    const cJSON *v;
    cJSON_ArrayForEach(v, type)
    {
        null_type |= cJSON_IsString(v) && strcmp(v->valuestring, "null") == 0;
    }
    cJSON_ArrayForEach(v, e)
    {
        null_value |= cJSON_IsNull(v);
    }
    if (!null_type && !(null_value && type == NULL))
        return s;
    if (null_type && cJSON_GetArraySize(type) > 2)
        return s; /* several types and null: an untagged union with a null variant */
    cJSON *copy = cJSON_Duplicate(s, 1);
    if (null_type) {
        cJSON *types = cJSON_GetObjectItemCaseSensitive(copy, "type");
        for (int i = cJSON_GetArraySize(types) - 1; i >= 0; i--)
            if (strcmp(cJSON_GetArrayItem(types, i)->valuestring, "null") == 0)
                cJSON_DeleteItemFromArray(types, i);
    }
    cJSON *values = cJSON_GetObjectItemCaseSensitive(copy, "enum");
    for (int i = cJSON_GetArraySize(values) - 1; i >= 0; i--)
        if (cJSON_IsNull(cJSON_GetArrayItem(values, i)))
            cJSON_DeleteItemFromArray(values, i);
    if (values != NULL && cJSON_GetArraySize(values) == 0) {
        cJSON_Delete(copy);
        return s; /* only null: refused by the caller's mapping */
    }
    *nullable = true;
    *owned = copy;
    return copy;
}

static bool is_value_kind(ikind k)
{
    return k == IK_BOOL || k == IK_INT || k == IK_NUMBER || k == IK_STRING || k == IK_ENUM;
}

/* Whether a scalar default is a value the member's schema s accepts:
 * schemac checks @default against the member's keywords, while a JSON
 * Schema default is an annotation that may break them. */
static bool default_fits(const cJSON *s, const cJSON *d, ikind kind)
{
    const cJSON *e = cJSON_GetObjectItemCaseSensitive(s, "enum"),
                *k = cJSON_GetObjectItemCaseSensitive(s, "const");
    bool in_enum = e == NULL;
    const cJSON *v;
    cJSON_ArrayForEach(v, e)
    {
        in_enum |= cJSON_Compare(v, d, 1);
    }
    if (!in_enum || (k != NULL && !cJSON_Compare(k, d, 1)) || !enum_value_fits(s, d))
        return false;
    if (kind == IK_BOOL)
        return cJSON_IsBool(d);
    if (kind == IK_INT || kind == IK_NUMBER) {
        double m = num_of(s, "multipleOf", 0), x = cJSON_IsNumber(d) ? d->valuedouble : 0;
        return cJSON_IsNumber(d) && (kind != IK_INT || (x == floor(x) && fabs(x) <= SAFE_INT)) &&
               (m <= 0 || sc_is_multiple_of(x, m));
    }
    if (!cJSON_IsString(d))
        return false;
    const char *pat = str_of(s, "pattern");
    if (pat == NULL)
        return true;
    char err[200];
    size_t off = 0;
    pattern *p = pattern_compile(pat, err, sizeof err, &off);
    bool match = p != NULL && pattern_match(p, d->valuestring, strlen(d->valuestring));
    pattern_free(p);
    return match;
}

/* default: a tag where schemac takes one (a scalar the member accepts; []
 * on an array, {} on a map); otherwise left out, which changes no verdict
 * (it is an annotation). s is the member's schema. */
static void field_default(ifield *f, const cJSON *s, const cJSON *d)
{
    if (d == NULL || f->type == NULL)
        return;
    bool scalar =
        is_value_kind(f->type->kind) && !cJSON_IsNull(d) && !cJSON_IsArray(d) && !cJSON_IsObject(d);
    bool ok = (scalar && default_fits(s, d, f->type->kind)) ||
              (f->type->kind == IK_ARRAY && cJSON_IsArray(d) && cJSON_GetArraySize(d) == 0) ||
              (f->type->kind == IK_MAP && cJSON_IsObject(d) && cJSON_GetArraySize(d) == 0);
    if (ok)
        f->default_value = cJSON_Duplicate(d, 1);
    else if (f->note == NULL && scalar)
        f->note = xstrdup("its default is not stated: a value its own keywords refuse");
    else if (f->note == NULL)
        f->note =
            xstrdup("its default is not stated: schemac takes a scalar, [] or {} as @default");
}

/* A description given on the member: a named type keeps its own. */
static const char *member_description(const cJSON *ps, const itype *t)
{
    const char *d = str_of(ps, "description");
    if (d == NULL)
        return NULL;
    bool named = t->kind == IK_STRUCT || t->kind == IK_UNTAGGED || t->kind == IK_ENUM;
    return named && cJSON_GetObjectItemCaseSensitive(ps, "$ref") == NULL ? NULL : d;
}

static void add_field(itype *st, ifield *f)
{
    st->fields = xrealloc(st->fields, (st->nfields + 1) * sizeof *st->fields);
    st->fields[st->nfields++] = *f;
}

/* A loosened member: a cJSON * that takes any value, and the note. */
static itype *loosened(imp_ctx *c, ifield *f)
{
    f->note = xasprintf("loosened by --loosen: %s; any JSON value is accepted here", c->refusal);
    c->uses_cjson = true;
    return imp_new_type(c, IK_ANY, NULL);
}

static void map_field(imp_ctx *c, itype *st, const char *json_name, const cJSON *ps,
                      const char *pointer, bool required)
{
    ifield f;
    memset(&f, 0, sizeof f);
    sb_init(&f.extra);
    f.json_name = xstrdup(json_name);
    f.c_name = imp_member_name(json_name);
    f.required = required;
    cJSON *owned = NULL;
    const cJSON *stripped = imp_strip_null(c, ps, &f.nullable, &owned);
    char *hint = xasprintf("%s_%s", st->c_name, f.c_name);
    f.type = imp_map_schema(c, stripped, pointer, hint);
    free(hint);
    if (f.type != NULL && f.type->kind == IK_STRUCT && !f.type->done) {
        f.by_pointer = true; /* recursion: the struct is being mapped */
        if (required && !f.nullable)
            f.type = imp_refuse(c, pointer, "a required member of a type that contains it",
                                "a struct holds itself through a pointer, which may be absent");
    }
    if (f.type != NULL && (f.type->kind == IK_ANY || f.type->kind == IK_ANY_OBJECT) && required &&
        !f.nullable)
        f.type = imp_refuse(c, pointer, "a required member of any value",
                            "a cJSON * member may be absent");
    if (f.type != NULL && f.nullable &&
        (f.type->kind == IK_ANY_OBJECT || f.type->kind == IK_UNTAGGED || f.type->kind == IK_ANY))
        f.type = f.type->kind == IK_ANY
                     ? f.type
                     : imp_refuse(c, pointer, "null beside a free-form object or a union",
                                  "@nullable takes a pointer to one type");
    if (f.type == NULL && c->loosen && c->refusal != NULL) {
        f.type = loosened(c, &f);
        f.required = false;
        f.nullable = false;
    }
    if (f.type == NULL) {
        cJSON_Delete(owned);
        free(f.json_name);
        free(f.c_name);
        sb_free(&f.extra);
        return;
    }
    if (f.type->kind == IK_ANY && f.nullable)
        f.nullable = false; /* a cJSON * takes null already */
    if (f.type->kind == IK_ANY || f.type->kind == IK_ANY_OBJECT)
        c->uses_cjson = true;
    const char *d = member_description(ps, f.type);
    if (d == NULL && f.type->c_name == NULL)
        d = str_of(stripped, "description");
    f.description = d != NULL ? xstrdup(d) : NULL;
    if (f.note == NULL)
        field_default(&f, stripped, cJSON_GetObjectItemCaseSensitive(ps, "default"));
    const cJSON *ex = cJSON_GetObjectItemCaseSensitive(ps, "examples");
    if (cJSON_IsArray(ex) && f.note == NULL) {
        char *v = imp_tag_json(ex);
        sb_printf(&f.extra, "@examples %s\n", v);
        free(v);
    }
    if (cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(ps, "deprecated")) && f.note == NULL)
        sb_puts(&f.extra, "@deprecated\n");
    cJSON_Delete(owned);
    add_field(st, &f);
}

static bool is_required(const cJSON *required, const char *name)
{
    const cJSON *r;
    cJSON_ArrayForEach(r, required)
    {
        if (cJSON_IsString(r) && strcmp(r->valuestring, name) == 0)
            return true;
    }
    return false;
}

/* additionalProperties: {schema} and no properties: a map. */
static itype *map_map(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    const cJSON *names = cJSON_GetObjectItemCaseSensitive(s, "propertyNames");
    char *entry_name = xasprintf("%s_entry", name_hint != NULL ? name_hint : "map");
    itype *entry = imp_new_type(c, IK_STRUCT, entry_name);
    free(entry_name);
    entry->is_entry = true;
    if (names != NULL) {
        char *at = imp_pointer_append(pointer, "propertyNames");
        cJSON *keys = cJSON_Duplicate(names, 1);
        if (cJSON_GetObjectItemCaseSensitive(keys, "type") == NULL)
            cJSON_AddStringToObject(keys, "type", "string");
        map_field(c, entry, "key", keys, at, true);
        cJSON_Delete(keys);
        free(at);
        if (entry->nfields != 1 || entry->fields[0].type->kind != IK_STRING ||
            entry->fields[0].note != NULL)
            return imp_refuse(c, pointer, "these propertyNames",
                              "a map's keys are strings with string keywords");
    } else {
        cJSON *keys = cJSON_CreateObject();
        cJSON_AddStringToObject(keys, "type", "string");
        map_field(c, entry, "key", keys, pointer, true);
        cJSON_Delete(keys);
    }
    char *at = imp_pointer_append(pointer, "additionalProperties");
    map_field(c, entry, "value", cJSON_GetObjectItemCaseSensitive(s, "additionalProperties"), at,
              true);
    free(at);
    if (entry->nfields != 2 || entry->fields[1].note != NULL ||
        (entry->fields[1].type->kind == IK_ANY && !c->loosen))
        return entry->nfields != 2 || entry->fields[1].note != NULL
                   ? NULL
                   : imp_refuse(c, pointer, "a map of any values",
                                "a map's value is not a cJSON *");
    entry->done = true;
    itype *t = imp_new_type(c, IK_MAP, NULL);
    t->items = entry;
    static const char *const counts[] = {"minProperties", "maxProperties", NULL};
    copy_tags(t, s, counts);
    return t;
}

static itype *map_object(imp_ctx *c, const cJSON *s, const char *pointer, const char *name_hint)
{
    const cJSON *props = cJSON_GetObjectItemCaseSensitive(s, "properties");
    const cJSON *required = cJSON_GetObjectItemCaseSensitive(s, "required");
    const cJSON *extra = cJSON_GetObjectItemCaseSensitive(s, "additionalProperties");
    if (cJSON_IsObject(extra) && only_annotations(extra))
        extra = NULL; /* {}: any member, as true */
    if (cJSON_IsObject(extra) && props == NULL && cJSON_GetArraySize(required) == 0)
        return map_map(c, s, pointer, name_hint);
    const char *map_only[] = {"propertyNames", "minProperties", "maxProperties", NULL};
    for (const char *const *k = map_only; *k != NULL; k++)
        if (cJSON_GetObjectItemCaseSensitive(s, *k) != NULL)
            return refuse_keyword(c, pointer, *k);
    if (cJSON_IsObject(extra))
        return imp_refuse(
            c, pointer, "additionalProperties with a schema beside properties",
            "a struct's unknown members are refused or skipped, a map has no fixed members");
    const cJSON *r;
    cJSON_ArrayForEach(r, required)
    {
        if (!cJSON_IsString(r) || cJSON_GetObjectItemCaseSensitive(props, r->valuestring) == NULL) {
            char *at = imp_pointer_append(pointer, "required");
            imp_refuse(c, at, "a required member without a schema in properties",
                       "a struct's members are its properties");
            free(at);
            return NULL;
        }
    }
    if (props == NULL && !cJSON_IsFalse(extra) && cJSON_GetArraySize(required) == 0) {
        itype *t = imp_new_type(c, IK_ANY_OBJECT, NULL);
        return t;
    }
    itype *t = imp_new_type(c, IK_STRUCT, name_hint != NULL ? name_hint : "object");
    imp_register_in_progress(c, t);
    const char *d = str_of(s, "description");
    t->description = d != NULL ? xstrdup(d) : NULL;
    t->open = !cJSON_IsFalse(extra);
    char *at = imp_pointer_append(pointer, "properties");
    const cJSON *p;
    cJSON_ArrayForEach(p, props)
    {
        char *where = imp_pointer_append(at, p->string);
        map_field(c, t, p->string, p, where, is_required(required, p->string));
        free(where);
    }
    free(at);
    imp_unique_members(t->fields, t->nfields);
    t->done = true;
    return t;
}

/* The root: a struct (or a tagged union), never a bare value. */
itype *imp_map_root(imp_ctx *c, const cJSON *s, const char *pointer, const char *name)
{
    c->in_progress = xrealloc(c->in_progress, (c->nin_progress + 1) * sizeof *c->in_progress);
    c->in_progress[c->nin_progress++] = (char *)"#";
    itype *t = imp_map_schema(c, s, pointer, name);
    c->nin_progress--;
    if (t == NULL) {
        if (c->loosen && c->refusal != NULL)
            imp_error(c, "", "%s", c->refusal);
        return NULL;
    }
    if (t->kind != IK_STRUCT) {
        imp_error(c, pointer,
                  "the root is not an object with properties: schemac's roots are structs");
        return NULL;
    }
    t->root = true;
    return t;
}
