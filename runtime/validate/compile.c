/* libschemac-validate: from a schema document to the flat instruction list
 * (validate_internal.h says how the stages fit). Indexing and compiling
 * are one pass over documents as they are needed: the root first, then
 * each registry document or metaschema the first "$ref" into it loads. */
#include "validate_internal.h"
#include "formats.h"

#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pattern/pattern.h"
#include "schemac/json.h"
#include "schemac/reader.h"

/* A subschema found by the index walk. */
typedef struct entry {
    const cJSON *node;
    uint32_t resource;
    uint32_t compiled; /* its node, or SV_NONE */
    char *path;        /* JSON Pointer in its document */
    unsigned dialect, vocab;
} entry;

typedef struct res_info {
    const cJSON *root;
    unsigned dialect, vocab;
} res_info;

typedef struct uri_alias {
    char *uri;
    uint32_t resource;
} uri_alias;

typedef struct anchor {
    uint32_t resource;
    const char *name;
    const cJSON *node;
    bool dynamic;
} anchor;

typedef struct pending_dynamic {
    uint32_t instr;
    const char *name;
} pending_dynamic;

typedef struct compiler {
    sc_schema *s;
    const sc_schema_registry *reg;
    sc_error *err;
    int formats; /* sc_schema_formats */
    unsigned default_dialect;
    entry *entries;
    size_t nentries, capentries;
    uint32_t *map; /* open addressing, entry index + 1, by node address */
    size_t mapcap;
    res_info *res;
    uri_alias *uris;
    size_t nuris, capuris;
    anchor *anchors;
    size_t nanchors, capanchors;
    uint32_t *node_entry; /* per node: its entry */
    uint32_t *queue;      /* nodes allocated but not compiled yet */
    size_t nqueue, capqueue, headqueue;
    pending_dynamic *dyn;
    size_t ndyn, capdyn;
    size_t work;                       /* URIs and anchors compared: see over_budget */
    unsigned long long pattern_budget; /* DFA construction work left for the schema's patterns */
    struct pattern *format_re[4];      /* regular_formats' patterns, compiled once per schema */
    /* The first patterns compiled, by text: a pattern used again (real
     * schemas repeat "^.{1,256}$" and the like, costly automata) is built
     * once. Bounded, so that looking them up stays cheap. */
    struct {
        const char *text;
        struct pattern *re;
    } pattern_cache[64];
    size_t npattern_cache;
    size_t capnodes, capinstrs, caplists, capnames, capslots, cappatterns, capdynamics,
        capresources, capdocs, capstrings;
} compiler;

/* ---- small helpers -------------------------------------------------------- */

static bool grow(void **arr, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap)
        return true;
    size_t n = *cap ? *cap : 16;
    while (n < need)
        n *= 2;
    void *p = realloc(*arr, n * elem);
    if (p == NULL)
        return false;
    *arr = p;
    *cap = n;
    return true;
}
#define GROW(c, arr, n, cap) grow((void **)&(arr), &(cap), (n) + 1, sizeof *(arr)) ? 0 : nomem(c)

static int nomem(compiler *c)
{
    return sc_fail(c->err, SC_ERR_NOMEM, NULL, "out of memory");
}

/* Keeps s (malloc'd) with the schema, or frees it and fails. */
static const char *keep(compiler *c, char *str)
{
    if (str == NULL || (GROW(c, c->s->strings, c->s->nstrings, c->capstrings)) != 0) {
        free(str);
        return NULL;
    }
    c->s->strings[c->s->nstrings++] = str;
    return str;
}

static char *xprintf(const char *fmt, ...) SC_PRINTF(1, 2);
static char *xprintf(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *out = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (out != NULL) {
        va_start(ap, fmt);
        vsnprintf(out, (size_t)n + 1, fmt, ap);
        va_end(ap);
    }
    return out;
}

/* Locations are kept at most this long: an error holds no more of them
 * (SC_SCHEMA_LOCATION_MAX), and a hostile schema of long keys nested deep
 * must not make every subschema and keyword carry a copy of megabytes. A
 * cut location is still a prefix of its subschemas' (cut) locations,
 * which is what keyword_location in eval.c relies on. */
#define SV_MAX_PATH (SC_SCHEMA_LOCATION_MAX - 1)

/* path + "/" + key, the key escaped as JSON Pointer requires, cut to
 * SV_MAX_PATH bytes. */
static char *child_path(const char *path, const char *key)
{
    size_t n = strlen(path), size = n + 1;
    if (n > SV_MAX_PATH)
        n = SV_MAX_PATH;
    for (const char *k = key; *k && size < SV_MAX_PATH; k++)
        size += *k == '~' || *k == '/' ? 2 : 1;
    if (size > SV_MAX_PATH)
        size = SV_MAX_PATH;
    char *out = malloc(size + 1);
    if (out == NULL)
        return NULL;
    char *o = out + n, *end = out + size;
    memcpy(out, path, n);
    if (o < end)
        *o++ = '/';
    for (const char *k = key; *k && o < end; k++) {
        if ((*k == '~' || *k == '/') && o + 1 < end) {
            *o++ = '~';
            *o++ = *k == '~' ? '0' : '1';
        } else if (*k == '~' || *k == '/')
            break;
        else
            *o++ = *k;
    }
    *o = '\0';
    return out;
}

static char *index_path(const char *path, size_t i)
{
    char index[24];
    snprintf(index, sizeof index, "%zu", i);
    return child_path(path, index);
}

