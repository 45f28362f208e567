/* Tool-call round trips with LLM providers (include/schemac/provider.h):
 * the request's tools from the tool table, read the calls out of a
 * response, dispatch them, write the results in the provider's own
 * message format. cJSON builds the messages, as
 * everywhere in the runtime; the response is read with sc_parse_json, so
 * it passes the same strictness rules as tool arguments. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../core/reader_internal.h" /* the reader's tokenizer, read leniently */
#include "schemac/provider.h"
#include "schemac/schemac.h"

int sc_provider_from_name(const char *name, sc_provider *provider)
{
    static const struct {
        const char *name;
        sc_provider provider;
    } names[] = {
        {"openai", SC_PROVIDER_OPENAI_CHAT},
        {"openai-responses", SC_PROVIDER_OPENAI_RESPONSES},
        {"anthropic", SC_PROVIDER_ANTHROPIC},
        {"gemini", SC_PROVIDER_GEMINI},
    };
    for (size_t i = 0; name != NULL && provider != NULL && i < sizeof names / sizeof *names; i++) {
        if (strcmp(name, names[i].name) == 0) {
            *provider = names[i].provider;
            return 0;
        }
    }
    return SC_ERR_ARGUMENT;
}

void sc_tool_turn_free(sc_tool_turn *turn)
{
    if (turn == NULL)
        return;
    cJSON_Delete(turn->echo);
    cJSON_Delete(turn->results);
    turn->echo = NULL;
    turn->results = NULL;
}

int sc_tool_turn_append(sc_tool_turn *turn, cJSON *conversation)
{
    if (turn == NULL || !cJSON_IsArray(conversation))
        return SC_ERR_ARGUMENT;
    cJSON *parts[2] = {turn->echo, turn->results};
    for (int p = 0; p < 2; p++) {
        while (parts[p] != NULL && parts[p]->child != NULL) {
            cJSON *item = cJSON_DetachItemViaPointer(parts[p], parts[p]->child);
            cJSON_AddItemToArray(conversation, item); /* cannot fail: both are valid */
        }
    }
    sc_tool_turn_free(turn);
    return 0;
}

/* ---- the request's tools ------------------------------------------------- */

/* The dialect of a tool that `provider` takes. */
static sc_dialect provider_dialect(sc_provider provider, bool strict)
{
    switch (provider) {
    case SC_PROVIDER_ANTHROPIC:
        return SC_DIALECT_ANTHROPIC;
    case SC_PROVIDER_GEMINI:
        return SC_DIALECT_GEMINI;
    case SC_PROVIDER_OPENAI_CHAT:
    case SC_PROVIDER_OPENAI_RESPONSES:
        break;
    }
    return strict ? SC_DIALECT_OPENAI_STRICT : SC_DIALECT_OPENAI; /* both APIs: the function tool */
}

/* A Chat Completions tool {"type":"function","function":{...}} made the
 * Responses API's flat function tool {"type":"function",...,"strict"}, in
 * place: the function's members move up, keys and order kept. NULL, with
 * tool deleted, when tool is not of that shape or memory runs out. */
static cJSON *flat_function(cJSON *tool)
{
    cJSON *function = cJSON_DetachItemFromObjectCaseSensitive(tool, "function");
    if (!cJSON_IsObject(function)) {
        cJSON_Delete(function);
        cJSON_Delete(tool);
        return NULL;
    }
    while (function->child != NULL) {
        /* an object's members are a list as an array's items: the member
         * moves with its key, no allocation */
        cJSON *member = cJSON_DetachItemViaPointer(function, function->child);
        cJSON_AddItemToArray(tool, member);
    }
    cJSON_Delete(function);
    if (cJSON_GetObjectItemCaseSensitive(tool, "strict") == NULL &&
        cJSON_AddFalseToObject(tool, "strict") == NULL) {
        cJSON_Delete(tool);
        return NULL;
    }
    return tool;
}

