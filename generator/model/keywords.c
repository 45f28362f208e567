/* schemac generator: the keyword table and where each keyword lives in the
 * model (keywords.h). */
#include "model/keywords.h"

#include <float.h>
#include <stdlib.h>
#include <string.h>

#include "schemac/check.h"
#include "util/json_print.h"

enum { VALUE_SITES = SITE_FIELD | SITE_TYPEDEF };
enum { ALL_SITES = SITE_STRUCT | SITE_FIELD | SITE_TYPEDEF | SITE_ENUM | SITE_ENUMERATOR };

#define STRINGS KIND(NODE_STRING)
#define ARRAYS KIND(NODE_ARRAY)
#define MAPS KIND(NODE_MAP)

/* One row a keyword: name, sites, reader, kinds, applies_to, of_container,
 * text, sentence, list_form, range, fails_if, message, upper (keywords.h). */
#define NO_UPPER KW_COUNT
/* clang-format off: a row of the table is a keyword, its two lines the
 * keyword's reading and its texts. */
const keyword_info keywords[KW_COUNT] = {
    [KW_MINIMUM] = {"minimum", VALUE_SITES, READ_NUMBER, KINDS_NUMERIC, "numbers", false, TEXT_JSON,
                    "Minimum: %s.", ">= %s", "", "<", "must be >= %s", KW_MAXIMUM},
    [KW_EXCLUSIVE_MINIMUM] = {"exclusiveMinimum", VALUE_SITES, READ_NUMBER, KINDS_NUMERIC,
                              "numbers", false, TEXT_JSON, "Must be greater than %s.", "> %s", NULL,
                              "<=", "must be > %s", NO_UPPER},
    [KW_MAXIMUM] = {"maximum", VALUE_SITES, READ_NUMBER, KINDS_NUMERIC, "numbers", false, TEXT_JSON,
                    "Maximum: %s.", "<= %s", NULL, ">", "must be <= %s", NO_UPPER},
    [KW_EXCLUSIVE_MAXIMUM] = {"exclusiveMaximum", VALUE_SITES, READ_NUMBER, KINDS_NUMERIC,
                              "numbers", false, TEXT_JSON, "Must be less than %s.", "< %s", NULL,
                              ">=", "must be < %s", NO_UPPER},
    [KW_MULTIPLE_OF] = {"multipleOf", VALUE_SITES, READ_NUMBER, KINDS_NUMERIC, "numbers", false,
                        TEXT_JSON, "Must be a multiple of %s.", "multiple of %s", NULL, NULL,
                        "must be a multiple of %s", NO_UPPER},
    [KW_MIN_LENGTH] = {"minLength", VALUE_SITES, READ_COUNT, STRINGS, "strings", false, TEXT_JSON,
                       "Minimum length: %s.", "len >= %s", "len", "<",
                       "must be at least %s characters long", KW_MAX_LENGTH},
    [KW_MAX_LENGTH] = {"maxLength", VALUE_SITES, READ_COUNT, STRINGS, "strings", false, TEXT_JSON,
                       "Maximum length: %s.", "len <= %s", NULL, ">",
                       "must be at most %s characters long", NO_UPPER},
    [KW_PATTERN] = {"pattern", VALUE_SITES, READ_PATTERN, STRINGS, "strings", false, TEXT_RAW,
                    "Must match the regular expression %s.", "pattern %s", NULL, NULL,
                    "must match the pattern %s", NO_UPPER},
    [KW_FORMAT] = {"format", VALUE_SITES, READ_FORMAT, STRINGS, "strings", false, TEXT_RAW,
                   "Format: %s.", "format %s", NULL, NULL, "must be a valid %s", NO_UPPER},
    [KW_MIN_ITEMS] = {"minItems", VALUE_SITES, READ_COUNT, ARRAYS, "arrays", true, TEXT_JSON,
                      "Minimum number of items: %s.", "items >= %s", "items", "<", NULL,
                      KW_MAX_ITEMS},
    [KW_MAX_ITEMS] = {"maxItems", VALUE_SITES, READ_COUNT, ARRAYS, "arrays", true, TEXT_JSON,
                      "Maximum number of items: %s.", "items <= %s", NULL, ">", NULL, NO_UPPER},
    [KW_MIN_PROPERTIES] = {"minProperties", SITE_FIELD, READ_COUNT, MAPS,
                           "maps (@additionalProperties members)", true, TEXT_JSON,
                           "Minimum number of entries: %s.", "entries >= %s", "entries", "<", NULL,
                           KW_MAX_PROPERTIES},
    [KW_MAX_PROPERTIES] = {"maxProperties", SITE_FIELD, READ_COUNT, MAPS,
                           "maps (@additionalProperties members)", true, TEXT_JSON,
                           "Maximum number of entries: %s.", "entries <= %s", NULL, ">", NULL,
                           NO_UPPER},
    [KW_UNIQUE_ITEMS] = {"uniqueItems", VALUE_SITES, READ_FLAG, ARRAYS, "arrays", true, TEXT_NONE,
                         "Items must be unique.", "unique", NULL, NULL, NULL, NO_UPPER},
    [KW_ENUM] = {"enum", VALUE_SITES, READ_LIST, KINDS_SCALAR, "booleans, numbers and strings",
                 false, TEXT_LIST, "Must be one of: %s.", "one of %s", NULL, NULL,
                 "must be one of: %s", NO_UPPER},
    [KW_CONST] = {"const", VALUE_SITES, READ_JSON, KINDS_SCALAR | KIND(NODE_ENUM),
                  "booleans, numbers, strings and enums", false, TEXT_JSON, "Must be exactly %s.",
                  "const %s", NULL, NULL, "must be %s", NO_UPPER},
    [KW_ADDITIONAL_PROPERTIES] = {"additionalProperties", SITE_STRUCT | SITE_FIELD, READ_ELSEWHERE,
                                  KIND(NODE_STRUCT) | MAPS, "structs and maps", true, TEXT_JSON,
                                  "An object; each value: %s.", NULL, NULL, NULL, NULL, NO_UPPER},
    [KW_DEPRECATED] = {"deprecated", ALL_SITES, READ_FLAG, KINDS_ALL, "any value", true, TEXT_NONE,
                       "Deprecated.", "deprecated", NULL, NULL, NULL, NO_UPPER},
    [KW_EXAMPLES] = {"examples", VALUE_SITES, READ_JSON, KINDS_ALL, "any value", true, TEXT_LIST,
                     "Examples: %s.", "e.g. %s", NULL, NULL, NULL, NO_UPPER},
    [KW_DEFAULT] = {"default", SITE_FIELD, READ_ELSEWHERE, KINDS_ALL, "any value", true, TEXT_JSON,
                    "Default: %s.", NULL, NULL, NULL, NULL, NO_UPPER},
    [KW_PROPERTY_NAMES] = {"propertyNames", 0, READ_ELSEWHERE, MAPS, "maps", true, TEXT_JSON,
                           "Each key: %s.", NULL, NULL, NULL, NULL, NO_UPPER},
};
/* clang-format on */