/* A compile error at the keyword loc of the document of resource res. */
static int fail(compiler *c, uint32_t res, const char *loc, const char *fmt, ...) SC_PRINTF(4, 5);
static int fail(compiler *c, uint32_t res, const char *loc, const char *fmt, ...)
{
    char msg[SC_ERROR_MESSAGE_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    const sv_document *doc = &c->s->docs[c->s->resources[res].doc];
    if (c->s->resources[res].doc == 0)
        sc_fail_at(c->err, SC_ERR_ARGUMENT, loc, "%s", msg);
    else
        sc_fail_at(c->err, SC_ERR_ARGUMENT, loc, "in %s: %s", doc->uri, msg);
    return SC_ERR_ARGUMENT;
}

static const cJSON *member(const cJSON *obj, const char *name)
{
    for (const cJSON *m = obj->child; m != NULL; m = m->next)
        if (strcmp(m->string, name) == 0)
            return m;
    return NULL;
}

/* ---- the entry map: node address -> entry --------------------------------- */

static size_t slot_of(const compiler *c, const cJSON *node)
{
    uintptr_t h = (uintptr_t)node;
    h ^= h >> 17;
    h *= (uintptr_t)0x9E3779B97F4A7C15ULL;
    return (size_t)(h ^ (h >> 29)) & (c->mapcap - 1);
}

static uint32_t find_entry(const compiler *c, const cJSON *node)
{
    if (c->mapcap == 0)
        return SV_NONE;
    for (size_t i = slot_of(c, node);; i = (i + 1) & (c->mapcap - 1)) {
        uint32_t e = c->map[i];
        if (e == 0)
            return SV_NONE;
        if (c->entries[e - 1].node == node)
            return e - 1;
    }
}

static int rehash(compiler *c)
{
    size_t cap = c->mapcap ? 2 * c->mapcap : 1024;
    uint32_t *map = calloc(cap, sizeof *map);
    if (map == NULL)
        return nomem(c);
    free(c->map);
    c->map = map;
    c->mapcap = cap;
    for (size_t e = 0; e < c->nentries; e++) {
        size_t i = slot_of(c, c->entries[e].node);
        while (c->map[i] != 0)
            i = (i + 1) & (cap - 1);
        c->map[i] = (uint32_t)e + 1;
    }
    return 0;
}

/* Takes path. */
static int add_entry(compiler *c, const cJSON *node, uint32_t res, char *path, unsigned dialect,
                     unsigned vocab)
{
    if (path == NULL || c->nentries >= SV_MAX_NODES ||
        (GROW(c, c->entries, c->nentries, c->capentries)) != 0) {
        free(path);
        return c->nentries >= SV_MAX_NODES
                   ? sc_fail(c->err, SC_ERR_LIMIT, NULL, "the schema has too many subschemas")
                   : nomem(c);
    }
    c->entries[c->nentries++] = (entry){node, res, SV_NONE, path, dialect, vocab};
    if (2 * c->nentries > c->mapcap)
        return rehash(c);
    size_t i = slot_of(c, node);
    while (c->map[i] != 0)
        i = (i + 1) & (c->mapcap - 1);
    c->map[i] = (uint32_t)c->nentries;
    return 0;
}

/* ---- resources and documents ---------------------------------------------- */

/* Resolving looks URIs and anchors up in lists: a schema of very many
 * "$id"s and "$ref"s would make that quadratic, so the comparisons are
 * counted and compiling stops past this many. */
#define SV_COMPILE_MAX_WORK ((size_t)50000000)

static int over_budget(compiler *c)
{
    if (c->work <= SV_COMPILE_MAX_WORK)
        return 0;
    return sc_fail(c->err, SC_ERR_LIMIT, NULL,
                   "the schema has too many resources, anchors and references to resolve");
}

static uint32_t find_uri(compiler *c, const char *uri)
{
    c->work += c->nuris;
    for (size_t i = 0; i < c->nuris; i++)
        if (strcmp(c->uris[i].uri, uri) == 0)
            return c->uris[i].resource;
    return SV_NONE;
}

/* Takes uri. */
static int add_alias(compiler *c, char *uri, uint32_t res)
{
    if (uri == NULL || (GROW(c, c->uris, c->nuris, c->capuris)) != 0) {
        free(uri);
        return nomem(c);
    }
    c->uris[c->nuris++] = (uri_alias){uri, res};
    return 0;
}

static int add_resource(compiler *c, const char *uri, uint32_t doc, const cJSON *root,
                        unsigned dialect, unsigned vocab, uint32_t *out)
{
    sc_schema *s = c->s;
    size_t cap = c->capresources;
    if ((GROW(c, s->resources, s->nresources, c->capresources)) != 0)
        return SC_ERR_NOMEM;
    if (c->capresources != cap) {
        res_info *r = realloc(c->res, c->capresources * sizeof *r);
        if (r == NULL)
            return nomem(c);
        c->res = r;
    }
    char *copy = sv_uri_split(uri, NULL);
    if (copy == NULL)
        return nomem(c);
    *out = (uint32_t)s->nresources;
    s->resources[s->nresources] = (sv_resource){copy, doc};
    c->res[s->nresources++] = (res_info){root, dialect, vocab};
    /* a later document or "$id" with the same URI does not replace it */
    return find_uri(c, copy) == SV_NONE ? add_alias(c, sv_uri_split(copy, NULL), *out) : 0;
}

static int load_document(compiler *c, const char *uri, cJSON *doc, uint32_t *res);

/* The dialect and vocabularies a "$schema" names: one of ours, or a
 * metaschema whose "$vocabulary" lists them (draft 2020-12 then). */
static int dialect_for(compiler *c, const char *uri, unsigned *dialect, unsigned *vocab)
{
    if ((*dialect = sv_dialect_of(uri)) != 0) {
        *vocab = sv_dialect_vocab(*dialect);
        return 0;
    }
    *vocab = sv_dialect_vocab(SV_2020);
    *dialect = SV_2020;
    char *abs = sv_uri_split(uri, NULL);
    if (abs == NULL)
        return nomem(c);
    const cJSON *meta = sv_registry_find(c->reg, abs);
    free(abs);
    if (meta == NULL)
        return 0; /* an unknown metaschema: its dialect's default */
    const cJSON *schema = cJSON_IsObject(meta) ? member(meta, "$schema") : NULL;
    if (cJSON_IsString(schema) && sv_dialect_of(schema->valuestring) != 0)
        *dialect = sv_dialect_of(schema->valuestring);
    const cJSON *vocabs = cJSON_IsObject(meta) ? member(meta, "$vocabulary") : NULL;
    if (!cJSON_IsObject(vocabs))
        return 0;
    static const struct {
        const char *uri;
        unsigned bit;
    } known[] = {
        {"https://json-schema.org/draft/2020-12/vocab/applicator", SV_V_APPLICATOR},
        {"https://json-schema.org/draft/2020-12/vocab/validation", SV_V_VALIDATION},
        {"https://json-schema.org/draft/2020-12/vocab/unevaluated", SV_V_UNEVALUATED},
        {"https://json-schema.org/draft/2020-12/vocab/format-assertion", SV_V_FORMAT},
    };
    *vocab = 0;
    for (size_t i = 0; i < sizeof known / sizeof known[0]; i++)
        if (member(vocabs, known[i].uri) != NULL)
            *vocab |= known[i].bit;
    return 0;
}

static int add_anchor(compiler *c, uint32_t res, const char *name, const cJSON *node, bool dynamic)
{
    if ((GROW(c, c->anchors, c->nanchors, c->capanchors)) != 0)
        return SC_ERR_NOMEM;
    c->anchors[c->nanchors++] = (anchor){res, name, node, dynamic};
    return 0;
}

static int index_schema(compiler *c, uint32_t doc, const cJSON *node, char *path, uint32_t res,
                        unsigned dialect, unsigned vocab, int depth);

/* "$id": a new resource at node (draft-07: "#name" is an anchor). */
static int index_id(compiler *c, uint32_t doc, const cJSON *node, uint32_t *res, unsigned dialect,
                    unsigned vocab)
{
    const cJSON *id = member(node, "$id");
    if (!cJSON_IsString(id) || (dialect == SV_07 && member(node, "$ref") != NULL))
        return *res == SV_NONE
                   ? add_resource(c, c->s->docs[doc].uri, doc, node, dialect, vocab, res)
                   : 0;
    const char *base = *res == SV_NONE ? c->s->docs[doc].uri : c->s->resources[*res].uri;
    char *uri = sv_uri_resolve(base, id->valuestring);
    char *fragment = NULL;
    char *abs = uri ? sv_uri_split(uri, &fragment) : NULL;
    free(uri);
    if (abs == NULL)
        return nomem(c);
    int rc = 0;
    uint32_t outer = *res;
    if (*fragment != '\0' && dialect == SV_07 && outer != SV_NONE && strcmp(abs, base) == 0) {
        rc = add_anchor(c, outer, id->valuestring + strcspn(id->valuestring, "#") + 1, node, false);
    } else {
        rc = add_resource(c, abs, doc, node, dialect, vocab, res);
        if (rc == 0 && outer == SV_NONE && strcmp(abs, c->s->docs[doc].uri) != 0 &&
            find_uri(c, c->s->docs[doc].uri) == SV_NONE)
            rc = add_alias(c, sv_uri_split(c->s->docs[doc].uri, NULL), *res);
        if (rc == 0 && *fragment != '\0')
            rc = add_anchor(c, *res, id->valuestring + strcspn(id->valuestring, "#") + 1, node,
                            false);
    }
    free(abs);
    free(fragment);
    return rc;
}

static int index_keyword(compiler *c, uint32_t doc, const sv_keyword *k, const cJSON *value,
                         const char *path, uint32_t res, unsigned dialect, unsigned vocab,
                         int depth)
{
    char *kpath = child_path(path, k->name);
    if (kpath == NULL)
        return nomem(c);
    int rc = 0;
    sv_shape shape = k->shape;
    if (shape == SV_SH_SCHEMA_OR_ARRAY)
        shape = cJSON_IsArray(value) ? SV_SH_ARRAY : SV_SH_SCHEMA;
    if (shape == SV_SH_SCHEMA) {
        rc = index_schema(c, doc, value, kpath, res, dialect, vocab, depth + 1);
        kpath = NULL;
    } else if (shape == SV_SH_ARRAY && cJSON_IsArray(value)) {
        size_t i = 0;
        for (const cJSON *item = value->child; item != NULL && rc == 0; item = item->next, i++)
            rc = index_schema(c, doc, item, index_path(kpath, i), res, dialect, vocab, depth + 1);
    } else if ((shape == SV_SH_MAP || shape == SV_SH_MAP_MIXED) && cJSON_IsObject(value)) {
        for (const cJSON *m = value->child; m != NULL && rc == 0; m = m->next)
            if (!(shape == SV_SH_MAP_MIXED && cJSON_IsArray(m)))
                rc = index_schema(c, doc, m, child_path(kpath, m->string), res, dialect, vocab,
                                  depth + 1);
    }
    free(kpath);
    return rc;
}

/* Records node and every subschema under it. Takes path. */
static int index_schema(compiler *c, uint32_t doc, const cJSON *node, char *path, uint32_t res,
                        unsigned dialect, unsigned vocab, int depth)
{
    if (path == NULL)
        return nomem(c);
    if (find_entry(c, node) != SV_NONE || !(cJSON_IsObject(node) || cJSON_IsBool(node))) {
        free(path);
        return 0; /* not a schema: compiling it says so, if it is ever used */
    }
    if (depth > SC_MAX_DEPTH) {
        free(path);
        return sc_fail(c->err, SC_ERR_DEPTH, NULL, "the schema is nested too deeply");
    }
    if (over_budget(c) != 0) {
        free(path);
        return SC_ERR_LIMIT;
    }
    int rc = 0;
    const cJSON *schema = cJSON_IsObject(node) ? member(node, "$schema") : NULL;
    if (cJSON_IsString(schema))
        rc = dialect_for(c, schema->valuestring, &dialect, &vocab);
    if (rc == 0 && cJSON_IsObject(node))
        rc = index_id(c, doc, node, &res, dialect, vocab);
    else if (rc == 0 && res == SV_NONE)
        rc = add_resource(c, c->s->docs[doc].uri, doc, node, dialect, vocab, &res);
    if (rc == 0 && dialect == SV_2020 && cJSON_IsObject(node)) {
        const cJSON *a = member(node, "$anchor"), *d = member(node, "$dynamicAnchor");
        if (cJSON_IsString(a))
            rc = add_anchor(c, res, a->valuestring, node, false);
        if (rc == 0 && cJSON_IsString(d))
            rc = add_anchor(c, res, d->valuestring, node, true);
    }
    if (rc != 0) {
        free(path);
        return rc;
    }
    if ((rc = add_entry(c, node, res, path, dialect, vocab)) != 0)
        return rc;
    if (!cJSON_IsObject(node))
        return 0;
    for (const sv_keyword *k = sv_subschema_keywords; k->name != NULL && rc == 0; k++) {
        const cJSON *value = (k->dialects & dialect) && (k->vocab & vocab) == k->vocab
                                 ? member(node, k->name)
                                 : NULL;
        if (value != NULL)
            rc = index_keyword(c, doc, k, value, path, res, dialect, vocab, depth);
    }
    return rc;
}

/* Takes doc; *res gets the resource of its root. */
static int load_document(compiler *c, const char *uri, cJSON *doc, uint32_t *res)
{
    sc_schema *s = c->s;
    char *copy = uri ? sv_uri_split(uri, NULL) : NULL;
    if (copy == NULL || (GROW(c, s->docs, s->ndocs, c->capdocs)) != 0) {
        free(copy);
        cJSON_Delete(doc);
        return nomem(c);
    }
    uint32_t d = (uint32_t)s->ndocs;
    s->docs[s->ndocs++] = (sv_document){copy, doc};
    char *root = malloc(1);
    if (root != NULL)
        *root = '\0';
    *res = SV_NONE;
    int rc = index_schema(c, d, doc, root, SV_NONE, c->default_dialect,
                          sv_dialect_vocab(c->default_dialect), 0);
    if (rc == 0) {
        uint32_t e = find_entry(c, doc);
        *res = e == SV_NONE ? SV_NONE : c->entries[e].resource;
    }
    return rc;
}

/* The resource at uri (no fragment), loading it from the registry or the
 * built-in metaschemas the first time. SV_NONE when there is none. */
static int resource_at(compiler *c, const char *uri, uint32_t *res)
{
    if ((*res = find_uri(c, uri)) != SV_NONE)
        return 0;
    cJSON *doc = NULL;
    const cJSON *found = sv_registry_find(c->reg, uri);
    const sv_builtin *b = found ? NULL : sv_builtin_find(uri);
    if (found != NULL)
        doc = cJSON_Duplicate(found, true);
    else if (b != NULL)
        doc = cJSON_ParseWithLength(b->text, b->len);
    else
        return 0;
    if (doc == NULL)
        return nomem(c);
    int rc = load_document(c, uri, doc, res);
    if (rc == 0)
        *res = find_uri(c, uri);
    return rc;
}

/* The subschema at a JSON Pointer under the root of resource res. */
static int follow_pointer(compiler *c, uint32_t res, const char *pointer, const cJSON **out)
{
    const cJSON *node = c->res[res].root;
    uint32_t root_entry = find_entry(c, node);
    const char *p = pointer;
    *out = NULL;
    while (*p == '/' && node != NULL) {
        p++;
        size_t n = strcspn(p, "/");
        char *token = malloc(n + 1), *t = token;
        if (token == NULL)
            return nomem(c);
        for (size_t i = 0; i < n; i++) {
            if (p[i] == '~' && i + 1 < n && (p[i + 1] == '0' || p[i + 1] == '1'))
                *t++ = p[++i] == '0' ? '~' : '/';
            else
                *t++ = p[i];
        }
        *t = '\0';
        p += n;
        if (cJSON_IsArray(node)) {
            char *end;
            unsigned long i = strtoul(token, &end, 10);
            node = *token >= '0' && *token <= '9' && *end == '\0' ? cJSON_GetArrayItem(node, (int)i)
                                                                  : NULL;
        } else
            node = cJSON_IsObject(node) ? member(node, token) : NULL;
        free(token);
    }
    if (node == NULL || *p != '\0')
        return 0;
    if (find_entry(c, node) == SV_NONE && root_entry != SV_NONE) {
        /* under a keyword the walk does not follow: index it now, in the
         * resource the pointer started from */
        const entry *r = &c->entries[root_entry];
        char *path = xprintf("%.*s%.*s", SV_MAX_PATH, r->path, SV_MAX_PATH, pointer);
        if (path != NULL && strlen(path) > SV_MAX_PATH)
            path[SV_MAX_PATH] = '\0';
        uint32_t doc = c->s->resources[res].doc;
        int rc = index_schema(c, doc, node, path, res, r->dialect, r->vocab, 0);
        if (rc != 0)
            return rc;
    }
    *out = node;
    return 0;
}

/* The subschema a reference names, resolved against base; *dynamic tells
 * whether its fragment names a $dynamicAnchor (for $dynamicRef). */
static int lookup(compiler *c, const char *base, const char *ref, const cJSON **out,
                  const char **anchor_name, bool *dynamic)
{
    *out = NULL;
    *dynamic = false;
    char *uri = sv_uri_resolve(base, ref);
    char *fragment = NULL;
    char *abs = uri ? sv_uri_split(uri, &fragment) : NULL;
    free(uri);
    if (abs == NULL)
        return nomem(c);
    uint32_t res;
    int rc = resource_at(c, abs, &res);
    if (rc == 0 && res != SV_NONE) {
        if (*fragment == '\0')
            *out = c->res[res].root;
        else if (*fragment == '/')
            rc = follow_pointer(c, res, fragment, out);
        else
            for (size_t i = 0; i < c->nanchors && ++c->work; i++)
                if (c->anchors[i].resource == res && strcmp(c->anchors[i].name, fragment) == 0) {
                    *out = c->anchors[i].node;
                    *dynamic = c->anchors[i].dynamic;
                    *anchor_name = c->anchors[i].name;
                    break;
                }
    }
    free(abs);
    free(fragment);
    return rc;
}

/* ---- nodes ---------------------------------------------------------------- */

/* The node of a subschema, allocated (and queued for compiling) the first
 * time. */
static int node_for(compiler *c, const cJSON *schema, uint32_t *out)
{
    uint32_t e = find_entry(c, schema);
    if (e == SV_NONE)
        return sc_fail(c->err, SC_ERR_ARGUMENT, NULL,
                       "internal error: a subschema was not indexed");
    if (c->entries[e].compiled != SV_NONE) {
        *out = c->entries[e].compiled;
        return 0;
    }
    sc_schema *s = c->s;
    size_t cap = c->capnodes;
    if (s->nnodes >= SV_MAX_NODES)
        return sc_fail(c->err, SC_ERR_LIMIT, NULL, "the schema has too many subschemas");
    if ((GROW(c, s->nodes, s->nnodes, c->capnodes)) != 0)
        return SC_ERR_NOMEM;
    if (cap != c->capnodes) {
        uint32_t *ne = realloc(c->node_entry, c->capnodes * sizeof *ne);
        if (ne == NULL)
            return nomem(c);
        c->node_entry = ne;
    }
    if ((GROW(c, c->queue, c->nqueue, c->capqueue)) != 0)
        return SC_ERR_NOMEM;
    *out = (uint32_t)s->nnodes;
    const char *path = c->entries[e].path;
    s->nodes[s->nnodes] = (sv_node){.resource = c->entries[e].resource,
                                    .path = path,
                                    .path_len = (uint32_t)strlen(path),
                                    .disc = SV_NONE,
                                    .jump = SV_NONE};
    c->node_entry[s->nnodes++] = e;
    c->entries[e].compiled = *out;
    c->queue[c->nqueue++] = *out;
    return 0;
}

/* The state of compiling one node. */
typedef struct nodec {
    compiler *c;
    entry e; /* a copy: loading a document may move the entries */
    const cJSON *obj;
    uint32_t res;
    const char *base; /* its resource's URI, what references resolve against */
} nodec;

static int emit(nodec *n, sv_op op, const char *keyword, sv_instr **out)
{
    compiler *c = n->c;
    if ((GROW(c, c->s->instrs, c->s->ninstrs, c->capinstrs)) != 0)
        return SC_ERR_NOMEM;
    const char *loc = keep(c, child_path(n->e.path, keyword));
    if (loc == NULL)
        return nomem(c);
    sv_instr *in = &c->s->instrs[c->s->ninstrs++];
    memset(in, 0, sizeof *in);
    in->op = (uint8_t)op;
    in->keyword = keyword;
    in->loc = loc;
    in->doc_uri = c->s->docs[c->s->resources[n->res].doc].uri;
    in->a = in->b = in->c = SV_NONE;
    *out = in;
    return 0;
}

static int bad(nodec *n, const char *keyword, const char *what)
{
    char *loc = child_path(n->e.path, keyword);
    int rc = loc ? fail(n->c, n->res, loc, "\"%s\" must be %s", keyword, what) : nomem(n->c);
    free(loc);
    return rc;
}

/* A child subschema's node, by its address in the document. */
static int sub(nodec *n, const cJSON *schema, const char *keyword, uint32_t *out)
{
    if (!cJSON_IsObject(schema) && !cJSON_IsBool(schema))
        return bad(n, keyword, "a schema (an object or a boolean)");
    return node_for(n->c, schema, out);
}

/* The nodes of an array of subschemas, as a run of sc_schema.lists. */
static int sub_list(nodec *n, const cJSON *arr, const char *keyword, bool may_be_empty,
                    uint32_t *first, uint32_t *count)
{
    if (!cJSON_IsArray(arr) || (!may_be_empty && arr->child == NULL))
        return bad(n, keyword, "a non-empty array of schemas");
    compiler *c = n->c;
    sc_schema *s = c->s;
    size_t k = 0;
    for (const cJSON *i = arr->child; i != NULL; i = i->next)
        k++;
    if (!grow((void **)&s->lists, &c->caplists, s->nlists + k + 1, sizeof *s->lists))
        return nomem(c);
    *first = (uint32_t)s->nlists;
    *count = (uint32_t)k;
    s->nlists += k;
    k = 0;
    for (const cJSON *i = arr->child; i != NULL; i = i->next, k++) {
        uint32_t node;
        int rc = sub(n, i, keyword, &node);
        if (rc != 0)
            return rc;
        c->s->lists[*first + k] = node;
    }
    return 0;
}

static int by_name(const void *x, const void *y)
{
    const sv_name *a = x, *b = y;
    if (a->len != b->len)
        return a->len < b->len ? -1 : 1;
    return memcmp(a->name, b->name, a->len);
}

/* Reserves count names; *first their start. */
static int names(compiler *c, size_t count, uint32_t *first)
{
    /* at least one, so that an empty run still points into an array */
    if (!grow((void **)&c->s->names, &c->capnames, c->s->nnames + count + 1, sizeof *c->s->names))
        return nomem(c);
    *first = (uint32_t)c->s->nnames;
    c->s->nnames += count;
    return 0;
}

static size_t count_children(const cJSON *v)
{
    size_t k = 0;
    for (const cJSON *i = v->child; i != NULL; i = i->next)
        k++;
    return k;
}

/* An array of strings as sorted distinct names (required,
 * dependentRequired): a name given twice is kept once, since the
 * evaluator counts the names it finds (the metaschemas forbid repeats,
 * but a schema compiled without check_metaschema may have them). */
static int string_set(nodec *n, const cJSON *arr, const char *keyword, uint32_t *first,
                      uint32_t *count)
{
    if (!cJSON_IsArray(arr))
        return bad(n, keyword, "an array of strings");
    size_t k = count_children(arr);
    int rc = names(n->c, k, first);
    if (rc != 0)
        return rc;
    sv_name *out = n->c->s->names + *first;
    k = 0;
    for (const cJSON *i = arr->child; i != NULL; i = i->next) {
        if (!cJSON_IsString(i))
            return bad(n, keyword, "an array of strings");
        out[k++] = (sv_name){i->valuestring, strlen(i->valuestring), SV_NONE, 0, 0, 0};
    }
    if (k > 1)
        qsort(out, k, sizeof *out, by_name);
    size_t distinct = 0;
    for (size_t i = 0; i < k; i++)
        if (distinct == 0 || by_name(&out[distinct - 1], &out[i]) != 0)
            out[distinct++] = out[i];
    *count = (uint32_t)distinct;
    return 0;
}

/* Inserts names[first..first+count) into size slots by their hash:
 * false when names made to share a hash would make this quadratic (and
 * each lookup a scan). *run gets the longest run of full slots, what an
 * absent key's lookup may probe. */
static bool fill_slots(sc_schema *s, uint32_t *slots, size_t size, uint32_t first, uint32_t count,
                       bool slow, size_t *run)
{
    memset(slots, 0, size * sizeof *slots);
    size_t probes = 0, max_probes = 64 * (size_t)count + 1024;
    for (uint32_t k = 0; k < count; k++) {
        sv_name *name = &s->names[first + k];
        name->hash = slow ? sv_hash_name(name->name, name->len) : sv_quick_hash(name->name);
        size_t i = name->hash & (size - 1);
        while (slots[i] != 0 && ++probes <= max_probes)
            i = (i + 1) & (size - 1);
        if (probes > max_probes)
            return false;
        slots[i] = k + 1;
    }
    /* at least half the slots are empty: the wrap-around run is counted
     * from an empty slot */
    size_t start = 0, longest = 0, cur = 0;
    while (slots[start] != 0)
        start++;
    for (size_t j = 1; j <= size; j++) {
        cur = slots[(start + j) & (size - 1)] != 0 ? cur + 1 : 0;
        longest = cur > longest ? cur : longest;
    }
    *run = longest;
    return true;
}

/* A hash table over names[first..first+count) (their hash set), for the
 * evaluator's lookups: four times as many slots as names, a power of two. By
 * the names' first bytes when that keeps the probe runs short (a lookup
 * then reads only the key's first bytes and compares one candidate), else
 * by a hash of the whole name. */
static int hash_names_quiet(compiler *c, uint32_t first, uint32_t count, sv_instr *in, bool quiet);

static int hash_names(compiler *c, uint32_t first, uint32_t count, sv_instr *in)
{
    return hash_names_quiet(c, first, count, in, false);
}

/* quiet: names that collide are SC_ERR_LIMIT with no error set (the
 * caller does without the table). */
static int hash_names_quiet(compiler *c, uint32_t first, uint32_t count, sv_instr *in, bool quiet)
{
    in->table = 0;
    in->mask = 0;
    in->slow_hash = false;
    if (count == 0)
        return 0;
    /* a quarter full at most: an absent key's probe (additionalProperties)
     * mostly ends at its first slot */
    size_t size = 8;
    while (size < 4 * (size_t)count)
        size *= 2;
    sc_schema *s = c->s;
    if (!grow((void **)&s->slots, &c->capslots, s->nslots + size, sizeof *s->slots))
        return nomem(c);
    uint32_t *slots = s->slots + s->nslots;
    size_t run = 0;
    /* quick hashes colliding (names sharing their first bytes) or long
     * runs: the full hash */
    if (!fill_slots(s, slots, size, first, count, false, &run) || run > 8) {
        in->slow_hash = true;
        if (!fill_slots(s, slots, size, first, count, true, &run))
            return quiet ? SC_ERR_LIMIT
                         : sc_fail(c->err, SC_ERR_LIMIT, NULL,
                                   "the schema's property names collide in its hash tables");
    }
    in->table = (uint32_t)s->nslots;
    in->mask = (uint32_t)(size - 1);
    s->nslots += size;
    return 0;
}

/* A map of subschemas (properties, dependentSchemas) as sorted names. */
static int schema_map(nodec *n, const cJSON *obj, const char *keyword, uint32_t *first,
                      uint32_t *count)
{
    if (!cJSON_IsObject(obj))
        return bad(n, keyword, "an object of schemas");
    size_t k = count_children(obj);
    int rc = names(n->c, k, first);
    k = 0;
    for (const cJSON *m = obj->child; m != NULL && rc == 0; m = m->next, k++) {
        uint32_t node;
        rc = sub(n, m, keyword, &node);
        /* the array may have moved while the child was allocated */
        n->c->s->names[*first + k] = (sv_name){m->string, strlen(m->string), node, 0, 0, 0};
    }
    if (rc == 0 && k > 1)
        qsort(n->c->s->names + *first, k, sizeof(sv_name), by_name);
    *count = (uint32_t)k;
    return rc;
}

/* ---- keywords -------------------------------------------------------------- */

static const struct {
    const char *name;
    unsigned bit;
    const char *phrase;
} type_names[] = {
    {"null", SV_T_NULL, "null"},
    {"boolean", SV_T_BOOLEAN, "a boolean"},
    {"object", SV_T_OBJECT, "an object"},
    {"array", SV_T_ARRAY, "an array"},
    {"number", SV_T_NUMBER, "a number"},
    {"string", SV_T_STRING, "a string"},
    {"integer", SV_T_INTEGER, "an integer"},
};

static unsigned type_bit(const cJSON *v)
{
    for (size_t i = 0; cJSON_IsString(v) && i < sizeof type_names / sizeof type_names[0]; i++)
        if (strcmp(type_names[i].name, v->valuestring) == 0)
            return type_names[i].bit;
    return 0;
}

static int compile_type(nodec *n, const cJSON *v)
{
    unsigned bits = 0;
    if (cJSON_IsArray(v)) {
        for (const cJSON *i = v->child; i != NULL; i = i->next) {
            unsigned b = type_bit(i);
            if (b == 0)
                return bad(n, "type", "a type name or an array of them");
            bits |= b;
        }
    } else if ((bits = type_bit(v)) == 0)
        return bad(n, "type", "a type name or an array of them");
    /* "must be a string or null", the types in the table's order */
    char text[200] = "";
    size_t len = 0, left = 0;
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        left += (bits & type_names[i].bit) != 0;
    for (size_t i = 0; i < sizeof type_names / sizeof type_names[0]; i++)
        if (bits & type_names[i].bit) {
            left--;
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", type_names[i].phrase,
                                    left == 0   ? ""
                                    : left == 1 ? " or "
                                                : ", ");
        }
    sv_instr *in;
    int rc = emit(n, SV_OP_TYPE, "type", &in);
    if (rc != 0)
        return rc;
    in->types = (uint8_t)bits;
    in->text = keep(n->c, xprintf("must be %s", text));
    return in->text ? 0 : nomem(n->c);
}

