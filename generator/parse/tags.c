/* schemac generator: tag meanings and values. */
#include "parse/tags.h"

#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "model/keywords.h"
#include "parse/constants.h"
#include "pattern/pattern.h"
#include "schemac/check.h"
#include "util/strbuf.h"

enum { ALL_SITES = SITE_STRUCT | SITE_FIELD | SITE_TYPEDEF | SITE_ENUM | SITE_ENUMERATOR };

/* The tags that are not JSON Schema keywords (those are in keywords.c). */
typedef struct tag_info {
    const char *name;
    unsigned sites;
} tag_info;

static const tag_info other_tags[] = {
    {"schema", SITE_STRUCT},
    {"tool", SITE_STRUCT},
    {"prompt", SITE_STRUCT},
    {"resource", SITE_STRUCT},
    {"output", SITE_STRUCT},
    {"effect", SITE_STRUCT},
    {"idempotent", SITE_STRUCT},
    {"version", SITE_STRUCT},
    {"config", SITE_STRUCT},
    {"task", SITE_STRUCT},
    {"scopes", SITE_STRUCT},
    {"dialects", SITE_STRUCT},
    {"acceptLoss", SITE_STRUCT},
    {"openWorld", SITE_STRUCT},
    {"untagged", SITE_STRUCT},
    {"optional", SITE_FIELD},
    {"required", SITE_FIELD},
    {"type", SITE_FIELD},
    {"acceptOverlap", SITE_FIELD},
    /* --compat (docs/compat.md) */
    {"direction", SITE_STRUCT},
    {"acceptBreak", SITE_STRUCT | SITE_FIELD},
    {"nullable", SITE_FIELD},
    {"name", SITE_FIELD | SITE_ENUMERATOR},
    {"ignore", SITE_FIELD},
    {"count", SITE_FIELD},
    /* MCP's x-mcp-header (docs/annotations.md) */
    {"header", SITE_FIELD},
};

/* Where tag `name` may stand (SITE_* bits), or 0 for an unknown tag. */
static unsigned tag_sites(const char *name)
{
    const keyword_info *k = keyword_named(name);
    if (k != NULL)
        return k->sites;
    for (size_t i = 0; i < sizeof other_tags / sizeof *other_tags; i++)
        if (strcmp(other_tags[i].name, name) == 0)
            return other_tags[i].sites;
    return 0;
}

size_t edit_distance(const char *a, const char *b)
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
            size_t cost =
                tolower((unsigned char)a[i - 1]) == tolower((unsigned char)b[j - 1]) ? 0 : 1;
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
    case SITE_STRUCT:
        return "a struct";
    case SITE_FIELD:
        return "a field";
    case SITE_TYPEDEF:
        return "a typedef";
    case SITE_ENUM:
        return "an enum";
    case SITE_ENUMERATOR:
        return "an enum value";
    }
    return "this declaration";
}

/* The known tag nearest to a misspelt one, or NULL. */
static const char *nearest_tag(const char *name)
{
    const char *best = NULL;
    size_t best_distance = 3;
    for (size_t k = 0; k < KW_COUNT + sizeof other_tags / sizeof *other_tags; k++) {
        const char *candidate = k < KW_COUNT ? keywords[k].name : other_tags[k - KW_COUNT].name;
        size_t d = k < KW_COUNT && keywords[k].sites == 0 ? 99 : edit_distance(name, candidate);
        if (d < best_distance) {
            best_distance = d;
            best = candidate;
        }
    }
    return best;
}

void tags_check_sites(const tag_context *tc, const annotations *a, tag_site site)
{
    for (size_t i = 0; i < a->ntags; i++) {
        const tag *t = &a->tags[i];
        unsigned sites = tag_sites(t->name);
        for (size_t j = 0; j < i; j++) {
            if (strcmp(a->tags[j].name, t->name) == 0) {
                diag_error(tc->diag, t->where, "@%s is given twice (first at column %u)", t->name,
                           a->tags[j].where.col);
                break;
            }
        }
        if (sites == 0) {
            const char *best = nearest_tag(t->name);
            if (best != NULL) {
                /* the fix replaces the name after the '@' */
                src_loc name_at = {t->where.file, t->where.line, t->where.col + 1};
                diag_fixit fix = {name_at, name_at.col + (unsigned)strlen(t->name), best};
                diag_error_fixit(tc->diag, t->where, fix, "unknown tag @%s; did you mean @%s?",
                                 t->name, best);
            } else
                diag_error(tc->diag, t->where, "unknown tag @%s", t->name);
        } else if ((sites & site) == 0) {
            diag_error(tc->diag, t->where, "@%s cannot be used on %s", t->name, site_name(site));
        }
    }
}

