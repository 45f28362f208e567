/* An MCP server over Streamable HTTP for the transport's own tests
 * (transport.mjs, load.mjs): the core answers every message, but for three
 * that make the transport carry what the core does not send yet:
 *
 *   tools/call "stream" {"count": N, "outside": M, "delay_ms": D, "tag": T}
 *       sends N notifications/message {"data": "T I"} on the request's
 *       channel (the POST becomes an SSE stream), D ms apart, and M
 *       {"data": "outside I"} on the session's channel (the GET stream);
 *       then answers {"content":[{"type":"text","text":"sent N"}]}, N the
 *       messages the channel took
 *   tools/call "wait"
 *       waits (up to 10 s) for notifications/test/release on the same
 *       session, which must come on another POST while this one runs
 *   notifications/test/release
 *       ends every "wait" (of any session)
 *   tools/call "notify_all" {"what": W}
 *       sc_mcp_http_list_changed(W) to every session; answers "rc N"
 *
 * Limits small enough to test: requests within 2 s, 40 connections, 20
 * from one address, 4 events kept per stream, keep-alive every 1 s.
 *
 *   transport_server --http PORT [--max-sessions N] [--max-connections N]
 *                    (PORT 0: any free port; N connections from any address)
 *   transport_server --stdio
 */
#define _DEFAULT_SOURCE
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <schemac/mcp_http.h>
#include <schemac/schemac.h>

#include "mcp_internal.h"

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t released = PTHREAD_COND_INITIALIZER;
static unsigned long long releases; /* notifications/test/release received, all sessions */
static sc_mcp_http *served;         /* set before the test handler */

static int reply_text(sc_arena *arena, sc_mcp_reply *reply, const cJSON *id, const char *text)
{
    char *id_text = cJSON_PrintUnformatted(id);
    size_t cap = strlen(text) + (id_text != NULL ? strlen(id_text) : 4) + 128;
    char *out = sc_arena_alloc(arena, cap);
    if (out == NULL || id_text == NULL) {
        cJSON_free(id_text);
        return SC_ERR_NOMEM;
    }
    int n = snprintf(
        out, cap,
        "{\"jsonrpc\":\"2.0\",\"id\":%s,\"result\":{\"content\":[{\"type\":\"text\",\"text\":\"%s\"}]}}",
        id_text, text);
    cJSON_free(id_text);
    reply->outcome = SC_MCP_ANSWERED;
    reply->text = out;
    reply->len = (size_t)n;
    return 0;
}

static int send_message(const sc_mcp_channel *channel, const char *where, int i)
{
    char json[256];
    int n = snprintf(
        json, sizeof json,
        "{\"jsonrpc\":\"2.0\",\"method\":\"notifications/message\",\"params\":{\"level\":\"info\","
        "\"data\":\"%.64s %d\"}}",
        where, i);
    return channel->send(channel->channel_ctx, json, (size_t)n);
}

