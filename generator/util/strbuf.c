/* schemac generator: growable strings and checked allocation. */
#include "util/strbuf.h"

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
    size_t cap = sb->cap ? sb->cap : 256; /* most texts fit: fewer reallocs */
    while (cap < need)
        cap *= 2;
    sb->data = xrealloc(sb->data, cap);
    sb->cap = cap;
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

/* Formats fmt with the conversions the emitters use on nearly every line
 * (%s %.*s %c %d %u %x %zu %ld %lu %lld %llu %%) and returns true, or
 * returns false at any other conversion, having put part of the text:
 * glibc's vsnprintf costs hundreds of instructions a call before it
 * formats anything, and formatting lines is most of what the generator
 * does. */
static bool put_common(strbuf *sb, const char *fmt, va_list ap)
{
    for (const char *pct; (pct = strchr(fmt, '%')) != NULL;) {
        sb_putn(sb, fmt, (size_t)(pct - fmt));
        const char *c = pct + 1;
        int longs = 0;
        while (*c == 'l' && longs < 2) {
            longs++;
            c++;
        }
        if (longs > 0 && *c != 'd' && *c != 'u')
            return false;
        switch (*c) {
        case '%':
            sb_putc(sb, '%');
            break;
        case 's':
            sb_puts(sb, va_arg(ap, const char *));
            break;
        case 'c':
            sb_putc(sb, (char)va_arg(ap, int));
            break;
        case 'x':
            put_unsigned(sb, va_arg(ap, unsigned), 16);
            break;
        case 'd':
            put_signed(sb, longs == 0   ? va_arg(ap, int)
                           : longs == 1 ? va_arg(ap, long)
                                        : va_arg(ap, long long));
            break;
        case 'u':
            put_unsigned(sb,
                         longs == 0   ? va_arg(ap, unsigned)
                         : longs == 1 ? va_arg(ap, unsigned long)
                                      : va_arg(ap, unsigned long long),
                         10);
            break;
        case 'z':
            if (*++c != 'u')
                return false;
            put_unsigned(sb, va_arg(ap, size_t), 10);
            break;
        case '.': {
            if (c[1] != '*' || c[2] != 's')
                return false;
            c += 2;
            int n = va_arg(ap, int);
            const char *text = va_arg(ap, const char *);
            const char *end =
                n < 0 ? NULL : memchr(text, '\0', (size_t)n); /* negative: no precision */
            sb_putn(sb, text,
                    n < 0         ? strlen(text)
                    : end != NULL ? (size_t)(end - text)
                                  : (size_t)n);
            break;
        }
        default:
            return false;
        }
        fmt = c + 1;
    }
    sb_puts(sb, fmt);
    return true;
}

/* Formats straight into the free room, and only a text longer than that
 * room a second time. */
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap)
{
    size_t start = sb->len;
    va_list copy;
    va_copy(copy, ap);
    bool done = put_common(sb, fmt, copy);
    va_end(copy);
    if (done)
        return;
    sb->len = start; /* a rarer conversion: all of it again, by vsnprintf */
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

void sb_insert_front(strbuf *sb, const char *s, size_t n)
{
    sb_reserve(sb, n);
    memmove(sb->data + n, sb->data, sb->len);
    memcpy(sb->data, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}

char *sb_take(strbuf *sb)
{
    char *s = sb->data ? sb->data : xstrdup("");
    sb_init(sb);
    return s;
}

char *read_whole_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return NULL;
    strbuf sb;
    sb_init(&sb);
    char chunk[8192];
    size_t got;
    while ((got = fread(chunk, 1, sizeof chunk, f)) > 0)
        sb_putn(&sb, chunk, got);
    fclose(f);
    return sb_take(&sb);
}

/* Whether only blanks follow p: a '\\' there splices the next line, as
 * gcc and clang read a backslash, white space and a line end. */
static bool blanks_to_end(const char *p)
{
    while (*p == ' ' || *p == '\t')
        p++;
    return *p == '\0';
}

void sb_put_comment_text(strbuf *sb, const char *s)
{
    for (const char *p = s; *p; p++) {
        if (*p == '\n' || *p == '\r') {
            sb_putc(sb, ' ');
            continue;
        }
        sb_putc(sb, *p);
        bool splits = (p[0] == '*' && p[1] == '/') || (p[0] == '/' && p[1] == '*') ||
                      (p[0] == '?' && p[1] == '?') || (p[0] == '\\' && blanks_to_end(p + 1));
        if (splits)
            sb_puts(sb, "@.");
    }
}

void sb_put_c_string(strbuf *sb, const char *s)
{
    /* what follows the backslash: 0 no backslash (the byte as itself), 1
     * the byte in octal, else this letter */
    static char escape[256];
    if (escape['?'] == 0) {
        for (int c = 0; c < 0x20; c++)
            escape[c] = 1;
        escape[0x7f] = 1;
        escape['"'] = '"';
        escape['\\'] = '\\';
        escape['\n'] = 'n';
        escape['\r'] = 'r';
        escape['\t'] = 't';
        escape['?'] = '?'; /* no trigraphs, ever */
    }
    size_t len = strlen(s);
    sb_reserve(sb, 4 * len); /* \ooo is the longest form of a byte */
    char *o = sb->data + sb->len;
    for (size_t i = 0; i < len; i++) {
        unsigned char c = (unsigned char)s[i];
        char e = escape[c];
        if (e == 0) {
            *o++ = (char)c;
        } else if (e != 1) {
            o[0] = '\\';
            o[1] = e;
            o += 2;
        } else {
            o[0] = '\\';
            o[1] = (char)('0' + (c >> 6));
            o[2] = (char)('0' + ((c >> 3) & 7));
            o[3] = (char)('0' + (c & 7));
            o += 4;
        }
    }
    *o = '\0';
    sb->len = (size_t)(o - sb->data);
}

void sb_put_json_number(strbuf *sb, double v)
{
    char text[40];
    format_json_number(text, v);
    sb_puts(sb, text);
}

void format_json_number(char text[40], double v)
{
    if (v == (double)(long long)v && v >= -9007199254740992.0 && v <= 9007199254740992.0)
        snprintf(text, 40, "%lld", (long long)v);
    else
        format_shortest_double(text, v);
}

void format_shortest_double(char text[40], double v)
{
    for (int precision = 1; precision <= 17; precision++) {
        snprintf(text, 40, "%.*g", precision, v);
        if (strtod(text, NULL) == v)
            return;
    }
}