cJSON *sc_provider_tools(sc_provider provider, const sc_tool_binding *tools, size_t count,
                         unsigned options, unsigned *call_flags)
{
    unsigned flags = 0;
    if (call_flags != NULL)
        *call_flags = 0;
    if ((unsigned)provider > SC_PROVIDER_GEMINI || (options & ~SC_TOOLS_STRICT) != 0 ||
        (tools == NULL && count > 0))
        return NULL;
    bool strict = (options & SC_TOOLS_STRICT) != 0 &&
                  (provider == SC_PROVIDER_OPENAI_CHAT || provider == SC_PROVIDER_OPENAI_RESPONSES);
    cJSON *array = cJSON_CreateArray();
    cJSON *list = array; /* where the tools go: Gemini's functionDeclarations */
    if (array == NULL)
        return NULL;
    for (size_t i = 0; i < count; i++) {
        if (tools[i].tool == NULL)
            goto fail;
        const char *text = sc_tool_dialect(tools[i].tool, provider_dialect(provider, strict));
        if (text[0] == '\0')
            continue; /* not written for this dialect (@dialects, names) */
        cJSON *tool = cJSON_ParseWithLength(text, strlen(text));
        if (tool != NULL && provider == SC_PROVIDER_OPENAI_RESPONSES)
            tool = flat_function(tool);
        if (tool == NULL)
            goto fail;
        if (list == array && provider == SC_PROVIDER_GEMINI) {
            cJSON *holder = cJSON_CreateObject();
            list = cJSON_AddArrayToObject(holder, "functionDeclarations");
            if (list == NULL) {
                cJSON_Delete(holder);
                cJSON_Delete(tool);
                goto fail;
            }
            cJSON_AddItemToArray(array, holder);
        }
        cJSON_AddItemToArray(list, tool);
        if (strict)
            flags |= SC_CALL_NULL_IS_ABSENT;
    }
    if (call_flags != NULL)
        *call_flags = flags;
    return array;
fail:
    cJSON_Delete(array);
    return NULL;
}

/* ---- reading the response ------------------------------------------------ */

/* Records a problem with the response at JSON Pointer `at`. */
static int bad_response(sc_error *err, int code, const char *keyword, const char *at,
                        const char *message)
{
    sc_fail(err, code, keyword, "%s", message);
    snprintf(err->path, sizeof err->path, "%s", at);
    return code;
}

/* Member `key` of object (found at `at`) when it has cJSON type `type`.
 * NULL when it is absent or null (an error when `required`), or of another
 * type, or object is no object (always errors); *rc says which. */
static const cJSON *member(const cJSON *object, const char *at, const char *key, int type,
                           int required, int *rc, sc_error *err)
{
    char where[SC_ERROR_PATH_MAX];
    const cJSON *item = cJSON_GetObjectItemCaseSensitive(object, key);
    *rc = 0;
    if (!cJSON_IsObject(object)) {
        *rc = bad_response(err, SC_ERR_TYPE, "type", at, "must be an object");
        return NULL;
    }
    snprintf(where, sizeof where, "%s/%s", at, key);
    if (item == NULL || cJSON_IsNull(item)) {
        if (required) {
            char message[96];
            snprintf(message, sizeof message, "missing required property \"%s\"", key);
            *rc = bad_response(err, SC_ERR_REQUIRED, "required", at, message);
        }
        return NULL;
    }
    if ((item->type & 0xFF) != type) {
        const char *name = type == cJSON_String  ? "a string"
                           : type == cJSON_Array ? "an array"
                                                 : "an object";
        char message[64];
        snprintf(message, sizeof message, "must be %s", name);
        *rc = bad_response(err, SC_ERR_TYPE, "type", where, message);
        return NULL;
    }
    return item;
}

/* ---- one call ------------------------------------------------------------- */

/* A call whose arguments the strict reader refused (see read_response). */
typedef struct unreadable_call {
    size_t index; /* of its block (Anthropic) or part (Gemini) */
    sc_error err; /* why, the path relative to the arguments */
} unreadable_call;

#define MAX_UNREADABLE_CALLS 64

typedef struct turn_ctx {
    sc_arena *arena;
    const sc_tool_binding *tools;
    size_t count;
    unsigned flags;
    sc_tool_turn *turn;
    const unreadable_call *unreadable;
    size_t unreadable_count;
} turn_ctx;

typedef struct outcome {
    int rc;        /* the call's sc_code */
    cJSON *result; /* the tool's output (caller's), when rc == 0 */
    char *text;    /* result printed (sc_free_string), when rc == 0 and result != NULL */
    sc_error err;  /* why, when rc != 0 */
} outcome;

