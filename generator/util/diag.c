/* schemac generator: diagnostics. */
#include "util/diag.h"

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
 * obey) become \xNN, and so do the bytes of the Unicode line and paragraph
 * separators U+2028 and U+2029 (terminals and CI log viewers break lines
 * there) and of the bidirectional controls U+202A..U+202E and
 * U+2066..U+2069 (they reorder what is shown after them: a diagnostic
 * could be made to read as another). The line is built first and written with one call:
 * stderr is unbuffered, and a character at a time cost one write(2) per
 * byte (150,000 of them for a header with 1,400 dialect warnings). */
/* U+2028..U+202E or U+2066..U+2069 in UTF-8 (E2 80 A8..AE, E2 81 A6..A9). */
static bool is_layout_control(const unsigned char *p)
{
    if (p[0] != 0xe2)
        return false;
    if (p[1] == 0x80)
        return p[2] >= 0xa8 && p[2] <= 0xae;
    if (p[1] == 0x81)
        return p[2] >= 0xa6 && p[2] <= 0xa9;
    return false;
}

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
        } else if (is_layout_control(p)) {
            sb_printf(&line, "\\x%02x\\x%02x\\x%02x", p[0], p[1], p[2]);
            p += 2;
        } else
            sb_putc(&line, (char)*p);
    }
    sb_putc(&line, '\n');
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

/* The diagnostics printed so far: the same one found again (a member
 * shared by every variant of a tagged union is checked in each) says
 * nothing new. Hashed, as a header of many tools gives thousands of
 * dialect warnings. */
static struct {
    char **lines; /* in the order printed */
    size_t n, cap;
    size_t *slots; /* open addressing: index + 1 into lines, 0 = free; at most half full */
    size_t nslots; /* 0 or a power of two */
} printed;

static uint64_t hash_text(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h;
}

/* The slot holding line, or the free slot where it would go. */
static size_t *printed_slot(const char *line)
{
    size_t mask = printed.nslots - 1;
    size_t i = (size_t)hash_text(line) & mask;
    while (printed.slots[i] != 0 && strcmp(printed.lines[printed.slots[i] - 1], line) != 0)
        i = (i + 1) & mask;
    return &printed.slots[i];
}

/* Whether line is new, remembering it. */
static bool first_time(char *line)
{
    if (2 * (printed.n + 1) > printed.nslots) {
        free(printed.slots);
        printed.nslots = printed.nslots ? 2 * printed.nslots : 64;
        printed.slots = xcalloc(printed.nslots, sizeof *printed.slots);
        for (size_t i = 0; i < printed.n; i++)
            *printed_slot(printed.lines[i]) = i + 1;
    }
    size_t *slot = printed_slot(line);
    if (*slot != 0)
        return false;
    if (printed.n == printed.cap) {
        printed.cap = printed.cap ? 2 * printed.cap : 64;
        printed.lines = xrealloc(printed.lines, printed.cap * sizeof *printed.lines);
    }
    printed.lines[printed.n++] = line;
    *slot = printed.n;
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
    free(printed.slots);
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
