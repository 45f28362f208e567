/* Loading a config file (issue 33): sc_read_file under max_input (regular
 * files, pipes, I/O errors), sc_error_position and sc_error_format_at
 * (file:line:col, columns in characters, CRLF), and the place and message
 * of each error a config file meets through a generated decoder: syntax
 * (comments, trailing commas, quotes, unquoted keys), strictness and
 * constraints. */
#define _POSIX_C_SOURCE 200809L /* mkstemp, mkdtemp, pipe */

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "config.schemac.h"
#include "../reader/test.h"

/* ---- sc_error_position ---------------------------------------------------- */

static void where(const char *text, size_t offset, size_t *line, size_t *column)
{
    sc_error err;
    sc_error_clear(&err);
    err.code = SC_ERR_SYNTAX;
    err.offset = offset;
    sc_error_position(text, strlen(text), &err, line, column);
}

#define CHECK_AT(text, offset, want_line, want_column)                                             \
    do {                                                                                           \
        size_t l_, c_;                                                                             \
        where(text, offset, &l_, &c_);                                                             \
        CHECK(l_ == (want_line) && c_ == (want_column));                                           \
        if (l_ != (want_line) || c_ != (want_column))                                              \
            fprintf(stderr, "  offset %zu: got %zu:%zu, want %d:%d\n", (size_t)(offset), l_, c_,   \
                    want_line, want_column);                                                       \
    } while (0)

static void position_should_count_lines_from_1_and_characters_from_1(void)
{
    CHECK_AT("{\"a\": 1}", 0, 1, 1);
    CHECK_AT("{\"a\": 1}", 6, 1, 7);
    CHECK_AT("{\n  \"a\": 1\n}", 2, 2, 1);
    CHECK_AT("{\n  \"a\": 1\n}", 9, 2, 8);
    CHECK_AT("{\n  \"a\": 1\n}", 11, 3, 1);
    CHECK_AT("\n\n\nx", 3, 4, 1);
    CHECK_AT("\t\"a\"", 1, 1, 2); /* a tab is one column */
}

static void position_should_count_characters_not_bytes(void)
{
    /* é (2 bytes), ☃ (3), 😀 (4): one column each */
    CHECK_AT("\"\xC3\xA9\", 1", 5, 1, 5);
    CHECK_AT("\"\xE2\x98\x83\", 1", 6, 1, 5);
    CHECK_AT("\"\xF0\x9F\x98\x80\", 1", 7, 1, 5);
    CHECK_AT("{\"caf\xC3\xA9\": 5}", 10, 1, 10);
    CHECK_AT("\"caf\xC3\xA9\": 5", 9, 1, 9); /* the header's example */
    /* a character on an earlier line does not move this line's columns */
    CHECK_AT("\"\xC3\xA9\xC3\xA9\"\n  1", 9, 2, 3);
    /* invalid UTF-8: a column per byte */
    CHECK_AT("\"\xFF\xFE\", 1", 5, 1, 6);
    CHECK_AT("\"\xC3\", 1", 4, 1, 5);      /* a cut sequence */
    CHECK_AT("\"\xE2\x98\", 1", 5, 1, 6);  /* cut short of its third byte */
    CHECK_AT("\"\xED\xA0\x80\"", 4, 1, 5); /* an encoded surrogate: 3 bytes, 3 columns */
}

static void position_should_take_crlf_and_lone_cr_as_one_line_end(void)
{
    CHECK_AT("{\r\n  \"a\": 1\r\n}", 3, 2, 1);
    CHECK_AT("{\r\n  \"a\": 1\r\n}", 10, 2, 8);
    CHECK_AT("{\r\n  \"a\": 1\r\n}", 13, 3, 1);
    CHECK_AT("{\r  \"a\": 1\r}", 2, 2, 1); /* old Mac */
    CHECK_AT("{\r  \"a\": 1\r}", 11, 3, 1);
    CHECK_AT("\r\n\r\n\n\rx", 6, 5, 1);
    CHECK_AT("{\r", 2, 2, 1); /* a '\r' that ends the text ends a line */
}