static int handle(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena,
                  const char *message, size_t len, const sc_mcp_channel *request,
                  const sc_mcp_channel *outside, sc_mcp_reply *reply)
{
    cJSON *tree;
    sc_error err;
    if (session->state != SC_MCP_STATE_READY ||
        sc_parse_json(arena, message, len, &tree, &err) != 0)
        return sc_mcp_handle_on(server, session, arena, message, len, request, reply);
    const cJSON *method = cJSON_GetObjectItemCaseSensitive(tree, "method");
    const cJSON *params = cJSON_GetObjectItemCaseSensitive(tree, "params");
    const cJSON *id = cJSON_GetObjectItemCaseSensitive(tree, "id");
    const cJSON *name = cJSON_GetObjectItemCaseSensitive(params, "name");
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(params, "arguments");
    bool call = cJSON_IsString(method) && strcmp(method->valuestring, "tools/call") == 0 &&
                id != NULL && cJSON_IsString(name);
    if (cJSON_IsString(method) && strcmp(method->valuestring, "notifications/test/release") == 0) {
        pthread_mutex_lock(&lock);
        releases++;
        pthread_cond_broadcast(&released);
        pthread_mutex_unlock(&lock);
        reply->outcome = SC_MCP_NO_REPLY;
        reply->text = NULL;
        reply->len = 0;
        return 0;
    }
    if (call && strcmp(name->valuestring, "stream") == 0) {
        int count = cJSON_GetObjectItemCaseSensitive(args, "count") != NULL
                        ? cJSON_GetObjectItemCaseSensitive(args, "count")->valueint
                        : 0;
        int more = cJSON_GetObjectItemCaseSensitive(args, "outside") != NULL
                       ? cJSON_GetObjectItemCaseSensitive(args, "outside")->valueint
                       : 0;
        int delay = cJSON_GetObjectItemCaseSensitive(args, "delay_ms") != NULL
                        ? cJSON_GetObjectItemCaseSensitive(args, "delay_ms")->valueint
                        : 0;
        const cJSON *tag = cJSON_GetObjectItemCaseSensitive(args, "tag");
        int sent = 0;
        for (int i = 0; i < count; i++) {
            if (delay > 0)
                nanosleep(&(struct timespec){delay / 1000, (delay % 1000) * 1000000L}, NULL);
            sent +=
                send_message(request, cJSON_IsString(tag) ? tag->valuestring : "request", i) == 0;
        }
        for (int i = 0; i < more; i++)
            send_message(outside, "outside", i);
        char text[32];
        snprintf(text, sizeof text, "sent %d", sent);
        return reply_text(arena, reply, id, text);
    }
    if (call && strcmp(name->valuestring, "notify_all") == 0) {
        const cJSON *what = cJSON_GetObjectItemCaseSensitive(args, "what");
        char text[32];
        snprintf(text, sizeof text, "rc %d",
                 sc_mcp_http_list_changed(served, cJSON_IsString(what) ? what->valuestring : ""));
        return reply_text(arena, reply, id, text);
    }
    if (call && strcmp(name->valuestring, "wait") == 0) {
        struct timespec until;
        clock_gettime(CLOCK_REALTIME, &until);
        until.tv_sec += 10;
        pthread_mutex_lock(&lock);
        unsigned long long before = releases;
        int rc = 0;
        while (releases == before && rc == 0)
            rc = pthread_cond_timedwait(&released, &lock, &until);
        pthread_mutex_unlock(&lock);
        return reply_text(arena, reply, id, releases != before ? "released" : "timed out");
    }
    return sc_mcp_handle_on(server, session, arena, message, len, request, reply);
}

int main(int argc, char **argv)
{
    sc_mcp_server server = {
        .name = "transport", .version = "0", .log = sc_mcp_log_stderr, .log_ctx = "mcp_server"};
    sc_mcp_http_options options = {
        .max_connections = 40,
        .max_connections_per_ip = 20,
        .threads = 80, /* handlers at once: the 81st request gets 503 */
        .request_timeout_seconds = 2,
        .replay_events = 4,
        .keepalive_seconds = 1,
    };
    if (argc == 2 && strcmp(argv[1], "--stdio") == 0)
        return sc_mcp_serve_stdio_with(&server, stdin, stdout, handle) == 0 ? 0 : 1;
    bool port = false;
    for (int i = 1; i + 1 < argc; i += 2) {
        unsigned long n = strtoul(argv[i + 1], NULL, 10);
        if (strcmp(argv[i], "--http") == 0) {
            options.port = (unsigned short)n;
            port = true;
        } else if (strcmp(argv[i], "--max-sessions") == 0) {
            options.max_sessions = (unsigned)n;
        } else if (strcmp(argv[i], "--max-connections") == 0) { /* from any address */
            options.max_connections = options.max_connections_per_ip = (unsigned)n;
        } else {
            port = false;
            break;
        }
    }
    if (!port || argc % 2 == 0) {
        fprintf(stderr,
                "usage: %s --http PORT [--max-sessions N] [--max-connections N] | --stdio\n",
                argv[0]);
        return 2;
    }
    /* sc_mcp_serve_http, with the test handler set between start and serve */
    sigset_t stop;
    sigemptyset(&stop);
    sigaddset(&stop, SIGINT);
    sigaddset(&stop, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &stop, NULL);
    sc_mcp_http *http;
    sc_error err;
    if (sc_mcp_http_start(&server, &options, &http, &err) != 0) {
        fprintf(stderr, "mcp_server: %s\n", err.message);
        return 1;
    }
    served = http;
    sc_mcp_http_set_test_handler(http, handle);
    fprintf(stderr, "mcp_server: listening on http://127.0.0.1:%u/mcp\n",
            (unsigned)sc_mcp_http_port(http));
    int signal;
    sigwait(&stop, &signal);
    sc_mcp_http_stop(http);
    return 0;
}