static void outcome_free(outcome *o)
{
    cJSON_Delete(o->result);
    sc_free_string(o->text);
}

/* Calls tool `name` with arguments as text (args_text, OpenAI) or as a
 * tree (args: NULL for none), and prints its output. Returns SC_ERR_NOMEM
 * when memory ran out, which ends the turn; every other failure is the
 * call's, in o. */
static int call_tool(turn_ctx *t, const char *name, const char *args_text, const cJSON *args,
                     outcome *o)
{
    o->result = NULL;
    o->text = NULL;
    sc_error_clear(&o->err);
    if (args_text != NULL)
        o->rc = sc_tool_call(t->arena, t->tools, t->count, name, args_text, strlen(args_text),
                             t->flags, &o->result, &o->err);
    else
        o->rc = sc_tool_call_cjson(t->arena, t->tools, t->count, name, args, t->flags, &o->result,
                                   &o->err);
    if (o->rc == 0 && o->result != NULL) {
        /* a tool without @output may return any tree: one that is not JSON
         * (NaN, broken UTF-8) is the application's bug, reported as such */
        int printed = sc_print_json(o->result, &o->text);
        if (printed != 0) {
            cJSON_Delete(o->result);
            o->result = NULL;
            o->rc = sc_fail(&o->err, SC_ERR_OUTPUT, NULL,
                            "the tool's result is not valid JSON (%s)", sc_strerror(printed));
            if (printed == SC_ERR_NOMEM)
                o->rc = SC_ERR_NOMEM;
        }
    }
    if (o->rc == SC_ERR_NOMEM)
        return SC_ERR_NOMEM;
    if (o->rc != 0)
        t->turn->failed++;
    t->turn->calls++;
    return 0;
}

/* A call that could not be made at all (a tool type we do not handle). */
static void refuse_call(turn_ctx *t, outcome *o, const char *message)
{
    o->result = NULL;
    o->text = NULL;
    sc_error_clear(&o->err);
    o->rc = sc_fail(&o->err, SC_ERR_UNKNOWN_TOOL, NULL, "%s", message);
    t->turn->failed++;
    t->turn->calls++;
}

/* The error of call `index` when its arguments were unreadable, else NULL. */
static const sc_error *unreadable(const turn_ctx *t, size_t index)
{
    for (size_t i = 0; i < t->unreadable_count; i++)
        if (t->unreadable[i].index == index)
            return &t->unreadable[i].err;
    return NULL;
}

/* A call whose arguments could not be read: answered with why, as
 * sc_tool_call answers arguments text it cannot read (OpenAI). */
static void refuse_arguments(turn_ctx *t, outcome *o, const sc_error *why)
{
    o->result = NULL;
    o->text = NULL;
    o->err = *why;
    o->rc = why->code;
    t->turn->failed++;
    t->turn->calls++;
}

/* The answer to the model as text: the output as JSON, or the error after
 * error_prefix as sc_tool_error_text writes it (every argument error, one
 * "path: message" line each). NULL when memory runs out. */
static cJSON *answer_text(const outcome *o, const char *error_prefix)
{
    if (o->rc != 0) {
        char message[SC_TOOL_MAX_ERRORS * (SC_ERROR_PATH_MAX + SC_ERROR_MESSAGE_MAX + 2) + 48];
        size_t used = strlen(error_prefix);
        memcpy(message, error_prefix, used);
        sc_tool_error_text(o->rc, &o->err, message + used, sizeof message - used);
        return cJSON_CreateString(message);
    }
    return cJSON_CreateString(o->text != NULL ? o->text : "null");
}

/* Appends item to array: SC_ERR_NOMEM when item is NULL (its making ran
 * out of memory). */
static int append(cJSON *array, cJSON *item)
{
    if (item == NULL)
        return SC_ERR_NOMEM;
    cJSON_AddItemToArray(array, item);
    return 0;
}

/* Adds item under a constant key; false, with item deleted, when item is
 * NULL (its making ran out of memory) or memory runs out. (libschemac's
 * sc_cjson_add does the same for its walker, unexported.) */
