/* libschemac-validate internals: the compiled form and what the stages
 * share.
 *
 * A schema goes through three stages, the first two in compile.c:
 *   indexing   every document used (the schema, registry documents, the
 *              built-in metaschemas) is walked once along the subschema
 *              keywords of its dialect (keywords.c's table), recording each
 *              subschema's resource (for $id, $anchor, $dynamicAnchor and
 *              the dynamic scope) and JSON Pointer;
 *   compiling  each subschema reached from the root becomes a node: a run
 *              of instructions in one flat array, children named by node
 *              index, property names sorted for binary search, patterns as
 *              DFAs; references are resolved here, once;
 *   eval.c     one schema-agnostic loop runs a node's instructions against
 *              a cJSON value, tracking evaluated properties and items only
 *              under a node with unevaluated* (its own bit sets).
 * Everything compile builds is read-only afterwards, so validations share
 * an sc_schema across threads.
 */
#ifndef SCHEMAC_RUNTIME_VALIDATE_INTERNAL_H
#define SCHEMAC_RUNTIME_VALIDATE_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include <cJSON.h>

#include "schemac/check.h"
#include "schemac/validate.h"

#define SV_NONE UINT32_MAX

/* The evaluator's rare or large keywords stay out of its loop, so that
 * the loop's frame and prologue stay small (it runs once a subschema). */
#if defined(__GNUC__) || defined(__clang__)
#define SV_NOINLINE __attribute__((noinline))
#define SV_INLINE static inline __attribute__((always_inline))
#else
#define SV_NOINLINE
#define SV_INLINE static inline
#endif
/* Nodes one compile may produce: bounds what a hostile schema costs. */
#define SV_MAX_NODES 1000000u

/* ---- built-in metaschemas (metaschemas.c, generated) -------------------- */

typedef struct sv_builtin {
    const char *uri; /* without the empty fragment of draft-07's "$id" */
    const char *text;
    size_t len;
} sv_builtin;
extern const sv_builtin sv_builtins[];

/* ---- dialects, vocabularies and keywords (keywords.c) -------------------- */

enum { SV_2020 = 1, SV_07 = 2 };

/* Vocabularies a resource's metaschema turns on (2020-12's $vocabulary). */
enum {
    SV_V_APPLICATOR = 1,
    SV_V_VALIDATION = 2,
    SV_V_UNEVALUATED = 4,
    SV_V_FORMAT = 8, /* format-assertion */
    SV_V_ALL = 15
};

/* What a keyword's value holds, for the index walk. */
typedef enum sv_shape {
    SV_SH_SCHEMA,          /* a subschema */
    SV_SH_ARRAY,           /* an array of subschemas */
    SV_SH_MAP,             /* an object whose values are subschemas */
    SV_SH_SCHEMA_OR_ARRAY, /* draft-07 items */
    SV_SH_MAP_MIXED        /* draft-07 dependencies: subschemas or name arrays */
} sv_shape;

typedef struct sv_keyword {
    const char *name;
    unsigned dialects; /* SV_2020 | SV_07 */
    unsigned vocab;    /* the vocabulary that must be on */
    sv_shape shape;
} sv_keyword;
/* The keywords holding subschemas, one table for indexing and compiling. */
extern const sv_keyword sv_subschema_keywords[];
/* The dialect a "$schema" URI names, or 0. */
unsigned sv_dialect_of(const char *uri);
/* The vocabularies a dialect has on when its own metaschema is named. */
unsigned sv_dialect_vocab(unsigned dialect);

/* ---- URIs (uri.c) -------------------------------------------------------- */

/* ref resolved against base (RFC 3986 section 5.2), malloc'd, or NULL when
 * out of memory. base may be NULL when ref is absolute. */
char *sv_uri_resolve(const char *base, const char *ref);
/* Whether uri has a scheme. */
bool sv_uri_absolute(const char *uri);
/* A malloc'd copy of uri without its fragment; *fragment (may be NULL) gets
 * a malloc'd, percent-decoded copy of the fragment ("" when none). */
char *sv_uri_split(const char *uri, char **fragment);

/* ---- JSON values (equal.c) ----------------------------------------------- */

