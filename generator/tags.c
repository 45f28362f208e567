/* schemac generator: tag meanings and values. */
#include "tags.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "pattern.h"
#include "schemac/check.h"
#include "strbuf.h"

enum { ALL_SITES = SITE_STRUCT | SITE_FIELD | SITE_TYPEDEF | SITE_ENUM | SITE_ENUMERATOR };
enum { VALUE_SITES = SITE_FIELD | SITE_TYPEDEF };

typedef struct tag_info {
    const char *name;
    unsigned sites;
    bool value_keyword;
    const char *not_yet; /* non-NULL: recognised, but planned rather than supported */
} tag_info;

static const tag_info known_tags[] = {
    {"schema", SITE_STRUCT, false, NULL},
    {"tool", SITE_STRUCT, false, NULL},
    {"output", SITE_STRUCT, false, NULL},
    {"effect", SITE_STRUCT, false, NULL},
    {"idempotent", SITE_STRUCT, false, NULL},
    {"version", SITE_STRUCT, false, NULL},
    {"config", SITE_STRUCT, false, NULL},
    {"dialects", SITE_STRUCT, false, NULL},
    {"acceptLoss", SITE_STRUCT, false, NULL},
    {"openWorld", SITE_STRUCT, false, NULL},
    {"additionalProperties", SITE_STRUCT | SITE_FIELD, false, NULL},
    {"minimum", VALUE_SITES, true, NULL},
    {"maximum", VALUE_SITES, true, NULL},
    {"exclusiveMinimum", VALUE_SITES, true, NULL},
    {"exclusiveMaximum", VALUE_SITES, true, NULL},
    {"multipleOf", VALUE_SITES, true, NULL},
    {"minLength", VALUE_SITES, true, NULL},
    {"maxLength", VALUE_SITES, true, NULL},
    {"pattern", VALUE_SITES, true, NULL},
    {"format", VALUE_SITES, true, NULL},
    {"minItems", VALUE_SITES, true, NULL},
    {"minProperties", SITE_FIELD, true, NULL},
    {"maxProperties", SITE_FIELD, true, NULL},
    {"maxItems", VALUE_SITES, true, NULL},
    {"uniqueItems", VALUE_SITES, true, NULL},
    {"enum", VALUE_SITES, true, NULL},
    {"const", VALUE_SITES, true, NULL},
    {"examples", VALUE_SITES, true, NULL},
    {"deprecated", ALL_SITES, false, NULL},
    {"default", SITE_FIELD, false, NULL},
    {"optional", SITE_FIELD, false, NULL},
    {"nullable", SITE_FIELD, false, NULL},
    {"name", SITE_FIELD | SITE_ENUMERATOR, false, NULL},
    {"ignore", SITE_FIELD, false, NULL},
    {"count", SITE_FIELD, false, NULL},
};

static const tag_info *find_tag(const char *name)
{
    for (size_t i = 0; i < sizeof known_tags / sizeof *known_tags; i++)
        if (strcmp(known_tags[i].name, name) == 0)
            return &known_tags[i];
    return NULL;
}

bool tag_is_value_keyword(const char *name)
{
    const tag_info *info = find_tag(name);
    return info != NULL && info->value_keyword;
}

/* Edit distance, for "did you mean" hints on misspelt tags. */
static size_t distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 40 || lb > 40)
        return 99;
    size_t row[41];
    for (size_t j = 0; j <= lb; j++)
        row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        size_t diag_prev = row[0];
        row[0] = i;
        for (size_t j = 1; j <= lb; j++) {
            size_t up = row[j];
            size_t cost = tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0 : 1;
            size_t best = diag_prev + cost;
            if (up + 1 < best)
                best = up + 1;
            if (row[j - 1] + 1 < best)
                best = row[j - 1] + 1;
            row[j] = best;
            diag_prev = up;
        }
    }
    return row[lb];
}