static bool add_item(cJSON *object, const char *const_key, cJSON *item)
{
    if (cJSON_AddItemToObjectCS(object, const_key, item))
        return true;
    cJSON_Delete(item);
    return false;
}

/* An object {k1: v1, k2: v2, k3: v3} of new items under constant keys; a
 * pair with a NULL key is left out. NULL, with every value deleted, when
 * memory runs out (a NULL value: its making ran out of memory). */
static cJSON *object_of(const char *k1, cJSON *v1, const char *k2, cJSON *v2, const char *k3,
                        cJSON *v3)
{
    cJSON *object = cJSON_CreateObject();
    const char *keys[3] = {k1, k2, k3};
    cJSON *values[3] = {v1, v2, v3};
    int ok = object != NULL;
    for (int i = 0; i < 3; i++) {
        if (keys[i] == NULL)
            continue;
        if (ok && add_item(object, keys[i], values[i])) /* deletes the value when it fails */
            continue;
        if (ok)
            ok = 0;
        else
            cJSON_Delete(values[i]);
    }
    if (!ok) {
        cJSON_Delete(object);
        return NULL;
    }
    return object;
}

/* ---- OpenAI Chat Completions ---------------------------------------------- */

/* {"role":"assistant","content":...,"tool_calls":[...]} from the response's
 * message: only what a request message may carry (the response adds
 * annotations, audio and the like). */
static cJSON *chat_assistant(const cJSON *message, const cJSON *tool_calls)
{
    const cJSON *content = cJSON_GetObjectItemCaseSensitive(message, "content");
    const cJSON *refusal = cJSON_GetObjectItemCaseSensitive(message, "refusal");
    cJSON *echo =
        object_of("role", cJSON_CreateString("assistant"), "content",
                  content != NULL ? cJSON_Duplicate(content, 1) : cJSON_CreateNull(), NULL, NULL);
    if (echo == NULL)
        return NULL;
    if ((cJSON_IsString(refusal) && !add_item(echo, "refusal", cJSON_Duplicate(refusal, 1))) ||
        (cJSON_GetArraySize(tool_calls) > 0 &&
         !add_item(echo, "tool_calls", cJSON_Duplicate(tool_calls, 1)))) {
        cJSON_Delete(echo);
        return NULL;
    }
    return echo;
}

static int openai_chat(turn_ctx *t, const cJSON *root, sc_error *err)
{
    int rc;
    const cJSON *choices = member(root, "", "choices", cJSON_Array, 1, &rc, err);
    if (choices == NULL)
        return rc;
    const cJSON *choice = cJSON_GetArrayItem(choices, 0);
    if (!cJSON_IsObject(choice))
        return bad_response(err, SC_ERR_TYPE, "type", "/choices/0", "the response has no choice");
    const cJSON *message = member(choice, "/choices/0", "message", cJSON_Object, 1, &rc, err);
    if (message == NULL)
        return rc;
    const cJSON *tool_calls =
        member(message, "/choices/0/message", "tool_calls", cJSON_Array, 0, &rc, err);
    if (rc != 0)
        return rc;
    if (append(t->turn->echo, chat_assistant(message, tool_calls)) != 0)
        return SC_ERR_NOMEM;
    size_t i = 0;
    for (const cJSON *call = tool_calls != NULL ? tool_calls->child : NULL; call != NULL;
         call = call->next, i++) {
        char at[64];
        snprintf(at, sizeof at, "/choices/0/message/tool_calls/%zu", i);
        const cJSON *id = member(call, at, "id", cJSON_String, 1, &rc, err);
        if (id == NULL)
            return rc;
        const cJSON *type = member(call, at, "type", cJSON_String, 0, &rc, err);
        if (rc != 0)
            return rc;
        outcome o;
        if (type != NULL && strcmp(type->valuestring, "function") != 0) {
            refuse_call(t, &o, "only function tools are handled here");
        } else {
            char fn_at[96];
            snprintf(fn_at, sizeof fn_at, "%s/function", at);
            const cJSON *function = member(call, at, "function", cJSON_Object, 1, &rc, err);
            const cJSON *name = function != NULL
                                    ? member(function, fn_at, "name", cJSON_String, 1, &rc, err)
                                    : NULL;
            const cJSON *args =
                name != NULL ? member(function, fn_at, "arguments", cJSON_String, 1, &rc, err)
                             : NULL;
            if (args == NULL)
                return rc;
            if (call_tool(t, name->valuestring, args->valuestring, NULL, &o) != 0)
                return SC_ERR_NOMEM;
        }
        cJSON *reply =
            object_of("role", cJSON_CreateString("tool"), "tool_call_id",
                      cJSON_CreateString(id->valuestring), "content", answer_text(&o, "Error: "));
        outcome_free(&o);
        if (append(t->turn->results, reply) != 0)
            return SC_ERR_NOMEM;
    }
    return 0;
}