/* The work a comparison may do: values can be large, and comparing two
 * objects looks each member up. Past max, over is set and the results
 * mean nothing (the validation stops with SC_ERR_LIMIT). */
typedef struct sv_budget {
    size_t used, max;
    bool over;
} sv_budget;

/* JSON equality: numbers by value (1 == 1.0), objects by members in any
 * order. */
bool sv_equal(const cJSON *a, const cJSON *b, sv_budget *w);
/* A hash consistent with sv_equal. */
uint64_t sv_hash(const cJSON *v, sv_budget *w);
/* The index of the first item of arr (n items) equal to an earlier one, or
 * n; n + 1 when out of memory. Expected O(n log n). */
size_t sv_find_duplicate(const cJSON *arr, size_t n, sv_budget *w);
/* d as the decoders' messages write a bound: sc_print_json's form (90, 0.5, 1e+300). */
void sv_format_number(double d, char *buf, size_t size);

/* ---- the registry (registry.c) ------------------------------------------ */

typedef struct sv_document {
    char *uri;
    cJSON *doc;
} sv_document;

struct sc_schema_registry {
    sv_document *docs;
    size_t n, cap;
};

/* The document at uri (no fragment) in reg (which may be NULL), or NULL. */
const cJSON *sv_registry_find(const sc_schema_registry *reg, const char *uri);
/* The built-in metaschema at uri, or NULL (its text is parsed when used). */
const sv_builtin *sv_builtin_find(const char *uri);

/* ---- the compiled form ---------------------------------------------------- */

typedef enum sv_op {
    SV_OP_FALSE,
    SV_OP_TYPE,
    SV_OP_CONST,
    SV_OP_ENUM,
    SV_OP_MULTIPLE_OF,
    SV_OP_MAXIMUM,
    SV_OP_EXCLUSIVE_MAXIMUM,
    SV_OP_MINIMUM,
    SV_OP_EXCLUSIVE_MINIMUM,
    SV_OP_MAX_LENGTH,
    SV_OP_MIN_LENGTH,
    SV_OP_PATTERN,
    SV_OP_FORMAT,
    SV_OP_MAX_ITEMS,
    SV_OP_MIN_ITEMS,
    SV_OP_UNIQUE_ITEMS,
    SV_OP_MAX_PROPERTIES,
    SV_OP_MIN_PROPERTIES,
    SV_OP_REQUIRED,
    SV_OP_DEPENDENT_REQUIRED,
    SV_OP_ALL_OF,
    SV_OP_ANY_OF,
    SV_OP_ONE_OF,
    SV_OP_NOT,
    SV_OP_IF,
    SV_OP_DEPENDENT_SCHEMAS,
    SV_OP_REF,
    SV_OP_DYNAMIC_REF,
    SV_OP_PROPERTIES, /* properties, patternProperties, additionalProperties */
    SV_OP_PROPERTY_NAMES,
    SV_OP_ITEMS,    /* prefixItems and items (draft-07: items, additionalItems) */
    SV_OP_CONTAINS, /* contains, minContains, maxContains */
    SV_OP_UNEVALUATED_PROPERTIES,
    SV_OP_UNEVALUATED_ITEMS
} sv_op;

/* Type bits of "type". */
enum {
    SV_T_NULL = 1,
    SV_T_BOOLEAN = 2,
    SV_T_OBJECT = 4,
    SV_T_ARRAY = 8,
    SV_T_NUMBER = 16,
    SV_T_STRING = 32,
    SV_T_INTEGER = 64,
    SV_T_ALL = 127
};

struct pattern;

/* A name and the node or list it leads to: properties, dependentSchemas,
 * dependentRequired, required (node unused), sorted by (len, bytes). */
typedef struct sv_name {
    const char *name;
    size_t len;
    uint32_t node; /* or the first of count names in sc_schema.names */
    uint32_t count;
    uint32_t hash; /* sv_quick_hash or sv_hash_name, for the runs that have a table */
    uint16_t
        req; /* PROPERTIES fused with REQUIRED: 1 + this name's index in required's run, or 0 */
} sv_name;