static const char *site_name(tag_site site)
{
    switch (site) {
    case SITE_STRUCT: return "a struct";
    case SITE_FIELD: return "a field";
    case SITE_TYPEDEF: return "a typedef";
    case SITE_ENUM: return "an enum";
    case SITE_ENUMERATOR: return "an enum value";
    }
    return "this declaration";
}

void tags_check_sites(const annotations *a, tag_site site)
{
    for (size_t i = 0; i < a->ntags; i++) {
        const tag *t = &a->tags[i];
        const tag_info *info = find_tag(t->name);
        for (size_t j = 0; j < i; j++) {
            if (strcmp(a->tags[j].name, t->name) == 0) {
                diag_error(t->where, "@%s is given twice (first at column %u)", t->name, a->tags[j].where.col);
                break;
            }
        }
        if (info == NULL) {
            const char *best = NULL;
            size_t best_distance = 3;
            for (size_t k = 0; k < sizeof known_tags / sizeof *known_tags; k++) {
                size_t d = distance(t->name, known_tags[k].name);
                if (d < best_distance) {
                    best_distance = d;
                    best = known_tags[k].name;
                }
            }
            if (best != NULL)
                diag_error(t->where, "unknown tag @%s; did you mean @%s?", t->name, best);
            else
                diag_error(t->where, "unknown tag @%s", t->name);
        } else if (info->not_yet != NULL) {
            diag_error(t->where, "@%s is not supported yet: %s", t->name, info->not_yet);
        } else if ((info->sites & site) == 0) {
            diag_error(t->where, "@%s cannot be used on %s", t->name, site_name(site));
        }
    }
}

cJSON *tag_json_value(const tag *t)
{
    /* cJSON strings end at U+0000, so "a\u0000b" would silently become "a";
     * no decoded string can hold U+0000 anyway */
    for (const char *p = t->value; (p = strchr(p, '\\')) != NULL; p += 2) {
        if (p[1] == '\0')
            break;
        if (p[1] == 'u' && strncmp(p + 2, "0000", 4) == 0) {
            diag_error(t->value_where, "@%s: strings cannot hold U+0000", t->name);
            break;
        }
    }
    cJSON *v = cJSON_ParseWithOpts(t->value, NULL, 1);
    if (v == NULL)
        v = cJSON_CreateString(t->value);
    return v;
}

static const char *kind_name(node_kind kind)
{
    switch (kind) {
    case NODE_BOOL: return "a boolean";
    case NODE_INT: return "an integer";
    case NODE_NUMBER: return "a number";
    case NODE_STRING: return "a string";
    case NODE_ENUM: return "an enum";
    case NODE_STRUCT: return "an object";
    case NODE_ANY: return "any JSON value";
    case NODE_MAP: return "a map";
    case NODE_ARRAY: return "an array";
    }
    return "a value";
}

static bool expect_kind(const tag *t, const node *n, bool ok, const char *applies_to)
{
    if (!ok)
        diag_error(t->where, "@%s applies to %s, but this is %s", t->name, applies_to, kind_name(n->kind));
    return ok;
}

static void read_number(const tag *t, number *out)
{
    cJSON *v = cJSON_ParseWithOpts(t->value, NULL, 1);
    if (v == NULL || !cJSON_IsNumber(v) || !isfinite(v->valuedouble)) {
        diag_error(t->value_where, "@%s needs a number, not '%s'", t->name, t->value);
    } else {
        out->set = true;
        out->value = v->valuedouble;
        out->where = t->where;
    }
    cJSON_Delete(v);
}

