/* schemac generator: growable strings and checked allocation. */
#include "strbuf.h"

#include <stdbool.h>
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

/* The conversions the emitters use on nearly every line, which put_simple
 * does itself: glibc's vsnprintf costs hundreds of instructions a call
 * before it formats anything, and formatting lines is most of what the
 * generator does. A format with any other conversion takes vsnprintf. */
static const struct {
    const char *text; /* after the % */
    enum { C_PERCENT, C_STR, C_STRN, C_CHAR, C_INT, C_UINT, C_HEX, C_SIZE, C_LONG, C_ULONG, C_LLONG, C_ULLONG } kind;
} simple[] = {
    {"s", C_STR}, {"zu", C_SIZE}, {"d", C_INT}, {"u", C_UINT}, {"c", C_CHAR}, {"%", C_PERCENT},
    {"llu", C_ULLONG}, {"lld", C_LLONG}, {"lu", C_ULONG}, {"ld", C_LONG}, {"x", C_HEX}, {".*s", C_STRN},
};
enum { SIMPLE_COUNT = sizeof simple / sizeof simple[0] };

/* The entry of simple[] the conversion after a % is, or SIMPLE_COUNT. */
static size_t simple_conversion(const char *c)
{
    size_t i = 0;
    while (i < SIMPLE_COUNT && (c[0] != simple[i].text[0] || strncmp(c, simple[i].text, strlen(simple[i].text)) != 0))
        i++;
    return i;
}

static bool simple_format(const char *fmt)
{
    for (const char *p = strchr(fmt, '%'); p != NULL; p = strchr(p, '%')) {
        size_t i = simple_conversion(p + 1);
        if (i == SIMPLE_COUNT)
            return false;
        p += 1 + strlen(simple[i].text);
    }
    return true;
}

static void put_unsigned(strbuf *sb, unsigned long long v, unsigned base)
{
    char digits[24];
    size_t n = 0;
    do {
        digits[sizeof digits - ++n] = "0123456789abcdef"[v % base];
        v /= base;
    } while (v != 0);
    sb_putn(sb, digits + sizeof digits - n, n);
}

static void put_signed(strbuf *sb, long long v)
{
    if (v < 0)
        sb_putc(sb, '-');
    put_unsigned(sb, v < 0 ? 0ull - (unsigned long long)v : (unsigned long long)v, 10);
}

/* fmt, whose every conversion simple_format accepted. */
static void put_simple(strbuf *sb, const char *fmt, va_list ap)
{
    for (const char *pct; (pct = strchr(fmt, '%')) != NULL;) {
        sb_putn(sb, fmt, (size_t)(pct - fmt));
        size_t i = simple_conversion(pct + 1);
        switch (simple[i].kind) {
        case C_PERCENT: sb_putc(sb, '%'); break;
        case C_STR: sb_puts(sb, va_arg(ap, const char *)); break;
        case C_STRN: {
            int n = va_arg(ap, int);
            const char *s = va_arg(ap, const char *);
            const char *end = memchr(s, '\0', (size_t)n);
            sb_putn(sb, s, end != NULL ? (size_t)(end - s) : (size_t)n);
            break;
        }
        case C_CHAR: sb_putc(sb, (char)va_arg(ap, int)); break;
        case C_INT: put_signed(sb, va_arg(ap, int)); break;
        case C_UINT: put_unsigned(sb, va_arg(ap, unsigned), 10); break;
        case C_HEX: put_unsigned(sb, va_arg(ap, unsigned), 16); break;
        case C_SIZE: put_unsigned(sb, va_arg(ap, size_t), 10); break;
        case C_LONG: put_signed(sb, va_arg(ap, long)); break;
        case C_ULONG: put_unsigned(sb, va_arg(ap, unsigned long), 10); break;
        case C_LLONG: put_signed(sb, va_arg(ap, long long)); break;
        case C_ULLONG: put_unsigned(sb, va_arg(ap, unsigned long long), 10); break;
        }
        fmt = pct + 1 + strlen(simple[i].text);
    }
    sb_puts(sb, fmt);
}

/* Formats straight into the free room, and only a text longer than that
 * room a second time. */
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    if (simple_format(fmt)) {
        va_list copy;
        va_copy(copy, ap);
        put_simple(sb, fmt, copy);
        va_end(copy);
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
