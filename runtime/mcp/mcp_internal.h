/* What the MCP core shares with its transports, beyond include/schemac/mcp.h. */
#ifndef SCHEMAC_MCP_INTERNAL_H
#define SCHEMAC_MCP_INTERNAL_H

#include <stdint.h>
#include <time.h>

#include "schemac/mcp.h"

/* server->max_message, or its default. */
size_t sc_mcp_max_message(const sc_mcp_server *server);
/* The id of a JSON-RPC message, as the core's error replies read it
 * (even from a message that breaks a strictness rule), or NULL when it
 * has none that can be told: for a transport's refusal of a request the
 * core never reads. The arena's. */
const cJSON *sc_mcp_message_id(sc_arena *arena, const char *message, size_t len);

/* The reply to a message longer than sc_mcp_max_message, which a transport
 * skipped without storing it: -32600 with id null, SC_MCP_REJECTED. */
int sc_mcp_reply_too_large(const sc_mcp_server *server, sc_arena *arena, sc_mcp_reply *reply);

/* Writes a diagnostic line through server->log, printf-style. */
void sc_mcp_log(const sc_mcp_server *server, const char *fmt, ...) SC_PRINTF(2, 3);

/* For the transports' own tests only (tests/mcp/transport_server.c): a
 * function called instead of sc_mcp_handle_on, given also the session's
 * channel for messages outside a request (which the core keeps to itself),
 * so that a test can send what the core does not send yet. */
struct sc_mcp_http;
typedef int (*sc_mcp_test_handler)(const sc_mcp_server *server, sc_mcp_session *session,
                                   sc_arena *arena, const char *message, size_t len,
                                   const sc_mcp_channel *request, const sc_mcp_channel *outside,
                                   sc_mcp_reply *reply);
void sc_mcp_http_set_test_handler(struct sc_mcp_http *http, sc_mcp_test_handler handler);
/* sc_mcp_serve_stdio with handler (NULL: sc_mcp_handle_on). */
int sc_mcp_serve_stdio_with(const sc_mcp_server *server, FILE *in, FILE *out,
                            sc_mcp_test_handler handler);
/* ---- the session's core and the handler context (mcp_context.c) ---------- */

/* A request being handled, listed in its session's core so that
 * notifications/cancelled can reach it. */
typedef struct sc_mcp_inflight {
    struct sc_mcp_inflight *next;
    char *id; /* the request id as printed JSON (malloc) */
    bool cancelled;
} sc_mcp_inflight;

/* The HTTP headers a stateless request must carry beside its body
 * (2026-07-28's Streamable HTTP): each NULL when absent. */
typedef struct sc_mcp_headers {
    const char *protocol_version; /* MCP-Protocol-Version */
    const char *method;           /* Mcp-Method */
    const char *name;             /* Mcp-Name */
    /* Mcp-Param-NAME's value, or NULL */
    const char *(*param)(void *param_ctx, const char *name);
    void *param_ctx;
    /* the verified access token's holder (OAuth), or NULL: what the
     * transport sets sc_mcp_thread_principal to while it handles the body */
    const struct sc_mcp_principal *principal;
} sc_mcp_headers;

/* sc_mcp_handle_on for the HTTP transport: headers (NULL: not HTTP) are
 * checked against the body of a stateless request. */
int sc_mcp_handle_http(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                       const char *message, size_t len, const sc_mcp_channel *channel,
                       const sc_mcp_headers *headers, sc_mcp_reply *reply);

/* A log level above every one: nothing is sent (a stateless request that
 * asked for none, a task). */
#define SC_MCP_NO_LEVEL (SC_MCP_LOG_EMERGENCY + 1)

/* What a stateless request says of itself in params._meta. */
typedef struct sc_mcp_request_envelope {
    const char *version;              /* io.modelcontextprotocol/protocolVersion */
    const cJSON *client_capabilities; /* io.modelcontextprotocol/clientCapabilities */
    int level; /* io.modelcontextprotocol/logLevel: the least severe level sent; SC_MCP_NO_LEVEL
                  when absent */
} sc_mcp_request_envelope;