static void position_should_take_the_end_past_the_text_and_1_1_without_one(void)
{
    sc_error err;
    size_t line = 0, column = 0;

    CHECK_AT("ab\ncd", 5, 2, 3);
    CHECK_AT("ab\ncd", 99, 2, 3);
    sc_error_clear(&err);
    err.offset = 3;
    sc_error_position(NULL, 0, &err, &line, &column);
    CHECK(line == 1 && column == 1);
    sc_error_position("abc", 3, NULL, &line, &column);
    CHECK(line == 1 && column == 1);
    sc_error_position("a\nb", 3, &err, NULL, &column);
    CHECK(column == 2);
    sc_error_position("a\nb", 3, &err, &line, NULL);
    CHECK(line == 2);
    /* the text's length bounds the walk: a NUL inside it is a character */
    err.offset = 3;
    sc_error_position("a\0bc", 4, &err, &line, &column);
    CHECK(line == 1 && column == 4);
}

/* ---- sc_error_format_at ---------------------------------------------------- */

static void format_at_should_write_file_line_column_path_message(void)
{
    const char *text = "{\n  \"port\": 70000\n}";
    sc_error err;
    char buf[256];

    sc_fail(&err, SC_ERR_CONSTRAINT, "maximum", "must be <= %d", 65535);
    sc_error_push_key(&err, "port");
    err.offset = 12;
    sc_error_format_at("config.json", text, strlen(text), &err, buf, sizeof buf);
    CHECK_STR(buf, "config.json:2:11: /port: must be <= 65535");
    sc_error_format_at(NULL, text, strlen(text), &err, buf, sizeof buf);
    CHECK_STR(buf, "2:11: /port: must be <= 65535");
    sc_error_format_at("", text, strlen(text), &err, buf, sizeof buf);
    CHECK_STR(buf, "2:11: /port: must be <= 65535");
    sc_error_format_at("config.json", NULL, 0, &err, buf, sizeof buf);
    CHECK_STR(buf, "config.json: /port: must be <= 65535");
    sc_error_format_at(NULL, NULL, 0, &err, buf, sizeof buf);
    CHECK_STR(buf, "/port: must be <= 65535"); /* as sc_error_format */

    /* at the root: no path */
    sc_fail(&err, SC_ERR_SYNTAX, NULL, "JSON has no comments (// ...)");
    err.offset = 2;
    sc_error_format_at("a.json", text, strlen(text), &err, buf, sizeof buf);
    CHECK_STR(buf, "a.json:2:1: JSON has no comments (// ...)");
    /* no message: the code's text */
    sc_error_clear(&err);
    err.code = SC_ERR_NOMEM;
    sc_error_format_at("a.json", NULL, 0, &err, buf, sizeof buf);
    CHECK_STR(buf, "a.json: out of memory");
}

static void format_at_should_cut_to_fit_and_always_terminate(void)
{
    const char *text = "{\"port\": 70000}";
    sc_error err;
    char buf[64];

    sc_fail(&err, SC_ERR_CONSTRAINT, "maximum", "must be <= 65535");
    sc_error_push_key(&err, "port");
    err.offset = 9;
    for (size_t size = 1; size <= sizeof buf; size++) {
        memset(buf, 'x', sizeof buf);
        sc_error_format_at("config.json", text, strlen(text), &err, buf, size);
        CHECK(memchr(buf, '\0', size) != NULL);
        CHECK(strncmp(buf, "config.json:1:10: /port: must be <= 65535", size - 1) == 0);
        CHECK(size == sizeof buf || buf[size] == 'x'); /* nothing past size */
    }
    sc_error_format_at("f", text, strlen(text), &err, NULL, 10); /* no buffer: nothing */
    buf[0] = 'x';
    sc_error_format_at("f", text, strlen(text), &err, buf, 0);
    CHECK(buf[0] == 'x');
}

/* ---- errors of a config file through the generated decoder ------------------ */

