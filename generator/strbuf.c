/* schemac generator: growable strings and checked allocation. */
#include "strbuf.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void *xmalloc(size_t size)
{
    void *p = malloc(size ? size : 1);
    if (p == NULL) {
        fputs("schemac: out of memory\n", stderr);
        exit(3);
    }
    return p;
}

void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (p == NULL) {
        fputs("schemac: out of memory\n", stderr);
        exit(3);
    }
    return p;
}

void *xrealloc(void *p, size_t size)
{
    void *q = realloc(p, size ? size : 1);
    if (q == NULL) {
        fputs("schemac: out of memory\n", stderr);
        exit(3);
    }
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = '\0';
    return d;
}

char *xstrdup(const char *s)
{
    return xstrndup(s, strlen(s));
}

char *xasprintf(const char *fmt, ...)
{
    strbuf sb;
    va_list ap;
    sb_init(&sb);
    va_start(ap, fmt);
    sb_vprintf(&sb, fmt, ap);
    va_end(ap);
    return sb_take(&sb);
}

void sb_init(strbuf *sb)
{
    sb->data = NULL;
    sb->len = 0;
    sb->cap = 0;
}

void sb_free(strbuf *sb)
{
    free(sb->data);
    sb_init(sb);
}

void sb_reserve(strbuf *sb, size_t extra)
{
    size_t need = sb->len + extra + 1;
    if (need <= sb->cap)
        return;
    size_t cap = sb->cap ? sb->cap : 64;
    while (cap < need)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
}

void sb_putn(strbuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

void sb_puts(strbuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}

/* Formats straight into the free room, and only a text longer than that
 * room a second time: formatting is most of what the generator does. */
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    if (strchr(fmt, '%') == NULL) { /* most emitted lines are plain text */
        sb_puts(sb, fmt);
        return;
    }
    va_list copy;
    sb_reserve(sb, 128);
    va_copy(copy, ap);
    int n = vsnprintf(sb->data + sb->len, sb->cap - sb->len, fmt, copy);
    va_end(copy);
    if (n < 0) {
        sb->data[sb->len] = '\0';
        return;
    }
    if ((size_t)n >= sb->cap - sb->len) {
        sb_reserve(sb, (size_t)n);
        vsnprintf(sb->data + sb->len, (size_t)n + 1, fmt, ap);
    }
    sb->len += (size_t)n;
}

void sb_printf(strbuf *sb, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

char *sb_take(strbuf *sb)
{
    char *s = sb->data ? sb->data : xstrdup("");
    sb_init(sb);
    return s;
}

void sb_put_c_string(strbuf *sb, const char *s)
{
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        const unsigned char *plain = p; /* copy runs of plain bytes at once */
        while (*p >= 0x20 && *p != 0x7f && *p != '"' && *p != '\\' && *p != '?')
            p++;
        if (p > plain)
            sb_putn(sb, (const char *)plain, (size_t)(p - plain));
        if (*p == '\0')
            break;
        switch (*p) {
        case '"': sb_puts(sb, "\\\""); break;
        case '\\': sb_puts(sb, "\\\\"); break;
        case '\n': sb_puts(sb, "\\n"); break;
        case '\r': sb_puts(sb, "\\r"); break;
        case '\t': sb_puts(sb, "\\t"); break;
        case '?': sb_puts(sb, "\\?"); break; /* no trigraphs, ever */
        default:
            if (*p < 0x20 || *p == 0x7f)
                sb_printf(sb, "\\%03o", *p);
            else
                sb_putc(sb, (char)*p);
        }
    }
}

void sb_put_json_number(strbuf *sb, double v)
{
    char text[40];
    if (v == (double)(long long)v && v >= -9007199254740992.0 && v <= 9007199254740992.0) {
        sb_printf(sb, "%lld", (long long)v);
        return;
    }
    format_shortest_double(text, v);
    sb_puts(sb, text);
}

void format_shortest_double(char text[40], double v)
{
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, 40, "%.*g", precision, v);
        if (strtod(text, NULL) == v)
            return;
    }
}