/* Multi round trips (mcp_mrtr.c): what a stateless request's handler asked
 * the client, and the answers it has. */
typedef struct sc_mcp_rounds {
    const cJSON *responses; /* params.inputResponses of this try, or NULL */
    cJSON *answers;         /* answers of earlier rounds, from requestState (owned), or NULL */
    cJSON *requests;        /* inputRequests asked in this try (owned), or NULL */
    unsigned asked;         /* questions asked in this try: the next one's key */
    const char *missing;    /* the client capability a question needed and the client has not */
    bool allowed;           /* the method may ask (tools/call, prompts/get, resources/read) */
    bool invalid;           /* an answer in inputResponses is no answer (not an object) */
    char next_key[64];      /* sc_mcp_input_key's, for the next question */
} sc_mcp_rounds;

struct sc_mcp_context {
    const sc_mcp_server *server;
    sc_mcp_session *session;
    sc_arena *arena;
    sc_mcp_channel channel; /* the request's, else the session's at the start */
    bool has_channel;
    cJSON *progress_token; /* the request's _meta.progressToken (owned), or NULL */
    sc_mcp_inflight inflight;
    bool listed;           /* inflight is on the core's list */
    cJSON *content;        /* content blocks a tool handler added (owned), or NULL */
    const void *arguments; /* the decoded arguments (sc_mcp_arguments), or NULL */
    sc_mcp_context *outer; /* the thread's previous context (nested handling) */
    /* a stateless request's (2026-07-28): its revision, the client's
     * capabilities and log level from its _meta, its round trips */
    bool stateless;
    sc_mcp_request_envelope request;
    sc_mcp_rounds rounds;
    const sc_mcp_resource *resource; /* the one resources/read read, for its caching hints */
    const cJSON *meta;               /* params._meta, or NULL */
    int call_error;                  /* sc_mcp_fail_call's JSON-RPC code, or 0 */
    const char *error_text; /* an error's message longer than sc_error's (in the arena), or NULL */
    /* tasks (mcp_tasks.c): the task this run of a handler is, or NULL; in a
     * call, whether it may become one and whether sc_mcp_task_begin made it */
    struct sc_mcp_task *task;
    bool task_allowed;
    bool task_started;
    /* the verified access token's holder (HTTP with OAuth), or NULL */
    const struct sc_mcp_principal *principal;
    const struct sc_mcp_trace_headers *trace; /* the HTTP request's, or NULL */
};

/* The principal of the requests handled on this thread: set by the HTTP
 * transport around sc_mcp_handle_http, given to each context begun
 * meanwhile (sc_mcp_principal_of). */
struct sc_mcp_principal;
extern _Thread_local const struct sc_mcp_principal *sc_mcp_thread_principal;

/* The revision a context's request speaks: its own (stateless) or its
 * session's. */
const char *sc_mcp_context_version(const sc_mcp_context *ctx);

/* Makes the session's core at initialize, keeping the client's
 * capabilities (what server requests it accepts). SC_ERR_NOMEM or 0. */
int sc_mcp_core_create(sc_mcp_session *session, const cJSON *client_capabilities);

/* The client capability a question to the client needs (sampling,
 * elicitation, roots), or NULL for none. */
const char *sc_mcp_capability_of(const char *method);

/* Starts and ends the context of request id (params: its params, or
 * NULL) on this thread. begin returns SC_ERR_NOMEM or 0; end is always
 * called after a successful begin. */
int sc_mcp_context_begin(sc_mcp_context *ctx, const sc_mcp_server *server, sc_mcp_session *session,
                         sc_arena *arena, const sc_mcp_channel *channel, const cJSON *id,
                         const cJSON *params);
void sc_mcp_context_end(sc_mcp_context *ctx);

/* notifications/cancelled: marks request id cancelled and wakes its handler. */
void sc_mcp_core_cancel(sc_mcp_session *session, const cJSON *id);