/* The document every case changes in one place: lines 1 to 10. */
static const char base[] = "{\n"
                           "  \"name\": \"edge\",\n"
                           "  \"listen\": 8080,\n"
                           "  \"log\": \"info\",\n"
                           "  \"upstreams\": [\n"
                           "    {\"host\": \"a.example\", \"port\": 80},\n"
                           "    {\"host\": \"b.example\", \"port\": 81, \"weight\": 2}\n"
                           "  ],\n"
                           "  \"region\": \"eu\"\n"
                           "}\n";

typedef struct place_case {
    const char *from, *to; /* base with the first `from` replaced by `to` */
    int code;
    const char *path;
    int line, column; /* counted by hand, in characters */
    const char *msg;  /* a part of the message */
} place_case;

static const place_case place_cases[] = {
    /* constraints: on the failing value */
    {"\"listen\": 8080", "\"listen\": 70000", SC_ERR_CONSTRAINT, "/listen", 3, 13,
     "must be <= 65535"},
    {"\"listen\": 8080", "\"listen\":\t70000", SC_ERR_CONSTRAINT, "/listen", 3, 13,
     "must be <= 65535"},
    {"\"port\": 81", "\"port\": 0", SC_ERR_CONSTRAINT, "/upstreams/1/port", 7, 35, "must be >= 1"},
    {"\"weight\": 2", "\"weight\": 101", SC_ERR_CONSTRAINT, "/upstreams/1/weight", 7, 49,
     "must be <= 100"},
    /* after multi-byte characters on the same line: characters, not bytes */
    {"\"name\": \"edge\",\n  \"listen\": 8080",
     "\"name\": \"\xC3\xA9t\xC3\xA9 \xE2\x98\x83 \xF0\x9F\x98\x80\", \"listen\": 0",
     SC_ERR_CONSTRAINT, "/listen", 2, 32, "must be >= 1"},
    {"\"edge\"",
     "\""
     "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
     "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
     "\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9\xC3\xA9"
     "\xC3\xA9\xC3\xA9\xC3\xA9"
     "\"",
     SC_ERR_CONSTRAINT, "/name", 2, 11, "at most 32 characters"},
    {"\"edge\"", "\"\"", SC_ERR_CONSTRAINT, "/name", 2, 11, "at least 1 character"},
    {"\"eu\"", "\"EU\"", SC_ERR_CONSTRAINT, "/region", 9, 13, "pattern"},
    {"\"info\"", "\"verbose\"", SC_ERR_CONSTRAINT, "/log", 4, 10, "must be one of"},
    {"[\n    {\"host\": \"a.example\", \"port\": 80},\n    {\"host\": \"b.example\", \"port\": 81, \"weight\": 2}\n  ]",
     "[]", SC_ERR_CONSTRAINT, "/upstreams", 5, 16, "at least 1 item"},
    {"[\n    {\"host\": \"a.example\", \"port\": 80},",
     "[\n    {\"host\": \"a\", \"port\": 1}, {\"host\": \"a\", \"port\": 1},\n"
     "    {\"host\": \"a\", \"port\": 1}, {\"host\": \"a\", \"port\": 1},",
     SC_ERR_CONSTRAINT, "/upstreams", 5, 16, "at most 4 items"},
    /* types, members */
    {"\"listen\": 8080", "\"listen\": \"8080\"", SC_ERR_TYPE, "/listen", 3, 13,
     "must be an integer"},
    {"\"region\"", "\"regoin\"", SC_ERR_UNKNOWN_PROPERTY, "", 9, 13, "unknown property \"regoin\""},
    {", \"port\": 80}", "}", SC_ERR_REQUIRED, "/upstreams/0", 6, 26, "port"},
    {"\"log\": \"info\"", "\"name\": \"x\"", SC_ERR_DUPLICATE_KEY, "", 4, 3, "duplicate"},
    {"\"log\": \"info\"", "\"n\\u0061me\" :\n \"x\"", SC_ERR_DUPLICATE_KEY, "", 4, 3,
     "duplicate key \"name\""},
    {"\"region\": \"eu\"", "\"region\": \"eu\", \"listen\": 1", SC_ERR_DUPLICATE_KEY, "", 9, 19,
     "duplicate key \"listen\""},
    {"\"edge\"", "\"ed\xFFge\"", SC_ERR_UTF8, "/name", 2, 14, "invalid UTF-8"},
    /* the usual non-JSON of config files */
    {"\"log\": \"info\",", "\"log\": \"info\", // or debug", SC_ERR_SYNTAX, "", 4, 18,
     "JSON has no comments (// ...)"},
    {"  \"listen\"", "  /* the port */\n  \"listen\"", SC_ERR_SYNTAX, "", 3, 3,
     "JSON has no comments (/* ... */)"},
    {"{\n", "# proxy\n{\n", SC_ERR_SYNTAX, "", 1, 1, "JSON has no comments (# ...)"},
    {"\"eu\"\n", "\"eu\",\n", SC_ERR_SYNTAX, "", 9, 17,
     "trailing comma: JSON allows none before '}'"},
    {"\"weight\": 2}\n", "\"weight\": 2},\n", SC_ERR_SYNTAX, "/upstreams", 7, 51,
     "trailing comma: JSON allows none before ']'"},
    {"\"region\"", "region", SC_ERR_SYNTAX, "", 9, 3,
     "object keys must be strings in double quotes"},
    {"{\"host\": \"b.example\"", "{host: \"b.example\"", SC_ERR_SYNTAX, "/upstreams/1", 7, 6,
     "object keys must be strings in double quotes"},
    {"\"region\"", "'region'", SC_ERR_SYNTAX, "", 9, 3,
     "object keys must be strings in double quotes"},
    {"\"eu\"", "'eu'", SC_ERR_SYNTAX, "/region", 9, 13, "JSON strings use double quotes"},
    {"\"a.example\"", "'a.example'", SC_ERR_SYNTAX, "/upstreams/0/host", 6, 14,
     "JSON strings use double quotes"},
    {"{\n", "\xEF\xBB\xBF{\n", SC_ERR_SYNTAX, "", 1, 1, "byte order mark"},
    /* other syntax errors, and the end of the text */
    {"\"listen\": 8080", "\"listen\" 8080", SC_ERR_SYNTAX, "", 3, 12, "expected ':'"},
    {"\n}\n", "\n", SC_ERR_SYNTAX, "", 10, 1, "unexpected end of input in object"},
    {"\n}\n", "\n}\n}\n", SC_ERR_SYNTAX, "", 11, 1, "unexpected data after the JSON value"},
};

