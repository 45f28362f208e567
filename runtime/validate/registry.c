/* libschemac-validate: the registry of documents by URI, which "$ref"
 * reaches instead of a network, and the built-in metaschemas. */
#include "validate_internal.h"

#include <stdlib.h>
#include <string.h>

#include "schemac/json.h"

sc_schema_registry *sc_schema_registry_new(void)
{
    return calloc(1, sizeof(sc_schema_registry));
}

void sc_schema_registry_free(sc_schema_registry *reg)
{
    if (reg == NULL)
        return;
    for (size_t i = 0; i < reg->n; i++) {
        free(reg->docs[i].uri);
        cJSON_Delete(reg->docs[i].doc);
    }
    free(reg->docs);
    free(reg);
}

/* Takes doc (deleting it on failure). */
static int put(sc_schema_registry *reg, const char *uri, cJSON *doc, sc_error *err)
{
    char *key = sv_uri_split(uri, NULL);
    if (key == NULL) {
        cJSON_Delete(doc);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    for (size_t i = 0; i < reg->n; i++)
        if (strcmp(reg->docs[i].uri, key) == 0) {
            free(key);
            cJSON_Delete(reg->docs[i].doc);
            reg->docs[i].doc = doc;
            return 0;
        }
    if (reg->n == reg->cap) {
        size_t cap = reg->cap ? 2 * reg->cap : 8;
        sv_document *docs = realloc(reg->docs, cap * sizeof *docs);
        if (docs == NULL) {
            free(key);
            cJSON_Delete(doc);
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        }
        reg->docs = docs;
        reg->cap = cap;
    }
    reg->docs[reg->n++] = (sv_document){key, doc};
    return 0;
}

static int check_uri(const sc_schema_registry *reg, const char *uri, sc_error *err)
{
    sc_error_clear(err);
    if (reg == NULL || uri == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "the registry and the URI must not be NULL");
    if (!sv_uri_absolute(uri))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "the URI \"%s\" is not absolute", uri);
    return 0;
}

int sc_schema_registry_add(sc_schema_registry *reg, const char *uri, const char *json, size_t len,
                           sc_error *err)
{
    int rc = check_uri(reg, uri, err);
    if (rc != 0)
        return rc;
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    cJSON *tree = NULL;
    /* a schema is not a tool call: its numbers as JSON reads them (2^53 too) */
    rc = sc_parse_json_ex(&arena, json, len, SC_PARSE_STANDARD, &tree, err);
    /* the tree belongs to the arena: the registry keeps its own copy */
    cJSON *doc = rc == 0 ? cJSON_Duplicate(tree, true) : NULL;
    sc_arena_release(&arena);
    if (rc != 0)
        return rc;
    if (doc == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return put(reg, uri, doc, err);
}

int sc_schema_registry_add_cjson(sc_schema_registry *reg, const char *uri, const cJSON *doc,
                                 sc_error *err)
{
    int rc = check_uri(reg, uri, err);
    if (rc != 0)
        return rc;
    cJSON *copy = doc ? cJSON_Duplicate(doc, true) : NULL;
    if (copy == NULL)
        return sc_fail(err, doc ? SC_ERR_NOMEM : SC_ERR_ARGUMENT, NULL,
                       doc ? "out of memory" : "no document");
    return put(reg, uri, copy, err);
}

const cJSON *sv_registry_find(const sc_schema_registry *reg, const char *uri)
{
    for (size_t i = 0; reg != NULL && i < reg->n; i++)
        if (strcmp(reg->docs[i].uri, uri) == 0)
            return reg->docs[i].doc;
    return NULL;
}

const sv_builtin *sv_builtin_find(const char *uri)
{
    for (const sv_builtin *b = sv_builtins; b->uri != NULL; b++)
        if (strcmp(b->uri, uri) == 0)
            return b;
    return NULL;
}