/* A response from the client: hands it to the server request waiting for
 * it. false when none waits (unknown id, or timed out). */
bool sc_mcp_core_response(sc_mcp_session *session, const cJSON *message);

/* notifications/{tools,prompts,resources}/list_changed for what
 * ("tools", "prompts", "resources"), or NULL for anything else. */
const char *sc_mcp_list_method(const char *what);

/* The sc_mcp_log_level of one of the eight level names, or -1. */
int sc_mcp_level_of(const char *name);

/* logging/setLevel: false when level is not one of the eight names. */
bool sc_mcp_core_set_level(sc_mcp_session *session, const char *level);

/* resources/subscribe and resources/unsubscribe. SC_ERR_NOMEM or 0. */
int sc_mcp_core_subscribe(sc_mcp_session *session, const char *uri, bool subscribe);

/* Sends a notification (method, params taken over, may be NULL) on the
 * context's channel. 0, SC_ERR_NOMEM, or SC_ERR_ARGUMENT (not sent). */
int sc_mcp_context_notify(sc_mcp_context *ctx, const char *method, cJSON *params);

/* A list's cursor (the index of the page's first entry, in decimal):
 * false when it is not one of count entries. */
bool sc_mcp_read_cursor(const char *cursor, size_t count, size_t *start);

/* The methods of prompts, resources, completion and logging
 * (mcp_features.c): 0 with *result (a new tree), or a JSON-RPC error code
 * with err->message the error's message; SC_MCP_METHOD_NOT_FOUND for a
 * method that is none of them. ctx is the request's. */
int sc_mcp_feature(sc_mcp_context *ctx, const char *method, const cJSON *params, cJSON **result,
                   sc_error *err);

/* Resource not found (resources/read of an unknown URI) before
 * 2026-07-28, which made it -32602 with data.uri. */
#define SC_MCP_RESOURCE_NOT_FOUND (-32002)

/* ---- replies (mcp.c) ------------------------------------------------------ */

/* {"jsonrpc": "2.0", "id": id, "result": result} (result taken over), and
 * the same with "error": {code, message, data (taken over, may be NULL)}.
 * NULL when memory runs out. */
cJSON *sc_mcp_result_response(const cJSON *id, cJSON *result);
cJSON *sc_mcp_error_response(const cJSON *id, int code, cJSON *data, const char *fmt, ...)
    SC_PRINTF(4, 5);

/* The capabilities object of server/discover and initialize. */
bool sc_mcp_add_capabilities(const sc_mcp_server *server, cJSON *capabilities);

/* ---- the stateless revisions (mcp_stateless.c) ---------------------------- */

/* Whether a request on session is served statelessly: on a session no
 * initialize opened, anything but an initialize or ping without the
 * stateless _meta (a 2025 client's); on a SC_MCP_STATE_STATELESS session,
 * everything. */
bool sc_mcp_is_stateless(const sc_mcp_session *session, const char *method, const cJSON *params);

/* Checks a stateless request's envelope (its _meta; with headers, the
 * HTTP headers against it) and fills *request. NULL when it may go on;
 * otherwise the error response, with *status its HTTP status. */
cJSON *sc_mcp_stateless_check(const sc_mcp_server *server, const cJSON *id, const char *method,
                              const cJSON *params, const sc_mcp_headers *headers,
                              sc_mcp_request_envelope *request, unsigned *status);

/* Whether version is one of SC_MCP_STATELESS_VERSIONS. */
bool sc_mcp_stateless_version(const char *version);

/* Whether the stateless revisions have method (a request). */
bool sc_mcp_stateless_method(const char *method);

/* server/discover's result. NULL when memory runs out. */
cJSON *sc_mcp_discover(const sc_mcp_server *server);

/* Completes a stateless request's result: resultType, serverInfo and the
 * caching hints (an error is left as it is). false when memory runs out. */
bool sc_mcp_stateless_finish(const sc_mcp_context *ctx, const char *method, cJSON *response);