/* A value as JSON text for a message, cut to max bytes. */
static char *value_text(const cJSON *v, size_t max)
{
    char *t = cJSON_PrintUnformatted(v);
    if (t != NULL && strlen(t) > max)
        strcpy(t + max - 3, "...");
    return t;
}

static int compile_values(nodec *n, const cJSON *v, bool is_enum)
{
    if (is_enum && !cJSON_IsArray(v))
        return bad(n, "enum", "an array");
    sv_instr *in;
    int rc = emit(n, is_enum ? SV_OP_ENUM : SV_OP_CONST, is_enum ? "enum" : "const", &in);
    if (rc != 0)
        return rc;
    in->value = v;
    char buf[SC_ERROR_MESSAGE_MAX] = "";
    size_t len = 0;
    for (const cJSON *i = is_enum ? v->child : v; i != NULL && len < sizeof buf - 1;
         i = is_enum ? i->next : NULL) {
        char *t = value_text(i, 80);
        if (t == NULL)
            return nomem(n->c);
        len += (size_t)snprintf(buf + len, sizeof buf - len, "%s%s", len ? ", " : "", t);
        free(t);
    }
    in->text = keep(n->c, xprintf(is_enum ? "must be one of: %s" : "must be %s", buf));
    if (in->text == NULL)
        return nomem(n->c);
    /* An enum of many strings: its strings in a hash table (names, node =
     * the string's position among them, what a scan would have compared),
     * so that a string is looked up, not compared with each. */
    size_t k = 0;
    for (const cJSON *i = is_enum ? v->child : NULL; i != NULL; i = i->next)
        k += cJSON_IsString(i);
    if (k >= 8 && k < UINT32_MAX) {
        uint32_t first = 0;
        if ((rc = names(n->c, k, &first)) != 0)
            return rc;
        uint32_t pos = 0;
        for (const cJSON *i = v->child; i != NULL; i = i->next)
            if (cJSON_IsString(i)) {
                pos++;
                n->c->s->names[first + pos - 1] =
                    (sv_name){i->valuestring, strlen(i->valuestring), pos, 0, 0, 0};
            }
        in->first = first;
        in->count = (uint32_t)k;
        if ((rc = hash_names_quiet(n->c, first, in->count, in, true)) == SC_ERR_LIMIT)
            in->count = 0; /* strings made to collide: scanned, as a short enum is */
        else if (rc != 0)
            return rc;
    }
    return 0;
}