/* base with the case's change, and with "\n" as "\r\n" when crlf. */
static char *case_text(const place_case *c, bool crlf)
{
    const char *at = strstr(base, c->from);
    size_t n = 0;
    char *out;

    if (at == NULL) {
        fprintf(stderr, "no `%s` in the base document\n", c->from);
        exit(1);
    }
    out = malloc(2 * (sizeof base + strlen(c->to)) + 1);
    if (out == NULL)
        exit(1);
    for (const char *s = base; *s;) {
        const char *piece = s == at ? c->to : s;
        size_t len = s == at ? strlen(c->to) : 1;
        for (size_t i = 0; i < len; i++) {
            if (crlf && piece[i] == '\n')
                out[n++] = '\r';
            out[n++] = piece[i];
        }
        s += s == at ? strlen(c->from) : 1;
    }
    out[n] = '\0';
    return out;
}

static void config_errors_should_be_placed_at_their_line_and_column(void)
{
    for (size_t i = 0; i < sizeof place_cases / sizeof place_cases[0]; i++) {
        for (int crlf = 0; crlf <= 1; crlf++) {
            const place_case *c = &place_cases[i];
            char *text = case_text(c, crlf);
            size_t len = strlen(text), line, column;
            sc_arena arena;
            proxy_config config;
            sc_error err, found[4];
            sc_errors errs;
            char buf[512];
            int rc;

            sc_arena_init(&arena, NULL);
            rc = proxy_config_decode(&arena, text, len, &config, &err);
            sc_error_position(text, len, &err, &line, &column);
            sc_error_format_at("proxy.json", text, len, &err, buf, sizeof buf);
            bool ok = rc == c->code && err.code == c->code && strcmp(err.path, c->path) == 0 &&
                      line == (size_t)c->line && column == (size_t)c->column &&
                      strstr(err.message, c->msg);
            test_checks++;
            if (!ok) {
                test_failures++;
                fprintf(
                    stderr,
                    "case %zu (%s)%s: got %s at %zu:%zu (offset %zu): %s\n  want %s at %d:%d, %s: %s\n",
                    i, c->to, crlf ? " CRLF" : "", sc_strerror(rc), line, column, err.offset, buf,
                    sc_strerror(c->code), c->line, c->column, c->path, c->msg);
            }
            /* the all-errors mode's first error is the same, placed alike */
            sc_arena_reset(&arena);
            sc_errors_init(&errs, found, 4);
            rc = proxy_config_decode_all(&arena, text, len, &config, &errs);
            CHECK(rc == c->code && errs.count >= 1);
            if (errs.count >= 1) {
                CHECK(found[0].code == err.code && found[0].offset == err.offset);
                CHECK_STR(found[0].path, err.path);
                CHECK_STR(found[0].message, err.message);
            }
            sc_arena_release(&arena);
            free(text);
        }
    }
}