/* Whether a tag value is meant as JSON rather than as a bare word. */
static bool looks_like_json(const char *s)
{
    return *s == '"' || *s == '[' || *s == '{' || *s == '-' || (*s >= '0' && *s <= '9') ||
           strcmp(s, "true") == 0 || strcmp(s, "false") == 0 || strcmp(s, "null") == 0;
}

/* text, a value of tag t, as JSON; a bare word as a string (`@default en`
 * means "en"). What is meant as JSON must be JSON, with finite numbers:
 * "\ud800" is not an eight-character word, nor 1e400 infinity. */
static cJSON *parse_value(const tag_context *tc, const tag *t, const char *text)
{
    if (!looks_like_json(text))
        return cJSON_CreateString(text);
    cJSON *v = cJSON_ParseWithOpts(text, NULL, 1);
    if (v == NULL) {
        diag_error(tc->diag, t->value_where,
                   "@%s: %s is not valid JSON (a string with spaces or quotes needs JSON "
                   "quoting, a bare word none)",
                   t->name, text);
        return NULL; /* the error stops the run: no second error about a stand-in value */
    }
    if (cJSON_IsNumber(v) && !isfinite(v->valuedouble)) {
        diag_error(tc->diag, t->value_where, "@%s: %s is beyond the range of a double", t->name,
                   text);
        cJSON_SetNumberValue(v, 0);
    }
    return v;
}

cJSON *tag_json_value(const tag_context *tc, const tag *t)
{
    /* cJSON strings end at U+0000, so "a\u0000b" would silently become "a";
     * no decoded string can hold U+0000 anyway */
    for (const char *p = t->value; (p = strchr(p, '\\')) != NULL; p += 2) {
        if (p[1] == '\0')
            break;
        if (p[1] == 'u' && strncmp(p + 2, "0000", 4) == 0) {
            diag_error(tc->diag, t->value_where, "@%s: strings cannot hold U+0000", t->name);
            break;
        }
    }
    return parse_value(tc, t, t->value);
}

char *tag_name_value(const tag_context *tc, const tag *t)
{
    if (t->value[0] == '\0') {
        diag_error(tc->diag, t->where, "@%s needs a JSON name", t->name);
        return NULL;
    }
    if (t->value[0] != '"')
        return xstrdup(t->value);
    cJSON *v = tag_json_value(tc, t);
    char *name = NULL;
    if (v == NULL)
        ; /* not JSON: reported */
    else if (!cJSON_IsString(v))
        diag_error(tc->diag, t->value_where, "@%s needs a name: a bare word or a JSON string",
                   t->name);
    else if (v->valuestring[0] == '\0')
        diag_error(tc->diag, t->where, "@%s needs a JSON name", t->name);
    else
        name = xstrdup(v->valuestring);
    cJSON_Delete(v);
    return name;
}

_Static_assert((int)KW_MAX_PROPERTIES < (int)CONSTANT_TEXTS && (int)KW_CONST < (int)CONSTANT_TEXTS,
               "constraints.constant_text holds every numeric keyword");

/* The evaluation of t's value as an integer constant expression
 * (parse_constants.c), or NULL with an error that says why it is not one.
 * what: what the tag needs, for the message. */
static const tag_constant *constant_of(const tag_context *tc, const tag *t, const char *what)
{
    const tag_constant *k = constant_find(tc->constants, t->value);
    if (k != NULL && k->ok)
        return k;
    if (k != NULL)
        diag_error(tc->diag, t->value_where,
                   "@%s needs %s: '%s' is not an integer constant expression (%s)", t->name, what,
                   t->value, k->why);
    else
        diag_error(tc->diag, t->value_where, "@%s needs %s, not '%s'", t->name, what, t->value);
    return NULL;
}

/* A number as JSON writes it, or an integer constant expression. */
static void read_number(const tag_context *tc, const tag *t, number *out, const char **text)
{
    cJSON *v = cJSON_ParseWithOpts(t->value, NULL, 1);
    if (v != NULL && cJSON_IsNumber(v) && isfinite(v->valuedouble)) {
        out->set = true;
        out->value = v->valuedouble;
        out->where = t->where;
    } else if (v != NULL) {
        diag_error(tc->diag, t->value_where, "@%s needs a number, not '%s'", t->name, t->value);
    } else {
        const tag_constant *k = constant_of(tc, t, "a number or an integer constant expression");
        if (k != NULL) {
            out->set = true;
            out->value = constant_value(k);
            out->where = t->where;
            *text = k->text;
        }
    }
    cJSON_Delete(v);
}

