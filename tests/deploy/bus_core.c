/* The notification bus interface (schemac/mcp_bus.h) in libschemac-mcp's
 * core, without Redis: "replicas" in one process, each a server with a
 * subscription (subscriptions/listen on a shared channel) and a bus of
 * this test's that hands what it publishes to the other replica's bus
 * (sc_mcp_bus_deliver). A change reaches the listeners of both replicas
 * once; the bus is given each event once, with its kind, what and scope;
 * a bus that fails to publish is logged and the change still reaches the
 * replica's own listeners; events that are no events are refused;
 * sc_mcp_bus_resync tells every listener to fetch its lists; two servers
 * on one bus hear each other; without a bus, today's behaviour;
 * sc_mcp_main_bus with --state-key-file serves a copy of the server, which
 * sc_mcp_notify_list_changed given the server itself reaches while it
 * runs (over stdio, on pipes). Run under ASan+UBSan in the sanitizer
 * build. */
#define _POSIX_C_SOURCE 200809L /* fdopen, mkstemp */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <schemac/mcp.h>
#include <schemac/mcp_bus.h>

#include "check.h"

/* What a replica's listener received. */
typedef struct record {
    char sent[8][256];
    int count;
} record;

static int keep(void *ctx, const char *json, size_t len)
{
    record *r = ctx;
    if (r->count < 8)
        snprintf(r->sent[r->count], sizeof r->sent[0], "%.*s", (int)len, json);
    r->count++;
    return 0;
}

/* A bus of this test: what it was given, and the bus it hands it to. */
typedef struct test_bus {
    sc_mcp_bus bus;
    sc_mcp_bus *peer; /* NULL: none */
    int fail;         /* publish's result when not 0 */
    int published;
    sc_mcp_event last;
    char last_what[64];
} test_bus;

static int publish(sc_mcp_bus *bus, const sc_mcp_event *event)
{
    test_bus *b = bus->bus_ctx;
    b->published++;
    b->last = *event;
    snprintf(b->last_what, sizeof b->last_what, "%s", event->what);
    b->last.what = b->last_what;
    if (b->fail != 0)
        return b->fail;
    return b->peer != NULL ? sc_mcp_bus_deliver(b->peer, event) : 0;
}

static void bus_init(test_bus *b)
{
    memset(b, 0, sizeof *b);
    b->bus.publish = publish;
    b->bus.bus_ctx = b;
}

static int read_resource(sc_mcp_context *ctx, const sc_mcp_resource *resource, const char *uri,
                         const cJSON *variables, cJSON *contents, sc_error *err)
{
    (void)ctx, (void)resource, (void)variables, (void)err;
    return sc_mcp_resource_contents(contents, uri, "text/plain", "x", NULL);
}

static const sc_mcp_resource resources[] = {
    {.uri = "a://watched", .name = "watched", .read = read_resource}};

static char logged[512];
static void log_line(void *ctx, const char *line)
{
    (void)ctx;
    snprintf(logged, sizeof logged, "%s", line);
}

static sc_mcp_server server_on(sc_mcp_bus *bus)
{
    sc_mcp_server server = {.name = "t",
                            .version = "1",
                            .resources = resources,
                            .resource_count = 1,
                            .lists_change = true,
                            .bus = bus,
                            .log = log_line};
    return server;
}

/* A subscription of server (a shared channel's: it stays until its session
 * is freed) whose notifications go to r. */
