/* schemac generator: diagnostics. */
#define _POSIX_C_SOURCE 200809L /* isatty, fileno */
#include "util/diag.h"

#include "util/diag_document.h"

#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static void put_sanitised(strbuf *line, const char *text)
{
    for (const unsigned char *p = (const unsigned char *)text; *p; p++) {
        if (*p < 0x20 || *p == 0x7f)
            sb_printf(line, "\\x%02x", *p);
        else if (*p == 0xc2 && p[1] >= 0x80 && p[1] <= 0x9f) {
            sb_printf(line, "\\xc2\\x%02x", p[1]);
            p++;
        } else if (is_layout_control(p)) {
            sb_printf(line, "\\x%02x\\x%02x\\x%02x", p[0], p[1], p[2]);
            p += 2;
        } else
            sb_putc(line, (char)*p);
    }
}

static void put_sanitised_line(const char *text)
{
    strbuf line;
    sb_init(&line);
    put_sanitised(&line, text);
    sb_putc(&line, '\n');
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

static uint64_t hash_text(const char *s)
{
    uint64_t h = UINT64_C(14695981039346656037); /* FNV-1a */
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * UINT64_C(1099511628211);
    return h;
}

/* The slot holding line, or the free slot where it would go. */
static size_t *printed_slot(diag_state *d, const char *line)
{
    size_t mask = d->printed.nslots - 1;
    size_t i = (size_t)hash_text(line) & mask;
    while (d->printed.slots[i] != 0 && strcmp(d->printed.lines[d->printed.slots[i] - 1], line) != 0)
        i = (i + 1) & mask;
    return &d->printed.slots[i];
}

/* Whether line is new, remembering it. */
static bool first_time(diag_state *d, char *line)
{
    if (2 * (d->printed.n + 1) > d->printed.nslots) {
        free(d->printed.slots);
        d->printed.nslots = d->printed.nslots ? 2 * d->printed.nslots : 64;
        d->printed.slots = xcalloc(d->printed.nslots, sizeof *d->printed.slots);
        for (size_t i = 0; i < d->printed.n; i++)
            *printed_slot(d, d->printed.lines[i]) = i + 1;
    }
    size_t *slot = printed_slot(d, line);
    if (*slot != 0)
        return false;
    if (d->printed.n == d->printed.cap) {
        d->printed.cap = d->printed.cap ? 2 * d->printed.cap : 64;
        d->printed.lines = xrealloc(d->printed.lines, d->printed.cap * sizeof *d->printed.lines);
    }
    d->printed.lines[d->printed.n++] = line;
    *slot = d->printed.n;
    return true;
}

/* The warnings by name: what -Wno-NAME and -Werror=NAME take, what --help,
 * the man page and SARIF's rules say of each. */
const warning_desc warning_table[WARNING_COUNT] = {
    [W_DIALECT] = {"dialect",
                   "a provider dialect cannot express a constraint of a tool, for the dialects "
                   "targeted (-Wdialect=NAME; others are summed up in one note; -Wno-dialect=NAME: "
                   "not dialect NAME)",
                   false},
    [W_TYPE_RANGE] = {"type-range",
                      "a bound beyond the range of its C type (the type's bound applies)", false},
    [W_EXAMPLES] = {"examples", "an @examples value that its type or constraints refuse", false},
    [W_ACCEPT_OVERLAP] = {"accept-overlap",
                          "@acceptOverlap on a variant that shares no value with an earlier one",
                          false},
    [W_DEPTH] = {"depth", "every document nests deeper than the default depth limit", false},
    [W_NOTHING_TO_GENERATE] = {"nothing-to-generate",
                               "no struct is tagged @schema or @tool (or none has the "
                               "dialect asked for)",
                               false},
    [W_UNTAGGED_OUTPUT] = {"untagged-output",
                           "@output names a struct that is not tagged @schema (the tool then has "
                           "no outputSchema and its result is not checked); an error by default",
                           true},
    [W_CHAR_BYTES] = {"char-bytes",
                      "a char[N] member's maxLength (characters) admits text longer than its N-1 "
                      "bytes, which the decoder refuses",
                      false},
};

/* Per warning (diag_state.warning_state): made an error or kept a
 * warning whatever -Werror says (gcc's -Werror=NAME and -Wno-error=NAME). */
enum { AS_DEFAULT, AS_ERROR, AS_WARNING };

static bool warning_named(const char *name, warning_id *w)
{
    for (int i = 0; i < WARNING_COUNT; i++) {
        if (strcmp(warning_table[i].name, name) == 0) {
            *w = (warning_id)i;
            return true;
        }
    }
    return false;
}

bool diag_warning_option(diag_state *d, const char *arg)
{
    warning_id w;
    if (strcmp(arg, "-Werror") == 0)
        d->warnings_are_errors = true;
    else if (strcmp(arg, "-Wno-error") == 0)
        d->warnings_are_errors = false;
    else if (strncmp(arg, "-Werror=", 8) == 0 && warning_named(arg + 8, &w))
        d->warning_state[w].as = AS_ERROR;
    else if (strncmp(arg, "-Wno-error=", 11) == 0 && warning_named(arg + 11, &w))
        d->warning_state[w].as = AS_WARNING;
    else if (strncmp(arg, "-Wno-", 5) == 0 && warning_named(arg + 5, &w))
        d->warning_state[w].silenced = true;
    else if (strncmp(arg, "-W", 2) == 0 && warning_named(arg + 2, &w))
        d->warning_state[w].silenced = false;
    else
        return false;
    return true;
}

bool diag_warning_enabled(const diag_state *d, warning_id w)
{
    return !d->warning_state[w].silenced;
}

static bool warning_is_error(const diag_state *d, warning_id w)
{
    if (d->warning_state[w].as != AS_DEFAULT)
        return d->warning_state[w].as == AS_ERROR;
    return d->warnings_are_errors || warning_table[w].error_by_default;
}

void diag_configure(diag_state *d, diag_format format, diag_color color, bool parseable_fixits,
                    const char *file, const char *version)
{
    d->shown.format = format;
    /* gcc's auto: colour only on a terminal that is not "dumb" */
    const char *term = getenv("TERM");
    d->shown.color =
        format == DIAG_FORMAT_TEXT &&
        (color == DIAG_COLOR_ALWAYS || (color == DIAG_COLOR_AUTO && isatty(STDERR_FILENO) &&
                                        term != NULL && strcmp(term, "dumb") != 0));
    d->shown.parseable_fixits = parseable_fixits;
    d->shown.file = file;
    d->shown.version = version;
}

static char *dup_or_null(const char *s)
{
    return s != NULL ? xstrdup(s) : NULL;
}

static void keep_record(diag_state *d, const char *kind, src_loc where, const char *message,
                        const char *option, const diag_fixit *fix)
{
    if (d->records.n == d->records.cap) {
        d->records.cap = d->records.cap ? 2 * d->records.cap : 16;
        d->records.items = xrealloc(d->records.items, d->records.cap * sizeof *d->records.items);
    }
    record *r = &d->records.items[d->records.n++];
    memset(r, 0, sizeof *r);
    r->kind = xstrdup(kind);
    r->file = dup_or_null(where.file);
    r->line = where.line;
    r->col = where.col;
    r->message = xstrdup(message);
    r->option = dup_or_null(option);
    r->is_note = strcmp(kind, "note") == 0;
    if (fix != NULL) {
        r->has_fix = true;
        r->fix_line = fix->from.line;
        r->fix_col = fix->from.col;
        r->fix_to_col = fix->to_col;
        r->fix_text = xstrdup(fix->text);
    }
}

/* clang's colours (clang/Frontend/TextDiagnostic.cpp): the place bold,
 * the kind bold and coloured, the message of an error or warning bold. */
static const char *kind_color(const char *kind)
{
    if (strcmp(kind, "warning") == 0)
        return "\033[0;1;35m";
    if (strcmp(kind, "note") == 0)
        return "\033[0;1;30m";
    return "\033[0;1;31m"; /* error, fatal error */
}

static void put_colored_line(const char *kind, src_loc where, const char *message,
                             const char *option)
{
    strbuf line;
    sb_init(&line);
    if (where.file != NULL) {
        sb_puts(&line, "\033[1m");
        put_sanitised(&line, where.file);
        sb_printf(&line, ":%u:%u: \033[0m", where.line, where.col);
    } else
        sb_puts(&line, "schemac: ");
    sb_puts(&line, kind_color(kind));
    sb_puts(&line, kind);
    sb_puts(&line, ": \033[0m");
    bool bold = strcmp(kind, "note") != 0;
    if (bold)
        sb_puts(&line, "\033[1m");
    put_sanitised(&line, message);
    if (option != NULL) {
        sb_puts(&line, " [");
        put_sanitised(&line, option);
        sb_puts(&line, "]");
    }
    if (bold)
        sb_puts(&line, "\033[0m");
    sb_putc(&line, '\n');
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

/* clang's -fdiagnostics-parseable-fixits line. */
static void put_parseable_fixit(src_loc where, const diag_fixit *fix)
{
    strbuf line;
    sb_init(&line);
    sb_puts(&line, "fix-it:\"");
    put_sanitised(&line, where.file != NULL ? where.file : "");
    sb_printf(&line, "\":{%u:%u-%u:%u}:\"", fix->from.line, fix->from.col, fix->from.line,
              fix->to_col);
    put_sanitised(&line, fix->text);
    sb_puts(&line, "\"\n");
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

/* Shows one diagnostic in the chosen form. plain: its text line. */
static void show(diag_state *d, const char *plain, const char *kind, src_loc where,
                 const char *message, const char *option, const diag_fixit *fix)
{
    if (d->shown.format != DIAG_FORMAT_TEXT)
        keep_record(d, kind, where, message, option, fix);
    else if (d->shown.color)
        put_colored_line(kind, where, message, option);
    else
        put_sanitised_line(plain);
    if (d->shown.format == DIAG_FORMAT_TEXT && fix != NULL && d->shown.parseable_fixits)
        put_parseable_fixit(where, fix);
}

/* Reports the diagnostic unless it was reported before (a note: unless
 * its error or warning was not shown); whether it was new. */
static bool report(diag_state *d, src_loc where, const char *kind, const char *option,
                   const diag_fixit *fix, const char *fmt, va_list ap)
{
    bool note = strcmp(kind, "note") == 0;
    if (note && d->last_dropped)
        return false;
    strbuf message;
    sb_init(&message);
    sb_vprintf(&message, fmt, ap);
    strbuf sb;
    sb_init(&sb);
    if (where.file != NULL)
        sb_printf(&sb, "%s:%u:%u: %s: %s", where.file, where.line, where.col, kind, message.data);
    else
        sb_printf(&sb, "schemac: %s: %s", kind, message.data);
    if (option != NULL)
        sb_printf(&sb, " [%s]", option);
    char *line = sb_take(&sb);
    /* a note is shown with each error it belongs to, never folded into an
     * equal note of an earlier one; first_time keeps the line it took */
    bool is_new = note || first_time(d, line);
    if (!note)
        d->last_dropped = !is_new;
    if (is_new)
        show(d, line, kind, where, message.data, option, fix);
    if (note || !is_new)
        free(line);
    sb_free(&message);
    return is_new;
}

void diag_forget(diag_state *d)
{
    for (size_t i = 0; i < d->printed.n; i++)
        free(d->printed.lines[i]);
    free(d->printed.slots);
    free(d->printed.lines);
    for (size_t i = 0; i < d->records.n; i++) {
        record *r = &d->records.items[i];
        free(r->kind);
        free(r->file);
        free(r->message);
        free(r->option);
        free(r->fix_text);
    }
    free(d->records.items);
    memset(d, 0, sizeof *d);
}

void diag_print(const char *line)
{
    put_sanitised_line(line);
}

void diag_clang(diag_state *d, const char *formatted, const char *kind, src_loc where,
                const char *message, const char *option)
{
    if (d->shown.format == DIAG_FORMAT_TEXT && !d->shown.color)
        put_sanitised_line(formatted);
    else
        show(d, formatted, kind, where, message, option, NULL);
}

void diag_error(diag_state *d, src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(d, where, "error", NULL, NULL, fmt, ap);
    va_end(ap);
    d->errors += counted;
}

void diag_error_fixit(diag_state *d, src_loc where, diag_fixit fix, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(d, where, "error", NULL, &fix, fmt, ap);
    va_end(ap);
    d->errors += counted;
}

void diag_warning(diag_state *d, src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool as_error = d->warnings_are_errors;
    bool counted = report(d, where, as_error ? "error" : "warning", NULL, NULL, fmt, ap);
    va_end(ap);
    if (as_error)
        d->errors += counted;
    else
        d->warnings += counted;
}

void diag_warn(diag_state *d, warning_id w, src_loc where, const char *fmt, ...)
{
    if (d->warning_state[w].silenced)
        return;
    bool as_error = warning_is_error(d, w);
    char option[64];
    snprintf(option, sizeof option, as_error ? "-Werror=%s" : "-W%s", warning_table[w].name);
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(d, where, as_error ? "error" : "warning", option, NULL, fmt, ap);
    va_end(ap);
    if (as_error)
        d->errors += counted;
    else
        d->warnings += counted;
}

void diag_note(diag_state *d, src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    (void)report(d, where, "note", NULL, NULL, fmt, ap);
    va_end(ap);
}

bool diag_failed(const diag_state *d)
{
    return d->errors > 0; /* warnings made errors are counted there */
}

int diag_finish(diag_state *d)
{
    if (d->shown.format == DIAG_FORMAT_TEXT)
        return 0;
    char *text = d->shown.format == DIAG_FORMAT_JSON
                     ? diag_document_json(d->records.items, d->records.n)
                     : diag_document_sarif(d->records.items, d->records.n, d->shown.version,
                                           !diag_failed(d));
    FILE *f = d->shown.file != NULL ? fopen(d->shown.file, "w") : stderr;
    if (f == NULL) {
        fprintf(stderr, "schemac: error: cannot write the diagnostics to '%s': %s\n", d->shown.file,
                strerror(errno));
        free(text);
        return -1;
    }
    bool ok = fputs(text, f) >= 0;
    if (f != stderr)
        ok = fclose(f) == 0 && ok;
    free(text);
    if (!ok) {
        fprintf(stderr, "schemac: error: cannot write the diagnostics to '%s'\n",
                d->shown.file != NULL ? d->shown.file : "stderr");
        return -1;
    }
    return 0;
}