/* A non-negative integer in digits, or an integer constant expression. */
static void read_count(const tag_context *tc, const tag *t, bool *has, uint64_t *out,
                       src_loc *where, const char **text)
{
    const char *s = t->value;
    uint64_t v = 0;
    bool digits = *s >= '0' && *s <= '9';
    for (; digits && *s; s++) {
        if (*s < '0' || *s > '9' || v > (UINT64_MAX - 9) / 10)
            break;
        v = v * 10 + (uint64_t)(*s - '0');
    }
    if (digits && *s == '\0') {
        *has = true;
        *out = v;
        *where = t->where;
        return;
    }
    if (!constant_candidate(t->value)) {
        diag_error(tc->diag, t->value_where, "@%s needs a non-negative integer, not '%s'", t->name,
                   t->value);
        return;
    }
    const tag_constant *k = constant_of(tc, t, "a non-negative integer");
    if (k == NULL)
        return;
    if (!k->is_unsigned && k->as_signed < 0) {
        diag_error(tc->diag, t->value_where, "@%s needs a non-negative integer: '%s' is %lld",
                   t->name, t->value, (long long)k->as_signed);
        return;
    }
    *has = true;
    *out = k->is_unsigned ? k->as_unsigned : (uint64_t)k->as_signed;
    *where = t->where;
    *text = k->text;
}

cJSON *tag_value_of(const tag_context *tc, const tag *t, const node *n, const char **text)
{
    if ((n->kind != NODE_INT && n->kind != NODE_NUMBER) || !constant_candidate(t->value))
        return tag_json_value(tc, t);
    const tag_constant *k = constant_of(tc, t, "a number or an integer constant expression");
    if (k == NULL)
        return cJSON_CreateNumber(0); /* the error stops the run */
    if (text != NULL)
        *text = k->text;
    return cJSON_CreateNumber(constant_value(k));
}

static bool read_flag(const tag_context *tc, const tag *t)
{
    if (t->value[0] == '\0' || strcmp(t->value, "true") == 0)
        return true;
    if (strcmp(t->value, "false") == 0)
        return false;
    diag_error(tc->diag, t->value_where, "@%s takes no value (or true/false), not '%s'", t->name,
               t->value);
    return false;
}

static void read_format(const tag_context *tc, const tag *t, constraints *c)
{
    static const char *const names[] = {
#define FORMAT_NAME(id, name) name,
        SC_FORMATS(FORMAT_NAME)
#undef FORMAT_NAME
    };
    strbuf known;
    sb_init(&known);
    for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
        if (strcmp(names[i], t->value) == 0) {
            c->format = (int)i;
            c->format_where = t->where;
            sb_free(&known);
            return;
        }
        sb_printf(&known, "%s%s",
                  i == 0                                 ? ""
                  : i + 1 < sizeof names / sizeof *names ? ", "
                                                         : " and ",
                  names[i]);
    }
    diag_error(tc->diag, t->value_where, "unknown format '%s'; schemac checks %s", t->value,
               known.data);
    sb_free(&known);
}

/* Whether text compiles as a pattern (else why, and where in it), with the
 * last few that did remembered: a typedef's @pattern is read again at each
 * member of that type, and compiling one to its DFA costs ~45,000
 * instructions. (The strings stay reachable until exit; a text compiles
 * alike in every run, so runs in one process may share them.) */
static bool pattern_compiles(const char *text, char *why, size_t why_size, size_t *offset)
{
    enum { REMEMBERED = 16 };
    static char *good[REMEMBERED];
    static size_t next;
    for (size_t i = 0; i < REMEMBERED; i++)
        if (good[i] != NULL && strcmp(good[i], text) == 0)
            return true;
    pattern *p = pattern_compile(text, why, why_size, offset);
    if (p == NULL)
        return false;
    pattern_free(p);
    free(good[next]);
    good[next] = xstrdup(text);
    next = (next + 1) % REMEMBERED;
    return true;
}

static void read_pattern(const tag_context *tc, const tag *t, constraints *c)
{
    char message[256];
    size_t offset = 0;
    if (t->value[0] == '\0') {
        diag_error(tc->diag, t->where, "@pattern needs a regular expression");
        return;
    }
    if (!pattern_compiles(t->value, message, sizeof message, &offset)) {
        src_loc at = t->value_where;
        at.col += (unsigned)offset;
        diag_error(tc->diag, at, "invalid @pattern: %s", message);
        return;
    }
    free(c->pattern);
    c->pattern = xstrdup(t->value);
    c->pattern_where = t->where;
}