/* The keywords that take a number: one row each. */
static const struct {
    const char *name;
    sv_op op;
    const char *message; /* %s: the number */
} number_keywords[] = {
    {"multipleOf", SV_OP_MULTIPLE_OF, "must be a multiple of %s"},
    {"maximum", SV_OP_MAXIMUM, "must be <= %s"},
    {"exclusiveMaximum", SV_OP_EXCLUSIVE_MAXIMUM, "must be < %s"},
    {"minimum", SV_OP_MINIMUM, "must be >= %s"},
    {"exclusiveMinimum", SV_OP_EXCLUSIVE_MINIMUM, "must be > %s"},
};

/* The keywords that take a count: one row each. */
static const struct {
    const char *name;
    sv_op op;
    const char *message; /* %llu, then the unit's singular or plural */
    const char *one, *many;
} count_keywords[] = {
    {"maxLength", SV_OP_MAX_LENGTH, "must be at most %llu %s long", "character", "characters"},
    {"minLength", SV_OP_MIN_LENGTH, "must be at least %llu %s long", "character", "characters"},
    {"maxItems", SV_OP_MAX_ITEMS, "must have at most %llu %s", "item", "items"},
    {"minItems", SV_OP_MIN_ITEMS, "must have at least %llu %s", "item", "items"},
    {"maxProperties", SV_OP_MAX_PROPERTIES, "must have at most %llu %s", "property", "properties"},
    {"minProperties", SV_OP_MIN_PROPERTIES, "must have at least %llu %s", "property", "properties"},
};

static bool count_value(const cJSON *v, size_t *out)
{
    if (!cJSON_IsNumber(v) || !(v->valuedouble >= 0) || floor(v->valuedouble) != v->valuedouble)
        return false;
    *out = v->valuedouble >= 1.8e19 ? SIZE_MAX : (size_t)v->valuedouble;
    return true;
}

static int compile_numbers(nodec *n)
{
    for (size_t k = 0; k < sizeof number_keywords / sizeof number_keywords[0]; k++) {
        const cJSON *v = member(n->obj, number_keywords[k].name);
        if (v == NULL)
            continue;
        if (!cJSON_IsNumber(v) ||
            (number_keywords[k].op == SV_OP_MULTIPLE_OF && !(v->valuedouble > 0)))
            return bad(n, number_keywords[k].name,
                       number_keywords[k].op == SV_OP_MULTIPLE_OF ? "a number > 0" : "a number");
        sv_instr *in;
        int rc = emit(n, number_keywords[k].op, number_keywords[k].name, &in);
        if (rc != 0)
            return rc;
        char num[40];
        sv_format_number(v->valuedouble, num, sizeof num);
        in->num = v->valuedouble;
        if ((in->text = keep(n->c, xprintf(number_keywords[k].message, num))) == NULL)
            return nomem(n->c);
    }
    for (size_t k = 0; k < sizeof count_keywords / sizeof count_keywords[0]; k++) {
        const cJSON *v = member(n->obj, count_keywords[k].name);
        size_t count;
        if (v == NULL)
            continue;
        if (!count_value(v, &count))
            return bad(n, count_keywords[k].name, "a non-negative integer");
        sv_instr *in;
        int rc = emit(n, count_keywords[k].op, count_keywords[k].name, &in);
        if (rc != 0)
            return rc;
        in->min = in->max = count;
        in->text = keep(n->c, xprintf(count_keywords[k].message, (unsigned long long)count,
                                      count == 1 ? count_keywords[k].one : count_keywords[k].many));
        if (in->text == NULL)
            return nomem(n->c);
    }
    return 0;
}

/* The work building the DFAs of one schema's patterns may take together
 * (the generator's budget for one pattern, about a second): a schema of
 * many hard patterns is refused in that time, not in that time per
 * pattern. */
#define SV_PATTERN_BUDGET 100000000ull

