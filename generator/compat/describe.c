/* schemac generator, compat: description changes, as notes. */
#include "compat/describe.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_print.h"
#include "util/strbuf.h"

enum { DESCRIBE_DEPTH = 64 };

static const cJSON *member(const cJSON *s, const char *name)
{
    return cJSON_IsObject(s) ? cJSON_GetObjectItemCaseSensitive(s, name) : NULL;
}

/* The keywords walked into, not compared as values. */
static bool structural(const char *name)
{
    static const char *const names[] = {
        "description", "properties",           "items",         "anyOf", "oneOf",
        "$defs",       "additionalProperties", "propertyNames", "title", "$schema"};
    for (size_t i = 0; i < sizeof names / sizeof *names; i++)
        if (strcmp(names[i], name) == 0)
            return true;
    return false;
}

static void note(finding_list *out, const char *path, const char *fmt, const char *a, const char *b)
{
    finding_add(out, "changed", path, NULL, fmt, a, b);
    out->items[out->count - 1].note = true;
}

static void keywords(const cJSON *o, const cJSON *n, const char *path, finding_list *out)
{
    for (const cJSON *k = n->child; k != NULL; k = k->next) {
        if (structural(k->string))
            continue;
        const cJSON *was = member(o, k->string);
        if (was != NULL && cJSON_Compare(was, k, 1))
            continue;
        char *a = was != NULL ? json_print(was, 0) : xstrdup("none");
        char *b = json_print(k, 0);
        char *what = xasprintf("%s was %%s, is %%s", k->string);
        note(out, path, what, a, b);
        free(what);
        free(a);
        free(b);
    }
    for (const cJSON *k = o->child; k != NULL; k = k->next)
        if (!structural(k->string) && member(n, k->string) == NULL) {
            char *a = json_print(k, 0);
            char *what = xasprintf("%s was %%s, is %%s", k->string);
            note(out, path, what, a, "none");
            free(what);
            free(a);
        }
    const cJSON *op = member(o, "properties"), *np = member(n, "properties");
    for (const cJSON *m = np != NULL ? np->child : NULL; m != NULL; m = m->next)
        if (member(op, m->string) == NULL) {
            char *sub = xasprintf("%s/%s", path, m->string); /* at the new member */
            note(out, sub, "member '%s' added%s", m->string, "");
            free(sub);
        }
    for (const cJSON *m = op != NULL ? op->child : NULL; m != NULL; m = m->next)
        if (member(np, m->string) == NULL)
            note(out, path, "member '%s' removed%s", m->string, "");
}

/* text as a JSON string (quotes, \n and the other escapes), cut after
 * 200 characters with "..." so that a note stays one readable line. */
static char *quoted(const char *text)
{
    size_t len = strlen(text), cut = len;
    if (len > 200) {
        cut = 200;
        while (cut > 0 && ((unsigned char)text[cut] & 0xC0) == 0x80)
            cut--; /* not inside a character */
    }
    char *part = xstrndup(text, cut);
    cJSON *s = cJSON_CreateString(part);
    char *json = s != NULL ? cJSON_PrintUnformatted(s) : NULL;
    char *out = xasprintf("%s%s", json != NULL ? json : "\"\"", cut < len ? "..." : "");
    cJSON_free(json);
    cJSON_Delete(s);
    free(part);
    return out;
}

static void walk(const cJSON *o, const cJSON *n, const char *path, int depth, bool all,
                 finding_list *out)
{
    if (o == NULL || n == NULL || depth > DESCRIBE_DEPTH || !cJSON_IsObject(o) ||
        !cJSON_IsObject(n))
        return;
    if (all) {
        keywords(o, n, path, out);
    } else {
        const cJSON *od = member(o, "description"), *nd = member(n, "description");
        const char *ot = cJSON_IsString(od) ? od->valuestring : "",
                   *nt = cJSON_IsString(nd) ? nd->valuestring : "";
        if (strcmp(ot, nt) != 0) {
            char *was = quoted(ot), *is = quoted(nt);
            finding_add(out, "description", path, NULL,
                        "description changed (what a model reads): was %s, is %s", was, is);
            out->items[out->count - 1].note = true;
            free(was);
            free(is);
        }
    }
    const cJSON *op = member(o, "properties"), *np = member(n, "properties");
    for (const cJSON *m = np != NULL ? np->child : NULL; m != NULL; m = m->next) {
        char *sub = xasprintf("%s/%s", path, m->string);
        walk(member(op, m->string), m, sub, depth + 1, all, out);
        free(sub);
    }
    char *sub = xasprintf("%s/0", path);
    walk(member(o, "items"), member(n, "items"), sub, depth + 1, all, out);
    free(sub);
    sub = xasprintf("%s/*", path);
    walk(member(o, "additionalProperties"), member(n, "additionalProperties"), sub, depth + 1, all,
         out);
    free(sub);
    const char *unions[] = {"anyOf", "oneOf"};
    for (size_t u = 0; u < 2; u++) {
        const cJSON *ol = member(o, unions[u]), *nl = member(n, unions[u]);
        int count = cJSON_GetArraySize(ol) < cJSON_GetArraySize(nl) ? cJSON_GetArraySize(ol)
                                                                    : cJSON_GetArraySize(nl);
        for (int i = 0; ol != NULL && nl != NULL && i < count; i++)
            walk(cJSON_GetArrayItem(ol, i), cJSON_GetArrayItem(nl, i), path, depth + 1, all, out);
    }
}

void description_changes(const cJSON *old_doc, const cJSON *new_doc, finding_list *out)
{
    walk(old_doc, new_doc, "", 0, false, out);
}

void keyword_changes(const cJSON *old_doc, const cJSON *new_doc, finding_list *out)
{
    walk(old_doc, new_doc, "", 0, true, out);
}