static void base_document_should_decode(void)
{
    sc_arena arena;
    proxy_config config;
    sc_error err;

    sc_arena_init(&arena, NULL);
    CHECK(proxy_config_decode(&arena, base, strlen(base), &config, &err) == 0);
    CHECK_STR(config.name, "edge");
    CHECK(config.listen == 8080 && config.upstreams_count == 2 && config.upstreams[1].weight == 2);
    CHECK(config.upstreams[0].weight == 1); /* its default */
    sc_arena_release(&arena);
}

/* ---- sc_read_file ---------------------------------------------------------- */

static char tmpdir[256];

/* A file of the given bytes in the test's folder: its path (static). */
static const char *write_file(const char *name, const char *bytes, size_t len)
{
    static char path[512];
    FILE *f;

    snprintf(path, sizeof path, "%s/%s", tmpdir, name);
    f = fopen(path, "wb");
    if (f == NULL || (len > 0 && fwrite(bytes, 1, len, f) != len) || fclose(f) != 0) {
        fprintf(stderr, "cannot write %s\n", path);
        exit(1);
    }
    return path;
}

static char *filled(size_t len)
{
    char *b = malloc(len + 1);
    if (b == NULL)
        exit(1);
    for (size_t i = 0; i < len; i++)
        b[i] = (char)('a' + i % 26);
    b[len] = '\0';
    return b;
}

static void read_file_should_read_a_whole_file_into_the_arena(void)
{
    sc_arena arena;
    sc_error err;
    const char *text = NULL;
    size_t len = 0;
    char *big = filled(100000); /* more than the first read of a pipe */
    const char *path;

    sc_arena_init(&arena, NULL);
    path = write_file("base.json", base, strlen(base));
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0 && err.code == SC_OK);
    CHECK(len == strlen(base) && text != NULL && memcmp(text, base, len) == 0 && text[len] == '\0');

    path = write_file("empty.json", "", 0);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0);
    CHECK(len == 0 && text != NULL && text[0] == '\0');

    path = write_file("big.json", big, 100000);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0);
    CHECK(len == 100000 && memcmp(text, big, len) == 0 && text[len] == '\0');

    /* a buffer arena, off the heap */
    {
        static char room[4096];
        sc_arena small;
        sc_arena_init_buffer(&small, room, sizeof room);
        path = write_file("base.json", base, strlen(base));
        CHECK(sc_read_file(&small, path, &text, &len, &err) == 0 && len == strlen(base));
        path = write_file("big.json", big, 10000);
        CHECK(sc_read_file(&small, path, &text, &len, &err) == SC_ERR_NOMEM);
        CHECK(text == NULL && len == 0);
    }
    sc_arena_release(&arena);
    free(big);
}

