/* schemac generator: a growable string, for building output and messages. */
#ifndef SCHEMAC_GENERATOR_STRBUF_H
#define SCHEMAC_GENERATOR_STRBUF_H

#include <stdarg.h>
#include <stddef.h>
#include <string.h>

#if defined(__GNUC__) || defined(__clang__)
#define GEN_PRINTF(fmt, args) __attribute__((format(printf, fmt, args)))
#else
#define GEN_PRINTF(fmt, args)
#endif

typedef struct strbuf {
    char *data; /* always NUL-terminated once anything was added */
    size_t len;
    size_t cap;
} strbuf;

void sb_init(strbuf *sb);
void sb_free(strbuf *sb);
/* Room for extra more bytes and the NUL. */
void sb_reserve(strbuf *sb, size_t extra);
/* Inline: the emitters put most of their output a few characters at a time. */
static inline void sb_putc(strbuf *sb, char c)
{
    if (sb->len + 2 > sb->cap)
        sb_reserve(sb, 1);
    sb->data[sb->len++] = c;
    sb->data[sb->len] = '\0';
}
static inline void sb_putn(strbuf *sb, const char *s, size_t n)
{
    if (sb->len + n + 1 > sb->cap)
        sb_reserve(sb, n);
    memcpy(sb->data + sb->len, s, n);
    sb->len += n;
    sb->data[sb->len] = '\0';
}
static inline void sb_puts(strbuf *sb, const char *s)
{
    sb_putn(sb, s, strlen(s));
}
/* Puts s[0..n) in front of what sb holds. */
void sb_insert_front(strbuf *sb, const char *s, size_t n);
void sb_printf(strbuf *sb, const char *fmt, ...) GEN_PRINTF(2, 3);
void sb_vprintf(strbuf *sb, const char *fmt, va_list ap);
/* Takes the string out (caller frees); the buffer is left empty. */
char *sb_take(strbuf *sb);
/* The whole file at path (its bytes, then a NUL), or NULL when it cannot be
 * opened. */
char *read_whole_file(const char *path);
/* Appends s as the body of a C string literal (without the quotes), by a
 * byte table straight into the free room: the documents embedded in the
 * generated source are most of the bytes the generator escapes. */
void sb_put_c_string(strbuf *sb, const char *s);
/* Appends s as text of a C comment (block or line) that means what s
 * says: "@." parts every star-slash and slash-star pair (a comment's end,
 * a nested start), every "??" (a trigraph under -std=c11; "??/" splices
 * lines) and follows a backslash that only blanks follow (a line splice),
 * and a line break is a space. The doc comment reader drops "@."
 * (docs/annotations.md). The one writer of user text into comments. */
void sb_put_comment_text(strbuf *sb, const char *s);

/* The shortest %g form of v that reads back as the same double, so
 * numbers in schemas and generated code are exact and readable. */
void format_shortest_double(char text[40], double v);
/* v as sb_put_json_number writes it: an integer up to 2^53 as one, any
 * other number in its shortest round-trip form (100, 0.1, 1e+300). */
void format_json_number(char text[40], double v);
/* A JSON number: integers as integers, others in their shortest exact form. */
void sb_put_json_number(strbuf *sb, double v);

/* Allocation that exits with a message on failure: the generator is a
 * short-lived tool, and running out of memory there has no recovery. */
void *xmalloc(size_t size);
void *xcalloc(size_t n, size_t size);
void *xrealloc(void *p, size_t size);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
char *xasprintf(const char *fmt, ...) GEN_PRINTF(1, 2);

#endif /* SCHEMAC_GENERATOR_STRBUF_H */
