/* The handlers of the sample MCP server. Each receives arguments the
 * generated decoder has already checked against the tool's input schema,
 * fills the typed output (or a cJSON value for a tool without @output), and
 * fails with sc_fail(err, SC_ERR_HANDLER, ...) with a message for the model.
 * Everything they allocate comes from the request's arena.
 *
 * Deliberately side-effect free, so the tests are deterministic:
 * search_files searches a fixed in-memory list, not the file system;
 * http_request describes the request it would send and sends nothing;
 * create_event records nothing, it derives the event from its arguments. */
#include "handlers.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- calculate ---------------------------------------------------------- */

/* The shortest %g form of x that reads back as x. */
static void format_number(char *buf, size_t size, double x)
{
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(buf, size, "%.*g", precision, x);
        if (strtod(buf, NULL) == x)
            return;
    }
}

static int calculate(sc_arena *arena, const calc_input *in, calc_output *out, void *ctx,
                     sc_error *err)
{
    static const char signs[] = {'+', '-', '*', '/'};
    char a[32], b[32], expression[80];
    (void)ctx;
    switch (in->op) {
    case CALC_ADD:
        out->result = in->a + in->b;
        break;
    case CALC_SUBTRACT:
        out->result = in->a - in->b;
        break;
    case CALC_MULTIPLY:
        out->result = in->a * in->b;
        break;
    case CALC_DIVIDE:
        if (in->b == 0)
            return sc_fail(err, SC_ERR_HANDLER, NULL,
                           "division by zero: b must not be 0 when op is \"divide\"");
        out->result = in->a / in->b;
        break;
    }
    if (!isfinite(out->result))
        return sc_fail(err, SC_ERR_HANDLER, NULL, "the result is too large for a JSON number");
    format_number(a, sizeof a, in->a);
    format_number(b, sizeof b, in->b);
    int n = snprintf(expression, sizeof expression, "%s %c %s", a, signs[in->op], b);
    out->expression = sc_arena_strndup(arena, expression, (size_t)n);
    if (out->expression == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* ---- search_files ------------------------------------------------------- */

/* The "project" search_files looks at, in path order. */
static const struct entry {
    const char *path;
    found_kind kind;
    int64_t size;
} project[] = {
    {"Makefile", FOUND_FILE, 412},
    {"README.md", FOUND_FILE, 2310},
    {"docs", FOUND_DIRECTORY, 0},
    {"docs/api.md", FOUND_FILE, 5120},
    {"docs/tools.md", FOUND_FILE, 8841},
    {"include", FOUND_DIRECTORY, 0},
    {"include/agent.h", FOUND_FILE, 1733},
    {"src", FOUND_DIRECTORY, 0},
    {"src/agent.c", FOUND_FILE, 14022},
    {"src/main.c", FOUND_FILE, 3187},
    {"src/util", FOUND_DIRECTORY, 0},
    {"src/util/strings.c", FOUND_FILE, 2764},
    {"src/util/strings.h", FOUND_FILE, 640},
    {"tests", FOUND_DIRECTORY, 0},
    {"tests/test_agent.c", FOUND_FILE, 6402},
};

static int fold(int c, bool ignore_case)
{
    return ignore_case && c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c;
}

/* Whether glob matches all of path: `**` any characters, `*` any but '/',
 * `?` one character but '/'. Dynamic programming over (glob, path)
 * suffixes, so no glob can make it take exponential time. */
static int glob_match(sc_arena *arena, const char *glob, const char *path, bool ignore_case,
                      bool *match)
{
    size_t g = strlen(glob), p = strlen(path), width = p + 1;
    bool *m = sc_arena_alloc(arena, (g + 1) * width); /* m[i * width + j]: glob+i matches path+j */
    if (m == NULL)
        return SC_ERR_NOMEM;
    for (size_t i = g + 1; i-- > 0;) {
        for (size_t j = p + 1; j-- > 0;) {
            bool v;
            if (i == g) {
                v = j == p;
            } else if (glob[i] == '*') {
                bool any = i + 1 < g && glob[i + 1] == '*';
                size_t rest = any ? i + 2 : i + 1;
                /* match nothing, or one more character and stay on the star */
                v = m[rest * width + j] ||
                    (j < p && (any || path[j] != '/') && m[i * width + j + 1]);
            } else if (j == p) {
                v = false;
            } else if (glob[i] == '?') {
                v = path[j] != '/' && m[(i + 1) * width + j + 1];
            } else {
                v = fold((unsigned char)glob[i], ignore_case) ==
                        fold((unsigned char)path[j], ignore_case) &&
                    m[(i + 1) * width + j + 1];
            }
            m[i * width + j] = v;
        }
    }
    *match = m[0];
    return 0;
}

static int search_files(sc_arena *arena, const search_input *in, search_output *out, void *ctx,
                        sc_error *err)
{
    (void)ctx;
    size_t max = (size_t)in->max_results, n = sizeof project / sizeof project[0];
    out->matches = sc_arena_alloc(arena, max * sizeof *out->matches);
    if (out->matches == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    for (size_t i = 0; i < n; i++) {
        const struct entry *e = &project[i];
        bool match;
        if ((in->kind == ENTRY_FILE && e->kind != FOUND_FILE) ||
            (in->kind == ENTRY_DIRECTORY && e->kind != FOUND_DIRECTORY))
            continue;
        if (glob_match(arena, in->glob, e->path, in->ignore_case, &match) != 0)
            return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
        if (!match)
            continue;
        if (out->matches_count == max) {
            out->truncated = true;
            break;
        }
        file_match *f = &out->matches[out->matches_count++];
        f->path = (char *)e->path; /* the output is only read */
        f->kind = e->kind;
        f->size = e->size;
    }
    return 0;
}

/* ---- http_request ------------------------------------------------------- */

static const char *const method_names[] = {"GET", "POST", "PUT", "PATCH", "DELETE"};

/* A growing string in the arena. */
typedef struct {
    sc_arena *arena;
    char *text;
    size_t len, cap;
    bool failed;
} buffer;

static void append(buffer *b, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = (b->cap ? b->cap : 256);
        while (cap < b->len + n + 1)
            cap *= 2;
        char *text = sc_arena_grow(b->arena, b->text, b->cap, cap);
        if (text == NULL) {
            b->failed = true;
            return;
        }
        b->text = text;
        b->cap = cap;
    }
    memcpy(b->text + b->len, s, n);
    b->len += n;
    b->text[b->len] = '\0';
}

static void append_str(buffer *b, const char *s)
{
    append(b, s, strlen(s));
}

static int http_request(sc_arena *arena, const http_input *in, cJSON **out, void *ctx,
                        sc_error *err)
{
    (void)ctx;
    /* scheme://authority/path?query#fragment: the decoder checked it is a URI */
    const char *sep = strstr(in->url, "://");
    if (sep == NULL || sep[3] == '\0' || strchr("/?#", sep[3]) != NULL)
        return sc_fail(err, SC_ERR_HANDLER, NULL,
                       "url must name a host (scheme://host/path), got \"%.100s\"", in->url);
    const char *authority = sep + 3;
    size_t authority_len = strcspn(authority, "/?#");
    const char *target = authority + authority_len;
    size_t target_len = strcspn(target, "#");

    buffer b = {arena, NULL, 0, 0, false};
    append_str(&b, method_names[in->method]);
    append_str(&b, " ");
    if (target_len == 0 || target[0] == '?')
        append_str(&b, "/");
    append(&b, target, target_len);
    append_str(&b, " HTTP/1.1\r\nHost: ");
    append(&b, authority, authority_len);
    append_str(&b, "\r\n");
    for (size_t i = 0; i < in->headers_count; i++) {
        const http_header *h = &in->headers[i];
        if (strpbrk(h->value, "\r\n") != NULL)
            return sc_fail(err, SC_ERR_HANDLER, NULL,
                           "the value of header \"%s\" must not contain a line break", h->key);
        append_str(&b, h->key);
        append_str(&b, ": ");
        append_str(&b, h->value);
        append_str(&b, "\r\n");
    }
    size_t body_len = in->body != NULL ? strlen(in->body) : 0;
    if (in->body != NULL) {
        char length[48];
        snprintf(length, sizeof length, "Content-Length: %zu\r\n", body_len);
        append_str(&b, length);
    }
    append_str(&b, "\r\n");
    if (in->body != NULL)
        append(&b, in->body, body_len);
    if (b.failed)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");

    cJSON *result = cJSON_CreateObject();
    cJSON *headers = cJSON_CreateObject();
    if (result == NULL || headers == NULL || !cJSON_AddItemToObject(result, "headers", headers)) {
        cJSON_Delete(headers);
        cJSON_Delete(result);
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    }
    *out = result; /* the dispatcher deletes it if we fail from here on */
    bool ok = cJSON_AddStringToObject(result, "method", method_names[in->method]) != NULL &&
              cJSON_AddStringToObject(result, "url", in->url) != NULL &&
              cJSON_AddBoolToObject(result, "sent", false) != NULL &&
              cJSON_AddNumberToObject(result, "body_bytes", (double)body_len) != NULL &&
              cJSON_AddStringToObject(result, "request", b.text) != NULL;
    for (size_t i = 0; ok && i < in->headers_count; i++)
        ok = cJSON_AddStringToObject(headers, in->headers[i].key, in->headers[i].value) != NULL;
    if (!ok)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return 0;
}

/* ---- create_event ------------------------------------------------------- */

/* Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant). */
static int64_t days_from_civil(int64_t y, int64_t m, int64_t d)
{
    y -= m <= 2;
    int64_t era = (y >= 0 ? y : y - 399) / 400;
    int64_t yoe = y - era * 400;
    int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
    int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    return era * 146097 + doe - 719468;
}

static void civil_from_days(int64_t z, int64_t *y, int64_t *m, int64_t *d)
{
    z += 719468;
    int64_t era = (z >= 0 ? z : z - 146096) / 146097;
    int64_t doe = z - era * 146097;
    int64_t yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    int64_t doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    int64_t mp = (5 * doy + 2) / 153;
    *d = doy - (153 * mp + 2) / 5 + 1;
    *m = mp < 10 ? mp + 3 : mp - 9;
    *y = yoe + era * 400 + (*m <= 2);
}

static int digits(const char *s, int n)
{
    int v = 0;
    for (int i = 0; i < n; i++)
        v = v * 10 + (s[i] - '0');
    return v;
}

/* Seconds since the epoch of an RFC 3339 date-time the decoder has checked:
 * YYYY-MM-DDTHH:MM:SS[.frac](Z|+HH:MM|-HH:MM). The fraction is dropped. */
static int64_t parse_date_time(const char *s)
{
    int64_t t = days_from_civil(digits(s, 4), digits(s + 5, 2), digits(s + 8, 2)) * 86400 +
                digits(s + 11, 2) * 3600 + digits(s + 14, 2) * 60 + digits(s + 17, 2);
    const char *zone = s + 19;
    while (*zone == '.' || (*zone >= '0' && *zone <= '9'))
        zone++;
    if (*zone == '+' || *zone == '-') {
        int64_t offset = digits(zone + 1, 2) * 3600 + digits(zone + 4, 2) * 60;
        t += *zone == '+' ? -offset : offset;
    }
    return t;
}

static int create_event(sc_arena *arena, const event_input *in, event_output *out, void *ctx,
                        sc_error *err)
{
    (void)ctx;
    int64_t end = parse_date_time(in->start) + (int64_t)in->duration_minutes * 60;
    int64_t days = end >= 0 ? end / 86400 : -((-end + 86399) / 86400), secs = end - days * 86400, y,
            m, d;
    civil_from_days(days, &y, &m, &d);
    if (y < 0 || y > 9999)
        return sc_fail(err, SC_ERR_HANDLER, NULL,
                       "the event would end outside the years 0000 to 9999");
    out->end = sc_arena_alloc(arena, 64);
    out->id = sc_arena_alloc(arena, 32);
    if (out->end == NULL || out->id == NULL)
        return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    snprintf(out->end, 64, "%04d-%02d-%02dT%02d:%02d:%02dZ", (int)y, (int)m, (int)d,
             (int)(secs / 3600), (int)(secs / 60 % 60), (int)(secs % 60));

    /* the same title and start give the same id: the tool is idempotent */
    uint32_t hash = 2166136261u;
    for (const char *parts[] = {in->title, "\n", in->start}, **p = parts; p < parts + 3; p++)
        for (const unsigned char *c = (const unsigned char *)*p; *c; c++)
            hash = (hash ^ *c) * 16777619u;
    snprintf(out->id, 32, "evt-%08lx", (unsigned long)hash);

    out->title = in->title;
    out->start = in->start;
    out->location = in->location;
    out->attendees = in->attendees;
    out->attendees_count = in->attendees_count;
    return 0;
}

size_t tools_bind_all(sc_tool_binding *bindings, size_t size)
{
    const sc_tool_binding all[TOOLS_COUNT] = {
        calc_input_bind(calculate, NULL),
        search_input_bind(search_files, NULL),
        http_input_bind(http_request, NULL),
        event_input_bind(create_event, NULL),
    };
    size_t n = size < TOOLS_COUNT ? size : TOOLS_COUNT;
    memcpy(bindings, all, n * sizeof *bindings);
    return n;
}
