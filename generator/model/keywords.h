/* schemac generator: the one table of JSON Schema keywords.
 *
 * Each keyword is a row: the tag that sets it (and where the tag may
 * stand), the node kinds it applies to, how the tag's value is read, the
 * sentence a dialect uses when its provider cannot express it, its form in
 * `schemac --list` and, for bounds, the comparison the generated check makes.
 * tags.c, emit_schema.c, emit_c_table.c, emit_dialects.c and emit_list.c
 * all read it, so a keyword is described once (docs/internals.md says what
 * else a new keyword needs). The rows are in the order schemas state them. */
#ifndef SCHEMAC_GENERATOR_KEYWORDS_H
#define SCHEMAC_GENERATOR_KEYWORDS_H

#include <stdbool.h>

#include <cJSON.h>

#include "model/model.h"
#include "util/strbuf.h"

/* Where a tag may stand (a keyword row's sites; tags.c checks them). */
typedef enum tag_site {
    SITE_STRUCT = 1,
    SITE_FIELD = 2,
    SITE_TYPEDEF = 4,
    SITE_ENUM = 8,
    SITE_ENUMERATOR = 16
} tag_site;

typedef enum keyword_id {
    KW_MINIMUM,
    KW_EXCLUSIVE_MINIMUM,
    KW_MAXIMUM,
    KW_EXCLUSIVE_MAXIMUM,
    KW_MULTIPLE_OF,
    KW_MIN_LENGTH,
    KW_MAX_LENGTH,
    KW_PATTERN,
    KW_FORMAT,
    KW_MIN_ITEMS,
    KW_MAX_ITEMS,
    KW_MIN_PROPERTIES,
    KW_MAX_PROPERTIES,
    KW_UNIQUE_ITEMS,
    KW_ENUM,
    KW_CONST,
    KW_ADDITIONAL_PROPERTIES,
    KW_DEPRECATED,
    KW_EXAMPLES,
    KW_DEFAULT,
    KW_PROPERTY_NAMES,
    KW_COUNT
} keyword_id;

/* How a tag's value is read into the model. */
typedef enum keyword_reader {
    READ_ELSEWHERE, /* not by tags_apply_values: parse.c reads it, or it is not a tag */
    READ_NUMBER,    /* a finite JSON number */
    READ_COUNT,     /* a non-negative integer */
    READ_FLAG,      /* nothing, true or false */
    READ_PATTERN,   /* an ECMA-262 regular expression (runtime/pattern/) */
    READ_FORMAT,    /* one of SC_FORMATS */
    READ_LIST,      /* a JSON array, or bare words */
    READ_JSON       /* one JSON value */
} keyword_reader;

/* How a value appears in a dialect sentence or a --list form. */
typedef enum keyword_text {
    TEXT_JSON, /* as JSON: 3, "a" */
    TEXT_RAW,  /* a string without quotes: ^[a-z]+$ */
    TEXT_LIST, /* an array's items, comma-separated */
    TEXT_NONE  /* the keyword alone says it */
} keyword_text;

/* Node kinds, as bits of keyword_info.kinds. */
#define KIND(k) (1u << (k))
#define KINDS_NUMERIC (KIND(NODE_INT) | KIND(NODE_NUMBER))
#define KINDS_SCALAR (KINDS_NUMERIC | KIND(NODE_STRING) | KIND(NODE_BOOL))
#define KINDS_ALL (~0u)

typedef struct keyword_info {
    const char *name; /* the JSON Schema keyword, and the tag that sets it */
    unsigned sites;   /* tag_site bits where the tag may stand; 0: no tag */
    keyword_reader reader;
    unsigned kinds;         /* the node kinds it applies to */
    const char *applies_to; /* those kinds in words, for "@X applies to ..." */
    bool of_container;      /* on an array member: the array's own, not its items' */
    keyword_text text;
    const char *sentence;  /* a dialect's description, %s the value */
    const char *list_form; /* schemac --list, %s the value; NULL: not listed */
    const char *range;     /* a lower bound listed with its upper one as "RANGE lo..hi" */
    const char *fails_if;  /* generated checks: the value fails when `value OP bound` */
    const char *message;   /* the decoder's error, %s the bound */
    keyword_id upper;      /* with range: the upper bound */
} keyword_info;

extern const keyword_info keywords[KW_COUNT];

/* The row called name, or NULL. */
const keyword_info *keyword_named(const char *name);
keyword_id keyword_id_of(const keyword_info *k);

/* The value of keyword id at n as the schema states it (the user's tag, or
 * what the C type implies: a char[N]'s maxLength, a fixed array's
 * maxItems, the bounds of a C integer type), or NULL when it has none.
 * The caller deletes it. Keywords stated by the struct and map emitters
 * themselves (additionalProperties, propertyNames, default) give NULL. */
cJSON *keyword_value(const node *n, keyword_id id);

/* The user's number for a READ_NUMBER keyword (minimum, ...), or NULL. */
const number *keyword_number(const constraints *c, keyword_id id);

/* The decoder's message for keyword id failing against bound (its text as
 * keyword_value_text gives it); malloc'd. */
char *keyword_message(keyword_id id, const char *bound);

/* Appends the sentence that states keyword name = v (" " first when sb is
 * not empty), as a dialect says what its provider cannot express. */
void keyword_state(strbuf *sb, const char *name, const cJSON *v);

/* The text of a value as keyword k shows it (see keyword_text); malloc'd. */
char *keyword_value_text(const keyword_info *k, const cJSON *v);

#endif /* SCHEMAC_GENERATOR_KEYWORDS_H */
