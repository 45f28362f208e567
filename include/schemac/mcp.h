/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson dependency('schemac-mcp')).
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
 * What it answers (docs/tools.md, "MCP server"): initialize (protocol
 * version negotiation over every released revision, SC_MCP_VERSIONS),
 * ping, tools/list (paged by page_size with cursor / nextCursor),
 * tools/call (sc_tool_call_cjson + sc_mcp_call_result),
 * notifications/initialized and notifications/cancelled. JSON-RPC errors:
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
#define SC_MCP_VERSIONS {"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}
#define SC_MCP_LATEST_VERSION "2025-11-25"

/* The JSON-RPC 2.0 error codes MCP uses. */
enum {
    SC_MCP_PARSE_ERROR = -32700,
    SC_MCP_INVALID_REQUEST = -32600,
    SC_MCP_METHOD_NOT_FOUND = -32601,
    SC_MCP_INVALID_PARAMS = -32602,
    SC_MCP_INTERNAL_ERROR = -32603
};

/* Defaults of the limits below, when left 0. */
#define SC_MCP_DEFAULT_MAX_MESSAGE (1024 * 1024)

typedef struct sc_mcp_server {
    const char *name;         /* serverInfo.name */
    const char *version;      /* serverInfo.version */
    const char *title;        /* serverInfo.title (2025-06-18 on), or NULL */
    const char *instructions; /* InitializeResult.instructions, or NULL */
    const sc_tool_binding *tools;
    size_t tool_count;
    unsigned call_flags;      /* SC_CALL_* for every tools/call */
    size_t page_size;         /* tools per tools/list page; 0: all on one page */
    size_t max_message;       /* bytes of one message; 0: SC_MCP_DEFAULT_MAX_MESSAGE */
    /* Diagnostics (a failed tool call, an ignored notification, a transport
     * problem), one line without newline; NULL: none. sc_mcp_log_stderr
     * writes "NAME: line" to stderr. Called from the transports' threads. */
    void (*log)(void *log_ctx, const char *line);
    void *log_ctx;
    /* Decode limits of every message (its JSON, a tool's arguments), set
     * on the arena at each sc_mcp_handle; NULL: the arena's own (the
     * defaults, for the transports' arenas). docs/security.md. */
    const sc_limits *limits;
} sc_mcp_server;

/* A log function for sc_mcp_server.log: log_ctx is a prefix (or NULL). */
void sc_mcp_log_stderr(void *log_ctx, const char *line);

/* Where one client connection stands. A transport keeps one per
 * connection (stdio) or per Mcp-Session-Id (HTTP). */
typedef enum sc_mcp_state {
    SC_MCP_STATE_NEW = 0,     /* only initialize and ping are answered */
    SC_MCP_STATE_READY        /* initialize answered: every method is */
} sc_mcp_state;

/* The core's state of a session beyond the fields below (log level,
 * subscriptions, requests in flight, requests sent to the client that
 * await their response), with its own lock. Opaque. */
struct sc_mcp_session_core;

typedef struct sc_mcp_session {
    sc_mcp_state state;
    char protocol_version[16]; /* the negotiated revision, once READY */
    bool initialized;          /* notifications/initialized received */
    struct sc_mcp_session_core *core; /* the core's; NULL until it needs one */
} sc_mcp_session;

void sc_mcp_session_init(sc_mcp_session *session);
/* Frees what the core keeps for session. The transport calls it once no
 * sc_mcp_handle_on of that session runs any more (the session ended). */
void sc_mcp_session_free(sc_mcp_session *session);

/* Where the server's own messages go: a notification
 * (notifications/progress, notifications/message, list_changed, ...) or a
 * request to the client (sampling/createMessage, elicitation/create,
 * ping). A transport gives one per request being handled (HTTP: that
 * POST's SSE stream; stdio: the output) and one per session for messages
 * outside any request (HTTP: the GET stream; stdio: the output). send gets
 * one JSON-RPC message, one line of JSON without newline, from the
 * handler's thread; it returns 0, or non-zero when the client can no
 * longer be reached that way (the stream closed). */
typedef struct sc_mcp_channel {
    int (*send)(void *channel_ctx, const char *json, size_t len);
    void *channel_ctx;
} sc_mcp_channel;

/* The channel for messages outside any request; NULL: none is open now
 * (such messages are then dropped). The channel is copied; its ctx must
 * stay valid until it is replaced or the session freed. */
void sc_mcp_session_set_channel(sc_mcp_session *session, const sc_mcp_channel *channel);

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
int sc_mcp_handle(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena, const char *message,
                  size_t len, sc_mcp_reply *reply) SC_NODISCARD;

/* sc_mcp_handle, with channel for what the server sends while it handles
 * this message (NULL: those messages are dropped). The same session may
 * be handled on several threads at once, each call with its own arena and
 * channel: a transport must keep reading while a request runs, so that the
 * client's response to a server request (sampling, elicitation) or its
 * notifications/cancelled reaches the core while the handler waits. The
 * session must stay at one address while any call on it runs. */
int sc_mcp_handle_on(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena, const char *message,
                     size_t len, const sc_mcp_channel *channel, sc_mcp_reply *reply) SC_NODISCARD;

/* MCP's stdio transport: reads newline-delimited messages from in until
 * end of file, writes each reply as one line to out (nothing else is ever
 * written there) and flushes it; diagnostics go to server->log. A line
 * longer than max_message is skipped without being stored and answered
 * with -32600. One session, one arena reset after every message. Returns
 * 0 at end of input, SC_ERR_ARGUMENT when reading or writing fails,
 * SC_ERR_NOMEM when memory runs out. */
int sc_mcp_serve_stdio(const sc_mcp_server *server, FILE *in, FILE *out);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_H */