/* ---- OpenAI Responses API ------------------------------------------------- */

static int openai_responses(turn_ctx *t, const cJSON *root, sc_error *err)
{
    int rc;
    const cJSON *output = member(root, "", "output", cJSON_Array, 1, &rc, err);
    if (output == NULL)
        return rc;
    size_t i = 0;
    for (const cJSON *item = output->child; item != NULL; item = item->next, i++) {
        char at[32];
        snprintf(at, sizeof at, "/output/%zu", i);
        if (!cJSON_IsObject(item))
            return bad_response(err, SC_ERR_TYPE, "type", at, "must be an object");
        /* every output item goes back: reasoning items with their calls */
        if (append(t->turn->echo, cJSON_Duplicate(item, 1)) != 0)
            return SC_ERR_NOMEM;
        const cJSON *type = member(item, at, "type", cJSON_String, 1, &rc, err);
        if (type == NULL)
            return rc;
        int custom = strcmp(type->valuestring, "custom_tool_call") == 0;
        if (!custom && strcmp(type->valuestring, "function_call") != 0)
            continue; /* messages, reasoning, tools the API ran itself */
        const cJSON *call_id = member(item, at, "call_id", cJSON_String, 1, &rc, err);
        if (call_id == NULL)
            return rc;
        outcome o;
        if (custom) {
            /* a custom tool's call must be answered too, or the next request is refused */
            refuse_call(t, &o, "only function tools are handled here");
        } else {
            const cJSON *name = member(item, at, "name", cJSON_String, 1, &rc, err);
            const cJSON *args =
                name != NULL ? member(item, at, "arguments", cJSON_String, 1, &rc, err) : NULL;
            if (args == NULL)
                return rc;
            if (call_tool(t, name->valuestring, args->valuestring, NULL, &o) != 0)
                return SC_ERR_NOMEM;
        }
        cJSON *reply = object_of(
            "type", cJSON_CreateString(custom ? "custom_tool_call_output" : "function_call_output"),
            "call_id", cJSON_CreateString(call_id->valuestring), "output",
            answer_text(&o, "Error: "));
        outcome_free(&o);
        if (append(t->turn->results, reply) != 0)
            return SC_ERR_NOMEM;
    }
    return 0;
}

/* ---- Anthropic Messages --------------------------------------------------- */

static cJSON *tool_result(const char *id, const outcome *o)
{
    cJSON *block = object_of("type", cJSON_CreateString("tool_result"), "tool_use_id",
                             cJSON_CreateString(id), "content", answer_text(o, ""));
    if (block != NULL && o->rc != 0 && !cJSON_AddTrueToObject(block, "is_error")) {
        cJSON_Delete(block);
        return NULL;
    }
    return block;
}

