/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson
 * dependency('schemac-mcp')).
 *
 * schemac runtime: a Model Context Protocol server over a generated tool
 * table. The server is a description (name, version, instructions, the
 * bound tools, limits) and one transport-free function that takes one
 * JSON-RPC message and returns the reply text; transports feed it:
 *
 *     sc_mcp_serve_stdio   MCP's stdio transport (this header)
 *     sc_mcp_http_start    MCP's Streamable HTTP transport (schemac/mcp_http.h,
 *                          when libschemac-mcp was built with libmicrohttpd)
 *
 * A whole server:
 *
 *     sc_tool_binding tools[] = { calc_input_bind(calculate, NULL) };
 *     sc_mcp_server server = { .name = "calc", .version = "1.0.0",
 *                              .tools = tools, .tool_count = 1 };
 *     return sc_mcp_serve_stdio(&server, stdin, stdout);
 *
 * Both eras of MCP on one endpoint (docs/mcp.md): a request without a
 * session is served statelessly as 2026-07-28 (SC_MCP_STATELESS_VERSIONS:
 * its revision and the client's capabilities in params._meta,
 * server/discover, subscriptions/listen, the handler's questions to the
 * client as InputRequiredResult round trips, resultType and caching hints
 * on results); initialize opens a session of an earlier revision.
 * What a session answers: initialize (protocol version negotiation
 * over every released revision, SC_MCP_VERSIONS), ping, tools/list and
 * tools/call (sc_tool_call_cjson + sc_mcp_call_result), prompts/list and
 * prompts/get, resources/list, resources/templates/list, resources/read,
 * resources/subscribe and resources/unsubscribe, completion/complete,
 * logging/setLevel (every list paged by page_size with cursor /
 * nextCursor), notifications/initialized and notifications/cancelled, and
 * the client's responses to the server's own requests (sampling,
 * elicitation). A handler reaches its request through an sc_mcp_context
 * (progress, logging to the client, cancellation, sampling, elicitation,
 * content blocks of a tool result). JSON-RPC errors:
 * -32700 parse error (not JSON), -32600 invalid request (not a JSON-RPC
 * request; JSON that breaks the strictness rules, the envelope being read
 * with sc_parse_json: a duplicate key, invalid UTF-8, an integer beyond
 * 2^53; a request other than initialize or ping before initialize; a
 * batch where the negotiated revision has none; a message over
 * max_message bytes), -32601 method not found, -32602 invalid params (an
 * unknown tool too, as the specification's example has it), -32603
 * internal error (out of memory). Invalid arguments, a handler's failure
 * and an invalid output are tools/call results with isError, for the model.
 *
 * Thread safety: an sc_mcp_server is read only; calls with different
 * sessions and arenas may run in parallel (the tool handlers' ctx is the
 * application's business).
 */
#ifndef SCHEMAC_MCP_H
#define SCHEMAC_MCP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"
#include "tool.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The MCP revisions the server speaks, newest first: every released one up
 * to the newest the pinned TypeScript SDK knows (LATEST_PROTOCOL_VERSION of
 * @modelcontextprotocol/sdk 1.32.2). A client asking for another gets the
 * newest and decides whether it can use it. */
#define SC_MCP_VERSIONS                                                                            \
    {                                                                                              \
        "2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"                                     \
    }
#define SC_MCP_LATEST_VERSION "2025-11-25"
/* The stateless revisions (2026-07-28 on: no initialize, no session; each
 * request carries its revision and the client's capabilities in
 * params._meta), newest first. Both eras are served on one endpoint: an
 * initialize opens a session of the ones above, any other request on a
 * connection without one is served statelessly (docs/mcp.md). */
#define SC_MCP_STATELESS_VERSIONS                                                                  \
    {                                                                                              \
        "2026-07-28"                                                                               \
    }
#define SC_MCP_STATELESS_VERSION "2026-07-28"

/* The JSON-RPC 2.0 error codes MCP uses, and those of 2026-07-28. */
enum {
    SC_MCP_PARSE_ERROR = -32700,
    SC_MCP_INVALID_REQUEST = -32600,
    SC_MCP_METHOD_NOT_FOUND = -32601,
    SC_MCP_INVALID_PARAMS = -32602,
    SC_MCP_INTERNAL_ERROR = -32603,
    SC_MCP_HEADER_MISMATCH = -32020,    /* HTTP headers missing or not the body's */
    SC_MCP_MISSING_CAPABILITY = -32021, /* data.requiredCapabilities */
    SC_MCP_UNSUPPORTED_VERSION = -32022 /* data.supported, data.requested */
};

/* Defaults of the limits below, when left 0. */
#define SC_MCP_DEFAULT_MAX_MESSAGE (1024 * 1024)
#define SC_MCP_DEFAULT_MAX_STATES 65536

typedef struct sc_mcp_prompt sc_mcp_prompt;
typedef struct sc_mcp_resource sc_mcp_resource;

typedef struct sc_mcp_server {
    const char *name;         /* serverInfo.name */
    const char *version;      /* serverInfo.version */
    const char *title;        /* serverInfo.title (2025-06-18 on), or NULL */
    const char *instructions; /* InitializeResult.instructions, or NULL */
    const sc_tool_binding *tools;
    size_t tool_count;
    unsigned call_flags; /* SC_CALL_* for every tools/call */
    size_t page_size;    /* tools per tools/list page; 0: all on one page */
    size_t max_message;  /* bytes of one message; 0: SC_MCP_DEFAULT_MAX_MESSAGE */
    /* Diagnostics (a failed tool call, an ignored notification, a transport
     * problem), one line without newline; NULL: none. sc_mcp_log_stderr
     * writes "NAME: line" to stderr. Called from the transports' threads. */
    void (*log)(void *log_ctx, const char *line);
    void *log_ctx;
    /* Decode limits of every message (its JSON, a tool's arguments), set
     * on the arena at each sc_mcp_handle; NULL: the arena's own (the
     * defaults, for the transports' arenas). docs/security.md. */
    const sc_limits *limits;
    /* Prompts (prompts/list, prompts/get) and resources, static ones and
     * templates (resources/list, resources/templates/list, resources/read),
     * below; the capabilities are announced only when there are some. */
    const sc_mcp_prompt *prompts;
    size_t prompt_count;
    const sc_mcp_resource *resources;
    size_t resource_count;
    /* Announce listChanged for tools, prompts and resources: the
     * application sends sc_mcp_list_changed when one of its lists changes. */
    bool lists_change;
    /* Caching hints of the stateless revisions (ttlMs, cacheScope) on
     * server/discover, tools/list, prompts/list, resources/list,
     * resources/templates/list and resources/read: how many milliseconds
     * a client may keep the result (0: it is stale at once), and whether
     * it holds data of the caller that shared caches must not keep
     * (cacheScope "private"; false: "public"). A resource's own ttl_ms
     * and private_data, when set, are its resources/read's. */
    unsigned cache_ttl_ms;
    bool cache_private;
    /* The key that protects requestState, what a handler's questions to
     * the client (elicitation, sampling, roots) carry from one round trip
     * to the next in the stateless revisions: HMAC-SHA256 under this key,
     * bound to the request and valid for state_ttl_seconds (0: 600).
     * NULL: a random key made once per process (replicas behind a load
     * balancer share one: set it, or sc_mcp_main's --state-key-file;
     * docs/deploy.md). At least 32 bytes. */
    const unsigned char *state_key;
    size_t state_key_len;
    unsigned state_ttl_seconds;
    /* A requestState is taken once: the process remembers each one
     * presented until it expires (state_ttl_seconds), in at most 96 bytes,
     * and at most max_states of them at once (0:
     * SC_MCP_DEFAULT_MAX_STATES): a state presented while that many
     * unexpired ones are remembered is refused (-32603) rather than one
     * forgotten early, which would let it be replayed (docs/deploy.md). */
    size_t max_states;
    /* Tasks (the io.modelcontextprotocol/tasks extension, a tool's @task):
     * how long a task and its result stay after it was created, in
     * milliseconds (its ttlMs; 0: one hour), and how many tasks of this
     * server may exist at once (0: 256): a call that would make one more
     * fails with -32603 until older ones expire. */
    unsigned task_ttl_ms;
    size_t max_tasks;
    /* The notification bus of replicas (schemac/mcp_bus.h): list changes
     * and resource updates notified on one replica reach the listeners of
     * every replica. NULL: this process's listeners only. */
    struct sc_mcp_bus *bus;
    /* One line through log for every request: its method, the tool,
     * prompt or resource, the outcome (ok, a JSON-RPC error's code, or an
     * HTTP status for a request refused before it was read), how long it
     * took, the OAuth subject and client, the trace id (docs/deploy.md,
     * "Access log"). */
    bool access_log;
} sc_mcp_server;

/* A log function for sc_mcp_server.log: log_ctx is a prefix (or NULL). */
SC_MCP_API void sc_mcp_log_stderr(void *log_ctx, const char *line);

/* Where one client connection stands. A transport keeps one per
 * connection (stdio) or per Mcp-Session-Id (HTTP). */
typedef enum sc_mcp_state {
    SC_MCP_STATE_NEW = 0,  /* initialize, ping, and stateless requests (2026-07-28) */
    SC_MCP_STATE_READY,    /* initialize answered: every method of its revision */
    SC_MCP_STATE_STATELESS /* made by a transport for stateless requests only
                              (HTTP without Mcp-Session-Id): no initialize, no ping */
} sc_mcp_state;

/* The core's state of a session beyond the fields below (log level,
 * subscriptions, requests in flight, requests sent to the client that
 * await their response), with its own lock. Opaque. */
struct sc_mcp_session_core;

typedef struct sc_mcp_session {
    sc_mcp_state state;
    char protocol_version[16];        /* the negotiated revision, once READY */
    bool initialized;                 /* notifications/initialized received */
    struct sc_mcp_session_core *core; /* the core's; NULL until it needs one */
} sc_mcp_session;

SC_MCP_API void sc_mcp_session_init(sc_mcp_session *session);
/* Frees what the core keeps for session. The transport calls it once no
 * sc_mcp_handle_on of that session runs any more (the session ended). */
SC_MCP_API void sc_mcp_session_free(sc_mcp_session *session);

/* Where the server's own messages go: a notification
 * (notifications/progress, notifications/message, list_changed, ...) or a
 * request to the client (sampling/createMessage, elicitation/create,
 * ping). A transport gives one per request being handled (HTTP: that
 * POST's SSE stream; stdio: the output) and one per session for messages
 * outside any request (HTTP: the GET stream; stdio: the output). send gets
 * one JSON-RPC message, one line of JSON without newline, from the
 * handler's thread; it returns 0, or non-zero when the client can no
 * longer be reached that way (the stream closed).
 *
 * close (NULL: the transport cannot) ends the connection carrying a
 * request's messages while its handler goes on, telling the client to
 * come back after retry_ms (HTTP: the POST's SSE stream ends, and the
 * client resumes it with GET and Last-Event-ID, 2025-11-25 clients only;
 * what is sent meanwhile waits for it, the reply included). It returns 0,
 * or non-zero when that cannot be done for this request. */
typedef struct sc_mcp_channel {
    int (*send)(void *channel_ctx, const char *json, size_t len);
    void *channel_ctx;
    int (*close)(void *channel_ctx, unsigned retry_ms);
    /* Whether the client still reads a channel that carries one request's
     * messages and ends with it (HTTP: the POST's stream): a stateless
     * request whose client closed it is cancelled, and a subscription
     * (subscriptions/listen) waits on it. NULL: a channel the connection
     * shares (stdio), where a subscription lasts until notifications/cancelled. */
    bool (*open)(void *channel_ctx);
} sc_mcp_channel;

/* The channel for messages outside any request; NULL: none is open now
 * (such messages are then dropped). The channel is copied; its ctx must
 * stay valid until it is replaced or the session freed. */
SC_MCP_API void sc_mcp_session_set_channel(sc_mcp_session *session, const sc_mcp_channel *channel);

/* What the message was, for a transport that answers in kind (HTTP). */
typedef enum sc_mcp_outcome {
    SC_MCP_NO_REPLY = 0, /* notifications and responses only: text is NULL */
    SC_MCP_ANSWERED,     /* a reply to requests: results or errors with their ids */
    SC_MCP_REJECTED      /* the message was rejected as a whole, with id null: not
                            JSON, no telling which request, too large */
} sc_mcp_outcome;

typedef struct sc_mcp_reply {
    sc_mcp_outcome outcome;
    const char *text; /* the reply (one line of JSON, no newline), in the arena */
    size_t len;
    /* The HTTP status of a stateless request's error (400: its _meta,
     * headers, revision or a missing client capability; 404: a method the
     * revision does not have), 0 otherwise: a transport answering in kind
     * uses it instead of the outcome's. */
    unsigned http_status;
} sc_mcp_reply;

/* Handles one JSON-RPC message (a request, a notification, a response, or
 * a batch where the negotiated revision allows one) of session. The reply
 * text and everything the call allocates (the message's tree, decoded
 * arguments, what handlers allocate) live in arena until it is reset:
 * one arena per message, reset once the reply is written; server->limits
 * (when set) become the arena's limits. A message over a limit (but
 * max_depth, a strictness rule) is answered with -32600 and id null.
 * Returns 0, or
 * SC_ERR_NOMEM / SC_ERR_ARGUMENT when no reply could be made at all. */
SC_MCP_API int sc_mcp_handle(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                             const char *message, size_t len, sc_mcp_reply *reply) SC_NODISCARD;

/* sc_mcp_handle, with channel for what the server sends while it handles
 * this message (NULL: those messages are dropped). The same session may
 * be handled on several threads at once, each call with its own arena and
 * channel: a transport must keep reading while a request runs, so that the
 * client's response to a server request (sampling, elicitation) or its
 * notifications/cancelled reaches the core while the handler waits. The
 * session must stay at one address while any call on it runs. */
SC_MCP_API int sc_mcp_handle_on(const sc_mcp_server *server, sc_mcp_session *session,
                                sc_arena *arena, const char *message, size_t len,
                                const sc_mcp_channel *channel, sc_mcp_reply *reply) SC_NODISCARD;

/* ---- the handler context ------------------------------------------------ */

/* One request being handled: what a tool, prompt, resource or completion
 * handler uses to talk to the client while it runs. It lives as long as
 * the handler's call and belongs to the thread that runs it; a prompt,
 * resource or completion handler is given it, a tool handler (whose
 * generated signature has no room for it) finds it from its arena with
 * sc_mcp_context_of. */
typedef struct sc_mcp_context sc_mcp_context;

/* The context of the request whose handler is running on this thread with
 * arena, or NULL (not inside a handler of the MCP server, or another
 * arena). */
SC_MCP_API sc_mcp_context *sc_mcp_context_of(const sc_arena *arena);

SC_MCP_API sc_arena *sc_mcp_context_arena(const sc_mcp_context *ctx);
/* The request's params._meta, or NULL: OpenTelemetry's trace context
 * ("traceparent", "tracestate", "baggage", W3C formats), the client's
 * "io.modelcontextprotocol/clientInfo", and any key of the application's
 * own prefix. Valid while the handler runs. */
SC_MCP_API const cJSON *sc_mcp_request_meta(const sc_mcp_context *ctx);
SC_MCP_API sc_mcp_session *sc_mcp_context_session(const sc_mcp_context *ctx);
SC_MCP_API const sc_mcp_server *sc_mcp_context_server(const sc_mcp_context *ctx);

/* notifications/progress for the request's progressToken: progress must
 * grow from one call to the next; total < 0 when unknown; message may be
 * NULL. Nothing is sent (and 0 returned) when the request carried no
 * progressToken. In a task it sets the task's statusMessage instead
 * (message, or "PROGRESS of TOTAL"). Returns 0, SC_ERR_NOMEM, or SC_ERR_ARGUMENT when the
 * client can no longer be reached. */
SC_MCP_API int sc_mcp_progress(sc_mcp_context *ctx, double progress, double total,
                               const char *message);

/* The syslog levels of MCP logging, least severe first. */
typedef enum sc_mcp_log_level {
    SC_MCP_LOG_DEBUG = 0,
    SC_MCP_LOG_INFO,
    SC_MCP_LOG_NOTICE,
    SC_MCP_LOG_WARNING,
    SC_MCP_LOG_ERROR,
    SC_MCP_LOG_CRITICAL,
    SC_MCP_LOG_ALERT,
    SC_MCP_LOG_EMERGENCY
} sc_mcp_log_level;

/* notifications/message with a text as its data, when level is at or
 * above the level the client set with logging/setLevel (until it sets
 * one: every level, as the specification leaves it to the server).
 * logger may be NULL. Sent on the request's stream. Returns as
 * sc_mcp_progress. */
SC_MCP_API int sc_mcp_client_log(sc_mcp_context *ctx, sc_mcp_log_level level, const char *logger,
                                 const char *fmt, ...) SC_PRINTF(4, 5);

/* Whether the client cancelled the request (notifications/cancelled): the
 * handler should stop and return; whatever it returns is not sent to the
 * client. */
SC_MCP_API bool sc_mcp_cancelled(const sc_mcp_context *ctx);

/* Ends the connection that carries this request's messages, now, while the
 * handler goes on: the client reconnects after retry_ms and gets what was
 * sent meanwhile and the result there (Streamable HTTP with SSE, a
 * 2025-11-25 client: SEP-1699's polling, which lets a long call hold no
 * connection). Returns 0, or SC_ERR_ARGUMENT when the transport cannot
 * (stdio, a client answered with JSON, an older revision). */
SC_MCP_API int sc_mcp_close_stream(sc_mcp_context *ctx, unsigned retry_ms);

/* Sends the client a request (method, params: an object, taken over) and
 * waits for its response, at most timeout_ms (0: SC_MCP_DEFAULT_TIMEOUT_MS)
 * or until the request being handled is cancelled. On success *result is
 * the response's result, in the context's arena (freed with it). Errors:
 * SC_ERR_ARGUMENT (the client cannot be reached, did not announce the
 * capability the method needs, or answered with an error: err says which),
 * SC_ERR_LIMIT (timed out or cancelled), SC_ERR_NOMEM. */
#define SC_MCP_DEFAULT_TIMEOUT_MS 60000
SC_MCP_API int sc_mcp_request(sc_mcp_context *ctx, const char *method, cJSON *params,
                              int timeout_ms, const cJSON **result, sc_error *err) SC_NODISCARD;

/* The key of the handler's next question (sampling, elicitation, roots)
 * in the stateless revisions, where a question is an entry of an
 * InputRequiredResult's inputRequests and its answer comes back under the
 * same key when the client retries the request (the handler then runs
 * again from its start, and each question it asks again returns its
 * answer at once; docs/mcp.md). Without it the keys are input-0,
 * input-1, ... in the order asked. In a 2025 session it does nothing.
 * Returns 0, or SC_ERR_ARGUMENT (empty, or 64 bytes or longer). */
SC_MCP_API int sc_mcp_input_key(sc_mcp_context *ctx, const char *key);

/* Whether the client declared capability ("sampling", "elicitation",
 * "roots", ...): at initialize in a 2025 session, in this request's _meta
 * in a stateless one. A question that needs a capability the client does
 * not have fails (stateless: the request fails with -32021). */
SC_MCP_API bool sc_mcp_client_supports(const sc_mcp_context *ctx, const char *capability);

/* sampling/createMessage with one user message holding text: *text is the
 * model's text answer (in the arena), or NULL when it answered with
 * another content type. Errors as sc_mcp_request. */
SC_MCP_API int sc_mcp_sample_text(sc_mcp_context *ctx, const char *prompt, int max_tokens,
                                  int timeout_ms, const char **text, sc_error *err) SC_NODISCARD;

/* What the user did with an elicitation. */
typedef enum sc_mcp_elicit_action {
    SC_MCP_ELICIT_ACCEPT = 0, /* submitted: *content holds the answer */
    SC_MCP_ELICIT_DECLINE,
    SC_MCP_ELICIT_CANCEL
} sc_mcp_elicit_action;

/* elicitation/create in form mode: message for the user and
 * requested_schema, the canonical JSON Schema of a flat @schema struct
 * (T_schema_json; MCP allows only flat objects of primitive members).
 * On SC_MCP_ELICIT_ACCEPT *content is the user's answer as a tree in the
 * arena, to decode with T_from_cjson; NULL otherwise. Errors as
 * sc_mcp_request. */
SC_MCP_API int sc_mcp_elicit(sc_mcp_context *ctx, const char *message, const char *requested_schema,
                             int timeout_ms, sc_mcp_elicit_action *action, const cJSON **content,
                             sc_error *err) SC_NODISCARD;

/* Answers the tools/call being handled with the JSON-RPC error code
 * (and err's message, printf-style) instead of a result with isError: a
 * failure of the request rather than of the tool, which a model does not
 * see (a task that ends so is "failed"). Returns SC_ERR_HANDLER, for the
 * handler to return. */
SC_MCP_API int sc_mcp_fail_call(sc_mcp_context *ctx, int code, sc_error *err, const char *fmt, ...)
    SC_PRINTF(4, 5);

/* ---- tasks (the io.modelcontextprotocol/tasks extension) ------------------- */

/* A tool marked @task in its header may run as a task for a client of a
 * stateless revision that declared this extension in its request's
 * capabilities: the client gets the task's id at once and polls tasks/get
 * for the result, while the handler runs on a thread of its own (the
 * library's), with no channel to the client. Its questions (sc_mcp_elicit,
 * sc_mcp_sample_text, sc_mcp_request) become the task's inputRequests, and
 * when the client has answered every one with tasks/update, the handler
 * runs again from its start, each answered question returning its answer
 * at once: the round trips of docs/mcp.md, with tasks/update in place of
 * the retry. sc_mcp_progress sets the task's statusMessage, and
 * sc_mcp_cancelled turns true on tasks/cancel (what the handler then
 * returns is dropped: the task is "cancelled"). In a 2025 session, or for
 * a client without the extension, the same handler answers in the call. */
#define SC_MCP_TASKS_EXTENSION "io.modelcontextprotocol/tasks"

/* Where a handler of a tool marked `@task explicit` starts its task: the
 * questions it asked before are answered as round trips of the call
 * itself (the extension's advice), and the work after runs in the task.
 * Returns 0 when the handler goes on (in the task, or in a call that does
 * not become one), SC_ERR_TASK_STARTED when the task was created and the
 * handler must return at once (it runs again from its start in the
 * task), SC_ERR_INPUT_REQUIRED when a question asked before is waiting
 * for its answer; err says which. */
SC_MCP_API int sc_mcp_task_begin(sc_mcp_context *ctx, sc_error *err) SC_NODISCARD;

/* Cancels the tasks of server, waits for the handlers still running to
 * return and forgets every one. The transports call it when they stop
 * (sc_mcp_serve_stdio at end of input, sc_mcp_http_stop); an application
 * that feeds sc_mcp_handle itself calls it before server goes away. */
SC_MCP_API void sc_mcp_tasks_stop(const sc_mcp_server *server);

/* ---- content blocks ------------------------------------------------------ */

/* MCP content blocks (text, image, audio, resource link, embedded
 * resource), each a new cJSON object (NULL when memory runs out). data and
 * blob are base64 text. */
SC_MCP_API cJSON *sc_mcp_text_content(const char *text);
SC_MCP_API cJSON *sc_mcp_image_content(const char *data, const char *mime_type);
SC_MCP_API cJSON *sc_mcp_audio_content(const char *data, const char *mime_type);
SC_MCP_API cJSON *sc_mcp_resource_link(const char *uri, const char *name, const char *mime_type);
/* An embedded resource, its contents a text or (text NULL) a base64 blob. */
SC_MCP_API cJSON *sc_mcp_embedded_resource(const char *uri, const char *mime_type, const char *text,
                                           const char *blob);

/* Adds block (taken over, NULL: out of memory) to the content of the tool
 * result being made: a tool handler that adds blocks gives the client
 * those instead of its output's JSON text (its output still goes out as
 * structuredContent). Returns 0 or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_add_content(sc_mcp_context *ctx, cJSON *block);

/* What a verified access token says of its holder, for the handler of its
 * request (sc_mcp_principal_of). Valid while the request is handled. */
typedef struct sc_mcp_principal {
    const char *subject;   /* the token's sub, or NULL */
    const char *client_id; /* client_id, else azp, or NULL */
    const char *issuer;    /* iss, or NULL (an opaque token whose introspection gave none) */
    const char *scopes;    /* the granted scopes, space separated ("" for none) */
    const cJSON *claims;   /* the JWT's claims, or the introspection's answer */
} sc_mcp_principal;

/* The principal of the request ctx handles: over HTTP with oauth.resource
 * set, the verified token's; NULL otherwise (stdio, no OAuth, a task's
 * handler running after its request). */
SC_MCP_API const sc_mcp_principal *sc_mcp_principal_of(const sc_mcp_context *ctx);

/* Whether the principal was granted scope (one scope, compared exactly). */
SC_MCP_API bool sc_mcp_principal_has_scope(const sc_mcp_principal *principal, const char *scope);

/* The request's OpenTelemetry trace context: key "traceparent",
 * "tracestate" or "baggage", from its params._meta (MCP 2026-07-28
 * reserves those keys) or else its HTTP header of that name; NULL when
 * absent, for another key, for a value that is not printable ASCII or is
 * longer than W3C allows, and for a traceparent that is not valid W3C
 * Trace Context (start a new trace then). Valid while the request is
 * handled: a handler hands it to its tracer as the parent of its span. */
SC_MCP_API const char *sc_mcp_trace(const sc_mcp_context *ctx, const char *key);

/* ---- prompts, resources, completion --------------------------------------- */

typedef struct sc_mcp_argument sc_mcp_argument;

/* Completion of one argument: adds the strings that may follow value (the
 * argument's current text) to values, an array, best first; arguments is
 * what the client says of the other arguments (an object of strings, or
 * NULL). */
typedef int (*sc_mcp_complete_fn)(sc_mcp_context *ctx, const sc_mcp_argument *argument,
                                  const char *value, const cJSON *arguments, cJSON *values,
                                  sc_error *err);

/* An argument of a prompt or a variable of a resource template. */
struct sc_mcp_argument {
    const char *name;
    const char *description; /* or NULL */
    bool required;           /* prompts: a prompts/get without it is refused */
    /* the values it takes (an enum's), NULL-terminated: completion/complete
     * offers those that start with what the user typed, with no code */
    const char *const *values;
    sc_mcp_complete_fn complete; /* completion for other arguments, or NULL */
    void *data;                  /* the application's, for complete */
};

/* Typed arguments from a header: a struct tagged `@prompt NAME` (its
 * members are the prompt's arguments) or `@resource "URI-TEMPLATE"` (its
 * members are the template's variables), each member a string or an enum
 * (MCP sends them as strings; a doc comment is the description, a member
 * without @optional or @default is required). schemac writes
 * T_prompt_name or T_resource_uri, T_schema_json and T_mcp_arguments (a
 * sc_mcp_decode_fn); the macros below make the table entry. The
 * arguments are listed from the schema, checked and decoded by T's
 * generated decoder before the handler runs (a failure is -32602 with the
 * member's path and the decoder's message), an enum member completes from
 * its values with no code, and the handler reads the struct with
 * sc_mcp_arguments(ctx). */
typedef int (*sc_mcp_decode_fn)(sc_arena *arena, const cJSON *arguments, void **value,
                                sc_error *err);

/* An sc_mcp_prompt for the @prompt struct T, its description the struct's
 * doc comment, handled by GET. */
#define SC_MCP_PROMPT(T, GET)                                                                      \
    {                                                                                              \
        T##_prompt_name, NULL, NULL, NULL, 0, T##_schema_json, T##_mcp_arguments, (GET), NULL,     \
            T##_scopes                                                                             \
    }

/* An sc_mcp_resource for the @resource struct T (a template), read by READ. */
#define SC_MCP_RESOURCE_TEMPLATE(T, NAME, MIME_TYPE, READ)                                         \
    {                                                                                              \
        T##_resource_uri, (NAME), NULL, NULL, (MIME_TYPE), NULL, 0, T##_schema_json,               \
            T##_mcp_arguments, (READ), NULL, 0, false, T##_scopes                                  \
    }

/* The decoded arguments of the request (the T of its prompt or template), or
 * NULL when its prompt or template has no .decode. */
SC_MCP_API const void *sc_mcp_arguments(const sc_mcp_context *ctx);

/* A prompt: get appends PromptMessages ({"role", "content"}: see
 * sc_mcp_prompt_message) to messages, given arguments, an object of
 * strings already checked against the prompt's arguments (every required
 * one present, no unknown one; with .decode, decoded into the struct). A
 * failure (sc_fail(err, SC_ERR_HANDLER,
 * ...)) is a -32602 error whose message is err's. */
struct sc_mcp_prompt {
    const char *name;
    const char *title;                /* or NULL */
    const char *description;          /* or NULL: the schema's, if any */
    const sc_mcp_argument *arguments; /* or NULL: listed from schema */
    size_t argument_count;
    const char *schema;      /* T_schema_json of the arguments' struct, or NULL */
    sc_mcp_decode_fn decode; /* T_mcp_arguments of that struct, or NULL */
    int (*get)(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *arguments,
               cJSON *messages, sc_error *err);
    void *data; /* the application's */
    /* The OAuth scopes (space separated) a client's access token must hold
     * to get the prompt over HTTP with OAuth configured (@scopes; the
     * macro above sets it), or NULL or "". */
    const char *scopes;
};

/* Appends {"role": role, "content": content} (content taken over) to
 * messages. Returns 0 or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_prompt_message(cJSON *messages, const char *role, cJSON *content);

/* A resource: a fixed URI, or a URI template (RFC 6570 level 1: each
 * {name} matches one or more characters other than '/', '?' and '#')
 * whose variables are listed in arguments (for completion). read appends
 * the contents ({"uri", "mimeType", "text" or "blob"}: see
 * sc_mcp_resource_contents) of uri to contents; variables is an object of
 * the template's variables (strings), or NULL for a fixed URI. A failure
 * is a JSON-RPC error with err's message. */
struct sc_mcp_resource {
    const char *uri; /* with {name} parts: a template */
    const char *name;
    const char *title;                /* or NULL */
    const char *description;          /* or NULL: the schema's, if any */
    const char *mime_type;            /* or NULL */
    const sc_mcp_argument *arguments; /* or NULL: listed from schema */
    size_t argument_count;
    const char *schema;      /* T_schema_json of the variables' struct, or NULL */
    sc_mcp_decode_fn decode; /* T_mcp_arguments of that struct, or NULL */
    int (*read)(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                const cJSON *variables, cJSON *contents, sc_error *err);
    void *data; /* the application's */
    /* resources/read's caching hints (stateless revisions), when not the
     * server's: ttl_ms > 0, and private_data for cacheScope "private". */
    unsigned ttl_ms;
    bool private_data;
    /* The OAuth scopes (space separated) needed to read it, as for a prompt. */
    const char *scopes;
};

/* Appends one resource contents entry (text, or a base64 blob when text is
 * NULL) to contents. Returns 0 or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_resource_contents(cJSON *contents, const char *uri, const char *mime_type,
                                        const char *text, const char *blob);

/* ---- messages outside a request -------------------------------------------- */

/* notifications/resources/updated for uri, when the session's client
 * subscribed to it; sent on the session's channel. Returns 0 (also when
 * nothing was sent), SC_ERR_NOMEM or SC_ERR_ARGUMENT (channel closed). */
SC_MCP_API int sc_mcp_resource_updated(sc_mcp_session *session, const char *uri);

/* notifications/{tools,prompts,resources}/list_changed (what: "tools",
 * "prompts" or "resources") on the session's channel. */
SC_MCP_API int sc_mcp_list_changed(sc_mcp_session *session, const char *what);

/* The same for every client of server, both eras, whatever its transport
 * and thread: the stateless revisions' subscriptions (subscriptions/listen)
 * that asked for it, tagged with their subscription id, and the 2025
 * sessions of server's transports in this process (sc_mcp_http_start's,
 * sc_mcp_serve_stdio's; on HTTP each on its GET stream, as
 * sc_mcp_http_list_changed does). The two above reach one 2025 session
 * only (the stateless revision sends nothing outside a request but on a
 * subscription). With server->bus, the listeners of every replica
 * (schemac/mcp_bus.h). Returns 0, SC_ERR_ARGUMENT (what is not tools,
 * prompts or resources) or SC_ERR_NOMEM; a bus that fails to publish is
 * logged, not returned. */
SC_MCP_API int sc_mcp_notify_list_changed(const sc_mcp_server *server, const char *what);
SC_MCP_API int sc_mcp_notify_resource_updated(const sc_mcp_server *server, const char *uri);

/* MCP's stdio transport: reads newline-delimited messages from in until
 * end of file, writes each reply as one line to out (nothing else is ever
 * written there) and flushes it; diagnostics go to server->log. A line
 * longer than max_message is skipped without being stored and answered
 * with -32600. One session, one arena reset after every message. Returns
 * 0 at end of input, SC_ERR_ARGUMENT when reading or writing fails,
 * SC_ERR_NOMEM when memory runs out. */
SC_MCP_API int sc_mcp_serve_stdio(const sc_mcp_server *server, FILE *in, FILE *out);

/* A server's whole main: serves server over stdio, or with `--http PORT`
 * over Streamable HTTP (schemac/mcp_http.h: sc_mcp_serve_http, on
 * 127.0.0.1 or `--address ADDRESS`, as HTTPS with `--tls-cert FILE
 * --tls-key FILE`, both or neither: tls_cert_file and tls_key_file;
 * `--allowed-host NAME`, repeated, allowed_hosts; `--max-connections-per-ip
 * N`, max_connections_per_ip; with the other fields of http, which may be
 * NULL) until SIGINT or SIGTERM;
 * `--state-key-file FILE` reads the key of requestState that replicas
 * share (its bytes as they are, 32 to 1024 of them: a copy of
 * *server with that state_key is served; sc_mcp_notify_* given server
 * reach it); `--version` prints the server's name and version, `--help`
 * the usage.
 * Returns the process's exit status: 0, 1 when serving failed, 2 for a
 * bad command line. A server with options of its own reads them first and
 * passes the others on.
 *
 *     int main(int argc, char **argv) { return sc_mcp_main(&server, NULL, argc, argv); } */
struct sc_mcp_http_options;
SC_MCP_API int sc_mcp_main(const sc_mcp_server *server, const struct sc_mcp_http_options *http,
                           int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_H */