/* The hash of a member name of len bytes, for the hash tables of
 * properties and required: a lookup then costs a strlen, this and (almost
 * always) one comparison, where a binary search compared at every probe.
 * Names of up to 16 bytes are read as two overlapping words, longer ones a
 * word at a time, with loads that stay inside the name. A probe sequence
 * never runs past its table (twice the names), so keys chosen to collide
 * cost no more than a scan of the names. */
static inline uint64_t sv_load64(const char *p)
{
    uint64_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint32_t sv_load32(const char *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}

static inline uint64_t sv_mix(uint64_t h, uint64_t w)
{
    h = (h ^ w) * 0xBF58476D1CE4E5B9ULL;
    return h ^ h >> 31;
}

static inline uint32_t sv_hash_name(const char *s, size_t len)
{
    const unsigned char *u = (const unsigned char *)s;
    uint64_t h = 0x9E3779B97F4A7C15ULL ^ len;
    if (len > 16) {
        size_t i = 0;
        for (; i + 8 < len; i += 8)
            h = sv_mix(h, sv_load64(s + i));
        h = sv_mix(h, sv_load64(s + len - 8));
    } else if (len >= 8) {
        h = sv_mix(sv_mix(h, sv_load64(s)), sv_load64(s + len - 8));
    } else if (len >= 4) {
        h = sv_mix(h, (uint64_t)sv_load32(s) << 32 | sv_load32(s + len - 4));
    } else if (len > 0) {
        h = sv_mix(h, (uint64_t)u[0] << 16 | (uint64_t)u[len / 2] << 8 | u[len - 1]);
    }
    h *= 0x94D049BB133111EBULL;
    return (uint32_t)(h >> 32);
}

/* The hash most name tables use: the name's first bytes (up to 4, not
 * past its NUL), so that a lookup needs neither the key's strlen nor a
 * pass over it; the candidate with the same hash is then compared with
 * strcmp. A table where names share first bytes (long probe runs) uses
 * sv_hash_name instead (sv_instr.slow_hash, compile.c's hash_names). */
static inline uint32_t sv_quick_hash(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    uint32_t h = u[0];
    if (h != 0) {
        h |= (uint32_t)u[1] << 8;
        if (u[1] != 0) {
            h |= (uint32_t)u[2] << 16;
            if (u[2] != 0)
                h |= (uint32_t)u[3] << 24;
        }
    }
    h *= 0x9E3779B1u;
    return h ^ h >> 15;
}

/* a[0..len) == b[0..len), inline for the usual short names. */
static inline bool sv_same_name(const char *a, const char *b, size_t len)
{
    if (len >= 8 && len <= 16)
        return sv_load64(a) == sv_load64(b) && sv_load64(a + len - 8) == sv_load64(b + len - 8);
    if (len >= 4 && len < 8)
        return sv_load32(a) == sv_load32(b) && sv_load32(a + len - 4) == sv_load32(b + len - 4);
    return memcmp(a, b, len) == 0;
}

typedef struct sv_pattern_node {
    struct pattern *re;
    uint32_t node;
    bool owner; /* frees re: one pattern text is compiled once a schema, its other uses share it */
} sv_pattern_node;

/* One keyword of one subschema. */
typedef struct sv_instr {
    uint8_t op;     /* sv_op */
    uint8_t types;  /* SV_OP_TYPE */
    bool flag;      /* ITEMS: items marks all; CONTAINS: has max; PROPERTIES: additional is false */
    bool slow_hash; /* PROPERTIES, REQUIRED: the table is by sv_hash_name, not sv_quick_hash */
    bool cyclic;    /* REF, DYNAMIC_REF: may lead back to itself on the same value (compile.c,
                     * mark_cyclic_refs): only then is a frame needed when no error is reported */
    const char *keyword;
    const char *loc;     /* the keyword's JSON Pointer in its document */
    const char *doc_uri; /* that document's URI */
    const char *text;    /* a message part: the expected types, values, the number */
    double num;
    size_t min, max;         /* lengths and counts */
    uint32_t a, b, c;        /* nodes: a subschema; IF: if, then, else; PROPERTIES: additional;
                              * REQUIRED: b, the node's PROPERTIES instruction when its names hold
                              * every required one (one lookup a member serves both) */
    uint32_t first, count;   /* a run of sc_schema.lists or .names or .patterns */
    uint32_t first2, count2; /* PROPERTIES: its patterns */
    uint32_t table,
        mask; /* PROPERTIES, REQUIRED: the names' hash table, sc_schema.slots[table..table+mask] */
    const cJSON *value; /* CONST, ENUM */
    const struct pattern *re;
    int format; /* FORMAT: a value of sv_format_of (formats.h) */
} sv_instr;

/* One subschema: instructions first..first+count. */
typedef struct sv_node {
    uint32_t first, count;
    uint32_t resource;
    const char *path;   /* JSON Pointer in its document */
    uint32_t path_len;  /* strlen(path): where a $ref's keyword locations go on */
    uint8_t lead_types; /* the SV_T_ bits of its "type" when that is the first of several
                         * instructions, else 0 */
    /* Its shape, for a test before running it: the kinds of value (SV_T_
     * bits of kind_bits; SV_T_INTEGER: a number that is an integer) it
     * passes without its other instructions doing anything to them: a
     * {"type": T} leaf, an array against {"type": ["string", "array"],
     * "minLength": 1}; decided: those and the kinds that fail its type. */
    uint8_t skip, decided;
    bool leaf; /* checks of the value alone (no subschema, no $ref, nothing marked):
                * eval_child runs it without eval's bookkeeping when nothing is reported */
    /* Its instructions past a leading "type" that passes objects: a
     * "properties" (1) or a fused "required" and its "properties" (2), in a
     * schema without $dynamicRef: eval_props runs an object against it
     * without eval's loop. 0: not such a node. */
    uint8_t props_only;
    bool own_props; /* has unevaluatedProperties: tracks its own */
    bool own_items; /* has unevaluatedItems */
    /* A discriminator (compile.c, find_discriminators): a property of its
     * "properties" (or of the node its $ref alone leads to) whose subschema
     * is a const or enum leaf (disc, else SV_NONE), or one of its
     * "required". A branch of anyOf, oneOf, not or if whose object has
     * that member with another value, or lacks a required one, fails
     * without running the node (its properties or required would fail). */
    uint32_t disc;
    const char *disc_name; /* NULL: no discriminator */
    bool disc_required;    /* disc_name is required: an object without it fails the node too */
    /* A node that is a $ref alone (no cycle through it, one resource
     * along the chain): the node the chain leads to, which the evaluator
     * runs directly when no error is reported. SV_NONE: none. */
    uint32_t jump;
} sv_node;

typedef struct sv_resource {
    char *uri;
    uint32_t doc; /* index into sc_schema.docs */
} sv_resource;

/* A $dynamicAnchor a $dynamicRef may land on. */
typedef struct sv_dynamic {
    uint32_t resource, node;
} sv_dynamic;

struct sc_schema {
    sv_node *nodes;
    size_t nnodes;
    sv_instr *instrs;
    size_t ninstrs;
    uint32_t *lists; /* node runs of allOf, anyOf, oneOf, prefixItems */
    size_t nlists;
    sv_name *names;
    size_t nnames;
    uint32_t *slots; /* open-addressing tables of name runs: index in the run + 1, 0 empty */
    size_t nslots;
    sv_pattern_node *patterns;
    size_t npatterns;
    sv_dynamic *dynamics; /* runs of SV_OP_DYNAMIC_REF (first, count) */
    size_t ndynamics;
    sv_resource *resources;
    size_t nresources;
    sv_document *docs; /* copies of every document used */
    size_t ndocs;
    char **strings; /* every string the instructions point to */
    size_t nstrings;
    uint32_t root;
    bool dynamic; /* has a $dynamicRef: only then is the dynamic scope tracked */
    size_t max_work;
    int max_depth;      /* of the instance */
    int max_eval_depth; /* of nested subschemas */
    sc_limits limits;
    bool strict_json; /* options.strict_json: documents as text read with the decoders' I-JSON rules
                       */
};

#endif /* SCHEMAC_RUNTIME_VALIDATE_INTERNAL_H */