/* *shared: *out was compiled before and is kept already. */
static int compile_pattern(nodec *n, const cJSON *v, const char *keyword, struct pattern **out,
                           bool *shared)
{
    if (!cJSON_IsString(v))
        return bad(n, keyword, "a string");
    compiler *c = n->c;
    *shared = false;
    for (size_t i = 0; i < c->npattern_cache; i++)
        if (strcmp(c->pattern_cache[i].text, v->valuestring) == 0) {
            *out = c->pattern_cache[i].re;
            *shared = true;
            return 0;
        }
    char msg[SC_ERROR_MESSAGE_MAX - 64];
    size_t at = 0;
    unsigned long long before = n->c->pattern_budget;
    *out = pattern_compile_ex(v->valuestring, PATTERN_UNICODE_PROPERTIES, &n->c->pattern_budget,
                              msg, sizeof msg, &at);
    if (*out != NULL) {
        /* the text lives as long as the schema's copy of the document */
        if (c->npattern_cache < sizeof c->pattern_cache / sizeof c->pattern_cache[0]) {
            c->pattern_cache[c->npattern_cache].text = v->valuestring;
            c->pattern_cache[c->npattern_cache++].re = *out;
        }
        return 0;
    }
    if (before < SV_PATTERN_BUDGET && strstr(msg, "too complex") != NULL)
        snprintf(msg, sizeof msg, "the schema's patterns together are too complex to compile");
    char *loc = child_path(n->e.path, keyword);
    int rc =
        loc ? fail(n->c, n->res, loc, "pattern /%s/ at offset %zu: %s", v->valuestring, at, msg)
            : nomem(n->c);
    free(loc);
    return rc;
}

/* Patterns are kept with the schema as strings are; a shared one is freed
 * by its first entry, its owner. */
static int keep_pattern(compiler *c, struct pattern *re, uint32_t node, bool shared)
{
    if ((GROW(c, c->s->patterns, c->s->npatterns, c->cappatterns)) != 0) {
        if (!shared)
            pattern_free(re);
        return SC_ERR_NOMEM;
    }
    c->s->patterns[c->s->npatterns++] = (sv_pattern_node){re, node, !shared};
    return 0;
}

static int compile_strings(nodec *n)
{
    const cJSON *p = member(n->obj, "pattern");
    if (p != NULL) {
        struct pattern *re;
        sv_instr *in;
        bool shared;
        int rc = compile_pattern(n, p, "pattern", &re, &shared);
        if (rc == 0)
            rc = keep_pattern(n->c, re, SV_NONE, shared);
        if (rc == 0)
            rc = emit(n, SV_OP_PATTERN, "pattern", &in);
        if (rc != 0)
            return rc;
        in->re = re;
        if ((in->text = keep(n->c, xprintf("must match the pattern %s", p->valuestring))) == NULL)
            return nomem(n->c);
    }
    return 0;
}

/* Formats libschemac does not check whose grammar is regular: checked by
 * a pattern (compiled like any "pattern", so in linear time), one row
 * each. */
static const struct {
    const char *name, *pattern;
} regular_formats[] = {
    /* RFC 3339 appendix A: P with date and/or time parts in order, or weeks */
    {"duration", "^P(?:(?:\\d+Y(?:\\d+M(?:\\d+D)?)?|\\d+M(?:\\d+D)?|\\d+D)"
                 "(?:T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S))?"
                 "|T(?:\\d+H(?:\\d+M(?:\\d+S)?)?|\\d+M(?:\\d+S)?|\\d+S)|\\d+W)$"},
    /* RFC 6901 */
    {"json-pointer", "^(?:/(?:[^~/]|~[01])*)*$"},
    /* draft-handrews-relative-json-pointer-01 */
    {"relative-json-pointer", "^(?:0|[1-9][0-9]*)(?:#|(?:/(?:[^~/]|~[01])*)*)$"},
};
_Static_assert(sizeof regular_formats / sizeof regular_formats[0] <=
                   sizeof((compiler *)0)->format_re / sizeof(struct pattern *),
               "compiler.format_re has a slot per regular format");

/* "format" is a vocabulary of its own (format-assertion), apart from
 * validation's. The formats checked in C go to their checkers (formats.h:
 * the decoders' and the validator's own), a few others to patterns; any
 * other format is an annotation. */
static int compile_format(nodec *n)
{
    const cJSON *f = member(n->obj, "format");
    bool asserts = n->c->formats == SC_SCHEMA_FORMATS_ASSERT ||
                   (n->c->formats == SC_SCHEMA_FORMATS_STANDARD && (n->e.vocab & SV_V_FORMAT));
    if (f == NULL || !cJSON_IsString(f) || !asserts)
        return 0;
    sv_instr *in;
    int rc;
    int format = sv_format_of(f->valuestring);
    if (format >= 0) {
        if ((rc = emit(n, SV_OP_FORMAT, "format", &in)) != 0)
            return rc;
        in->format = format;
        in->text = keep(n->c, xprintf("must be a valid %s", sv_format_name(format)));
        return in->text ? 0 : nomem(n->c);
    }
    for (size_t k = 0; k < sizeof regular_formats / sizeof regular_formats[0]; k++)
        if (strcmp(regular_formats[k].name, f->valuestring) == 0) {
            struct pattern **re = &n->c->format_re[k];
            if (*re == NULL) {
                char msg[SC_ERROR_MESSAGE_MAX];
                size_t at;
                *re = pattern_compile_ex(regular_formats[k].pattern, 0, NULL, msg, sizeof msg, &at);
                if (*re == NULL) /* they are known to compile: only memory can fail */
                    return sc_fail(n->c->err, SC_ERR_NOMEM, NULL, "format %s: %s",
                                   regular_formats[k].name, msg);
                if ((rc = keep_pattern(n->c, *re, SV_NONE, false)) != 0)
                    return rc;
            }
            if ((rc = emit(n, SV_OP_PATTERN, "format", &in)) != 0)
                return rc;
            in->re = *re;
            in->text = keep(n->c, xprintf("must be a valid %s", regular_formats[k].name));
            return in->text ? 0 : nomem(n->c);
        }
    return 0;
}

static int compile_validation(nodec *n)
{
    const cJSON *v;
    int rc = 0;
    if ((v = member(n->obj, "type")) != NULL && (rc = compile_type(n, v)) != 0)
        return rc;
    if ((v = member(n->obj, "const")) != NULL && (rc = compile_values(n, v, false)) != 0)
        return rc;
    if ((v = member(n->obj, "enum")) != NULL && (rc = compile_values(n, v, true)) != 0)
        return rc;
    if ((rc = compile_numbers(n)) != 0 || (rc = compile_strings(n)) != 0)
        return rc;
    sv_instr *in;
    if ((v = member(n->obj, "uniqueItems")) != NULL) {
        if (!cJSON_IsBool(v))
            return bad(n, "uniqueItems", "a boolean");
        if (cJSON_IsTrue(v) && (rc = emit(n, SV_OP_UNIQUE_ITEMS, "uniqueItems", &in)) != 0)
            return rc;
    }
    if ((v = member(n->obj, "required")) != NULL) {
        uint32_t first, count;
        if ((rc = string_set(n, v, "required", &first, &count)) != 0 ||
            (rc = emit(n, SV_OP_REQUIRED, "required", &in)))
            return rc;
        in->first = first;
        in->count = count;
        if ((rc = hash_names(n->c, first, count, in)) != 0)
            return rc;
    }
    /* draft-07's "dependencies" (kept in 2020-12 for compatibility, as the
     * suite's optional tests expect) mixes required names and schemas */
    static const char *const required_keywords[] = {"dependentRequired", "dependencies"};
    for (size_t kw = n->e.dialect == SV_07 ? 1 : 0; kw < 2; kw++) {
        const char *dr = required_keywords[kw];
        if ((v = member(n->obj, dr)) != NULL && cJSON_IsObject(v)) {
            size_t k = 0;
            for (const cJSON *m = v->child; m != NULL; m = m->next)
                k += cJSON_IsArray(m);
            uint32_t first = 0;
            if (k > 0 && (rc = names(n->c, k, &first)) == 0 &&
                (rc = emit(n, SV_OP_DEPENDENT_REQUIRED, dr, &in)) == 0) {
                in->first = first;
                in->count = (uint32_t)k;
                k = 0;
                for (const cJSON *m = v->child; m != NULL && rc == 0; m = m->next)
                    if (cJSON_IsArray(m)) {
                        uint32_t f2, c2;
                        rc = string_set(n, m, dr, &f2, &c2);
                        n->c->s->names[first + k++] =
                            (sv_name){m->string, strlen(m->string), f2, c2, 0, 0};
                    }
            }
            if (rc != 0)
                return rc;
        } else if (v != NULL && kw == 0)
            return bad(n, dr, "an object of string arrays");
    }
    return 0;
}

static int compile_objects(nodec *n)
{
    const cJSON *props = member(n->obj, "properties"), *pats = member(n->obj, "patternProperties"),
                *add = member(n->obj, "additionalProperties");
    sv_instr *in;
    int rc = 0;
    if (props != NULL || pats != NULL || add != NULL) {
        uint32_t first = 0, count = 0, pfirst = (uint32_t)n->c->s->npatterns, pcount = 0,
                 a = SV_NONE;
        if (props != NULL && (rc = schema_map(n, props, "properties", &first, &count)) != 0)
            return rc;
        if (pats != NULL) {
            if (!cJSON_IsObject(pats))
                return bad(n, "patternProperties", "an object of schemas");
            for (const cJSON *m = pats->child; m != NULL; m = m->next, pcount++) {
                struct pattern *re;
                uint32_t node;
                cJSON key = {0};
                key.type = cJSON_String;
                key.valuestring = m->string;
                bool shared;
                if ((rc = compile_pattern(n, &key, "patternProperties", &re, &shared)) != 0 ||
                    (rc = keep_pattern(n->c, re, SV_NONE, shared)) != 0 ||
                    (rc = sub(n, m, "patternProperties", &node)) != 0)
                    return rc;
                n->c->s->patterns[pfirst + pcount].node = node;
            }
        }
        if (add != NULL && (rc = sub(n, add, "additionalProperties", &a)) != 0)
            return rc;
        if ((rc = emit(n, SV_OP_PROPERTIES,
                       props  ? "properties"
                       : pats ? "patternProperties"
                              : "additionalProperties",
                       &in)) != 0)
            return rc;
        in->first = first;
        in->count = count;
        in->first2 = pfirst;
        in->count2 = pcount;
        in->a = a;
        if ((rc = hash_names(n->c, first, count, in)) != 0)
            return rc;
        in->loc = keep(n->c, child_path(n->e.path, "additionalProperties"));
        if (in->loc == NULL)
            return nomem(n->c);
    }
    const cJSON *v;
    if ((v = member(n->obj, "propertyNames")) != NULL) {
        uint32_t node;
        if ((rc = sub(n, v, "propertyNames", &node)) != 0 ||
            (rc = emit(n, SV_OP_PROPERTY_NAMES, "propertyNames", &in)))
            return rc;
        in->a = node;
    }
    static const char *const schema_keywords[] = {"dependentSchemas", "dependencies"};
    for (size_t kw = n->e.dialect == SV_07 ? 1 : 0; kw < 2; kw++) {
        const char *ds = schema_keywords[kw];
        if ((v = member(n->obj, ds)) != NULL && cJSON_IsObject(v)) {
            /* draft-07's dependencies mixes name arrays (compile_validation) and schemas */
            size_t k = 0;
            for (const cJSON *m = v->child; m != NULL; m = m->next)
                k += !cJSON_IsArray(m);
            if (k > 0) {
                uint32_t first = 0;
                if ((rc = names(n->c, k, &first)) != 0)
                    return rc;
                k = 0;
                for (const cJSON *m = v->child; m != NULL; m = m->next)
                    if (!cJSON_IsArray(m)) {
                        uint32_t node;
                        if ((rc = sub(n, m, ds, &node)) != 0)
                            return rc;
                        n->c->s->names[first + k++] =
                            (sv_name){m->string, strlen(m->string), node, 0, 0, 0};
                    }
                if ((rc = emit(n, SV_OP_DEPENDENT_SCHEMAS, ds, &in)) != 0)
                    return rc;
                in->first = first;
                in->count = (uint32_t)k;
            }
        } else if (v != NULL && kw == 0)
            return bad(n, ds, "an object");
    }
    return 0;
}

