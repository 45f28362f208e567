/* LLM tools: the dispatcher and MCP result shapes (include/schemac/tool.h). */
#include <stdio.h>
#include <string.h>

#include "schemac/schemac.h"
#include "reader_internal.h"
#include "support_internal.h"
#include "table_internal.h"

const char *sc_tool_dialect(const sc_tool *tool, sc_dialect dialect)
{
    /* a file generated before the dialect existed has a shorter array */
    if (tool == NULL || (size_t)dialect >= tool->dialect_count || tool->dialects[dialect] == NULL)
        return "";
    return tool->dialects[dialect];
}

static int unknown_tool(const sc_tool_binding *tools, size_t count, const char *name, sc_error *err)
{
    /* the names the model may use, as many as fit the message */
    char names[160];
    size_t used = 0;
    names[0] = '\0';
    for (size_t i = 0; i < count; i++) {
        int n =
            snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "", tools[i].tool->name);
        if (n < 0 || (size_t)n >= sizeof names - used) {
            names[used] = '\0';
            break;
        }
        used += (size_t)n;
    }
    return sc_fail(err, SC_ERR_UNKNOWN_TOOL, NULL, "unknown tool \"%.64s\"; the tools are: %s",
                   name != NULL ? name : "", names);
}

int sc_tool_call_cjson(sc_arena *arena, const sc_tool_binding *tools, size_t count,
                       const char *name, const cJSON *args, unsigned flags, cJSON **result,
                       sc_error *err)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (result == NULL || arena == NULL || (tools == NULL && count > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "tools, arena and result must not be NULL");
    *result = NULL;
    for (size_t i = 0; name != NULL && i < count; i++) {
        if (strcmp(tools[i].tool->name, name) != 0)
            continue;
        if (args != NULL)
            return tools[i].tool->invoke(&tools[i], arena, args, flags, result, err);
        /* MCP allows a call without arguments: that is an empty object */
        cJSON *empty = cJSON_CreateObject();
        if (empty == NULL)
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        int rc = tools[i].tool->invoke(&tools[i], arena, empty, flags, result, err);
        cJSON_Delete(empty);
        return rc;
    }
    return unknown_tool(tools, count, name, err);
}

int sc_tool_call(sc_arena *arena, const sc_tool_binding *tools, size_t count, const char *name,
                 const char *json, size_t len, unsigned flags, cJSON **result, sc_error *err)
{
    sc_error local;
    cJSON *tree;
    if (err == NULL)
        err = &local;
    if (result != NULL)
        *result = NULL;
    int rc = sc_parse_json(arena, json, len, &tree, err);
    if (rc != 0)
        return rc;
    /* the tree belongs to the arena */
    return sc_tool_call_cjson(arena, tools, count, name, tree, flags, result, err);
}

static int decode_args(sc_arena *arena, const cJSON *args, const sc_type *type, void *out,
                       sc_error *err)
{
    /* the common case, valid arguments, costs one first-error decode; only
     * a failed one is decoded again to find every error */
    int rc = sc_from_cjson(type, arena, args, out, err);
    if (!sc_is_verdict(rc))
        return rc; /* success, or an error that ends the pass anyway */
    sc_errors *all = sc_arena_alloc(arena, sizeof *all);
    sc_error *items = sc_arena_alloc(arena, SC_TOOL_MAX_ERRORS * sizeof *items);
    if (all == NULL || items == NULL)
        return rc; /* the first error alone, then */
    sc_errors_init(all, items, SC_TOOL_MAX_ERRORS);
    rc = sc_from_cjson_all(type, arena, args, out, all);
    if (rc != 0 && all->count > 0) {
        *err = all->items[0];
        err->all = all;
    } else if (rc != 0) {
        sc_fail(err, rc, NULL, "%s", sc_strerror(rc));
    }
    return rc;
}

