/* schemac generator: doc comment reading. */
#include "parse/annotations.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

static bool is_space(char c)
{
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

static bool is_alpha(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

static bool is_alnum(char c)
{
    return is_alpha(c) || (c >= '0' && c <= '9') || c == '_';
}

static bool starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

static void blank(char *s, size_t n)
{
    memset(s, ' ', n);
}

/* Replaces comment markers with spaces in place, so that every offset in
 * the cleaned text is the offset of the same character in the source.
 * The text may hold several comments (clang hands over adjacent doc
 * comments of one declaration as one): each one's markers go, so they
 * read as one comment, the later tags after the earlier ones. */
static void strip_markers(char *text)
{
    static const char *const openers[] = {"/**<", "/*!<", "/**", "/*!", "/*"};
    static const char *const line_openers[] = {"///<", "//!<", "///", "//!", "//"};

    for (char *p = text; *p;) {
        if (is_space(*p)) {
            p++;
        } else if (starts_with(p, "/*")) {
            for (size_t i = 0; i < sizeof openers / sizeof *openers; i++) {
                if (starts_with(p, openers[i])) {
                    blank(p, strlen(openers[i]));
                    break;
                }
            }
            char *end = strstr(p, "*/");
            if (end == NULL)
                end = p + strlen(p);
            /* the '*' that starts a continuation line */
            for (char *line = p; line != NULL && line < end;) {
                while (*line == ' ' || *line == '\t')
                    line++;
                if (*line == '*' && line < end)
                    *line = ' ';
                line = strchr(line, '\n');
                if (line != NULL)
                    line++;
            }
            if (*end == '\0')
                break;
            blank(end, 2);
            p = end + 2;
        } else if (starts_with(p, "//")) {
            for (size_t i = 0; i < sizeof line_openers / sizeof *line_openers; i++) {
                if (starts_with(p, line_openers[i])) {
                    blank(p, strlen(line_openers[i]));
                    break;
                }
            }
            while (*p && *p != '\n')
                p++;
        } else {
            p++; /* not a comment marker: clang hands over comments only */
        }
    }
}

static src_loc loc_at(const char *text, size_t offset, src_loc start)
{
    src_loc at = start;
    size_t line_start = 0;
    unsigned newlines = 0;
    for (size_t i = 0; i < offset; i++) {
        if (text[i] == '\n') {
            newlines++;
            line_start = i + 1;
        }
    }
    at.line = start.line + newlines;
    at.col = newlines == 0 ? start.col + (unsigned)offset : (unsigned)(offset - line_start) + 1;
    return at;
}

/* Collapses white space: runs within a paragraph become one space, a blank
 * line becomes a paragraph break "\n\n"; "@@" becomes "@" and "@." goes.
 * Returns NULL for empty text. */
static char *clean_text(const char *s, size_t n)
{
    strbuf sb;
    sb_init(&sb);
    size_t i = 0;
    while (i < n && is_space(s[i]))
        i++;
    while (i < n) {
        if (is_space(s[i])) {
            unsigned newlines = 0;
            while (i < n && is_space(s[i])) {
                if (s[i] == '\n')
                    newlines++;
                i++;
            }
            if (i < n)
                sb_puts(&sb, newlines >= 2 ? "\n\n" : " ");
            continue;
        }
        /* "@@" is a literal '@' (docs/annotations.md): "@@alice" would
         * otherwise start a tag. "@." is nothing: it parts what the
         * compiler would read otherwise ("*@./", "?@.?", a final "\@."). */
        if (s[i] == '@' && i + 1 < n && s[i + 1] == '.') {
            i += 2;
            continue;
        }
        if (s[i] == '@' && i + 1 < n && s[i + 1] == '@')
            i++;
        sb_putc(&sb, s[i++]);
    }
    if (sb.len == 0) {
        sb_free(&sb);
        return NULL;
    }
    return sb_take(&sb);
}

static bool tag_starts_at(const char *text, size_t i)
{
    return text[i] == '@' && (i == 0 || is_space(text[i - 1])) && is_alpha(text[i + 1]);
}

void annotations_parse(const char *raw, src_loc start, annotations *out)
{
    memset(out, 0, sizeof *out);
    if (raw == NULL || *raw == '\0')
        return;
    char *text = xstrdup(raw);
    strip_markers(text);
    size_t len = strlen(text);

    size_t i = 0;
    while (i < len && !tag_starts_at(text, i))
        i++;
    out->description = clean_text(text, i);

    while (i < len) {
        size_t name_start = i + 1, name_end = name_start;
        while (name_end < len && is_alnum(text[name_end]))
            name_end++;
        char *name = xstrndup(text + name_start, name_end - name_start);
        bool to_end_of_line = strcmp(name, "pattern") == 0;

        size_t value_start = name_end;
        while (value_start < len && (text[value_start] == ' ' || text[value_start] == '\t'))
            value_start++;
        size_t value_end = value_start;
        if (to_end_of_line) {
            while (value_end < len && text[value_end] != '\n')
                value_end++;
        } else {
            while (value_end < len && !tag_starts_at(text, value_end))
                value_end++;
        }
        size_t next = value_end;
        while (value_end > value_start && is_space(text[value_end - 1]))
            value_end--;

        tag t;
        t.name = name;
        t.where = loc_at(text, i, start);
        t.value_where = loc_at(text, value_start, start);
        if (to_end_of_line) {
            t.value = xstrndup(text + value_start, value_end - value_start);
        } else {
            t.value = clean_text(text + value_start, value_end - value_start);
            if (t.value == NULL)
                t.value = xstrdup("");
        }
        out->tags = xrealloc(out->tags, (out->ntags + 1) * sizeof *out->tags);
        out->tags[out->ntags++] = t;

        i = next;
        while (i < len && !tag_starts_at(text, i))
            i++;
    }
    free(text);
}

void annotations_free(annotations *a)
{
    for (size_t i = 0; i < a->ntags; i++) {
        free(a->tags[i].name);
        free(a->tags[i].value);
    }
    free(a->tags);
    free(a->description);
    memset(a, 0, sizeof *a);
}

const tag *annotations_find(const annotations *a, const char *name)
{
    for (size_t i = a->ntags; i-- > 0;)
        if (strcmp(a->tags[i].name, name) == 0)
            return &a->tags[i];
    return NULL;
}