const keyword_info *keyword_named(const char *name)
{
    for (size_t i = 0; i < KW_COUNT; i++)
        if (strcmp(keywords[i].name, name) == 0)
            return &keywords[i];
    return NULL;
}

keyword_id keyword_id_of(const keyword_info *k)
{
    return (keyword_id)(k - keywords);
}

static cJSON *count_value(bool has, uint64_t v)
{
    return has ? cJSON_CreateNumber((double)v) : NULL;
}

static cJSON *number_value(const number *v)
{
    return v->set ? cJSON_CreateNumber(v->value) : NULL;
}

cJSON *keyword_value(const node *n, keyword_id id)
{
    const constraints *c = &n->c;
    uint64_t max = 0;
    switch (id) {
    case KW_MINIMUM:
        if (!c->minimum.set && n->state_type_min && n->kind == NODE_INT)
            return cJSON_CreateNumber((double)n->c_min);
        if (!c->minimum.set && n->state_type_min && n->kind == NODE_NUMBER && n->is_float)
            return cJSON_CreateNumber(-FLT_MAX);
        return number_value(&c->minimum);
    case KW_EXCLUSIVE_MINIMUM:
        return number_value(&c->exclusive_minimum);
    case KW_MAXIMUM:
        if (!c->maximum.set && n->state_type_max && n->kind == NODE_INT)
            return cJSON_CreateNumber((double)n->c_max);
        if (!c->maximum.set && n->state_type_max && n->kind == NODE_NUMBER && n->is_float)
            return cJSON_CreateNumber(FLT_MAX);
        return number_value(&c->maximum);
    case KW_EXCLUSIVE_MAXIMUM:
        return number_value(&c->exclusive_maximum);
    case KW_MULTIPLE_OF:
        return number_value(&c->multiple_of);
    case KW_MIN_LENGTH:
        return count_value(c->has_min_length, c->min_length);
    case KW_MAX_LENGTH: {
        bool has = n->kind == NODE_STRING && node_max_length(n, &max);
        return count_value(has, max);
    }
    case KW_PATTERN:
        return c->pattern != NULL ? cJSON_CreateString(c->pattern) : NULL;
    case KW_FORMAT:
        return c->format >= 0 ? cJSON_CreateString(sc_format_name((sc_format)c->format)) : NULL;
    /* a map keeps its entry counts where an array keeps its item counts */
    case KW_MIN_ITEMS:
        return count_value(n->kind == NODE_ARRAY && c->has_min_items, c->min_items);
    case KW_MAX_ITEMS: {
        bool has = n->kind == NODE_ARRAY && node_max_items(n, &max);
        return count_value(has, max);
    }
    case KW_MIN_PROPERTIES:
        return count_value(n->kind == NODE_MAP && c->has_min_items, c->min_items);
    case KW_MAX_PROPERTIES: {
        bool has = n->kind == NODE_MAP && node_max_items(n, &max);
        return count_value(has, max);
    }
    case KW_UNIQUE_ITEMS:
        return c->unique_items ? cJSON_CreateTrue() : NULL;
    case KW_ENUM:
        if (n->kind == NODE_ENUM) { /* an enum type: the JSON names of its values */
            cJSON *names = cJSON_CreateArray();
            for (size_t i = 0; i < n->enum_type->nvalues; i++)
                cJSON_AddItemToArray(names, cJSON_CreateString(n->enum_type->values[i].json_name));
            return names;
        }
        return c->enum_values != NULL ? cJSON_Duplicate(c->enum_values, 1) : NULL;
    case KW_CONST:
        return c->const_value != NULL ? cJSON_Duplicate(c->const_value, 1) : NULL;
    case KW_DEPRECATED:
        return c->deprecated ? cJSON_CreateTrue() : NULL;
    case KW_EXAMPLES:
        return c->examples != NULL ? cJSON_Duplicate(c->examples, 1) : NULL;
    case KW_ADDITIONAL_PROPERTIES:
    case KW_DEFAULT:
    case KW_PROPERTY_NAMES:
    case KW_COUNT:
        break;
    }
    return NULL;
}

