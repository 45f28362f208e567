/* schemac generator: diagnostics. */
#include "diag.h"

#include <stdarg.h>
#include <stdio.h>

diag_state diag;

static void report(src_loc where, const char *kind, const char *fmt, va_list ap)
{
    if (where.file != NULL)
        fprintf(stderr, "%s:%u:%u: %s: ", where.file, where.line, where.col, kind);
    else
        fprintf(stderr, "schemac: %s: ", kind);
    vfprintf(stderr, fmt, ap);
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
