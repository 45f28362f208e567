/* schemac import: reading a schema. JSON Pointers (where each error is
 * placed, and what a local $ref names), the keywords that are only
 * annotations, and the error of a construct a header cannot say. */
#include "import/import_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

/* pointer + "/" + token, the token escaped (~0, ~1) as RFC 6901 says. */
char *imp_pointer_append(const char *pointer, const char *token)
{
    strbuf sb;
    sb_init(&sb);
    sb_puts(&sb, pointer);
    sb_putc(&sb, '/');
    for (const char *p = token; *p; p++) {
        if (*p == '~')
            sb_puts(&sb, "~0");
        else if (*p == '/')
            sb_puts(&sb, "~1");
        else
            sb_putc(&sb, *p);
    }
    return sb_take(&sb);
}

/* One reference token of a pointer, unescaped (~1 then ~0) and
 * percent-decoded, as a URI fragment is. */
static char *pointer_token(const char *start, size_t len)
{
    char *out = xmalloc(len + 1), *o = out;
    for (size_t i = 0; i < len; i++) {
        if (start[i] == '~' && i + 1 < len && (start[i + 1] == '0' || start[i + 1] == '1')) {
            *o++ = start[i + 1] == '0' ? '~' : '/';
            i++;
        } else if (start[i] == '%' && i + 2 < len) {
            char hex[3] = {start[i + 1], start[i + 2], '\0'};
            *o++ = (char)strtol(hex, NULL, 16);
            i += 2;
        } else {
            *o++ = start[i];
        }
    }
    *o = '\0';
    return out;
}

/* The schema a local $ref ("#", "#/$defs/x", "#/definitions/x", any
 * pointer into the root) names, or NULL with the error recorded. */
cJSON *imp_resolve_ref(imp_ctx *c, const char *ref, const char *at)
{
    if (ref[0] != '#') {
        imp_refuse(c, at, "a $ref to another document",
                   "only references inside the schema (#/...) are read");
        return NULL;
    }
    if (ref[1] != '\0' && ref[1] != '/') {
        imp_refuse(c, at, "a $ref to an $anchor", "only JSON Pointer references (#/...) are read");
        return NULL;
    }
    cJSON *node = c->schema_root;
    const char *p = ref + 1;
    while (node != NULL && *p == '/') {
        const char *end = strchr(p + 1, '/');
        size_t len = end != NULL ? (size_t)(end - p - 1) : strlen(p + 1);
        char *token = pointer_token(p + 1, len);
        if (cJSON_IsArray(node)) {
            char *stop;
            long index = strtol(token, &stop, 10);
            node = *stop == '\0' && index >= 0 ? cJSON_GetArrayItem(node, (int)index) : NULL;
        } else {
            node = cJSON_GetObjectItemCaseSensitive(node, token);
        }
        free(token);
        p += len + 1;
    }
    if (node == NULL) {
        imp_error(c, at, "$ref \"%s\" names nothing in the schema", ref);
        return NULL;
    }
    return node;
}

/* Keywords that say nothing about which documents are valid: they are
 * kept where a header has a tag for them and may be left out elsewhere. */
bool imp_known_annotation(const char *k)
{
    static const char *const annotations[] = {
        "$schema",
        "$id",
        "$comment",
        "title",
        "description",
        "examples",
        "default",
        "deprecated",
        "readOnly",
        "writeOnly",
        "$defs",
        "definitions",
        "contentEncoding",
        "contentMediaType",
        "contentSchema",
        "$anchor",
        "$dynamicAnchor",
        "$vocabulary",
        "markdownDescription",
        "x-mcp-header",
    };
    for (size_t i = 0; i < sizeof annotations / sizeof *annotations; i++)
        if (strcmp(k, annotations[i]) == 0)
            return true;
    return false;
}

void imp_error(imp_ctx *c, const char *pointer, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: error: %s: ", c->file, pointer[0] != '\0' ? pointer : "/");
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    c->errors++;
}

/* Under --loosen the caller turns the member into a cJSON * and writes
 * the refusal as its note; otherwise it is an error now. */
itype *imp_refuse(imp_ctx *c, const char *pointer, const char *construct, const char *why)
{
    free(c->refusal);
    c->refusal = xasprintf("%s: %s cannot be expressed in a header (%s)",
                           pointer[0] ? pointer : "/", construct, why);
    if (!c->loosen) {
        fprintf(stderr, "%s: error: %s\n", c->file, c->refusal);
        c->errors++;
    }
    return NULL;
}