static void read_file_should_refuse_a_file_over_max_input_before_reading_it(void)
{
    sc_arena arena;
    sc_limits limits = {0};
    sc_error err;
    const char *text = "x";
    size_t len = 7;
    char *doc = filled(101);
    const char *path;

    limits.max_input = 100;
    sc_arena_init(&arena, NULL);
    sc_arena_set_limits(&arena, &limits);

    path = write_file("at.json", doc, 100);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0 && len == 100);

    sc_arena_reset(&arena);
    path = write_file("over.json", doc, 101);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == SC_ERR_LIMIT);
    CHECK(err.code == SC_ERR_LIMIT && err.keyword == NULL && err.path[0] == '\0' &&
          err.offset == 0);
    CHECK_STR(err.message,
              "the document is 101 bytes long, over the limit of 100 bytes (max_input)");
    CHECK(text == NULL && len == 0);
    CHECK(sc_arena_used(&arena) == 0); /* refused by its size: nothing read */

    /* the wording T_decode has for the same bytes */
    {
        proxy_config config;
        sc_error decode_err;
        CHECK(proxy_config_decode(&arena, doc, 101, &config, &decode_err) == SC_ERR_LIMIT);
        CHECK_STR(decode_err.message, err.message);
    }

    /* max_bytes: the arena cannot hold the file */
    limits.max_input = 0;
    limits.max_bytes = 4096;
    sc_arena_set_limits(&arena, &limits);
    {
        char *big = filled(20000);
        path = write_file("big.json", big, 20000);
        CHECK(sc_read_file(&arena, path, &text, &len, &err) == SC_ERR_LIMIT);
        CHECK(strstr(err.message, "(max_bytes)") != NULL);
        free(big);
    }
    sc_arena_release(&arena);
    free(doc);
}

/* A pipe holding bytes[0..len) and then its end, as /dev/fd/N: a file with
 * no size to go by. */
static const char *pipe_with(const char *bytes, size_t len, int *read_end)
{
    static char path[64];
    int fds[2];

    if (pipe(fds) != 0 || (len > 0 && write(fds[1], bytes, len) != (ssize_t)len)) {
        fprintf(stderr, "cannot fill a pipe: %s\n", strerror(errno));
        exit(1);
    }
    close(fds[1]);
    *read_end = fds[0];
    snprintf(path, sizeof path, "/dev/fd/%d", fds[0]);
    return path;
}

static void read_file_should_read_a_pipe_up_to_max_input(void)
{
    sc_arena arena;
    sc_limits limits = {0};
    sc_error err;
    const char *text = NULL, *path;
    size_t len = 0;
    int fd;
    char *doc = filled(40000); /* within a pipe's buffer, past the first read's room */

    if (access("/dev/fd/0", F_OK) != 0) {
        printf("  no /dev/fd: pipes not tested\n");
        free(doc);
        return;
    }
    sc_arena_init(&arena, NULL);
    path = pipe_with(doc, 40000, &fd);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0);
    CHECK(len == 40000 && memcmp(text, doc, len) == 0 && text[len] == '\0');
    close(fd);

    limits.max_input = 100;
    sc_arena_set_limits(&arena, &limits);
    path = pipe_with(doc, 100, &fd);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0 && len == 100);
    close(fd);
    path = pipe_with(doc, 40000, &fd);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == SC_ERR_LIMIT);
    CHECK_STR(err.message, "the document is longer than the limit of 100 bytes (max_input)");
    CHECK(text == NULL && len == 0);
    /* it stopped after max_input + 1 bytes: the rest is still in the pipe */
    {
        char rest[64];
        CHECK(read(fd, rest, sizeof rest) == (ssize_t)sizeof rest);
    }
    close(fd);

    limits.max_input = 30000; /* past the first read's room, short of the pipe */
    sc_arena_set_limits(&arena, &limits);
    path = pipe_with(doc, 30001, &fd);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == SC_ERR_LIMIT);
    close(fd);
    path = pipe_with(doc, 30000, &fd);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0 && len == 30000);
    close(fd);
    sc_arena_release(&arena);
    free(doc);
}