static int anthropic(turn_ctx *t, const cJSON *root, sc_error *err)
{
    int rc;
    const cJSON *content = member(root, "", "content", cJSON_Array, 1, &rc, err);
    if (content == NULL)
        return rc;
    /* the assistant turn goes back whole: text, tool_use and thinking blocks */
    if (append(t->turn->echo, object_of("role", cJSON_CreateString("assistant"), "content",
                                        cJSON_Duplicate(content, 1), NULL, NULL)) != 0)
        return SC_ERR_NOMEM;
    cJSON *blocks = cJSON_CreateArray();
    if (append(t->turn->results,
               object_of("role", cJSON_CreateString("user"), "content", blocks, NULL, NULL)) != 0)
        return SC_ERR_NOMEM;
    size_t i = 0;
    for (const cJSON *block = content->child; block != NULL; block = block->next, i++) {
        char at[32];
        snprintf(at, sizeof at, "/content/%zu", i);
        if (!cJSON_IsObject(block))
            return bad_response(err, SC_ERR_TYPE, "type", at, "must be an object");
        const cJSON *type = member(block, at, "type", cJSON_String, 1, &rc, err);
        if (type == NULL)
            return rc;
        if (strcmp(type->valuestring, "tool_use") != 0)
            continue; /* text, thinking, and server tools the API ran itself */
        const cJSON *id = member(block, at, "id", cJSON_String, 1, &rc, err);
        const cJSON *name =
            id != NULL ? member(block, at, "name", cJSON_String, 1, &rc, err) : NULL;
        if (name == NULL)
            return rc;
        /* input is the arguments object; anything else fails the call, not the turn */
        const cJSON *input = cJSON_GetObjectItemCaseSensitive(block, "input");
        outcome o;
        if (unreadable(t, i) != NULL)
            refuse_arguments(t, &o, unreadable(t, i));
        else if (call_tool(t, name->valuestring, NULL, input, &o) != 0)
            return SC_ERR_NOMEM;
        cJSON *result = tool_result(id->valuestring, &o);
        outcome_free(&o);
        if (append(blocks, result) != 0)
            return SC_ERR_NOMEM;
    }
    if (t->turn->calls == 0) /* no calls: no user message of results */
        cJSON_Delete(cJSON_DetachItemFromArray(t->turn->results, 0));
    return 0;
}

/* ---- Gemini --------------------------------------------------------------- */

/* {"output": result} or {"error": "path: message"}, as the Gemini API
 * documents FunctionResponse.response. Takes o->result. */
static cJSON *gemini_response(outcome *o)
{
    if (o->rc != 0)
        return object_of("error", answer_text(o, ""), NULL, NULL, NULL, NULL);
    cJSON *value = o->result != NULL ? o->result : cJSON_CreateNull();
    o->result = NULL;
    return object_of("output", value, NULL, NULL, NULL, NULL);
}

static int gemini(turn_ctx *t, const cJSON *root, sc_error *err)
{
    int rc;
    const cJSON *candidates = member(root, "", "candidates", cJSON_Array, 1, &rc, err);
    if (candidates == NULL)
        return rc;
    const cJSON *candidate = cJSON_GetArrayItem(candidates, 0);
    if (!cJSON_IsObject(candidate))
        return bad_response(err, SC_ERR_TYPE, "type", "/candidates/0",
                            "the response has no candidate");
    const cJSON *content = member(candidate, "/candidates/0", "content", cJSON_Object, 1, &rc, err);
    if (content == NULL)
        return rc;
    const cJSON *parts =
        member(content, "/candidates/0/content", "parts", cJSON_Array, 0, &rc, err);
    if (rc != 0)
        return rc;
    /* the model's content goes back whole: thought signatures included */
    if (append(t->turn->echo, cJSON_Duplicate(content, 1)) != 0)
        return SC_ERR_NOMEM;
    cJSON *replies = cJSON_CreateArray();
    if (append(t->turn->results,
               object_of("role", cJSON_CreateString("user"), "parts", replies, NULL, NULL)) != 0)
        return SC_ERR_NOMEM;
    size_t i = 0;
    for (const cJSON *part = parts != NULL ? parts->child : NULL; part != NULL;
         part = part->next, i++) {
        char at[64];
        snprintf(at, sizeof at, "/candidates/0/content/parts/%zu", i);
        if (!cJSON_IsObject(part))
            return bad_response(err, SC_ERR_TYPE, "type", at, "must be an object");
        const cJSON *call = member(part, at, "functionCall", cJSON_Object, 0, &rc, err);
        if (call == NULL) {
            if (rc != 0)
                return rc;
            continue; /* text, thoughts */
        }
        char call_at[96];
        snprintf(call_at, sizeof call_at, "%s/functionCall", at);
        const cJSON *name = member(call, call_at, "name", cJSON_String, 1, &rc, err);
        const cJSON *id =
            name != NULL ? member(call, call_at, "id", cJSON_String, 0, &rc, err) : NULL;
        if (rc != 0)
            return rc;
        /* args may be left out when the function takes none */
        const cJSON *args = cJSON_GetObjectItemCaseSensitive(call, "args");
        outcome o;
        if (unreadable(t, i) != NULL)
            refuse_arguments(t, &o, unreadable(t, i));
        else if (call_tool(t, name->valuestring, NULL, args, &o) != 0)
            return SC_ERR_NOMEM;
        cJSON *response = gemini_response(&o);
        outcome_free(&o);
        cJSON *reply = object_of("name", cJSON_CreateString(name->valuestring), "response",
                                 response, id != NULL ? "id" : NULL,
                                 id != NULL ? cJSON_CreateString(id->valuestring) : NULL);
        if (append(replies, object_of("functionResponse", reply, NULL, NULL, NULL, NULL)) != 0)
            return SC_ERR_NOMEM;
    }
    if (t->turn->calls == 0)
        cJSON_Delete(cJSON_DetachItemFromArray(t->turn->results, 0));
    return 0;
}

