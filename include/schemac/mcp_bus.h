/* Part of libschemac-mcp (pkg-config schemac-mcp, CMake schemac::mcp, meson
 * dependency('schemac-mcp')).
 *
 * schemac runtime: the notification bus of an MCP server run as several
 * replicas (docs/deploy.md, "Several replicas"). What one replica learns
 * outside any request, that a list changed or a resource was updated
 * (sc_mcp_notify_list_changed, sc_mcp_notify_resource_updated,
 * sc_mcp_http_list_changed, sc_mcp_http_resource_updated), must reach the
 * clients listening on every replica: the 2026-07-28 subscriptions
 * (subscriptions/listen) and the 2025 sessions' GET streams. Each of those
 * functions delivers the event in this process at once, then hands it to
 * server->bus, which carries it to the other replicas; there, the bus
 * gives it to sc_mcp_bus_deliver, which delivers it to that process's
 * listeners. A listener gets each event once: a bus never hands a replica
 * back its own events.
 *
 * server->bus NULL is the in-process default: the events reach this
 * process's listeners only (one replica). libschemac-mcp-redis
 * (schemac/mcp_redis.h) is a bus on Redis pub/sub; another transport
 * (NATS, PostgreSQL LISTEN, ...) is an sc_mcp_bus of the application's.
 *
 * Delivery is best effort, as notifications are: an event published while
 * the bus cannot reach the other replicas is lost to their listeners. A
 * bus that was cut off should, once it is back, deliver a list change of
 * every kind (sc_mcp_bus_resync), so that clients fetch their lists again.
 *
 * Tasks (the tasks extension) stay in the process that runs them, and so
 * do their notifications/tasks; so do a 2025 session and the nonces of
 * requestState already presented (docs/deploy.md).
 */
#ifndef SCHEMAC_MCP_BUS_H
#define SCHEMAC_MCP_BUS_H

#include <stdbool.h>
#include <stddef.h>

#include "export.h"
#include "mcp.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef enum sc_mcp_event_kind {
    SC_MCP_EVENT_LIST_CHANGED = 1,    /* what: "tools", "prompts" or "resources" */
    SC_MCP_EVENT_RESOURCE_UPDATED = 2 /* what: the resource's URI */
} sc_mcp_event_kind;

/* The longest what of an event, in bytes. */
#define SC_MCP_EVENT_MAX_WHAT 2048

typedef struct sc_mcp_event {
    sc_mcp_event_kind kind;
    const char *what;
    /* Also the 2025 sessions, not only the subscriptions: true in every
     * event the library publishes (false only from a replica of an older
     * release, whose sc_mcp_notify_* reached the subscriptions only). */
    bool sessions;
} sc_mcp_event;

typedef struct sc_mcp_bus sc_mcp_bus;
struct sc_mcp_bus {
    /* Carries event to the other replicas, never back to this process
     * (the library delivered it here already). Called on the thread that
     * notified, with no lock of the library held; it should not block for
     * long (a bus that cannot reach its peers fails at once). Returns 0,
     * or an SC_ERR_* code, which the library logs through server->log:
     * the notification then reached this replica's listeners only. */
    int (*publish)(sc_mcp_bus *bus, const sc_mcp_event *event);
    void *bus_ctx; /* the bus's own */
};

/* An event another replica published, received by bus: delivered to the
 * listeners in this process of every server whose .bus is bus. Called by
 * the bus, from any thread. Returns 0, SC_ERR_ARGUMENT (not an event:
 * unknown kind, what NULL, empty, longer than SC_MCP_EVENT_MAX_WHAT, or not
 * a list's name) or SC_ERR_NOMEM. */
SC_MCP_API int sc_mcp_bus_deliver(sc_mcp_bus *bus, const sc_mcp_event *event);

/* After an outage of bus (it lost its peers and is back): a list change of
 * tools, prompts and resources to every listener of bus in this process,
 * which then fetch their lists again: what changed meanwhile was lost. */
SC_MCP_API int sc_mcp_bus_resync(sc_mcp_bus *bus);

/* sc_mcp_main with bus as the server's bus: a bus library's main (e.g.
 * sc_mcp_redis_main) reads its own options, starts its bus, and calls it
 * with the rest. It serves a copy of *server with .bus = bus (and the
 * state key of --state-key-file); sc_mcp_notify_list_changed and
 * sc_mcp_notify_resource_updated given server itself reach the copy's
 * listeners while it runs. */
struct sc_mcp_http_options;
SC_MCP_API int sc_mcp_main_bus(const sc_mcp_server *server, sc_mcp_bus *bus,
                               const struct sc_mcp_http_options *http, int argc, char **argv);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_MCP_BUS_H */
