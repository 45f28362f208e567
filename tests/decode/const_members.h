/* const as real headers write it (issue 8): a const pointee is fine, since
 * the decoder fills only what it allocated itself (strings, arrays, the T
 * behind a pointer) and then stores the pointer; a member that is itself
 * const is an error (tests/generator/cases/err_const.h). */
#ifndef CONST_MEMBERS_H
#define CONST_MEMBERS_H

#include <stddef.h>
#include <stdint.h>

#include <cJSON.h>

typedef struct {
    int32_t a;
} const_inner;
typedef struct {
    const char *key;
    int32_t value;
} const_entry;

/** @schema */
typedef struct {
    const char *name;
    const char **tags;
    size_t tags_count;
    /** @minLength 1 */
    char const *const *labels;
    size_t labels_count;
    const const_inner *pin;
    /** @optional */
    const int32_t *maybe;
    /** @minItems 1 */
    const const_inner *list;
    size_t list_count;
    /** @additionalProperties */
    const const_entry *scores;
    size_t scores_count;
} const_doc;

/* Issue 18: every qualifier form (a const pointee written at the member or
 * in a typedef, a const pointer to the items, a typedef of a pointer made
 * const, a typedef of a const type behind a pointer, const char * in fixed
 * arrays) in every container: a plain member, a nested struct, array items
 * (pointer + count and fixed), map entries, the common members and the
 * variants of a tagged union, and the variants of an untagged union. The
 * generated C compiles strictly (compile_generated.sh) and decodes,
 * validates and encodes (cases.json). */
typedef char *const_str;         /* a pointer typedef, made const at the use */
typedef const char *const_cstr;  /* a typedef of a pointer to const */
typedef const char const_char;   /* a typedef of a const type */
typedef const int32_t const_i32; /* behind a pointer, its const is taken off */
typedef const const_inner const_cinner;
typedef enum { CONST_HUE_RED, CONST_HUE_BLUE } const_hue;
typedef const const_hue const_chue;

typedef struct {
    /** @minLength 1 */
    const char *s;
    /** @minLength 1 */
    const_cstr ts;
    /** @minLength 1 */
    const_char *tcs;
    /** @minItems 1 @minLength 1 */
    const char *fixed[3];
    size_t fixed_count;
    /** @minItems 1 @minLength 1 */
    const_cstr tfixed[2];
    size_t tfixed_count;
    /** @minLength 1 */
    const char **list;
    size_t list_count;
    /** @minLength 1 */
    char const *const *clist;
    size_t clist_count;
    /** @minLength 1 */
    const const_str *plist;
    size_t plist_count;
    /** @minLength 1 */
    const_cstr *tlist;
    size_t tlist_count;
    const const_inner *one;
    const_cinner *tone;
    /** @minItems 1 */
    const_cinner *many;
    size_t many_count;
    /** @minimum 0 @optional */
    const_i32 *num;
    /** @minimum 0 @uniqueItems */
    const int32_t *nums;
    size_t nums_count;
    /** @uniqueItems */
    const_chue *hues;
    size_t hues_count;
    /** @nullable */
    const char *maybe;
    /** @default "x" */
    const char *fallback;
    const cJSON *any;
    const cJSON **anys;
    size_t anys_count;
} const_quals;

/* A typedef of a const struct declared before the struct's own typedef
 * names a const struct, not the struct (genfuzz seed 7, header 1205: the
 * struct took its name, and its read function filled a const object). */
typedef const struct const_node const_cnode;
typedef struct const_node {
    /** @minLength 1 */
    char *label;
    /** @optional */
    const_cnode *kids;
    size_t kids_count;
} const_node;

typedef struct {
    const char *key; /** @minLength 1 */
    const_cstr value;
} const_text_entry;
/* map entries through a typedef of a const entry (genfuzz seed 7, header
 * 1143: the decoder filled entries of the const type) */
typedef const const_text_entry const_centry;
typedef struct {
    char *key;
    const_quals value;
} const_quals_entry;

/** @schema */
typedef struct {
    const_quals plain;
    /** @minItems 1 */
    const const_quals *items;
    size_t items_count;
    /** @minItems 1 */
    const_quals fixed[2];
    size_t fixed_count;
    const const_quals *one;
    /** @additionalProperties @minProperties 1 */
    const const_text_entry *texts;
    size_t texts_count;
    /** @additionalProperties */
    const_quals_entry *nested;
    size_t nested_count;
    const_cnode *tree;
    /** @additionalProperties @optional @maxProperties 2 */
    const_centry *ctexts;
    size_t ctexts_count;
} const_matrix;

typedef enum {
    CONST_VARIANT_NONE,
    CONST_VARIANT_TEXT,
    CONST_VARIANT_TTEXT,
    CONST_VARIANT_QUALS,
    CONST_VARIANT_CTS
} const_variant;

/** The struct of issue 18 item 3, and the other forms beside a tagged union. @schema */
typedef struct {
    /** @minItems 1 @minLength 1 */
    const char *names[3];
    size_t names_count;
    /** @minLength 1 */
    const char **more;
    size_t more_count;
    /** @minLength 1 */
    const const_str *pointers;
    size_t pointers_count;
    /** @minItems 1 */
    const const_inner *inners;
    size_t inners_count;
    /** @minimum 0 */
    const_i32 *counts;
    size_t counts_count;
    /** @additionalProperties @minProperties 1 */
    const const_text_entry *texts;
    size_t texts_count;
    const_variant kind;
    union {
        /** @minLength 1 */
        const char *text;
        /** @minLength 1 */
        const_cstr ttext;
        const_quals quals;
        /** @minLength 1 */
        const_char *cts;
    } data;
} const_tagged;

typedef enum { CONST_ANY_NONE, CONST_ANY_TEXT, CONST_ANY_LIST, CONST_ANY_QUALS } const_any_kind;
/** @untagged */
typedef struct {
    const_any_kind kind;
    union {
        /** @minLength 1 */
        const char *text;
        /** @minItems 1 @minLength 1 */
        const char **list;
        const_quals quals;
    } as;
    size_t list_count;
} const_any;

typedef enum { CONST_FIXED_TEXT, CONST_FIXED_LIST } const_fixed_kind;
/** @untagged */
typedef struct {
    const_fixed_kind kind;
    union {
        /** @minLength 1 */
        const_cstr text;
        /** @minItems 1 @minLength 1 */
        const char *list[3];
    } as;
    size_t list_count;
} const_fixed;

typedef enum { CONST_NUMS_NUMS } const_nums_kind;
/** @untagged */
typedef struct {
    const_nums_kind kind;
    union {
        /** @minimum 0 */
        const_i32 *nums;
    } as;
    size_t nums_count;
} const_nums;

typedef enum { CONST_PTRS_LIST } const_ptrs_kind;
/** @untagged */
typedef struct {
    const_ptrs_kind kind;
    union {
        /** @minLength 1 */
        char const *const *list;
    } as;
    size_t list_count;
} const_ptrs;

/** @schema */
typedef struct {
    const_any any;
    const_fixed fixed;
    const_nums nums;
    const_ptrs ptrs;
    const const_any *one;
    /** @minItems 1 */
    const const_fixed *many;
    size_t many_count;
    /** @minItems 1 */
    const_any some[2];
    size_t some_count;
} const_untagged;

#endif /* CONST_MEMBERS_H */