/* ---- the turn ------------------------------------------------------------- */

/* Where the arguments of call N are in Anthropic and Gemini responses
 * (OpenAI's are a string, read call by call by sc_tool_call). */
static const struct {
    const char *head, *tail;
} args_at[] = {
    [SC_PROVIDER_ANTHROPIC] = {"/content/", "/input"},
    [SC_PROVIDER_GEMINI] = {"/candidates/0/content/parts/", "/functionCall/args"},
};

/* When path lies in the arguments of a call: that call's index, and the
 * length of the arguments' own pointer in path. */
static bool in_arguments(sc_provider provider, const char *path, size_t *index, size_t *prefix)
{
    if ((provider != SC_PROVIDER_ANTHROPIC && provider != SC_PROVIDER_GEMINI))
        return false;
    size_t n = strlen(args_at[provider].head), m = strlen(args_at[provider].tail);
    if (strncmp(path, args_at[provider].head, n) != 0 || path[n] < '0' || path[n] > '9')
        return false;
    char *end;
    unsigned long long i = strtoull(path + n, &end, 10);
    if (strncmp(end, args_at[provider].tail, m) != 0 || (end[m] != '\0' && end[m] != '/'))
        return false;
    *index = (size_t)i;
    *prefix = (size_t)(end + m - path);
    return true;
}

/* The text of the value at JSON Pointer pointer[0..n) (plain tokens, as
 * args_at's) in text: *start and *stop, or false. The text before the
 * strict reader's error is valid, but the arguments and what follows them
 * may hold anything the strict reader refused (any depth, any number, a
 * lone surrogate), so the text is read leniently: the reader's own
 * tokenizer with JSON's grammar and no strictness rule
 * (reader_internal.h). Arguments are cut out only when the response is
 * JSON up to their end: after a syntax error the framing of what follows
 * is anyone's guess. Keys are compared unescaped, as sc_parse_json read
 * them; of duplicate keys the first is taken (such a response is refused
 * anyway, when its object ends). */
static bool find_value(sc_arena *arena, const char *text, size_t len, const char *pointer, size_t n,
                       size_t *start, size_t *stop)
{
    sc_reader r;
    sc_error err;
    sc_internal_reader_init_lenient(&r, text, len, arena, &err);
    for (const char *token = pointer; token < pointer + n;) {
        token++; /* the '/' */
        size_t t = strcspn(token, "/");
        if (token + t > pointer + n)
            t = (size_t)(pointer + n - token);
        sc_json_type type = sc_peek(&r);
        if (type == SC_JSON_OBJECT) {
            sc_string key;
            sc_next next;
            if (sc_read_object_begin(&r) != 0)
                return false;
            while ((next = sc_internal_next_member_lenient(&r, &key)) == SC_NEXT_ITEM &&
                   !(key.ptr != NULL && key.len == t && memcmp(key.ptr, token, t) == 0))
                if (sc_internal_skip_value_lenient(&r) != 0)
                    return false;
            if (next != SC_NEXT_ITEM)
                return false; /* not there, or not JSON */
        } else if (type == SC_JSON_ARRAY) {
            unsigned long long index = strtoull(token, NULL, 10);
            if (sc_read_array_begin(&r) != 0)
                return false;
            for (unsigned long long i = 0;; i++) {
                if (sc_next_element(&r) != SC_NEXT_ITEM)
                    return false;
                if (i == index)
                    break;
                if (sc_internal_skip_value_lenient(&r) != 0)
                    return false;
            }
        } else {
            return false;
        }
        token += t;
    }
    sc_peek(&r); /* past white space */
    *start = sc_reader_offset(&r);
    if (sc_internal_skip_value_lenient(&r) != 0)
        return false;
    *stop = sc_reader_offset(&r);
    return true;
}

