/* MCP's stdio transport (include/schemac/mcp.h): newline-delimited JSON-RPC
 * on two streams. A line is read into a buffer that grows up to the
 * server's max_message and no further: the rest of a longer line is read
 * and dropped, so no input can make the server hold more than that. */
#include <stdlib.h>
#include <string.h>

#include "mcp_internal.h"

typedef struct line {
    char *text;
    size_t len, cap;
    bool too_long; /* more than max bytes: dropped */
} line;

/* Appends c, growing the buffer up to max bytes. */
static int put(line *l, int c, size_t max)
{
    if (l->too_long)
        return 0;
    if (l->len == max) {
        l->too_long = true;
        return 0;
    }
    if (l->len == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 4096;
        if (cap > max)
            cap = max;
        char *text = realloc(l->text, cap);
        if (text == NULL)
            return SC_ERR_NOMEM;
        l->text = text;
        l->cap = cap;
    }
    l->text[l->len++] = (char)c;
    return 0;
}

static bool blank(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (s[i] != ' ' && s[i] != '\t' && s[i] != '\r')
            return false;
    return true;
}

/* What a handler sends while its request runs (progress, log messages,
 * requests to the client) goes out as lines of its own before the reply. */
static int send_line(void *channel_ctx, const char *json, size_t len)
{
    FILE *out = channel_ctx;
    return fwrite(json, 1, len, out) != len || putc('\n', out) == EOF || fflush(out) != 0;
}

/* Answers one line and resets the arena. Returns 0, or an error when the
 * reply could not be written. */
static int answer(const sc_mcp_server *server, sc_mcp_session *session, sc_arena *arena, line *l, FILE *out)
{
    sc_mcp_reply reply;
    int rc = 0;
    if (l->too_long) {
        sc_mcp_log(server, "a message longer than %zu bytes: skipped", sc_mcp_max_message(server));
        rc = sc_mcp_reply_too_large(server, arena, &reply);
    } else if (!blank(l->text, l->len)) {
        size_t n = l->len;
        if (n > 0 && l->text[n - 1] == '\r')
            n--; /* CRLF line ends */
        sc_mcp_channel channel = {send_line, out};
        rc = sc_mcp_handle_on(server, session, arena, l->text, n, &channel, &reply);
    } else {
        reply.text = NULL;
    }
    if (rc != 0) {
        sc_mcp_log(server, "no reply could be made: %s", sc_strerror(rc));
    } else if (reply.text != NULL) {
        /* the reply is one line: sc_print_json escapes every control character */
        if (fwrite(reply.text, 1, reply.len, out) != reply.len || putc('\n', out) == EOF || fflush(out) != 0)
            rc = SC_ERR_ARGUMENT;
    }
    sc_arena_reset(arena);
    l->len = 0;
    l->too_long = false;
    return rc == SC_ERR_ARGUMENT ? rc : 0;
}

int sc_mcp_serve_stdio(const sc_mcp_server *server, FILE *in, FILE *out)
{
    if (server == NULL || in == NULL || out == NULL)
        return SC_ERR_ARGUMENT;
    size_t max = sc_mcp_max_message(server);
    sc_mcp_session session;
    sc_arena arena;
    line l = {NULL, 0, 0, false};
    int rc = 0, c;
    sc_mcp_session_init(&session);
    sc_arena_init(&arena, NULL);
    while (rc == 0 && (c = getc(in)) != EOF) {
        if (c == '\n')
            rc = answer(server, &session, &arena, &l, out);
        else if (put(&l, c, max) != 0)
            rc = SC_ERR_NOMEM;
    }
    if (rc == 0 && (l.len > 0 || l.too_long)) /* a last line without newline */
        rc = answer(server, &session, &arena, &l, out);
    if (rc == 0 && ferror(in)) {
        sc_mcp_log(server, "reading the input failed");
        rc = SC_ERR_ARGUMENT;
    }
    if (rc == SC_ERR_ARGUMENT && !ferror(in))
        sc_mcp_log(server, "writing the output failed");
    free(l.text);
    sc_arena_release(&arena);
    sc_mcp_session_free(&session);
    return rc;
}