static void read_file_should_say_why_a_file_cannot_be_read(void)
{
    sc_arena arena;
    sc_error err;
    const char *text = "x";
    size_t len = 7;
    char path[512], buf[600];

    sc_arena_init(&arena, NULL);
    snprintf(path, sizeof path, "%s/no-such.json", tmpdir);
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == SC_ERR_ARGUMENT);
    CHECK(text == NULL && len == 0);
    CHECK_STR(err.message, "cannot open the file: No such file or directory");
    sc_error_format_at("no-such.json", text, len, &err, buf, sizeof buf);
    CHECK_STR(buf, "no-such.json: cannot open the file: No such file or directory");

    CHECK(sc_read_file(&arena, tmpdir, &text, &len, &err) == SC_ERR_ARGUMENT);
    CHECK_STR(err.message, "cannot read the file: Is a directory");

    CHECK(sc_read_file(NULL, path, &text, &len, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_read_file(&arena, NULL, &text, &len, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_read_file(&arena, path, NULL, &len, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_read_file(&arena, path, &text, NULL, &err) == SC_ERR_ARGUMENT);
    CHECK(sc_read_file(&arena, path, &text, &len, NULL) == SC_ERR_ARGUMENT);
    sc_arena_release(&arena);
}

/* The docs' three steps: read, decode, print file:line:col. */
static void a_config_file_should_load_or_say_where_it_is_wrong(void)
{
    sc_arena arena;
    proxy_config config;
    sc_error err;
    const char *text, *path;
    size_t len;
    char buf[512];
    static const char bad[] = "{\n  \"name\": \"edge\",\n  \"listen\": 80,\n  \"upstreams\": [\n"
                              "    {\"host\": \"a\", \"port\": 99999}\n  ]\n}\n";

    sc_arena_init(&arena, NULL);
    path = write_file("proxy.json", base, strlen(base));
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0 &&
          proxy_config_decode(&arena, text, len, &config, &err) == 0);
    CHECK(config.listen == 8080 && config.log == LOG_INFO);

    path = write_file("proxy.json", bad, strlen(bad));
    CHECK(sc_read_file(&arena, path, &text, &len, &err) == 0);
    CHECK(proxy_config_decode(&arena, text, len, &config, &err) == SC_ERR_CONSTRAINT);
    sc_error_format_at("proxy.json", text, len, &err, buf, sizeof buf);
    CHECK_STR(buf, "proxy.json:5:27: /upstreams/0/port: must be <= 65535");
    sc_arena_release(&arena);
}

int main(void)
{
    const char *base_dir = getenv("TMPDIR");
    snprintf(tmpdir, sizeof tmpdir, "%s/schemac-config-XXXXXX",
             base_dir && *base_dir ? base_dir : "/tmp");
    if (mkdtemp(tmpdir) == NULL) {
        fprintf(stderr, "mkdtemp: %s\n", strerror(errno));
        return 1;
    }
    RUN(position_should_count_lines_from_1_and_characters_from_1);
    RUN(position_should_count_characters_not_bytes);
    RUN(position_should_take_crlf_and_lone_cr_as_one_line_end);
    RUN(position_should_take_the_end_past_the_text_and_1_1_without_one);
    RUN(format_at_should_write_file_line_column_path_message);
    RUN(format_at_should_cut_to_fit_and_always_terminate);
    RUN(base_document_should_decode);
    RUN(config_errors_should_be_placed_at_their_line_and_column);
    RUN(read_file_should_read_a_whole_file_into_the_arena);
    RUN(read_file_should_refuse_a_file_over_max_input_before_reading_it);
    RUN(read_file_should_read_a_pipe_up_to_max_input);
    RUN(read_file_should_say_why_a_file_cannot_be_read);
    RUN(a_config_file_should_load_or_say_where_it_is_wrong);
    {
        const char *names[] = {"base.json", "empty.json", "big.json",
                               "at.json",   "over.json",  "proxy.json"};
        char path[512];
        for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
            snprintf(path, sizeof path, "%s/%s", tmpdir, names[i]);
            unlink(path);
        }
        rmdir(tmpdir);
    }
    return TEST_RESULT();
}