int sc_tool_decode_args(sc_arena *arena, const cJSON *args, unsigned flags, const sc_type *type,
                        void *out, sc_error *err)
{
    if (!(flags & SC_CALL_NULL_IS_ABSENT) || args == NULL)
        return decode_args(arena, args, type, out, err);
    /* the caller's tree is const: the nulls go from a copy */
    cJSON *copy = cJSON_Duplicate(args, 1);
    if (copy == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    sc_table_drop_nulls(type, copy, 0);
    int rc = decode_args(arena, copy, type, out, err);
    cJSON_Delete(copy); /* the decoded value lives in the arena */
    return rc;
}

void sc_tool_error_text(int rc, const sc_error *err, char *buf, size_t size)
{
    if (buf == NULL || size == 0)
        return;
    if (rc == SC_ERR_OUTPUT)
        snprintf(buf, size,
                 "the tool failed: its result does not match its declared output schema (a fault "
                 "of the tool, not of the call)");
    else if (err != NULL && err->code == rc && err->all != NULL && err->all->count > 0 &&
             err->all->items[0].code == err->code &&
             strcmp(err->all->items[0].path, err->path) == 0 &&
             strcmp(err->all->items[0].message, err->message) == 0) { /* the list *err heads */
        sc_errors_format(err->all, buf, size);
        size_t used = strlen(buf);
        if (err->all->truncated && used + 1 < size)
            snprintf(buf + used, size - used, "\n(more errors not shown)");
    } else if (err != NULL)
        sc_error_format(err, buf, size);
    else
        snprintf(buf, size, "%s", sc_strerror(rc));
}

cJSON *sc_mcp_call_result(int rc, cJSON *result, const sc_error *err)
{
    cJSON *out = cJSON_CreateObject();
    cJSON *content = cJSON_AddArrayToObject(out, "content");
    cJSON *text = cJSON_CreateObject();
    char *printed = NULL;
    char message[SC_TOOL_MAX_ERRORS * (SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 2) + 32];
    if (out == NULL || content == NULL || text == NULL || !cJSON_AddItemToArray(content, text)) {
        cJSON_Delete(text);
        goto fail;
    }
    if (!cJSON_AddStringToObject(text, "type", "text"))
        goto fail;
    if (rc != 0) {
        sc_tool_error_text(rc, err, message, sizeof message);
        if (!cJSON_AddStringToObject(text, "text", message))
            goto fail;
    } else {
        if (result != NULL && sc_print_json(result, &printed) != 0)
            goto fail;
        if (!cJSON_AddStringToObject(text, "text", printed != NULL ? printed : "null"))
            goto fail;
        if (cJSON_IsObject(result)) {
            if (!cJSON_AddItemToObject(out, "structuredContent", result))
                goto fail;
            result = NULL;
        }
    }
    if (!cJSON_AddBoolToObject(out, "isError", rc != 0))
        goto fail;
    sc_free_string(printed);
    cJSON_Delete(result);
    return out;
fail:
    sc_free_string(printed);
    cJSON_Delete(result);
    cJSON_Delete(out);
    return NULL;
}

cJSON *sc_mcp_tools_list(const sc_tool_binding *tools, size_t count)
{
    cJSON *out = cJSON_CreateObject();
    cJSON *list = cJSON_AddArrayToObject(out, "tools");
    if (out == NULL || list == NULL)
        goto fail;
    for (size_t i = 0; i < count; i++) {
        const char *text = sc_tool_dialect(tools[i].tool, SC_DIALECT_MCP);
        if (text[0] == '\0')
            continue; /* no MCP entry: the tool is not written for MCP (@dialects, names) */
        cJSON *entry = cJSON_Parse(text); /* generated text: valid JSON */
        if (entry == NULL || !cJSON_AddItemToArray(list, entry)) {
            cJSON_Delete(entry);
            goto fail;
        }
    }
    return out;
fail:
    cJSON_Delete(out);
    return NULL;
}