/* ---- multi round trips (mcp_mrtr.c) ----------------------------------------- */

/* Reads params.inputResponses and params.requestState of a stateless
 * request (a retry) into ctx->rounds: 0, or a JSON-RPC error code with
 * err's message (requestState forged, expired, replayed or of another
 * request, inputResponses not an object: -32602). */
int sc_mcp_rounds_begin(sc_mcp_context *ctx, const char *method, const cJSON *params,
                        sc_error *err);

/* A question for the client (method, params taken over) in a stateless
 * request: *result is its answer when this try or an earlier one brought
 * it; otherwise it joins the input requests and SC_ERR_INPUT_REQUIRED is
 * returned. */
int sc_mcp_rounds_ask(sc_mcp_context *ctx, const char *method, cJSON *params, const cJSON **result,
                      sc_error *err);

/* The InputRequiredResult of a try whose handler asked questions, with
 * the requestState that carries the answers so far. NULL when memory runs
 * out. */
cJSON *sc_mcp_rounds_result(sc_mcp_context *ctx, const char *method, const cJSON *params);

void sc_mcp_rounds_end(sc_mcp_context *ctx);

/* ---- the nonces of requestStates presented (mcp_nonces.c) -------------------- */

#define SC_MCP_NONCE_BYTES 16

typedef enum sc_mcp_nonce_result {
    SC_MCP_NONCE_FIRST, /* not presented before: remembered until expires */
    SC_MCP_NONCE_USED,  /* presented before, and not expired */
    SC_MCP_NONCE_FULL,  /* server->max_states unexpired ones remembered: not taken */
    SC_MCP_NONCE_NOMEM
} sc_mcp_nonce_result;

/* Takes the nonce of a valid state (expires >= now) of server, once. */
sc_mcp_nonce_result sc_mcp_nonce_claim(const sc_mcp_server *server,
                                       const uint8_t nonce[SC_MCP_NONCE_BYTES], time_t expires,
                                       time_t now);

/* ---- subscriptions (mcp_subscriptions.c) -------------------------------------- */

/* subscriptions/listen: 0 and *result (the graceful end's result, or NULL:
 * the subscription stays open on a shared channel, no reply now), or a
 * JSON-RPC error code with err's message. */
int sc_mcp_listen(sc_mcp_context *ctx, const cJSON *id, const cJSON *params, cJSON **result,
                  sc_error *err);

/* Marks session as one with subscriptions on its shared channel, for
 * sc_mcp_session_free. SC_ERR_NOMEM or 0. */
int sc_mcp_core_listening(sc_mcp_session *session);

/* Ends the subscriptions of session (all of them when id is NULL). */
void sc_mcp_listeners_cancel(const sc_mcp_session *session, const cJSON *id);

/* notifications/tasks (params: the task as tasks/get shows it) to every
 * listener of server that asked for task_id. Called with the tasks' lock
 * held, which comes before this file's. */
void sc_mcp_notify_task(const sc_mcp_server *server, const char *task_id, const cJSON *task);

/* ---- the notification bus (mcp_subscriptions.c, schemac/mcp_bus.h) ----------- */

struct sc_mcp_event;
/* Delivers event in this process (the subscriptions, and with
 * event->sessions the 2025 sessions of the transports attached below),
 * then publishes it on server->bus. 0, SC_ERR_ARGUMENT or SC_ERR_NOMEM. */
int sc_mcp_publish(const sc_mcp_server *server, const struct sc_mcp_event *event);

/* A transport's 2025 sessions of server, which deliver gives an event
 * (event->sessions) from any thread: attached when it starts, detached
 * (waiting for a delivery in progress) before it frees them. */
typedef int (*sc_mcp_sessions_fn)(void *sessions_ctx, const struct sc_mcp_event *event);
int sc_mcp_sessions_attach(const sc_mcp_server *server, sc_mcp_sessions_fn deliver,
                           void *sessions_ctx);
void sc_mcp_sessions_detach(void *sessions_ctx);

