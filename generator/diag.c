/* schemac generator: diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

diag_state diag;

/* Writes text and a newline with its control characters escaped:
 * diagnostics quote the header (names, tag values), and a header must not
 * be able to send escape sequences to the terminal that shows them. C0
 * controls, DEL and the C1 controls (U+0080..U+009F, which some terminals
 * obey) become \xNN. The line is built first and written with one call:
 * stderr is unbuffered, and a character at a time cost one write(2) per
 * byte (150,000 of them for a header with 1,400 dialect warnings). */
static void put_sanitised_line(const char *text)
{
    strbuf line;
    sb_init(&line);
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            sb_printf(&line, "\\x%02x", *p);
        else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
            sb_printf(&line, "\\xc2\\x%02x", p[1]);
            p++;
        } else
            sb_putc(&line, (char)*p);
    }
    sb_putc(&line, '\n');
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

/* The diagnostics printed so far, by hash: the same one found again (a
 * member shared by every variant of a tagged union is checked in each)
 * says nothing new. */
static struct {
    uint64_t *hashes;
    char **lines;
    size_t n;
} printed;

static uint64_t hash_text(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h;
}

/* Whether line is new, remembering it. */
static bool first_time(char *line)
{
    uint64_t h = hash_text(line);
    for (size_t i = 0; i < printed.n; i++)
        if (printed.hashes[i] == h && strcmp(printed.lines[i], line) == 0)
            return false;
    printed.hashes = xrealloc(printed.hashes, (printed.n + 1) * sizeof *printed.hashes);
    printed.lines = xrealloc(printed.lines, (printed.n + 1) * sizeof *printed.lines);
    printed.hashes[printed.n] = h;
    printed.lines[printed.n++] = line;
    return true;
}

/* Prints the diagnostic unless it was printed before; whether it was new. */
static bool report(src_loc where, const char *kind, const char *fmt, va_list ap)
{
    strbuf sb;
    sb_init(&sb);
    if (where.file != NULL)
        sb_printf(&sb, "%s:%u:%u: %s: ", where.file, where.line, where.col, kind);
    else
        sb_printf(&sb, "schemac: %s: ", kind);
    sb_vprintf(&sb, fmt, ap);
    char *line = sb_take(&sb);
    if (!first_time(line)) {
        free(line);
        return false;
    }
    put_sanitised_line(line);
    return true;
}

void diag_forget(void)
{
    for (size_t i = 0; i < printed.n; i++)
        free(printed.lines[i]);
    free(printed.hashes);
    free(printed.lines);
    memset(&printed, 0, sizeof printed);
}

void diag_print(const char *line)
{
    put_sanitised_line(line);
}

void diag_error(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(where, "error", fmt, ap);
    va_end(ap);
    diag.errors += counted;
}

void diag_warning(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(where, diag.warnings_are_errors ? "error" : "warning", fmt, ap);
    va_end(ap);
    diag.warnings += counted;
}

void diag_note(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    (void)report(where, "note", fmt, ap);
    va_end(ap);
}

bool diag_failed(void)
{
    return diag.errors > 0 || (diag.warnings_are_errors && diag.warnings > 0);
}
