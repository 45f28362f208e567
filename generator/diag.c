/* schemac generator: diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

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

static void report(src_loc where, const char *kind, const char *fmt, va_list ap)
{
    strbuf sb;
    sb_init(&sb);
    if (where.file != NULL)
        sb_printf(&sb, "%s:%u:%u: %s: ", where.file, where.line, where.col, kind);
    else
        sb_printf(&sb, "schemac: %s: ", kind);
    sb_vprintf(&sb, fmt, ap);
    put_sanitised_line(sb.data);
    sb_free(&sb);
}

void diag_print(const char *line)
{
    put_sanitised_line(line);
}

void diag_error(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(where, "error", fmt, ap);
    va_end(ap);
    diag.errors++;
}

void diag_warning(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(where, diag.warnings_are_errors ? "error" : "warning", fmt, ap);
    va_end(ap);
    diag.warnings++;
}

void diag_note(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    report(where, "note", fmt, ap);
    va_end(ap);
}

bool diag_failed(void)
{
    return diag.errors > 0 || (diag.warnings_are_errors && diag.warnings > 0);
}
