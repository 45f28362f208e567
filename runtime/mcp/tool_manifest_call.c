/* A call of a manifest tool (include/schemac/tool_manifest.h): its
 * sc_tool.invoke, which checks the arguments with the compiled input
 * schema and reports what is wrong as a generated tool's decode does, runs
 * the handler on the arguments' tree, and checks its result with the
 * output schema; and the binding of handlers to tools by name. */
#include <stdio.h>
#include <string.h>

#include "schemac/schemac.h"
#include "schemac/support.h"
#include "tool_manifest_internal.h"

/* The errors found (rc, the first one's code) as sc_tool_decode_args
 * leaves a generated tool's: *err the first, err->all every one, in the
 * arena, so that sc_tool_error_text gives the model one "path: message"
 * line each. */
static int as_decode_errors(sc_arena *arena, int rc, const sc_schema_errors *found, sc_error *err)
{
    if (found->count == 0)
        return sc_fail(err, rc, NULL, "%s", sc_strerror(rc));
    sc_errors *all = sc_arena_alloc(arena, sizeof *all);
    sc_error *items = sc_arena_alloc(arena, found->count * sizeof *items);
    sc_error first;
    sc_error *to = items != NULL ? items : &first; /* the first error alone, then */
    size_t n = items != NULL ? found->count : 1;
    for (size_t i = 0; i < n; i++) {
        const sc_schema_error *e = &found->items[i];
        sc_fail_at(&to[i], e->code, e->instance_location, "%s", e->message);
        to[i].keyword = e->keyword;
    }
    *err = to[0];
    if (all != NULL && items != NULL) {
        sc_errors_init(all, items, found->count);
        all->count = found->count;
        all->truncated = found->truncated;
        err->all = all;
    }
    return rc;
}

/* Validates the arguments: one verdict-only pass for the common case, a
 * valid call; only an invalid one is validated again to collect every
 * error, up to SC_TOOL_MAX_ERRORS, as a generated tool's are. */
static int check_arguments(const sc_manifest_tool *t, sc_arena *arena, const cJSON *args,
                           sc_error *err)
{
    int rc = sc_schema_validate(t->input, args, NULL);
    if (rc == 0)
        return 0;
    sc_schema_error *items = sc_arena_alloc(arena, SC_TOOL_MAX_ERRORS * sizeof *items);
    sc_schema_error first; /* the first error alone, when the arena has no room for more */
    sc_schema_errors found;
    sc_schema_errors_init(&found, items != NULL ? items : &first,
                          items != NULL ? SC_TOOL_MAX_ERRORS : 1);
    rc = sc_schema_validate(t->input, args, &found);
    return rc == SC_ERR_NOMEM ? sc_fail(err, rc, NULL, "out of memory")
                              : as_decode_errors(arena, rc, &found, err);
}

/* Validates the handler's result (NULL: none, which is JSON null to the
 * schema) against the output schema: a result that breaks it is the
 * application's bug, not the model's, and says so as a generated tool's
 * does. */
static int check_output(const sc_manifest_tool *t, const cJSON *out, sc_error *err)
{
    cJSON none;
    memset(&none, 0, sizeof none);
    none.type = cJSON_NULL;
    sc_schema_error first;
    sc_schema_errors found;
    sc_schema_errors_init(&found, &first, 1);
    int rc = sc_schema_validate(t->output, out != NULL ? out : &none, &found);
    if (rc == 0 || rc == SC_ERR_NOMEM)
        return rc == 0 ? 0 : sc_fail(err, rc, NULL, "out of memory");
    sc_fail_at(err, SC_ERR_OUTPUT, first.instance_location, "%s", first.message);
    err->keyword = first.keyword;
    sc_error_note(err, "%s", "the tool's result breaks its output schema");
    return SC_ERR_OUTPUT;
}

int sc_manifest_invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                       unsigned flags, cJSON **result, sc_error *err)
{
    /* SC_CALL_NULL_IS_ABSENT: a manifest tool is never sent in OpenAI's
     * strict dialect (tool_manifest_texts.c), so a null is what it says */
    (void)flags;
    const sc_manifest_tool *t = (const sc_manifest_tool *)binding->tool;
    *result = NULL;
    int rc = check_arguments(t, arena, args, err);
    if (rc != 0)
        return rc;
    cJSON *out = NULL;
    if (((sc_tool_json_handler)binding->handler)(arena, args, &out, binding->ctx, err) != 0) {
        cJSON_Delete(out);
        if (err->code == SC_OK)
            return sc_fail(err, SC_ERR_HANDLER, NULL, "the tool failed");
        return err->code;
    }
    if (t->output != NULL && (rc = check_output(t, out, err)) != 0) {
        cJSON_Delete(out);
        return rc;
    }
    *result = out;
    return 0;
}

/* The handler of tool name among handlers[0..count), or NULL. */
static const sc_tool_handler_entry *handler_of(const sc_tool_handler_entry *handlers, size_t count,
                                               const char *name)
{
    for (size_t i = 0; i < count; i++)
        if (handlers[i].name != NULL && strcmp(handlers[i].name, name) == 0)
            return &handlers[i];
    return NULL;
}

/* Whether every handler names a tool, once, and has a function. */
static int check_handlers(const sc_tool_manifest *manifest, const sc_tool_handler_entry *handlers,
                          size_t count, sc_error *err)
{
    for (size_t i = 0; i < count; i++) {
        const char *name = handlers[i].name;
        if (name == NULL || handlers[i].handler == NULL)
            return sc_fail(err, SC_ERR_ARGUMENT, NULL, "handler %zu has no %s", i,
                           name == NULL ? "name" : "function");
        if (handler_of(handlers, i, name) != NULL)
            return sc_fail(err, SC_ERR_ARGUMENT, NULL, "two handlers for the tool \"%.64s\"", name);
        bool found = false;
        for (size_t j = 0; !found && j < sc_tool_manifest_count(manifest); j++)
            found = strcmp(sc_tool_manifest_tool(manifest, j)->name, name) == 0;
        if (!found)
            return sc_fail(err, SC_ERR_UNKNOWN_TOOL, NULL,
                           "a handler for \"%.64s\", which is not a tool of the manifest", name);
    }
    return 0;
}

int sc_tool_manifest_bind(const sc_tool_manifest *manifest, const sc_tool_handler_entry *handlers,
                          size_t handler_count, sc_tool_binding *bindings, size_t max,
                          size_t *count, sc_error *err)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (count != NULL)
        *count = 0;
    if (manifest == NULL || count == NULL || (handlers == NULL && handler_count > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "the manifest and count must not be NULL");
    size_t n = sc_tool_manifest_count(manifest);
    int rc = check_handlers(manifest, handlers, handler_count, err);
    if (rc != 0)
        return rc;
    for (size_t i = 0; i < n; i++) {
        const char *name = sc_tool_manifest_tool(manifest, i)->name;
        if (handler_of(handlers, handler_count, name) == NULL)
            return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                           "the tool \"%.64s\" of the manifest has no handler", name);
    }
    if (n > max || (bindings == NULL && n > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL,
                       "the manifest has %zu tools, room was given for %zu", n,
                       bindings == NULL ? (size_t)0 : max);
    for (size_t i = 0; i < n; i++) {
        const sc_tool *tool = sc_tool_manifest_tool(manifest, i);
        const sc_tool_handler_entry *h = handler_of(handlers, handler_count, tool->name);
        bindings[i] = (sc_tool_binding){tool, (sc_handler)h->handler, h->ctx};
    }
    *count = n;
    return 0;
}
