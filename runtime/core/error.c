/* sc_error: codes, messages and the JSON Pointer of the failing value. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "schemac/error.h"
#include "utf8.h"

static const char *const error_texts[] = {
#define SC_ERROR_TEXT_(name, text) text,
    SC_ERROR_CODES(SC_ERROR_TEXT_)
#undef SC_ERROR_TEXT_
};

const char *sc_strerror(int code)
{
    if (code < 0 || code >= SC_ERR_COUNT_)
        return "unknown error";
    return error_texts[code];
}

void sc_error_clear(sc_error *err)
{
    if (!err)
        return;
    err->code = SC_OK;
    err->keyword = NULL;
    err->offset = 0;
    err->path[0] = '\0';
    err->message[0] = '\0';
    err->all = NULL;
    err->level = 0;
    err->walk = NULL;
}

int sc_fail(sc_error *err, int code, const char *keyword, const char *fmt, ...)
{
    if (!err)
        return code;
    err->code = code;
    err->keyword = keyword;
    err->offset = 0;
    err->path[0] = '\0';
    err->message[0] = '\0';
    if (fmt) {
        va_list ap;
        va_start(ap, fmt);
        /* vsnprintf truncates and always terminates; a cut message is fine. */
        vsnprintf(err->message, sizeof err->message, fmt, ap);
        va_end(ap);
    }
    return code;
}

int sc_fail_at(sc_error *err, int code, const char *pointer, const char *fmt, ...)
{
    if (!err)
        return code;
    va_list ap;
    va_start(ap, fmt);
    (void)sc_fail(err, code, NULL, NULL);
    vsnprintf(err->message, sizeof err->message, fmt, ap);
    va_end(ap);
    snprintf(err->path, sizeof err->path, "%s", pointer != NULL ? pointer : "");
    return code;
}

/* Prepends seg[0..seglen) (already escaped, starting with '/') to the path.
 * When the result would not fit, whole segments are dropped from the deep
 * end, so the path stays a valid pointer to an ancestor of the failing
 * value rather than a cut-off name that points nowhere. */
static void prepend_segment(sc_error *err, const char *seg, size_t seglen)
{
    const size_t room = SC_ERROR_PATH_MAX - 1;
    size_t oldlen = strlen(err->path);

    if (seglen > room) {
        /* Not even this segment fits: only its ancestors can be named. */
        err->path[0] = '\0';
        return;
    }
    if (seglen + oldlen > room) {
        size_t keep = room - seglen;
        /* Cut at the last '/' at or before keep: a segment boundary. '/'
         * inside a name is escaped as ~1, so every '/' is a boundary. */
        while (keep > 0 && err->path[keep] != '/')
            keep--;
        oldlen = keep;
    }
    memmove(err->path + seglen, err->path, oldlen);
    memcpy(err->path, seg, seglen);
    err->path[seglen + oldlen] = '\0';
}

int sc_error_push_key(sc_error *err, const char *key)
{
    return sc_error_push_key_n(err, key != NULL ? key : "", key != NULL ? strlen(key) : 0);
}

int sc_error_push_key_n(sc_error *err, const char *key, size_t len)
{
    char seg[SC_ERROR_PATH_MAX + 1];
    size_t n = 0;

    if (!err)
        return SC_ERR_ARGUMENT; /* no code to return: never report success */
    seg[n++] = '/';
    for (size_t i = 0; i < len; i++) {
        if (n + 2 > SC_ERROR_PATH_MAX) {
            n = SC_ERROR_PATH_MAX; /* longer than any path: prepend drops it */
            break;
        }
        if (key[i] == '~') {
            seg[n++] = '~';
            seg[n++] = '0';
        } else if (key[i] == '/') {
            seg[n++] = '~';
            seg[n++] = '1';
        } else {
            seg[n++] = key[i];
        }
    }
    prepend_segment(err, seg, n);
    return err->code;
}

int sc_error_push_index(sc_error *err, size_t index)
{
    char seg[32];
    int n;

    if (!err)
        return SC_ERR_ARGUMENT;
    n = snprintf(seg, sizeof seg, "/%zu", index);
    prepend_segment(err, seg, (size_t)n);
    return err->code;
}

void sc_error_format(const sc_error *err, char *buf, size_t size)
{
    const char *msg;

    if (!buf || size == 0)
        return;
    if (!err) {
        snprintf(buf, size, "%s", sc_strerror(SC_OK));
        return;
    }
    msg = err->message[0] ? err->message : sc_strerror(err->code);
    if (err->path[0])
        snprintf(buf, size, "%s: %s", err->path, msg);
    else
        snprintf(buf, size, "%s", msg);
}

void sc_error_position(const char *text, size_t len, const sc_error *err, size_t *line,
                       size_t *column)
{
    const unsigned char *s = (const unsigned char *)text;
    size_t at = err != NULL && text != NULL ? err->offset : 0;
    size_t ln = 1, col = 1, i = 0;

    if (at > len)
        at = len;
    while (i < at) {
        unsigned char c = s[i];
        if (c == '\n' || (c == '\r' && (i + 1 >= len || s[i + 1] != '\n'))) {
            ln++;
            col = 1;
            i++;
            continue;
        }
        /* a character: one column, however many bytes (an offset inside
         * one, which no error has, stops after it) */
        size_t n = c < 0x80 ? 1 : sc_utf8_sequence(s + i, len - i);
        i += n ? n : 1;
        col++;
    }
    if (line)
        *line = ln;
    if (column)
        *column = col;
}

/* Appends s to buf[0..size) at *used, cut to fit, always terminated. */
static void append(char *buf, size_t size, size_t *used, const char *s)
{
    size_t n = strlen(s);

    if (*used + 1 >= size)
        return;
    if (n > size - *used - 1)
        n = size - *used - 1;
    memcpy(buf + *used, s, n);
    *used += n;
    buf[*used] = '\0';
}

void sc_error_format_at(const char *file, const char *text, size_t len, const sc_error *err,
                        char *buf, size_t size)
{
    size_t used = 0;

    if (!buf || size == 0)
        return;
    buf[0] = '\0';
    if (file && file[0]) {
        append(buf, size, &used, file);
        append(buf, size, &used, ":");
    }
    if (text) {
        char place[48];
        size_t line, column;
        sc_error_position(text, len, err, &line, &column);
        snprintf(place, sizeof place, "%zu:%zu:", line, column);
        append(buf, size, &used, place);
    }
    if (used > 0)
        append(buf, size, &used, " ");
    sc_error_format(err, buf + used, size - used);
}

void sc_errors_init(sc_errors *errs, sc_error *items, size_t max)
{
    if (!errs)
        return;
    errs->items = items;
    errs->max = items ? max : 0;
    errs->count = 0;
    errs->truncated = false;
    errs->stop = SC_OK;
}

void sc_errors_format(const sc_errors *errs, char *buf, size_t size)
{
    size_t used = 0;

    if (!buf || size == 0)
        return;
    buf[0] = '\0';
    for (size_t i = 0; errs && i < errs->count && used + 1 < size; i++) {
        if (i > 0)
            buf[used++] = '\n';
        sc_error_format(&errs->items[i], buf + used, size - used);
        used += strlen(buf + used);
    }
}