static int compile_arrays(nodec *n)
{
    bool d07 = n->e.dialect == SV_07;
    const cJSON *prefix = member(n->obj, d07 ? "items" : "prefixItems");
    const cJSON *rest = member(n->obj, d07 ? "additionalItems" : "items");
    if (d07 && prefix != NULL && !cJSON_IsArray(prefix)) {
        rest = prefix; /* draft-07 "items": {schema} is every item */
        prefix = NULL;
    } else if (d07 && prefix == NULL)
        rest = NULL; /* additionalItems alone means nothing */
    sv_instr *in;
    int rc;
    if (prefix != NULL || rest != NULL) {
        uint32_t first = 0, count = 0, r = SV_NONE;
        if (prefix != NULL &&
            (rc = sub_list(n, prefix, d07 ? "items" : "prefixItems", true, &first, &count)) != 0)
            return rc;
        if (rest != NULL &&
            (rc = sub(n, rest, d07 && prefix ? "additionalItems" : "items", &r)) != 0)
            return rc;
        if ((rc = emit(n, SV_OP_ITEMS, prefix ? (d07 ? "items" : "prefixItems") : "items", &in)) !=
            0)
            return rc;
        in->first = first;
        in->count = count;
        in->a = r;
    }
    const cJSON *contains = member(n->obj, "contains");
    if (contains != NULL) {
        uint32_t node;
        const cJSON *mn = d07 ? NULL : member(n->obj, "minContains"),
                    *mx = d07 ? NULL : member(n->obj, "maxContains");
        size_t lo = 1, hi = SIZE_MAX;
        if ((mn != NULL && !count_value(mn, &lo)) || (mx != NULL && !count_value(mx, &hi)))
            return bad(n, mn ? "minContains" : "maxContains", "a non-negative integer");
        if ((rc = sub(n, contains, "contains", &node)) != 0 ||
            (rc = emit(n, SV_OP_CONTAINS, "contains", &in)) != 0)
            return rc;
        in->a = node;
        in->min = lo;
        in->max = hi;
    }
    return 0;
}

static int compile_applicators(nodec *n)
{
    static const struct {
        const char *name;
        sv_op op;
    } lists[] = {{"allOf", SV_OP_ALL_OF}, {"anyOf", SV_OP_ANY_OF}, {"oneOf", SV_OP_ONE_OF}};
    sv_instr *in;
    int rc;
    for (size_t k = 0; k < sizeof lists / sizeof lists[0]; k++) {
        const cJSON *v = member(n->obj, lists[k].name);
        uint32_t first, count;
        if (v == NULL)
            continue;
        if ((rc = sub_list(n, v, lists[k].name, false, &first, &count)) != 0 ||
            (rc = emit(n, lists[k].op, lists[k].name, &in)) != 0)
            return rc;
        in->first = first;
        in->count = count;
    }
    const cJSON *v = member(n->obj, "not");
    uint32_t node;
    if (v != NULL) {
        if ((rc = sub(n, v, "not", &node)) != 0 || (rc = emit(n, SV_OP_NOT, "not", &in)) != 0)
            return rc;
        in->a = node;
    }
    const cJSON *i = member(n->obj, "if"), *t = member(n->obj, "then"), *e = member(n->obj, "else");
    if (i != NULL) { /* even alone: its annotations count for unevaluated* */
        uint32_t a, b = SV_NONE, c = SV_NONE;
        if ((rc = sub(n, i, "if", &a)) != 0 || (t && (rc = sub(n, t, "then", &b)) != 0) ||
            (e && (rc = sub(n, e, "else", &c)) != 0) || (rc = emit(n, SV_OP_IF, "if", &in)) != 0)
            return rc;
        in->a = a;
        in->b = b;
        in->c = c;
    }
    if ((rc = compile_objects(n)) != 0)
        return rc;
    return compile_arrays(n);
}

static int compile_ref(nodec *n, const char *keyword)
{
    const cJSON *v = member(n->obj, keyword);
    if (v == NULL)
        return 0;
    if (!cJSON_IsString(v))
        return bad(n, keyword, "a string");
    const cJSON *target;
    const char *name = NULL;
    bool dynamic;
    int rc = lookup(n->c, n->base, v->valuestring, &target, &name, &dynamic);
    if (rc != 0)
        return rc;
    if (target == NULL) {
        char *loc = child_path(n->e.path, keyword);
        rc = loc ? fail(n->c, n->res, loc, "the reference \"%s\" resolves to no schema",
                        v->valuestring)
                 : nomem(n->c);
        free(loc);
        return rc;
    }
    uint32_t node;
    sv_instr *in;
    bool is_dynamic = strcmp(keyword, "$dynamicRef") == 0;
    if ((rc = sub(n, target, keyword, &node)) != 0 ||
        (rc = emit(n, is_dynamic ? SV_OP_DYNAMIC_REF : SV_OP_REF, keyword, &in)) != 0)
        return rc;
    in->a = node;
    in->text = v->valuestring;
    n->c->s->dynamic |= is_dynamic;
    if (is_dynamic && dynamic) {
        compiler *c = n->c;
        if ((GROW(c, c->dyn, c->ndyn, c->capdyn)) != 0)
            return SC_ERR_NOMEM;
        c->dyn[c->ndyn++] = (pending_dynamic){(uint32_t)(in - c->s->instrs), name};
    }
    return 0;
}

static int compile_unevaluated(nodec *n)
{
    static const struct {
        const char *name;
        sv_op op;
    } kws[] = {{"unevaluatedProperties", SV_OP_UNEVALUATED_PROPERTIES},
               {"unevaluatedItems", SV_OP_UNEVALUATED_ITEMS}};
    for (size_t k = 0; k < 2; k++) {
        const cJSON *v = member(n->obj, kws[k].name);
        uint32_t node;
        sv_instr *in;
        int rc;
        if (v == NULL)
            continue;
        if ((rc = sub(n, v, kws[k].name, &node)) != 0 ||
            (rc = emit(n, kws[k].op, kws[k].name, &in)) != 0)
            return rc;
        in->a = node;
    }
    return 0;
}

static void fuse_required(compiler *c, const sv_node *node);
static unsigned kinds_acted_on(uint8_t op);

static int compile_node(compiler *c, uint32_t id)
{
    if (over_budget(c) != 0)
        return SC_ERR_LIMIT;
    entry copy = c->entries[c->node_entry[id]];
    const entry *e = &copy;
    nodec n = {c, copy, e->node, e->resource, c->s->resources[e->resource].uri};
    c->s->nodes[id].first = (uint32_t)c->s->ninstrs;
    int rc = 0;
    sv_instr *in;
    if (cJSON_IsFalse(e->node)) {
        if ((rc = emit(&n, SV_OP_FALSE, "false", &in)) == 0)
            in->loc = e->path;
    } else if (cJSON_IsObject(e->node)) {
        unsigned vocab = e->vocab;
        if (e->dialect == SV_07 && member(e->node, "$ref") != NULL)
            rc = compile_ref(&n, "$ref"); /* draft-07: "$ref" ignores its siblings */
        else {
            if (vocab & SV_V_VALIDATION)
                rc = compile_validation(&n);
            if (rc == 0)
                rc = compile_format(&n);
            if (rc == 0 && (vocab & SV_V_APPLICATOR))
                rc = compile_applicators(&n);
            if (rc == 0)
                rc = compile_ref(&n, "$ref");
            if (rc == 0 && e->dialect == SV_2020)
                rc = compile_ref(&n, "$dynamicRef");
            /* last: they see what every other keyword evaluated */
            if (rc == 0 && e->dialect == SV_2020 && (vocab & SV_V_UNEVALUATED))
                rc = compile_unevaluated(&n);
        }
    } else if (!cJSON_IsTrue(e->node))
        rc = fail(c, e->resource, e->path, "a schema must be an object or a boolean");
    sv_node *node = &c->s->nodes[id];
    node->count = (uint32_t)(c->s->ninstrs - node->first);
    for (uint32_t i = node->first; i < node->first + node->count; i++) {
        node->own_props |= c->s->instrs[i].op == SV_OP_UNEVALUATED_PROPERTIES;
        node->own_items |= c->s->instrs[i].op == SV_OP_UNEVALUATED_ITEMS;
    }
    if (rc == 0)
        fuse_required(c, node);
    /* most leaves of real schemas are {"type": ...} alone or do nothing
     * more to most values: the evaluator checks those by their shape
     * without running the node */
    uint32_t i = node->first;
    unsigned pass = SV_T_ALL, acts = 0;
    if (node->count > 0 && c->s->instrs[i].op == SV_OP_TYPE) {
        pass = c->s->instrs[i].types;
        node->lead_types = node->count > 1 ? (uint8_t)pass : 0;
        i++;
    }
    for (; i < node->first + node->count; i++)
        acts |= kinds_acted_on(c->s->instrs[i].op);
    const unsigned kinds = SV_T_ALL & ~SV_T_INTEGER;
    node->skip = (uint8_t)(pass & ~acts & kinds);
    if ((pass & (SV_T_NUMBER | SV_T_INTEGER)) == SV_T_INTEGER && !(acts & SV_T_NUMBER))
        node->skip |= SV_T_INTEGER;
    /* what its type rejects whatever the value (a number only when
     * integers are not allowed either) */
    unsigned rejects = kinds & ~pass;
    if (pass & SV_T_INTEGER)
        rejects &= ~SV_T_NUMBER;
    node->decided = (uint8_t)(node->skip | rejects);
    return rc;
}

/* The kinds of value (SV_T_ bits) an instruction does something to: the
 * others pass it. */