static void listen_on(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                      record *r)
{
    static const char listen[] =
        "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":{"
        "\"toolsListChanged\":true,\"resourcesListChanged\":true,\"resourceSubscriptions\":[\"a://watched\"]},"
        "\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        "\"io.modelcontextprotocol/clientCapabilities\":{}}}}";
    sc_mcp_channel channel = {keep, r, NULL, NULL};
    sc_mcp_reply reply;
    sc_mcp_session_init(session);
    sc_arena_reset(arena);
    CHECK(sc_mcp_handle_on(server, session, arena, listen, strlen(listen), &channel, &reply) == 0);
    CHECK(r->count == 1 && HAS(r->sent[0], "notifications/subscriptions/acknowledged"));
    r->count = 0;
}

/* sc_mcp_main_bus on stdio (pipes in place of stdin and stdout), on a
 * thread of its own. */
typedef struct main_run {
    const sc_mcp_server *server;
    sc_mcp_bus *bus;
    char key_file[64];
    int status;
} main_run;

static void *run_main(void *arg)
{
    main_run *run = arg;
    char *argv[] = {"bus_core", "--state-key-file", run->key_file, NULL};
    run->status = sc_mcp_main_bus(run->server, run->bus, NULL, 3, argv);
    return NULL;
}

static void main_serves_a_copy(void)
{
    test_bus bus;
    bus_init(&bus);
    sc_mcp_server server = server_on(NULL);
    main_run run = {.server = &server, .bus = &bus.bus};
    snprintf(run.key_file, sizeof run.key_file, "/tmp/bus_core_key_XXXXXX");
    int key = mkstemp(run.key_file);
    CHECK(key >= 0 && write(key, "0123456789abcdef0123456789abcdef\n", 33) == 33);
    close(key);
    int in[2], out[2];
    CHECK(pipe(in) == 0 && pipe(out) == 0);
    fflush(stdout);
    int saved_in = dup(0), saved_out = dup(1);
    dup2(in[0], 0);
    dup2(out[1], 1);
    close(in[0]);
    close(out[1]);
    FILE *to_server = fdopen(in[1], "w"), *from_server = fdopen(out[0], "r");
    pthread_t thread;
    CHECK(pthread_create(&thread, NULL, run_main, &run) == 0);
    fputs(
        "{\"jsonrpc\":\"2.0\",\"id\":\"sub\",\"method\":\"subscriptions/listen\",\"params\":{\"notifications\":{"
        "\"toolsListChanged\":true},\"_meta\":{\"io.modelcontextprotocol/protocolVersion\":\"2026-07-28\","
        "\"io.modelcontextprotocol/clientCapabilities\":{}}}}\n",
        to_server);
    fflush(to_server);
    char line[512];
    CHECK(fgets(line, sizeof line, from_server) != NULL &&
          HAS(line, "notifications/subscriptions/acknowledged"));
    /* given the server itself, not the copy sc_mcp_main_bus serves */
    CHECK(sc_mcp_notify_list_changed(&server, "tools") == 0);
    CHECK(fgets(line, sizeof line, from_server) != NULL &&
          HAS(line, "notifications/tools/list_changed") && HAS(line, "\"sub\""));
    CHECK(bus.published == 1 && strcmp(bus.last_what, "tools") == 0);
    fclose(to_server); /* end of input: the server returns */
    pthread_join(thread, NULL);
    CHECK(run.status == 0);
    fclose(from_server);
    dup2(saved_in, 0);
    dup2(saved_out, 1);
    close(saved_in);
    close(saved_out);
    unlink(run.key_file);
    /* served no more: the server itself has no bus and no listener */
    CHECK(sc_mcp_notify_list_changed(&server, "tools") == 0 && bus.published == 1);
}

int main(void)
{
    sc_arena arena;
    sc_arena_init(&arena, NULL);
    test_bus bus_a, bus_b;
    bus_init(&bus_a);
    bus_init(&bus_b);
    bus_a.peer = &bus_b.bus;
    bus_b.peer = &bus_a.bus;
    sc_mcp_server a = server_on(&bus_a.bus), b = server_on(&bus_b.bus);
    sc_mcp_session session_a, session_b;
    record ra = {0}, rb = {0};
    listen_on(&a, &session_a, &arena, &ra);
    listen_on(&b, &session_b, &arena, &rb);

    /* a list change on A: A's listener at once, B's through the bus, each once */
    CHECK(sc_mcp_notify_list_changed(&a, "tools") == 0);
    CHECK(ra.count == 1 && HAS(ra.sent[0], "notifications/tools/list_changed") &&
          HAS(ra.sent[0], "\"sub\""));
    CHECK(rb.count == 1 && HAS(rb.sent[0], "notifications/tools/list_changed"));
    CHECK(bus_a.published == 1 && bus_b.published == 0 &&
          bus_a.last.kind == SC_MCP_EVENT_LIST_CHANGED && strcmp(bus_a.last.what, "tools") == 0 &&
          bus_a.last.sessions); /* both eras, on every replica */

    /* a resource update on B */
    ra.count = rb.count = 0;
    CHECK(sc_mcp_notify_resource_updated(&b, "a://watched") == 0);
    CHECK(ra.count == 1 && HAS(ra.sent[0], "notifications/resources/updated") &&
          HAS(ra.sent[0], "a://watched"));
    CHECK(rb.count == 1 && HAS(rb.sent[0], "a://watched"));
    CHECK(bus_b.published == 1 && bus_b.last.kind == SC_MCP_EVENT_RESOURCE_UPDATED &&
          bus_b.last.sessions);
    /* one nobody subscribed to: published, delivered to no one */
    ra.count = rb.count = 0;
    CHECK(sc_mcp_notify_resource_updated(&b, "a://other") == 0 && ra.count == 0 && rb.count == 0 &&
          bus_b.published == 2);

    /* the bus fails: logged, A's own listener still hears it, the call succeeds */
    bus_a.fail = SC_ERR_ARGUMENT;
    CHECK(sc_mcp_notify_list_changed(&a, "resources") == 0);
    CHECK(ra.count == 1 && HAS(ra.sent[0], "notifications/resources/list_changed") &&
          rb.count == 0);
    CHECK(HAS(logged, "notification bus") && HAS(logged, "reached this replica only"));
    bus_a.fail = 0;

    /* what is no event: refused, nothing sent, nothing published */
    ra.count = rb.count = 0;
    int published = bus_a.published;
    char long_uri[SC_MCP_EVENT_MAX_WHAT + 2];
    memset(long_uri, 'u', sizeof long_uri - 1);
    long_uri[sizeof long_uri - 1] = '\0';
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, &(sc_mcp_event){SC_MCP_EVENT_LIST_CHANGED, "nope",
                                                         true}) == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, "",
                                                         true}) == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, NULL,
                                                         true}) == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, &(sc_mcp_event){(sc_mcp_event_kind)9, "tools", true}) ==
          SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, long_uri,
                                                         true}) == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(NULL, &(sc_mcp_event){SC_MCP_EVENT_LIST_CHANGED, "tools", true}) ==
          SC_ERR_ARGUMENT);
    CHECK(sc_mcp_bus_deliver(&bus_a.bus, NULL) == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_notify_list_changed(&a, "nope") == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_notify_list_changed(NULL, "tools") == SC_ERR_ARGUMENT);
    CHECK(sc_mcp_notify_resource_updated(&a, long_uri) == SC_ERR_ARGUMENT);
    CHECK(ra.count == 0 && rb.count == 0 && bus_a.published == published);
    /* the longest what there may be */
    long_uri[SC_MCP_EVENT_MAX_WHAT] = '\0';
    CHECK(sc_mcp_bus_deliver(&bus_a.bus,
                             &(sc_mcp_event){SC_MCP_EVENT_RESOURCE_UPDATED, long_uri, false}) == 0);

    /* after an outage: every list change a listener asked for, here only */
    CHECK(sc_mcp_bus_resync(&bus_a.bus) == 0);
    CHECK(ra.count == 2 && HAS(ra.sent[0], "tools/list_changed") &&
          HAS(ra.sent[1], "resources/list_changed"));
    CHECK(rb.count == 0 && bus_a.published == published);

    /* two servers on one bus hear each other, in this process, once */
    ra.count = rb.count = 0;
    sc_mcp_server a2 = server_on(&bus_a.bus);
    sc_mcp_session session_a2;
    record ra2 = {0};
    listen_on(&a2, &session_a2, &arena, &ra2);
    CHECK(sc_mcp_notify_list_changed(&a2, "tools") == 0);
    CHECK(ra.count == 1 && ra2.count == 1 && rb.count == 1 && bus_a.published == published + 1);
    sc_mcp_session_free(&session_a2);

    /* without a bus: the server's own listeners only, as before */
    sc_mcp_server alone = server_on(NULL), other = server_on(NULL);
    sc_mcp_session session_alone, session_other;
    record r_alone = {0}, r_other = {0};
    listen_on(&alone, &session_alone, &arena, &r_alone);
    listen_on(&other, &session_other, &arena, &r_other);
    ra.count = rb.count = 0;
    CHECK(sc_mcp_notify_list_changed(&alone, "tools") == 0);
    CHECK(r_alone.count == 1 && r_other.count == 0 && ra.count == 0 && rb.count == 0);
    sc_mcp_session_free(&session_alone);
    sc_mcp_session_free(&session_other);

    sc_mcp_session_free(&session_a);
    sc_mcp_session_free(&session_b);
    sc_arena_release(&arena);
    main_serves_a_copy();
    printf("%s\n", failures == 0 ? "every check passed" : "some checks failed");
    return failures == 0 ? 0 : 1;
}