const number *keyword_number(const constraints *c, keyword_id id)
{
    switch (id) {
    case KW_MINIMUM:
        return &c->minimum;
    case KW_EXCLUSIVE_MINIMUM:
        return &c->exclusive_minimum;
    case KW_MAXIMUM:
        return &c->maximum;
    case KW_EXCLUSIVE_MAXIMUM:
        return &c->exclusive_maximum;
    case KW_MULTIPLE_OF:
        return &c->multiple_of;
    default:
        return NULL;
    }
}

char *keyword_message(keyword_id id, const char *bound)
{
    char *message = xasprintf(keywords[id].message, bound);
    /* "at least 1 character long": the lengths count in the singular at 1 */
    char *plural = strstr(message, " characters ");
    if (strcmp(bound, "1") == 0 && plural != NULL)
        memmove(plural + 10, plural + 11, strlen(plural + 11) + 1);
    return message;
}

char *keyword_value_text(const keyword_info *k, const cJSON *v)
{
    switch (k->text) {
    case TEXT_RAW:
        if (cJSON_IsString(v))
            return xstrdup(v->valuestring);
        break;
    case TEXT_LIST:
        if (cJSON_IsArray(v)) {
            strbuf sb;
            sb_init(&sb);
            for (const cJSON *item = v->child; item != NULL; item = item->next) {
                char *t = json_print(item, 0);
                sb_printf(&sb, "%s%s", t, item->next != NULL ? ", " : "");
                free(t);
            }
            return sb_take(&sb);
        }
        break;
    case TEXT_NONE:
        return xstrdup("");
    case TEXT_JSON:
        break;
    }
    return json_print(v, 0);
}

void keyword_state(strbuf *sb, const char *name, const cJSON *v)
{
    if (sb->len > 0)
        sb_putc(sb, ' ');
    const keyword_info *k = keyword_named(name);
    if (k == NULL) {
        char *t = json_print(v, 0);
        sb_printf(sb, "%s: %s.", name, t);
        free(t);
        return;
    }
    char *t = keyword_value_text(k, v);
    sb_printf(sb, k->sentence, t);
    free(t);
}
