/* A replica of tests/deploy/bus.mjs: an MCP server over Streamable HTTP on
 * 127.0.0.1 (any free port) with a notification bus on Redis, whose tools
 * notify through both paths of libschemac-mcp:
 *
 *   notify_tools          sc_mcp_http_list_changed "tools": both eras
 *   update_watched        sc_mcp_http_resource_updated test://watched: both eras
 *   notify_resources      sc_mcp_notify_list_changed "resources": both eras,
 *                         every replica
 *   whoami                the replica's --name
 *
 *     bus_server --name NAME [--redis URL] [--channel NAME]
 *
 * It logs "NAME: listening on URL" on stderr, serves until SIGTERM or
 * SIGINT, then stops the HTTP server and the bus and frees everything
 * (the sanitizer build checks that nothing leaks). */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <schemac/mcp.h>
#include <schemac/mcp_bus.h>
#include <schemac/mcp_http.h>
#include <schemac/mcp_redis.h>
#include <schemac/schemac.h>

static sc_mcp_http *http;
static const char *name = "replica";

typedef int (*handler_fn)(sc_mcp_context *ctx, sc_error *err);

static int text(sc_mcp_context *ctx, const char *message, sc_error *err)
{
    return sc_mcp_add_content(ctx, sc_mcp_text_content(message)) == 0
               ? 0
               : sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

static int invoke(const sc_tool_binding *binding, sc_arena *arena, const cJSON *args,
                  unsigned flags, cJSON **result, sc_error *err)
{
    (void)args, (void)flags;
    *result = NULL;
    sc_mcp_context *ctx = sc_mcp_context_of(arena);
    if (ctx == NULL)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "inside the MCP server only");
    return ((handler_fn)binding->handler)(ctx, err);
}

static int checked(int rc, sc_mcp_context *ctx, const char *done, sc_error *err)
{
    if (rc != 0)
        return sc_fail(err, SC_ERR_HANDLER, NULL, "notifying failed: %s", sc_strerror(rc));
    char line[128];
    snprintf(line, sizeof line, "%s on %s", done, name);
    return text(ctx, line, err);
}

static int notify_tools(sc_mcp_context *ctx, sc_error *err)
{
    return checked(sc_mcp_http_list_changed(http, "tools"), ctx, "tools changed", err);
}

static int update_watched(sc_mcp_context *ctx, sc_error *err)
{
    return checked(sc_mcp_http_resource_updated(http, "test://watched"), ctx,
                   "test://watched updated", err);
}

static int notify_resources(sc_mcp_context *ctx, sc_error *err)
{
    return checked(sc_mcp_notify_list_changed(sc_mcp_context_server(ctx), "resources"), ctx,
                   "resources changed", err);
}

static int whoami(sc_mcp_context *ctx, sc_error *err)
{
    return text(ctx, name, err);
}

#define SCHEMA "{\"type\":\"object\",\"properties\":{},\"additionalProperties\":false}"
#define TOOL(NAME, DESCRIPTION)                                                                    \
    {                                                                                              \
        .name = NAME, .description = DESCRIPTION, .input_schema = SCHEMA,                          \
        .dialects = (const char *const[]){"{\"name\":\"" NAME "\",\"description\":\"" DESCRIPTION  \
                                          "\",\"inputSchema\":" SCHEMA "}"},                       \
        .dialect_count = 1 /* SC_DIALECT_MCP: the others "" */, .invoke = invoke                   \
    }

static const sc_tool tools[] = {
    TOOL("notify_tools", "The tools list changed: both eras, every replica"),
    TOOL("update_watched", "test://watched was updated: both eras, every replica"),
    TOOL("notify_resources", "The resources list changed: both eras, every replica"),
    TOOL("whoami", "The replica's name"),
};

static int read_watched(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                        const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource, (void)variables, (void)err;
    return sc_mcp_resource_contents(contents, uri, "text/plain", name, NULL);
}

static const sc_mcp_resource resources[] = {
    {.uri = "test://watched", .name = "watched", .mime_type = "text/plain", .read = read_watched},
};

int main(int argc, char **argv)
{
    const char *url = NULL, *channel = NULL;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (strcmp(argv[i], "--name") == 0)
            name = argv[i + 1];
        else if (strcmp(argv[i], "--redis") == 0)
            url = argv[i + 1];
        else if (strcmp(argv[i], "--channel") == 0)
            channel = argv[i + 1];
    }
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL); /* the threads below inherit it */

    sc_tool_binding bindings[sizeof tools / sizeof tools[0]];
    static const handler_fn handlers[] = {notify_tools, update_watched, notify_resources, whoami};
    for (size_t i = 0; i < sizeof tools / sizeof tools[0]; i++)
        bindings[i] = (sc_tool_binding){&tools[i], (sc_handler)handlers[i], NULL};
    sc_mcp_server server = {
        .name = "bus-test-replica",
        .version = "1.0.0",
        .tools = bindings,
        .tool_count = sizeof tools / sizeof tools[0],
        .resources = resources,
        .resource_count = 1,
        .lists_change = true,
        .log = sc_mcp_log_stderr,
        .log_ctx = (void *)name,
    };
    sc_error err;
    sc_mcp_bus *bus = NULL;
    if (url != NULL) {
        sc_mcp_redis_options options = {
            .url = url, .channel = channel, .log = sc_mcp_log_stderr, .log_ctx = (void *)name};
        if (sc_mcp_redis_bus_start(&options, &bus, &err) != 0) {
            fprintf(stderr, "%s: %s\n", name, err.message);
            return 1;
        }
        server.bus = bus;
    }
    sc_mcp_http_options options = {.port = 0};
    if (sc_mcp_http_start(&server, &options, &http, &err) != 0) {
        fprintf(stderr, "%s: %s\n", name, err.message);
        sc_mcp_redis_bus_stop(bus);
        return 1;
    }
    fprintf(stderr, "%s: listening on http://127.0.0.1:%u/mcp\n", name,
            (unsigned)sc_mcp_http_port(http));
    int signal;
    sigwait(&stop, &signal);
    sc_mcp_http_stop(http);
    sc_mcp_redis_bus_stop(bus);
    fprintf(stderr, "%s: stopped\n", name);
    return 0;
}
