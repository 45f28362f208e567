/* schemac generator: diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

diag_state diag;

/* Writes text with its control characters escaped: diagnostics quote the
 * header (names, tag values), and a header must not be able to send escape
 * sequences to the terminal that shows them. C0 controls, DEL and the C1
 * controls (U+0080..U+009F, which some terminals obey) become \xNN. */
static void put_sanitised(const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            fprintf(stderr, "\\x%02x", *p);
        else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
            fprintf(stderr, "\\xc2\\x%02x", p[1]);
            p++;
        } else
            fputc(*p, stderr);
    }
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
    put_sanitised(sb.data);
    fputc('\n', stderr);
    sb_free(&sb);
}

void diag_print(const char *line)
{
    put_sanitised(line);
    fputc('\n', stderr);
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