static unsigned kinds_acted_on(uint8_t op)
{
    switch ((sv_op)op) {
    case SV_OP_MULTIPLE_OF:
    case SV_OP_MAXIMUM:
    case SV_OP_EXCLUSIVE_MAXIMUM:
    case SV_OP_MINIMUM:
    case SV_OP_EXCLUSIVE_MINIMUM:
        return SV_T_NUMBER;
    case SV_OP_MAX_LENGTH:
    case SV_OP_MIN_LENGTH:
    case SV_OP_PATTERN:
    case SV_OP_FORMAT:
        return SV_T_STRING;
    case SV_OP_MAX_ITEMS:
    case SV_OP_MIN_ITEMS:
    case SV_OP_UNIQUE_ITEMS:
    case SV_OP_ITEMS:
    case SV_OP_CONTAINS:
    case SV_OP_UNEVALUATED_ITEMS:
        return SV_T_ARRAY;
    case SV_OP_MAX_PROPERTIES:
    case SV_OP_MIN_PROPERTIES:
    case SV_OP_REQUIRED:
    case SV_OP_DEPENDENT_REQUIRED:
    case SV_OP_DEPENDENT_SCHEMAS:
    case SV_OP_PROPERTIES:
    case SV_OP_PROPERTY_NAMES:
    case SV_OP_UNEVALUATED_PROPERTIES:
        return SV_T_OBJECT;
    default:
        return SV_T_ALL; /* false, type, const, enum, the in-place applicators */
    }
}

/* A node's "required" whose names are all among its "properties" (the
 * usual object) looks each member up in the properties' table instead of
 * its own, and leaves what it found for the properties pass (eval.c):
 * one lookup a member instead of two. Each properties name then knows its
 * index among the required ones (at most 64, the evaluator's bit set). */
static void fuse_required(compiler *c, const sv_node *node)
{
    sc_schema *s = c->s;
    sv_instr *req = NULL, *props = NULL;
    for (uint32_t i = node->first; i < node->first + node->count; i++) {
        if (s->instrs[i].op == SV_OP_REQUIRED)
            req = &s->instrs[i];
        else if (s->instrs[i].op == SV_OP_PROPERTIES)
            props = &s->instrs[i];
    }
    if (req == NULL || props == NULL || req->count == 0 || req->count > 64 || props->count == 0)
        return;
    sv_name *pn = s->names + props->first;
    /* both runs are sorted by (len, bytes): a binary search each */
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t k = 0; k < req->count; k++) {
            const sv_name *r = &s->names[req->first + k];
            size_t lo = 0, hi = props->count;
            while (lo < hi) {
                size_t mid = lo + (hi - lo) / 2;
                if (by_name(&pn[mid], r) < 0)
                    lo = mid + 1;
                else
                    hi = mid;
            }
            bool found = lo < props->count && by_name(&pn[lo], r) == 0;
            if (pass == 0 && !found)
                return; /* a required name no property has: nothing fused */
            if (pass == 1 && pn[lo].req == 0)
                pn[lo].req = (uint16_t)(k + 1);
        }
    req->b = (uint32_t)(props - s->instrs);
}

/* Whether node is a leaf that pins a value: only type, const and enum,
 * one of the last two at least (a discriminator's subschema). */
static bool pins_value(const sc_schema *s, uint32_t node)
{
    const sv_node *n = &s->nodes[node];
    bool pins = false;
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        unsigned op = s->instrs[i].op;
        if (op != SV_OP_TYPE && op != SV_OP_CONST && op != SV_OP_ENUM)
            return false;
        pins |= op != SV_OP_TYPE;
    }
    return pins;
}

/* Each node's discriminator (sv_node.disc): the first of its properties
 * (in the table's order) whose subschema pins a value; for a node that is
 * a $ref alone, the one of the node the chain of such $refs leads to (a
 * few steps, no cycle followed). Failing branches of anyOf and oneOf are
 * most of the work of schemas that pick a variant by a "kind" member
 * (const or enum): one member compared rejects them. */
static void find_discriminators(sc_schema *s)
{
    for (size_t id = 0; id < s->nnodes; id++) {
        sv_node *n = &s->nodes[id];
        const sv_instr *req = NULL;
        for (uint32_t i = n->first; i < n->first + n->count; i++) {
            const sv_instr *in = &s->instrs[i];
            if (in->op == SV_OP_REQUIRED && in->count > 0)
                req = in;
            for (uint32_t k = 0; in->op == SV_OP_PROPERTIES && n->disc == SV_NONE && k < in->count;
                 k++) {
                const sv_name *p = &s->names[in->first + k];
                if (pins_value(s, p->node)) {
                    n->disc = p->node;
                    n->disc_name = p->name;
                }
            }
        }
        if (req == NULL)
            continue;
        /* the pinned property, when it is required too, else the first
         * required name: its absence is enough */
        for (uint32_t k = 0; k < req->count; k++) {
            const sv_name *r = &s->names[req->first + k];
            if (n->disc_name == NULL || strcmp(r->name, n->disc_name) == 0) {
                n->disc_required = true;
                if (n->disc_name == NULL)
                    n->disc_name = r->name;
                break;
            }
        }
    }
    for (size_t id = 0; id < s->nnodes; id++) {
        uint32_t cur = (uint32_t)id;
        for (int hops = 0; hops < 8; hops++) {
            const sv_node *n = &s->nodes[cur];
            if (n->count != 1 || s->instrs[n->first].op != SV_OP_REF)
                break;
            cur = s->instrs[n->first].a;
        }
        const sv_node *t = &s->nodes[cur];
        bool ref_only = t->count == 1 && s->instrs[t->first].op == SV_OP_REF;
        if (cur != id && !ref_only && t->disc_name != NULL) {
            s->nodes[id].disc = t->disc;
            s->nodes[id].disc_name = t->disc_name;
            s->nodes[id].disc_required = t->disc_required;
        }
    }
}

/* The nodes a node runs on its own value (in place), for
 * mark_cyclic_refs: calls f(arg, target) for each. */
static void in_place_edges(const sc_schema *s, uint32_t id, void (*f)(void *, uint32_t), void *arg)
{
    const sv_node *n = &s->nodes[id];
    for (uint32_t i = n->first; i < n->first + n->count; i++) {
        const sv_instr *in = &s->instrs[i];
        switch ((sv_op)in->op) {
        case SV_OP_ALL_OF:
        case SV_OP_ANY_OF:
        case SV_OP_ONE_OF:
            for (uint32_t k = 0; k < in->count; k++)
                f(arg, s->lists[in->first + k]);
            break;
        case SV_OP_DEPENDENT_SCHEMAS:
            for (uint32_t k = 0; k < in->count; k++)
                f(arg, s->names[in->first + k].node);
            break;
        case SV_OP_DYNAMIC_REF:
            for (uint32_t k = 0; k < in->count; k++)
                f(arg, s->dynamics[in->first + k].node);
            /* fall through */
        case SV_OP_NOT:
        case SV_OP_IF:
        case SV_OP_REF:
            if (in->a != SV_NONE)
                f(arg, in->a);
            if (in->op == SV_OP_IF && in->b != SV_NONE)
                f(arg, in->b);
            if (in->op == SV_OP_IF && in->c != SV_NONE)
                f(arg, in->c);
            break;
        default:
            break;
        }
    }
}

typedef struct edges {
    uint32_t *start, *to;
    size_t n;
} edges;

static void count_edge(void *arg, uint32_t target)
{
    (void)target;
    ((edges *)arg)->n++;
}

static void add_edge(void *arg, uint32_t target)
{
    edges *e = arg;
    e->to[e->n++] = target;
}

/* A $ref that can come back to itself on the same value (a cycle of
 * in-place applicators through it) is "cyclic": the evaluator detects such
 * a loop with its frames. The others need no frame when no error is
 * reported (the frames only make keyword locations). The strongly
 * connected components of the in-place graph (Tarjan's, without
 * recursion) tell: a reference is cyclic when a target is in its node's
 * component. Out of memory, every reference is marked cyclic. */
static void mark_cyclic_refs(sc_schema *s)
{
    size_t nn = s->nnodes;
    edges e = {calloc(nn + 1, sizeof(uint32_t)), NULL, 0};
    uint32_t *index = calloc(nn, sizeof *index), *low = calloc(nn, sizeof *low),
             *comp = calloc(nn, sizeof *comp);
    uint32_t *stack = malloc((nn + 1) * sizeof *stack), *call = malloc((nn + 1) * sizeof *call);
    uint32_t *pos = malloc((nn + 1) * sizeof *pos);
    bool ok = e.start && index && low && comp && stack && call && pos;
    for (size_t id = 0; ok && id < nn; id++) {
        e.start[id] = (uint32_t)e.n;
        in_place_edges(s, (uint32_t)id, count_edge, &e);
    }
    if (ok) {
        e.start[nn] = (uint32_t)e.n;
        e.to = malloc((e.n + 1) * sizeof *e.to);
        ok = e.to != NULL;
    }
    e.n = 0;
    for (size_t id = 0; ok && id < nn; id++)
        in_place_edges(s, (uint32_t)id, add_edge, &e);
    /* index[v]: 0 unvisited, else visit order + 1; comp[v]: 0 while on the
     * stack, else its component + 1 */
    uint32_t counter = 0, ncomp = 0;
    size_t sp = 0;
    for (size_t root = 0; ok && root < nn; root++) {
        if (index[root] != 0)
            continue;
        size_t cp = 0;
        call[cp] = (uint32_t)root;
        pos[cp++] = e.start[root];
        index[root] = low[root] = ++counter;
        stack[sp++] = (uint32_t)root;
        while (cp > 0) {
            uint32_t v = call[cp - 1];
            if (pos[cp - 1] < e.start[v + 1]) {
                uint32_t w = e.to[pos[cp - 1]++];
                if (index[w] == 0) {
                    index[w] = low[w] = ++counter;
                    stack[sp++] = w;
                    call[cp] = w;
                    pos[cp++] = e.start[w];
                } else if (comp[w] == 0 && index[w] < low[v])
                    low[v] = index[w];
                continue;
            }
            if (low[v] == index[v]) {
                ncomp++;
                uint32_t w;
                do {
                    w = stack[--sp];
                    comp[w] = ncomp;
                } while (w != v);
            }
            cp--;
            if (cp > 0 && low[v] < low[call[cp - 1]])
                low[call[cp - 1]] = low[v];
        }
    }
    for (size_t id = 0; id < nn; id++) {
        const sv_node *n = &s->nodes[id];
        for (uint32_t i = n->first; i < n->first + n->count; i++) {
            sv_instr *in = &s->instrs[i];
            if (in->op != SV_OP_REF && in->op != SV_OP_DYNAMIC_REF)
                continue;
            in->cyclic = !ok || comp[in->a] == comp[id];
            for (uint32_t k = 0; ok && in->op == SV_OP_DYNAMIC_REF && k < in->count; k++)
                in->cyclic |= comp[s->dynamics[in->first + k].node] == comp[id];
        }
    }
    free(e.start);
    free(e.to);
    free(index);
    free(low);
    free(comp);
    free(stack);
    free(call);
    free(pos);
}