/* Reads the response. In Anthropic's and Gemini's, the arguments of each
 * call are part of the response's JSON: arguments the strict reader
 * refuses (nested deeper than max_depth, an integer beyond 2^53) would
 * make the whole turn unreadable and leave every call unanswered, where
 * OpenAI's (a string per call) fail one call. So such arguments are
 * replaced by {} in a copy of the text (the echo carries {}) and that
 * call is answered with the reader's error, up to MAX_UNREADABLE_CALLS. */
static int read_response(turn_ctx *t, sc_provider provider, const char *json, size_t len,
                         cJSON **root, sc_error *err)
{
    char *text = NULL;
    unreadable_call *bad = NULL;
    for (;;) {
        int rc = sc_parse_json(t->arena, text != NULL ? text : json, len, root, err);
        size_t index, prefix, start, stop;
        if (rc == 0 || rc == SC_ERR_NOMEM || rc == SC_ERR_LIMIT ||
            !in_arguments(provider, err->path, &index, &prefix) ||
            t->unreadable_count == MAX_UNREADABLE_CALLS ||
            !find_value(t->arena, text != NULL ? text : json, len, err->path, prefix, &start,
                        &stop) ||
            stop - start < 2)
            return rc;
        if (text == NULL) {
            text = sc_arena_alloc(t->arena, len);
            bad = sc_arena_alloc(t->arena, MAX_UNREADABLE_CALLS * sizeof *bad);
            if (text == NULL || bad == NULL)
                return SC_ERR_NOMEM;
            memcpy(text, json, len);
            t->unreadable = bad;
        }
        memset(text + start, ' ', stop - start);
        memcpy(text + start, "{}", 2);
        bad[t->unreadable_count].index = index;
        bad[t->unreadable_count].err = *err;
        snprintf(bad[t->unreadable_count].err.path, sizeof err->path, "%s", err->path + prefix);
        t->unreadable_count++;
    }
}

int sc_tool_turn_run(sc_arena *arena, sc_provider provider, const sc_tool_binding *tools,
                     size_t count, const char *json, size_t len, unsigned flags, sc_tool_turn *turn,
                     sc_error *err)
{
    sc_error local;
    cJSON *root;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (turn == NULL || arena == NULL || (tools == NULL && count > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena, tools and turn must not be NULL");
    memset(turn, 0, sizeof *turn);
    turn_ctx t = {arena, tools, count, flags, turn, NULL, 0};
    int rc = read_response(&t, provider, json, len, &root, err);
    if (rc != 0)
        return rc;
    if (!cJSON_IsObject(root))
        return bad_response(err, SC_ERR_TYPE, "type", "", "the response must be an object");
    turn->echo = cJSON_CreateArray();
    turn->results = cJSON_CreateArray();
    if (turn->echo == NULL || turn->results == NULL)
        rc = SC_ERR_NOMEM;
    else if (provider == SC_PROVIDER_OPENAI_CHAT)
        rc = openai_chat(&t, root, err);
    else if (provider == SC_PROVIDER_OPENAI_RESPONSES)
        rc = openai_responses(&t, root, err);
    else if (provider == SC_PROVIDER_ANTHROPIC)
        rc = anthropic(&t, root, err);
    else if (provider == SC_PROVIDER_GEMINI)
        rc = gemini(&t, root, err);
    else
        rc = sc_fail(err, SC_ERR_ARGUMENT, NULL, "unknown provider %d", (int)provider);
    if (rc == SC_ERR_NOMEM && err->code != SC_ERR_NOMEM)
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    if (rc != 0) {
        sc_tool_turn_free(turn);
        memset(turn, 0, sizeof *turn);
    }
    return rc;
}