/* Bare words are allowed in @enum for strings: `@enum red green blue`. */
static cJSON *read_list(const tag_context *tc, const tag *t)
{
    if (t->value[0] == '[') {
        cJSON *v = parse_value(tc, t, t->value);
        if (cJSON_IsArray(v))
            return v;
        cJSON_Delete(v);
        return cJSON_CreateArray();
    }
    cJSON *list = cJSON_CreateArray();
    char *copy = xstrdup(t->value);
    for (char *word = strtok(copy, " ,\t\n"); word != NULL; word = strtok(NULL, " ,\t\n"))
        cJSON_AddItemToArray(list, parse_value(tc, t, word));
    free(copy);
    return list;
}

/* Reads tag t, the keyword k, into n's constraints. */
static void apply_one(const tag_context *tc, const tag *t, const keyword_info *k, node *n)
{
    constraints *c = &n->c;
    if ((k->kinds & KIND(n->kind)) == 0) {
        diag_error(tc->diag, t->where, "@%s applies to %s, but this is %s", t->name, k->applies_to,
                   node_kind_text(n->kind));
        return;
    }
    keyword_id id = keyword_id_of(k);
    const char **text = (int)id < (int)CONSTANT_TEXTS ? &c->constant_text[id] : NULL;
    if (text != NULL)
        *text = NULL; /* a later tag of the same keyword replaces an earlier one */
    switch (id) {
    case KW_MINIMUM:
        read_number(tc, t, &c->minimum, text);
        break;
    case KW_EXCLUSIVE_MINIMUM:
        read_number(tc, t, &c->exclusive_minimum, text);
        break;
    case KW_MAXIMUM:
        read_number(tc, t, &c->maximum, text);
        break;
    case KW_EXCLUSIVE_MAXIMUM:
        read_number(tc, t, &c->exclusive_maximum, text);
        break;
    case KW_MULTIPLE_OF:
        read_number(tc, t, &c->multiple_of, text);
        break;
    case KW_MIN_LENGTH:
        read_count(tc, t, &c->has_min_length, &c->min_length, &c->length_where, text);
        break;
    case KW_MAX_LENGTH:
        read_count(tc, t, &c->has_max_length, &c->max_length, &c->length_where, text);
        break;
    case KW_PATTERN:
        read_pattern(tc, t, c);
        break;
    case KW_FORMAT:
        read_format(tc, t, c);
        break;
    /* a map keeps its entry counts where an array keeps its item counts */
    case KW_MIN_ITEMS:
    case KW_MIN_PROPERTIES:
        read_count(tc, t, &c->has_min_items, &c->min_items, &c->items_where, text);
        break;
    case KW_MAX_ITEMS:
    case KW_MAX_PROPERTIES:
        read_count(tc, t, &c->has_max_items, &c->max_items, &c->items_where, text);
        break;
    case KW_UNIQUE_ITEMS:
        c->unique_items = read_flag(tc, t);
        c->unique_where = t->where;
        break;
    case KW_ENUM:
        cJSON_Delete(c->enum_values);
        c->enum_values = read_list(tc, t);
        c->enum_where = t->where;
        break;
    case KW_CONST:
        cJSON_Delete(c->const_value);
        c->const_value = tag_value_of(tc, t, n, text);
        c->const_where = t->where;
        break;
    case KW_EXAMPLES:
        cJSON_Delete(c->examples);
        c->examples = tag_json_value(tc, t);
        if (c->examples != NULL && !cJSON_IsArray(c->examples)) {
            cJSON *list = cJSON_CreateArray();
            cJSON_AddItemToArray(list, c->examples);
            c->examples = list;
        }
        break;
    case KW_DEPRECATED:
        c->deprecated = read_flag(tc, t);
        break;
    case KW_ADDITIONAL_PROPERTIES:
    case KW_DEFAULT:
    case KW_PROPERTY_NAMES:
    case KW_COUNT:
        break; /* READ_ELSEWHERE */
    }
}

void tags_apply_values(const tag_context *tc, const annotations *a, node *n)
{
    for (size_t i = 0; i < a->ntags; i++) {
        const tag *t = &a->tags[i];
        const keyword_info *k = keyword_named(t->name);
        if (k == NULL || k->reader == READ_ELSEWHERE)
            continue;
        node *target = n;
        if (!k->of_container)
            while (target->kind == NODE_ARRAY)
                target = target->items;
        apply_one(tc, t, k, target);
    }
}