/* While sc_mcp_main serves copy in place of server: sc_mcp_notify_* given
 * server reach copy (NULL: no longer). */
void sc_mcp_server_alias(const sc_mcp_server *server, const sc_mcp_server *copy);

/* ---- tasks (mcp_tasks.c) ----------------------------------------------------- */

/* The tool call of a request (tools/call's params), run with ctx: its
 * whole response with id (mcp.c). NULL when memory runs out. */
cJSON *sc_mcp_tools_call(sc_mcp_context *ctx, const cJSON *id, const cJSON *params);

/* The visible tool a tools/call names, or NULL. */
const sc_tool *sc_mcp_find_tool(const sc_mcp_server *server, const char *name);
/* The resource uri names, as resources/read finds it (a fixed URI first,
 * then the templates in the server's order), a template's variables into
 * variables (an object; NULL: not wanted), or NULL (mcp_features.c). */
const sc_mcp_resource *sc_mcp_find_resource(const sc_mcp_server *server, const char *uri,
                                            cJSON *variables);

/* Whether the stateless request of ctx declared the tasks extension. */
bool sc_mcp_client_has_tasks(const sc_mcp_context *ctx);

/* Whether any tool of server may run as a task (server/discover then
 * announces the extension). */
bool sc_mcp_server_has_tasks(const sc_mcp_server *server);

/* The -32021 error of a request that needs the tasks extension. NULL when
 * memory runs out. */
cJSON *sc_mcp_tasks_required(const cJSON *id);

/* Makes a task of the tools/call of ctx (params: its params) and starts
 * its handler: 0 and *result (the CreateTaskResult), or a JSON-RPC error
 * code with err's message. */
int sc_mcp_task_create(sc_mcp_context *ctx, const cJSON *params, cJSON **result, sc_error *err);

/* tasks/get, tasks/update and tasks/cancel: 0 and *result, or a JSON-RPC
 * error code with err's message. */
int sc_mcp_tasks_method(const sc_mcp_server *server, const char *method, const cJSON *params,
                        cJSON **result, sc_error *err);

/* Whether task was cancelled (tasks/cancel), and its statusMessage set. */
bool sc_mcp_task_cancelled(struct sc_mcp_task *task);
void sc_mcp_task_message(struct sc_mcp_task *task, const char *message);

/* The ids of ids (an array) that name tasks of server, as a new array; NULL
 * when memory runs out. */
cJSON *sc_mcp_tasks_known(const sc_mcp_server *server, const cJSON *ids);

/* ---- trace context and access log (mcp_trace.c) ---- */

/* The HTTP request's trace headers, NULL each when absent: set by the
 * transport on the thread that handles the request, given to each
 * context begun meanwhile (sc_mcp_trace). */
typedef struct sc_mcp_trace_headers {
    const char *traceparent;
    const char *tracestate;
    const char *baggage;
} sc_mcp_trace_headers;
extern _Thread_local const sc_mcp_trace_headers *sc_mcp_thread_trace;

/* Whether value is a W3C Trace Context traceparent. */
bool sc_mcp_traceparent_valid(const char *value);

/* One request as the access log tells it (sc_mcp_server.access_log). */
typedef struct sc_mcp_access {
    const char *method;   /* the JSON-RPC method, or the HTTP method of a request refused before */
    const char *name;     /* the tool's or prompt's name, the resource's URI, or NULL */
    unsigned http_status; /* 0: not HTTP, or not known to the core */
    const char *outcome;  /* "ok", "notification", "response", "none"; NULL: rpc_code */
    int rpc_code;         /* the JSON-RPC error's code */
    double seconds;       /* from the request's arrival to its response */
    const char *subject;  /* the principal's, or NULL */
    const char *client_id;
    const char *traceparent; /* the request's, or NULL */
} sc_mcp_access;

/* Writes a's line to server->log when server->access_log is set. */
void sc_mcp_access_log(const sc_mcp_server *server, const sc_mcp_access *a);

#endif /* SCHEMAC_MCP_INTERNAL_H */
