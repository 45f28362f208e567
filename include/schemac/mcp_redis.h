/* Part of libschemac-mcp-redis (pkg-config schemac-mcp-redis, meson
 * dependency('schemac-mcp-redis')), built when hiredis is found (meson option redis).
 *
 * schemac runtime: a notification bus (schemac/mcp_bus.h) on Redis
 * pub/sub, for an MCP server run as several replicas: every replica
 * publishes its list changes and resource updates on one channel and
 * delivers those of the others to its listeners (docs/deploy.md).
 *
 *     sc_mcp_bus *bus;
 *     sc_mcp_redis_options redis = { .url = "redis://10.0.0.5:6379" };
 *     if (sc_mcp_redis_bus_start(&redis, &bus, &err) != 0) ...
 *     server.bus = bus;          (before serving; stop the bus after)
 *
 * or, for a program whose main is sc_mcp_main, sc_mcp_redis_main in its
 * place: the options --redis URL and --redis-channel NAME.
 *
 * One thread subscribes, and reconnects after a lost connection with a
 * growing delay (backoff_min_ms doubling up to backoff_max_ms); once
 * back, it delivers a list change of tools, prompts and resources to the
 * listeners of this process (sc_mcp_bus_resync), which fetch their lists
 * again: events published meanwhile are lost (Redis pub/sub keeps
 * nothing). Publishing uses a connection of its own, made again on the
 * next event after a failure (at most once per backoff delay: an event
 * published while Redis is away fails at once, and reaches this replica
 * only). A message is "schemac-mcp/2 ORIGIN SEQ KIND SCOPE WHAT" (ORIGIN: 32
 * hex digits drawn for each bus, which drops its own; SEQ: the event's
 * number on that bus, 16 hex digits). A PUBLISH whose connection was lost
 * is sent once more with the same SEQ, and a receiver drops an event it
 * heard already (the last 64 of each of the last 64 buses), so that each
 * listener gets an event once. One longer than SC_MCP_REDIS_MAX_MESSAGE
 * bytes, or malformed, is dropped and logged; "schemac-mcp/1 ORIGIN KIND
 * SCOPE WHAT" (before SEQ) is still delivered.
 * Whoever can publish on the channel can send every client a
 * notification: keep Redis private to the replicas (docs/deploy.md).
 */
#ifndef SCHEMAC_MCP_REDIS_H
#define SCHEMAC_MCP_REDIS_H

#include <stdbool.h>

#include "export.h"
#include "error.h"
#include "mcp.h"
#include "mcp_bus.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The longest message the bus sends or accepts, in bytes. */
#define SC_MCP_REDIS_MAX_MESSAGE (SC_MCP_EVENT_MAX_WHAT + 96)
#define SC_MCP_REDIS_DEFAULT_CHANNEL "schemac-mcp"

typedef struct sc_mcp_redis_options {
    /* redis://[[USER]:PASSWORD@]HOST[:PORT][/DB] (HOST an IPv4 address, a
     * name or [IPv6]; PORT 6379; the DB does not matter to pub/sub) or
     * unix:///PATH; NULL: redis://127.0.0.1:6379. */
    const char *url;
    const char *channel; /* NULL: SC_MCP_REDIS_DEFAULT_CHANNEL */
    /* Connecting, and a PUBLISH's reply; 0: 1000. A PUBLISH without a reply
     * in time is not sent again (Redis stalled may still run it). */
    unsigned timeout_ms;
    unsigned backoff_min_ms; /* the first delay before reconnecting; 0: 100 */
    unsigned backoff_max_ms; /* the longest; 0: 5000 */
    /* Diagnostics (connected, lost, reconnected, a message dropped), one
     * line; NULL: none. Called from the bus's thread and the publishers'. */
    void (*log)(void *log_ctx, const char *line);
    void *log_ctx;
} sc_mcp_redis_options;

/* Starts the bus (its subscribing thread connects and reconnects on its
 * own: a Redis not up yet is no error). Returns 0 and *bus, or
 * SC_ERR_ARGUMENT (a URL it cannot read) or SC_ERR_NOMEM. */
SC_MCP_REDIS_API int sc_mcp_redis_bus_start(const sc_mcp_redis_options *options, sc_mcp_bus **bus,
                                            sc_error *err) SC_NODISCARD;

/* Whether the bus is subscribed now. */
SC_MCP_REDIS_API bool sc_mcp_redis_bus_connected(sc_mcp_bus *bus);

/* Stops the thread, closes the connections, frees the bus. Stop the
 * servers that use it first. */
SC_MCP_REDIS_API void sc_mcp_redis_bus_stop(sc_mcp_bus *bus);

/* sc_mcp_main with `--redis URL` (and `--redis-channel NAME`): serves
 * server with a Redis bus as its .bus (sc_mcp_main_bus), logging through
 * server->log; without --redis, sc_mcp_main itself. */
struct sc_mcp_http_options;
SC_MCP_REDIS_API int sc_mcp_redis_main(const sc_mcp_server *server,
                                       const struct sc_mcp_http_options *http, int argc,
                                       char **argv);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_REDIS_H */