static bool read_count(const tag *t, uint64_t *out)
{
    const char *s = t->value;
    uint64_t v = 0;
    if (*s == '\0')
        goto bad;
    for (; *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
            goto bad;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    *out = v;
    return true;
bad:
    diag_error(t->value_where, "@%s needs a non-negative integer, not '%s'", t->name, t->value);
    return false;
}

static bool read_flag(const tag *t)
{
    if (t->value[0] == '\0' || strcmp(t->value, "true") == 0)
        return true;
    if (strcmp(t->value, "false") == 0)
        return false;
    diag_error(t->value_where, "@%s takes no value (or true/false), not '%s'", t->name, t->value);
    return false;
}

static const struct {
    const char *name;
    sc_format format;
} formats[] = {
    {"date-time", SC_FORMAT_DATE_TIME}, {"date", SC_FORMAT_DATE}, {"time", SC_FORMAT_TIME},
    {"email", SC_FORMAT_EMAIL}, {"uri", SC_FORMAT_URI}, {"uuid", SC_FORMAT_UUID},
    {"ipv4", SC_FORMAT_IPV4}, {"ipv6", SC_FORMAT_IPV6}, {"hostname", SC_FORMAT_HOSTNAME},
};

static void read_format(const tag *t, constraints *c)
{
    for (size_t i = 0; i < sizeof formats / sizeof *formats; i++) {
        if (strcmp(formats[i].name, t->value) == 0) {
            c->format = (int)formats[i].format;
            c->format_where = t->where;
            return;
        }
    }
    diag_error(t->value_where,
               "unknown format '%s'; schemac checks date-time, date, time, email, uri, uuid, "
               "ipv4, ipv6 and hostname", t->value);
}

static void read_pattern(const tag *t, constraints *c)
{
    char message[256];
    size_t offset = 0;
    if (t->value[0] == '\0') {
        diag_error(t->where, "@pattern needs a regular expression");
        return;
    }
    pattern *p = pattern_compile(t->value, message, sizeof message, &offset);
    if (p == NULL) {
        src_loc at = t->value_where;
        at.col += (unsigned)offset;
        diag_error(at, "invalid @pattern: %s", message);
        return;
    }
    pattern_free(p);
    free(c->pattern);
    c->pattern = xstrdup(t->value);
    c->pattern_where = t->where;
}

/* Bare words are allowed in @enum for strings: `@enum red green blue`. */
static cJSON *read_list(const tag *t)
{
    cJSON *v = cJSON_ParseWithOpts(t->value, NULL, 1);
    if (v != NULL && cJSON_IsArray(v))
        return v;
    cJSON_Delete(v);
    cJSON *list = cJSON_CreateArray();
    char *copy = xstrdup(t->value);
    for (char *word = strtok(copy, " ,\t\n"); word != NULL; word = strtok(NULL, " ,\t\n")) {
        cJSON *item = cJSON_ParseWithOpts(word, NULL, 1);
        cJSON_AddItemToArray(list, item != NULL ? item : cJSON_CreateString(word));
    }
    free(copy);
    return list;
}

static bool is_array_keyword(const char *name)
{
    return strcmp(name, "minItems") == 0 || strcmp(name, "maxItems") == 0 ||
           strcmp(name, "uniqueItems") == 0 || strcmp(name, "minProperties") == 0 ||
           strcmp(name, "maxProperties") == 0;
}

static void apply_one(const tag *t, node *n)
{
    constraints *c = &n->c;
    bool numeric = n->kind == NODE_INT || n->kind == NODE_NUMBER;
    bool scalar = numeric || n->kind == NODE_STRING || n->kind == NODE_BOOL;
    const char *name = t->name;

    if (strcmp(name, "minimum") == 0) {
        if (expect_kind(t, n, numeric, "numbers"))
            read_number(t, &c->minimum);
    } else if (strcmp(name, "maximum") == 0) {
        if (expect_kind(t, n, numeric, "numbers"))
            read_number(t, &c->maximum);
    } else if (strcmp(name, "exclusiveMinimum") == 0) {
        if (expect_kind(t, n, numeric, "numbers"))
            read_number(t, &c->exclusive_minimum);
    } else if (strcmp(name, "exclusiveMaximum") == 0) {
        if (expect_kind(t, n, numeric, "numbers"))
            read_number(t, &c->exclusive_maximum);
    } else if (strcmp(name, "multipleOf") == 0) {
        if (expect_kind(t, n, numeric, "numbers"))
            read_number(t, &c->multiple_of);
    } else if (strcmp(name, "minLength") == 0) {
        if (expect_kind(t, n, n->kind == NODE_STRING, "strings") && read_count(t, &c->min_length)) {
            c->has_min_length = true;
            c->length_where = t->where;
        }
    } else if (strcmp(name, "maxLength") == 0) {
        if (expect_kind(t, n, n->kind == NODE_STRING, "strings") && read_count(t, &c->max_length)) {
            c->has_max_length = true;
            c->length_where = t->where;
        }
    } else if (strcmp(name, "pattern") == 0) {
        if (expect_kind(t, n, n->kind == NODE_STRING, "strings"))
            read_pattern(t, c);
    } else if (strcmp(name, "format") == 0) {
        if (expect_kind(t, n, n->kind == NODE_STRING, "strings"))
            read_format(t, c);
    } else if (strcmp(name, "minProperties") == 0 || strcmp(name, "maxProperties") == 0) {
        /* a map's entry count, kept where an array keeps its item count */
        bool min = name[1] == 'i';
        if (expect_kind(t, n, n->kind == NODE_MAP, "maps (@additionalProperties members)") &&
            read_count(t, min ? &c->min_items : &c->max_items)) {
            if (min)
                c->has_min_items = true;
            else
                c->has_max_items = true;
            c->items_where = t->where;
        }
    } else if (strcmp(name, "minItems") == 0) {
        if (expect_kind(t, n, n->kind == NODE_ARRAY, "arrays") && read_count(t, &c->min_items)) {
            c->has_min_items = true;
            c->items_where = t->where;
        }
    } else if (strcmp(name, "maxItems") == 0) {
        if (expect_kind(t, n, n->kind == NODE_ARRAY, "arrays") && read_count(t, &c->max_items)) {
            c->has_max_items = true;
            c->items_where = t->where;
        }
    } else if (strcmp(name, "uniqueItems") == 0) {
        if (expect_kind(t, n, n->kind == NODE_ARRAY, "arrays")) {
            c->unique_items = read_flag(t);
            c->unique_where = t->where;
        }
    } else if (strcmp(name, "enum") == 0) {
        if (expect_kind(t, n, scalar, "booleans, numbers and strings")) {
            cJSON_Delete(c->enum_values);
            c->enum_values = read_list(t);
            c->enum_where = t->where;
        }
    } else if (strcmp(name, "const") == 0) {
        if (expect_kind(t, n, scalar || n->kind == NODE_ENUM, "booleans, numbers, strings and enums")) {
            cJSON_Delete(c->const_value);
            c->const_value = tag_json_value(t);
            c->const_where = t->where;
        }
    } else if (strcmp(name, "examples") == 0) {
        cJSON_Delete(c->examples);
        c->examples = tag_json_value(t);
        if (!cJSON_IsArray(c->examples)) {
            cJSON *list = cJSON_CreateArray();
            cJSON_AddItemToArray(list, c->examples);
            c->examples = list;
        }
    } else if (strcmp(name, "deprecated") == 0) {
        c->deprecated = read_flag(t);
    }
}

void tags_apply_values(const annotations *a, node *n)
{
    for (size_t i = 0; i < a->ntags; i++) {
        const tag *t = &a->tags[i];
        if (!tag_is_value_keyword(t->name) && strcmp(t->name, "deprecated") != 0)
            continue;
        node *target = n;
        if (!is_array_keyword(t->name) && strcmp(t->name, "deprecated") != 0 &&
            strcmp(t->name, "examples") != 0)
            while (target->kind == NODE_ARRAY)
                target = target->items;
        apply_one(t, target);
    }
}
