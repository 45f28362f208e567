/* schemac generator, compat: description changes, as notes. */
#include "compat/describe.h"

#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

enum { DESCRIBE_DEPTH = 64 };

static const cJSON *member(const cJSON *s, const char *name)
{
    return cJSON_IsObject(s) ? cJSON_GetObjectItemCaseSensitive(s, name) : NULL;
}

static void walk(const cJSON *o, const cJSON *n, const char *path, int depth, finding_list *out)
{
    if (o == NULL || n == NULL || depth > DESCRIBE_DEPTH)
        return;
    const cJSON *od = member(o, "description"), *nd = member(n, "description");
    const char *ot = cJSON_IsString(od) ? od->valuestring : "",
               *nt = cJSON_IsString(nd) ? nd->valuestring : "";
    if (strcmp(ot, nt) != 0) {
        finding_add(out, "description", path, NULL,
                    "description changed (what a model reads): was \"%.200s\", is \"%.200s\"", ot,
                    nt);
        out->items[out->count - 1].note = true;
    }
    const cJSON *op = member(o, "properties"), *np = member(n, "properties");
    for (const cJSON *m = np != NULL ? np->child : NULL; m != NULL; m = m->next) {
        char *sub = xasprintf("%s/%s", path, m->string);
        walk(member(op, m->string), m, sub, depth + 1, out);
        free(sub);
    }
    char *sub = xasprintf("%s/0", path);
    walk(member(o, "items"), member(n, "items"), sub, depth + 1, out);
    free(sub);
    const char *unions[] = {"anyOf", "oneOf"};
    for (size_t u = 0; u < 2; u++) {
        const cJSON *ol = member(o, unions[u]), *nl = member(n, unions[u]);
        int count = cJSON_GetArraySize(ol) < cJSON_GetArraySize(nl) ? cJSON_GetArraySize(ol)
                                                                    : cJSON_GetArraySize(nl);
        for (int i = 0; ol != NULL && nl != NULL && i < count; i++)
            walk(cJSON_GetArrayItem(ol, i), cJSON_GetArrayItem(nl, i), path, depth + 1, out);
    }
}

void description_changes(const cJSON *old_doc, const cJSON *new_doc, finding_list *out)
{
    walk(old_doc, new_doc, "", 0, out);
}