/* sv_node.jump: through a chain of nodes that are a non-cyclic $ref
 * alone, all of one resource (so that skipping them leaves the dynamic
 * scope as it was), a few steps at most. After mark_cyclic_refs. */
static void find_jumps(sc_schema *s)
{
    for (size_t id = 0; id < s->nnodes; id++) {
        uint32_t cur = (uint32_t)id, res = s->nodes[id].resource;
        for (int hops = 0; hops < 8; hops++) {
            const sv_node *n = &s->nodes[cur];
            const sv_instr *in = n->count == 1 ? &s->instrs[n->first] : NULL;
            if (in == NULL || in->op != SV_OP_REF || in->cyclic || n->resource != res)
                break;
            cur = in->a;
        }
        const sv_node *t = &s->nodes[cur];
        bool ref_only = t->count == 1 && s->instrs[t->first].op == SV_OP_REF;
        if (cur != id && !ref_only)
            s->nodes[id].jump = cur;
    }
}

/* What the evaluator tests once a node or an object rather than once a
 * value or a member: sv_node.leaf, and PROPERTIES' flag (additional
 * properties are false: each unknown member fails without a node run). */
static void mark_leaves(sc_schema *s)
{
    for (size_t id = 0; id < s->nnodes; id++) {
        sv_node *n = &s->nodes[id];
        bool leaf = n->count > 0 && n->jump == SV_NONE && !n->own_props && !n->own_items;
        for (uint32_t i = n->first; i < n->first + n->count; i++) {
            sv_instr *in = &s->instrs[i];
            leaf &= in->op < SV_OP_ALL_OF; /* the applicators come after the checks */
            if (in->op == SV_OP_PROPERTIES && in->a != SV_NONE) {
                const sv_node *add = &s->nodes[in->a];
                in->flag = add->count == 1 && s->instrs[add->first].op == SV_OP_FALSE;
            }
        }
        n->leaf = leaf;
        /* a node of properties (a type passing objects, a fused required
         * before them at most), for eval_props */
        const sv_instr *in = &s->instrs[n->first];
        uint32_t t = n->count > 0 && in[0].op == SV_OP_TYPE && (in[0].types & SV_T_OBJECT) ? 1 : 0;
        if (s->dynamic || n->count <= t)
            continue;
        if (n->count == t + 1 && in[t].op == SV_OP_PROPERTIES)
            n->props_only = 1;
        else if (n->count == t + 2 && in[t].op == SV_OP_REQUIRED && in[t].b != SV_NONE &&
                 in[t + 1].op == SV_OP_PROPERTIES)
            n->props_only = 2;
    }
}

/* Every $dynamicAnchor named as a $dynamicRef's is a place it may land:
 * their nodes are compiled, then listed per reference. */
static int dynamic_targets(compiler *c, bool list)
{
    sc_schema *s = c->s;
    for (size_t d = 0; d < c->ndyn; d++) {
        sv_instr *in = &s->instrs[c->dyn[d].instr];
        in->first = (uint32_t)s->ndynamics;
        if (over_budget(c) != 0)
            return SC_ERR_LIMIT;
        c->work += c->nanchors;
        for (size_t a = 0; a < c->nanchors; a++) {
            if (!c->anchors[a].dynamic || strcmp(c->anchors[a].name, c->dyn[d].name) != 0)
                continue;
            uint32_t node;
            int rc = node_for(c, c->anchors[a].node, &node);
            if (rc != 0)
                return rc;
            if (list) {
                if ((GROW(c, s->dynamics, s->ndynamics, c->capdynamics)) != 0)
                    return SC_ERR_NOMEM;
                s->dynamics[s->ndynamics++] = (sv_dynamic){c->anchors[a].resource, node};
            }
        }
        in = &s->instrs[c->dyn[d].instr];
        in->count = (uint32_t)(s->ndynamics - in->first);
    }
    return 0;
}

static int compile_all(compiler *c)
{
    for (;;) {
        while (c->headqueue < c->nqueue) {
            int rc = compile_node(c, c->queue[c->headqueue++]);
            if (rc != 0)
                return rc;
        }
        int rc = dynamic_targets(c, false);
        if (rc != 0)
            return rc;
        if (c->headqueue == c->nqueue)
            return dynamic_targets(c, true);
    }
}

static void compiler_free(compiler *c)
{
    for (size_t i = 0; i < c->nentries; i++)
        if (c->s == NULL || c->entries[i].compiled == SV_NONE)
            free(c->entries[i].path);
    for (size_t i = 0; i < c->nuris; i++)
        free(c->uris[i].uri);
    free(c->entries);
    free(c->map);
    free(c->res);
    free(c->uris);
    free(c->anchors);
    free(c->node_entry);
    free(c->queue);
    free(c->dyn);
}

void sc_schema_free(sc_schema *s)
{
    if (s == NULL)
        return;
    for (size_t i = 0; i < s->nnodes; i++)
        free((char *)s->nodes[i].path);
    for (size_t i = 0; i < s->nstrings; i++)
        free(s->strings[i]);
    for (size_t i = 0; i < s->npatterns; i++)
        if (s->patterns[i].owner)
            pattern_free(s->patterns[i].re);
    for (size_t i = 0; i < s->nresources; i++)
        free(s->resources[i].uri);
    for (size_t i = 0; i < s->ndocs; i++) {
        free(s->docs[i].uri);
        cJSON_Delete(s->docs[i].doc);
    }
    free(s->nodes);
    free(s->instrs);
    free(s->lists);
    free(s->names);
    free(s->slots);
    free(s->patterns);
    free(s->dynamics);
    free(s->resources);
    free(s->docs);
    free(s->strings);
    free(s);
}

static int compile_root(const sc_schema_registry *reg, cJSON *root,
                        const sc_schema_options *options, sc_schema **out, sc_error *err);

/* options.check_metaschema: root against the metaschema its "$schema"
 * (or the default dialect) names. */
static int check_metaschema(const sc_schema_registry *reg, const cJSON *root,
                            const sc_schema_options *options, sc_error *err)
{
    const cJSON *named = cJSON_IsObject(root) ? member(root, "$schema") : NULL;
    const char *uri = cJSON_IsString(named)      ? named->valuestring
                      : options->default_dialect ? options->default_dialect
                                                 : "https://json-schema.org/draft/2020-12/schema";
    cJSON *ref = cJSON_CreateObject();
    if (ref == NULL || cJSON_AddStringToObject(ref, "$ref", uri) == NULL) {
        cJSON_Delete(ref);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    sc_schema_options meta_options = *options;
    meta_options.check_metaschema = false;
    meta_options.base_uri = NULL;
    sc_schema *meta = NULL;
    int rc = compile_root(reg, ref, &meta_options, &meta, err);
    if (rc != 0)
        return rc;
    sc_schema_error e;
    sc_schema_errors errs;
    sc_schema_errors_init(&errs, &e, 1);
    rc = sc_schema_validate(meta, root, &errs);
    sc_schema_free(meta);
    if (rc == 0)
        return 0;
    return sc_fail_at(err, rc == SC_ERR_LIMIT || rc == SC_ERR_DEPTH ? rc : SC_ERR_ARGUMENT,
                      e.instance_location, "the schema breaks its metaschema %s: %s", uri,
                      e.message);
}

/* Takes root. */
static int compile_root(const sc_schema_registry *reg, cJSON *root,
                        const sc_schema_options *options, sc_schema **out, sc_error *err)
{
    compiler c;
    int rc0;
    memset(&c, 0, sizeof c);
    c.err = err;
    c.reg = reg;
    c.formats = options ? options->formats : SC_SCHEMA_FORMATS_STANDARD;
    c.default_dialect = SV_2020;
    c.pattern_budget = SV_PATTERN_BUDGET;
    if (options && options->default_dialect &&
        (c.default_dialect = sv_dialect_of(options->default_dialect)) == 0) {
        cJSON_Delete(root);
        free(c.s);
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "unknown dialect \"%s\"",
                       options->default_dialect);
    }
    c.s = calloc(1, sizeof *c.s);
    if (c.s == NULL) {
        cJSON_Delete(root);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    if (options && options->check_metaschema &&
        (rc0 = check_metaschema(reg, root, options, err)) != 0) {
        cJSON_Delete(root);
        free(c.s);
        return rc0;
    }
    sc_schema *s = c.s;
    s->limits = sc_limits_resolve(options ? options->limits : NULL);
    s->max_work = options && options->max_work ? options->max_work : SC_SCHEMA_DEFAULT_MAX_WORK;
    s->strict_json = options && options->strict_json;
    s->max_depth = s->limits.max_depth;
    s->max_eval_depth = 16 * s->max_depth > 4 * SC_MAX_DEPTH ? 4 * SC_MAX_DEPTH : 16 * s->max_depth;
    const char *base = options && options->base_uri ? options->base_uri : "urn:schemac:root";
    uint32_t res;
    int rc = load_document(&c, base, root, &res);
    if (rc == 0)
        rc = node_for(&c, root, &s->root);
    if (rc == 0)
        rc = compile_all(&c);
    if (rc == 0) {
        find_discriminators(s);
        mark_cyclic_refs(s);
        find_jumps(s);
        mark_leaves(s);
    }
    compiler_free(&c);
    if (rc != 0) {
        /* the paths of compiled nodes are freed with the schema */
        sc_schema_free(s);
        return rc;
    }
    *out = s;
    return 0;
}

int sc_schema_compile_cjson(const sc_schema_registry *reg, const cJSON *root,
                            const sc_schema_options *options, sc_schema **out, sc_error *err)
{
    sc_error_clear(err);
    if (out == NULL || root == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "the schema and out must not be NULL");
    *out = NULL;
    cJSON *copy = cJSON_Duplicate(root, true);
    if (copy == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return compile_root(reg, copy, options, out, err);
}

int sc_schema_compile(const sc_schema_registry *reg, const char *json, size_t len,
                      const sc_schema_options *options, sc_schema **out, sc_error *err)
{
    sc_error_clear(err);
    if (out == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "out must not be NULL");
    *out = NULL;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, options ? options->limits : NULL);
    cJSON *tree = NULL;
    /* a schema is not a tool call: its numbers as JSON reads them (2^53 too) */
    int rc = sc_parse_json_ex(&arena, json, len, SC_PARSE_STANDARD, &tree, err);
    cJSON *copy = rc == 0 ? cJSON_Duplicate(tree, true) : NULL;
    sc_arena_release(&arena);
    if (rc != 0)
        return rc;
    if (copy == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return compile_root(reg, copy, options, out, err);
}
