/* schemac generator, compat: the baseline's files, made and read. */
#include "compat/baseline.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/dialect_names.h"
#include "emit/json/emit_schema.h"
#include "util/json_print.h"
#include "util/strbuf.h"

static void add_file(baseline *b, char *name, char *text)
{
    b->files = xrealloc(b->files, (b->count + 1) * sizeof *b->files);
    b->files[b->count++] = (baseline_file){name, text};
}

static const char *effect_name(tool_effect e)
{
    switch (e) {
    case EFFECT_READONLY:
        return "readonly";
    case EFFECT_MUTATING:
        return "mutating";
    case EFFECT_DESTRUCTIVE:
        return "destructive";
    case EFFECT_NONE:
        break;
    }
    return NULL;
}

/* The tool's metadata: what --compat compares besides the schema. */
static char *tool_text(const struct_def *s)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "tool", s->tool_name);
    cJSON_AddStringToObject(o, "type", s->name);
    if (s->output_type != NULL)
        cJSON_AddStringToObject(o, "output", s->output_type);
    if (effect_name(s->effect) != NULL)
        cJSON_AddStringToObject(o, "effect", effect_name(s->effect));
    cJSON_AddBoolToObject(o, "idempotent", s->idempotent);
    if (s->task != 0) /* @task: whether a client needs the tasks extension */
        cJSON_AddStringToObject(o, "task", s->task == 2 ? "required" : "optional");
    if (s->scopes != NULL) /* @scopes: what a caller's access token must hold */
        cJSON_AddStringToObject(o, "scopes", s->scopes);
    if (s->version != NULL)
        cJSON_AddStringToObject(o, "version", s->version);
    cJSON *dialects = cJSON_AddArrayToObject(o, "dialects");
    for (int d = 0; d < DIALECT_COUNT; d++)
        if (dialect_written(s, (dialect)d))
            cJSON_AddItemToArray(dialects, cJSON_CreateString(dialect_name((dialect)d)));
    char *text = json_print(o, 1);
    cJSON_Delete(o);
    return text;
}

void baseline_of_model(schema_texts *schemas, const model *m, baseline *out)
{
    memset(out, 0, sizeof *out);
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in)
            continue;
        add_file(out, xasprintf("%s%s", s->name, BASELINE_SCHEMA_SUFFIX),
                 schema_pretty_text(schemas, s));
        if (s->tool_name != NULL)
            add_file(out, xasprintf("%s%s", s->name, BASELINE_TOOL_SUFFIX), tool_text(s));
    }
}

static int ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a > b && strcmp(s + a - b, suffix) == 0;
}

int baseline_file_name(const char *name)
{
    return ends_with(name, BASELINE_SCHEMA_SUFFIX) || ends_with(name, BASELINE_TOOL_SUFFIX);
}

static int by_name(const void *x, const void *y)
{
    return strcmp(((const baseline_file *)x)->name, ((const baseline_file *)y)->name);
}

int baseline_read(const char *dir, baseline *out)
{
    memset(out, 0, sizeof *out);
    DIR *d = opendir(dir);
    if (d == NULL)
        return -1;
    struct dirent *e;
    while ((e = readdir(d)) != NULL) {
        if (!baseline_file_name(e->d_name))
            continue;
        char *path = xasprintf("%s/%s", dir, e->d_name);
        char *text = read_whole_file(path);
        free(path);
        if (text != NULL)
            add_file(out, xstrdup(e->d_name), text);
    }
    closedir(d);
    /* in name order, so diagnostics come in the same order everywhere */
    if (out->count > 1)
        qsort(out->files, out->count, sizeof *out->files, by_name);
    return 0;
}

const char *baseline_text(const baseline *b, const char *name)
{
    for (size_t i = 0; i < b->count; i++)
        if (strcmp(b->files[i].name, name) == 0)
            return b->files[i].text;
    return NULL;
}

void baseline_free(baseline *b)
{
    for (size_t i = 0; i < b->count; i++) {
        free(b->files[i].name);
        free(b->files[i].text);
    }
    free(b->files);
    memset(b, 0, sizeof *b);
}
