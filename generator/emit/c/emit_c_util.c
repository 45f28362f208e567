/* schemac generator: what the C emitters share: writing lines, literals and
 * numbers, and what needs checking. */
#include "emit/c/emit_c_internal.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "emit/json/emit_schema.h"

static void put_indent(strbuf *sb, int level)
{
    for (int i = 0; i < level; i++)
        sb_puts(sb, "    ");
}

void emit_line(strbuf *sb, int level, const char *fmt, ...)
{
    va_list ap;
    put_indent(sb, level);
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
    sb_putc(sb, '\n');
}

/* text and its NUL as the characters of an array initialiser, and its end. */
static void put_char_list(strbuf *sb, const char *text)
{
    size_t len = strlen(text);
    for (size_t i = 0; i <= len; i++) {
        unsigned char c = (unsigned char)text[i];
        if (i % 24 == 0)
            sb_puts(sb, "\n   ");
        if (c >= 0x20 && c < 0x7f && c != '\'' &&
            c != '\\') { /* readable, and a third of the size */
            char item[6] = {' ', '\'', (char)c, '\'', ',', '\0'};
            sb_puts(sb, item);
        } else {
            sb_printf(sb, " '\\x%02x',", (unsigned)c);
        }
    }
    sb_puts(sb, "\n};\n\n");
}

/* ISO C promises string literals of 4095 characters, no more (-Wpedantic:
 * -Woverlength-strings): a text this long becomes a character array. */
enum { LONG_TEXT = 4000 };

/* The long texts of the source being emitted: one static array each, which
 * emit_long_texts writes ahead of the functions that name them. */
static struct {
    char **texts;
    size_t n;
    strbuf arrays;
} long_texts;

static char *long_text_name(size_t i)
{
    return xasprintf("sc_gen_long_text_%zu", i);
}

/* A C string literal for s (with the quotes); for a long text the name of
 * a character array holding it, usable wherever the literal would be. */
char *c_literal(const char *s)
{
    if (strlen(s) >= LONG_TEXT) {
        for (size_t i = 0; i < long_texts.n; i++)
            if (strcmp(long_texts.texts[i], s) == 0)
                return long_text_name(i);
        long_texts.texts =
            xrealloc(long_texts.texts, (long_texts.n + 1) * sizeof *long_texts.texts);
        long_texts.texts[long_texts.n] = xstrdup(s);
        char *name = long_text_name(long_texts.n++);
        /* char, not const char, as a literal is: it may stand where a
         * literal initialises a char * (a @default) */
        sb_printf(&long_texts.arrays, "static char %s[] = {", name);
        put_char_list(&long_texts.arrays, s);
        return name;
    }
    strbuf sb;
    sb_init(&sb);
    sb_putc(&sb, '"');
    sb_put_c_string(&sb, s);
    sb_putc(&sb, '"');
    return sb_take(&sb);
}

void emit_long_texts(strbuf *sb)
{
    if (long_texts.arrays.len > 0) {
        sb_puts(sb, "/* ---- texts too long for a string literal ---- */\n\n");
        sb_puts(sb, long_texts.arrays.data);
    }
    for (size_t i = 0; i < long_texts.n; i++)
        free(long_texts.texts[i]);
    free(long_texts.texts);
    sb_free(&long_texts.arrays);
    memset(&long_texts, 0, sizeof long_texts);
}

/* s as text of a generated comment (sb_put_comment_text). */
char *comment_text(const char *s)
{
    strbuf sb;
    sb_init(&sb);
    sb_put_comment_text(&sb, s);
    return sb_take(&sb);
}

/* A double as a C literal that reads back exactly. */
void put_double(strbuf *sb, double v)
{
    char text[40];
    if (v == (double)(long long)v && v > -1e15 && v < 1e15) {
        sb_printf(sb, "%lld.0", (long long)v);
        return;
    }
    format_shortest_double(text, v);
    sb_puts(sb, text);
    if (strpbrk(text, ".eEn") == NULL)
        sb_puts(sb, ".0");
}

/* A number for a message: 100 rather than 1e+02. */
char *double_text(double v)
{
    if (v == (double)(long long)v && v > -1e15 && v < 1e15)
        return xasprintf("%lld", (long long)v);
    strbuf sb;
    sb_init(&sb);
    put_double(&sb, v);
    return sb_take(&sb);
}

void put_i64(strbuf *sb, int64_t v)
{
    if (v == INT64_MIN)
        sb_puts(sb, "INT64_MIN");
    else
        sb_printf(sb, "INT64_C(%lld)", (long long)v);
}

bool is_root(const struct_def *s)
{
    return s->opted_in;
}

char *enum_choices(const enum_def *e)
{
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < e->nvalues; i++)
        sb_printf(&sb, "%s%s", i ? ", " : "", e->values[i].json_name);
    return sb_take(&sb);
}

/* The enumerator called json_name (check.c made sure there is one). */
const char *enum_c_name(const enum_def *e, const char *json_name)
{
    for (size_t i = 0; i < e->nvalues; i++)
        if (strcmp(e->values[i].json_name, json_name) == 0)
            return e->values[i].c_name;
    return e->values[0].c_name;
}

/* `[static ]const char NAME[] = "text";` */
void emit_text_constant(strbuf *sb, bool is_static, const char *name, const char *text)
{
    sb_printf(sb, "%sconst char %s[] =", is_static ? "static " : "", name);
    if (strlen(text) < LONG_TEXT) {
        sb_puts(sb, "\n    \"");
        sb_put_c_string(sb, text);
        sb_puts(sb, "\";\n\n");
    } else {
        /* printable ASCII as itself ('a', 4 bytes of C), the rest as
         * '\xNN' (valid as a char in C and C++ whatever its signedness) */
        sb_puts(sb, " {");
        put_char_list(sb, text);
    }
}

void emit_schema_constant(strbuf *sb, schema_texts *schemas, const struct_def *s)
{
    char *name = xasprintf("%s_schema_json", s->name);
    emit_text_constant(sb, false, name, schema_compact_text(schemas, s));
    free(name);
}
