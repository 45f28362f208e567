/* A request's OpenTelemetry trace context and the server's access log.
 *
 * MCP 2026-07-28 (basic/index, "OpenTelemetry trace context") reserves the
 * _meta keys traceparent, tracestate and baggage for W3C Trace Context and
 * W3C Baggage; over HTTP a client or a proxy may also send them as the
 * headers of those names (the transport sets sc_mcp_thread_trace around
 * the request). _meta wins: it is the request's own, a header may be a
 * proxy's. */
#include <stdio.h>
#include <string.h>

#include "mcp_internal.h"

_Thread_local const sc_mcp_trace_headers *sc_mcp_thread_trace;

static bool lower_hex(const char *s, size_t n, bool nonzero)
{
    bool any = false;
    for (size_t i = 0; i < n; i++) {
        if (!((s[i] >= '0' && s[i] <= '9') || (s[i] >= 'a' && s[i] <= 'f')))
            return false;
        any |= s[i] != '0';
    }
    return any || !nonzero;
}

/* W3C Trace Context, section 3.2: version "-" trace-id "-" parent-id "-"
 * flags, lowercase hex; version ff, an all-zero trace-id or parent-id are
 * invalid; version 00 is exactly 55 characters, a later version may carry
 * more after a "-". */
bool sc_mcp_traceparent_valid(const char *value)
{
    size_t len = value != NULL ? strlen(value) : 0;
    if (len < 55 || !lower_hex(value, 2, false) || strncmp(value, "ff", 2) == 0)
        return false;
    if (value[2] != '-' || value[35] != '-' || value[52] != '-')
        return false;
    if (!lower_hex(value + 3, 32, true) || !lower_hex(value + 36, 16, true) ||
        !lower_hex(value + 53, 2, false))
        return false;
    if (strncmp(value, "00", 2) == 0)
        return len == 55;
    return len == 55 || value[55] == '-';
}

/* A header value or _meta string fit to hand on: printable ASCII, within
 * the bound W3C sets for tracestate (512) and Baggage (8192). */
static bool fit(const char *value, size_t max)
{
    size_t n = 0;
    for (; value[n] != '\0'; n++)
        if ((unsigned char)value[n] < 0x20 || (unsigned char)value[n] > 0x7E || n >= max)
            return false;
    return true;
}

const char *sc_mcp_trace(const sc_mcp_context *ctx, const char *key)
{
    if (ctx == NULL || key == NULL)
        return NULL;
    size_t max;
    const char *header = NULL;
    const sc_mcp_trace_headers *h = ctx->trace;
    if (strcmp(key, "traceparent") == 0) {
        max = 55 + 1 + 512;
        header = h != NULL ? h->traceparent : NULL;
    } else if (strcmp(key, "tracestate") == 0) {
        max = 512;
        header = h != NULL ? h->tracestate : NULL;
    } else if (strcmp(key, "baggage") == 0) {
        max = 8192;
        header = h != NULL ? h->baggage : NULL;
    } else {
        return NULL;
    }
    const cJSON *meta = cJSON_GetObjectItemCaseSensitive(ctx->meta, key);
    const char *value = cJSON_IsString(meta) ? meta->valuestring : header;
    if (value == NULL || !fit(value, max))
        return NULL;
    if (strcmp(key, "traceparent") == 0 && !sc_mcp_traceparent_valid(value))
        return NULL; /* W3C: an invalid traceparent starts a new trace */
    return value;
}

/* ---- the access log ------------------------------------------------------- */

typedef struct line_buf {
    char text[512];
    size_t at;
} line_buf;

static void put_char(line_buf *b, char c)
{
    if (b->at + 1 < sizeof b->text) {
        b->text[b->at++] = c;
        b->text[b->at] = '\0';
    }
}

static bool plain_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
           strchr("._:/@+-~%?&=#,", c) != NULL;
}

/* " key=value", the value quoted as a JSON string when it holds anything
 * but the characters of names, URIs and ids: one line that a log parser
 * splits on spaces, whatever a client sent; a value cut at 200 bytes. */
static void put_field(line_buf *b, const char *key, const char *value)
{
    if (value == NULL)
        return;
    bool plain = value[0] != '\0';
    for (const char *p = value; *p != '\0' && plain; p++)
        plain = plain_char(*p);
    put_char(b, ' ');
    for (const char *k = key; *k != '\0'; k++)
        put_char(b, *k);
    put_char(b, '=');
    if (!plain)
        put_char(b, '"');
    for (size_t i = 0; value[i] != '\0' && i < 200; i++) {
        unsigned char c = (unsigned char)value[i];
        if (c < 0x20 || c == 0x7F) {
            char escape[8];
            snprintf(escape, sizeof escape, "\\u%04x", c);
            for (const char *e = escape; *e != '\0'; e++)
                put_char(b, *e);
            continue;
        }
        if (c == '"' || c == '\\')
            put_char(b, '\\');
        put_char(b, (char)c);
    }
    if (!plain)
        put_char(b, '"');
}

void sc_mcp_access_log(const sc_mcp_server *server, const sc_mcp_access *a)
{
    if (!server->access_log || server->log == NULL)
        return;
    line_buf b = {"access", 6};
    char number[32];
    put_field(&b, "method", a->method);
    put_field(&b, "name", a->name);
    if (a->http_status != 0) {
        snprintf(number, sizeof number, "%u", a->http_status);
        put_field(&b, "http", number);
    }
    if (a->outcome == NULL)
        snprintf(number, sizeof number, "%d", a->rpc_code);
    put_field(&b, "status", a->outcome != NULL ? a->outcome : number);
    snprintf(number, sizeof number, "%.3f", a->seconds * 1e3);
    put_field(&b, "ms", number);
    put_field(&b, "subject", a->subject);
    put_field(&b, "client", a->client_id);
    if (a->traceparent != NULL && sc_mcp_traceparent_valid(a->traceparent)) {
        char trace_id[33];
        memcpy(trace_id, a->traceparent + 3, 32);
        trace_id[32] = '\0';
        put_field(&b, "trace_id", trace_id);
    }
    server->log(server->log_ctx, b.text);
}
