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

/* The warnings by name: what -Wno-NAME and -Werror=NAME take, what --help,
 * the man page and SARIF's rules say of each. */
const warning_desc warning_table[WARNING_COUNT] = {
    [W_DIALECT] = {"dialect", "a provider dialect cannot express a constraint of a tool, for the dialects "
                              "targeted (-Wdialect=NAME; others are summed up in one note; -Wno-dialect=NAME: "
                              "not dialect NAME)", false},
    [W_TYPE_RANGE] = {"type-range", "a bound beyond the range of its C type (the type's bound applies)", false},
    [W_EXAMPLES] = {"examples", "an @examples value that its type or constraints refuse", false},
    [W_ACCEPT_OVERLAP] = {"accept-overlap", "@acceptOverlap on a variant that shares no value with an earlier one",
                          false},
    [W_DEPTH] = {"depth", "every document nests deeper than the default depth limit", false},
    [W_NOTHING_TO_GENERATE] = {"nothing-to-generate", "no struct is tagged @schema or @tool (or none has the "
                                                      "dialect asked for)", false},
    [W_UNTAGGED_OUTPUT] = {"untagged-output", "@output names a struct that is not tagged @schema (the tool then has "
                                              "no outputSchema and its result is not checked); an error by default",
                           true},
    [W_CHAR_BYTES] = {"char-bytes", "a char[N] member's maxLength (characters) admits text longer than its N-1 "
                                    "bytes, which the decoder refuses", false},
};

/* Per warning: reported at all, and made an error or kept a warning
 * whatever -Werror says (gcc's -Werror=NAME and -Wno-error=NAME). */
enum { AS_DEFAULT, AS_ERROR, AS_WARNING };
static struct {
    bool silenced;
    int as;
} warning_state[WARNING_COUNT];

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

bool diag_warning_option(const char *arg)
{
    warning_id w;
    if (strcmp(arg, "-Werror") == 0)
        diag.warnings_are_errors = true;
    else if (strcmp(arg, "-Wno-error") == 0)
        diag.warnings_are_errors = false;
    else if (strncmp(arg, "-Werror=", 8) == 0 && warning_named(arg + 8, &w))
        warning_state[w].as = AS_ERROR;
    else if (strncmp(arg, "-Wno-error=", 11) == 0 && warning_named(arg + 11, &w))
        warning_state[w].as = AS_WARNING;
    else if (strncmp(arg, "-Wno-", 5) == 0 && warning_named(arg + 5, &w))
        warning_state[w].silenced = true;
    else if (strncmp(arg, "-W", 2) == 0 && warning_named(arg + 2, &w))
        warning_state[w].silenced = false;
    else
        return false;
    return true;
}

bool diag_warning_enabled(warning_id w)
{
    return !warning_state[w].silenced;
}

static bool warning_is_error(warning_id w)
{
    if (warning_state[w].as != AS_DEFAULT)
        return warning_state[w].as == AS_ERROR;
    return diag.warnings_are_errors || warning_table[w].error_by_default;
}

/* How diagnostics are shown (diag_configure). */
static struct {
    diag_format format;
    bool color;
    bool parseable_fixits;
    const char *file;
    const char *version;
} shown;

void diag_configure(diag_format format, diag_color color, bool parseable_fixits, const char *file,
                    const char *version)
{
    shown.format = format;
    /* gcc's auto: colour only on a terminal that is not "dumb" */
    const char *term = getenv("TERM");
    shown.color = format == DIAG_FORMAT_TEXT &&
                  (color == DIAG_COLOR_ALWAYS ||
                   (color == DIAG_COLOR_AUTO && isatty(STDERR_FILENO) && term != NULL && strcmp(term, "dumb") != 0));
    shown.parseable_fixits = parseable_fixits;
    shown.file = file;
    shown.version = version;
}

static struct {
    record *items;
    size_t n, cap;
} records;

static char *dup_or_null(const char *s)
{
    return s != NULL ? xstrdup(s) : NULL;
}

static void keep_record(const char *kind, src_loc where, const char *message, const char *option,
                        const diag_fixit *fix)
{
    if (records.n == records.cap) {
        records.cap = records.cap ? 2 * records.cap : 16;
        records.items = xrealloc(records.items, records.cap * sizeof *records.items);
    }
    record *r = &records.items[records.n++];
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

static void put_colored_line(const char *kind, src_loc where, const char *message, const char *option)
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
    sb_printf(&line, "\":{%u:%u-%u:%u}:\"", fix->from.line, fix->from.col, fix->from.line, fix->to_col);
    put_sanitised(&line, fix->text);
    sb_puts(&line, "\"\n");
    fwrite(line.data, 1, line.len, stderr);
    sb_free(&line);
}

/* Shows one diagnostic in the chosen form. plain: its text line. */
static void show(const char *plain, const char *kind, src_loc where, const char *message, const char *option,
                 const diag_fixit *fix)
{
    if (shown.format != DIAG_FORMAT_TEXT)
        keep_record(kind, where, message, option, fix);
    else if (shown.color)
        put_colored_line(kind, where, message, option);
    else
        put_sanitised_line(plain);
    if (shown.format == DIAG_FORMAT_TEXT && fix != NULL && shown.parseable_fixits)
        put_parseable_fixit(where, fix);
}

/* Whether the last error or warning was shown: its notes follow it, and
 * are dropped with it when it was a repeat. */
static bool last_shown = true;

/* Reports the diagnostic unless it was reported before (a note: unless
 * its error or warning was not shown); whether it was new. */
static bool report(src_loc where, const char *kind, const char *option, const diag_fixit *fix, const char *fmt,
                   va_list ap)
{
    bool note = strcmp(kind, "note") == 0;
    if (note && !last_shown)
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
    bool is_new = note || first_time(line);
    if (!note)
        last_shown = is_new;
    if (is_new)
        show(line, kind, where, message.data, option, fix);
    if (note || !is_new)
        free(line);
    sb_free(&message);
    return is_new;
}

void diag_forget(void)
{
    for (size_t i = 0; i < printed.n; i++)
        free(printed.lines[i]);
    free(printed.slots);
    free(printed.lines);
    memset(&printed, 0, sizeof printed);
    last_shown = true;
    for (size_t i = 0; i < records.n; i++) {
        record *r = &records.items[i];
        free(r->kind);
        free(r->file);
        free(r->message);
        free(r->option);
        free(r->fix_text);
    }
    free(records.items);
    memset(&records, 0, sizeof records);
}

void diag_print(const char *line)
{
    put_sanitised_line(line);
}

void diag_clang(const char *formatted, const char *kind, src_loc where, const char *message, const char *option)
{
    if (shown.format == DIAG_FORMAT_TEXT && !shown.color)
        put_sanitised_line(formatted);
    else
        show(formatted, kind, where, message, option, NULL);
}

void diag_error(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(where, "error", NULL, NULL, fmt, ap);
    va_end(ap);
    diag.errors += counted;
}

void diag_error_fixit(src_loc where, diag_fixit fix, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(where, "error", NULL, &fix, fmt, ap);
    va_end(ap);
    diag.errors += counted;
}

void diag_warning(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    bool as_error = diag.warnings_are_errors;
    bool counted = report(where, as_error ? "error" : "warning", NULL, NULL, fmt, ap);
    va_end(ap);
    if (as_error)
        diag.errors += counted;
    else
        diag.warnings += counted;
}

void diag_warn(warning_id w, src_loc where, const char *fmt, ...)
{
    if (warning_state[w].silenced)
        return;
    bool as_error = warning_is_error(w);
    char option[64];
    snprintf(option, sizeof option, as_error ? "-Werror=%s" : "-W%s", warning_table[w].name);
    va_list ap;
    va_start(ap, fmt);
    bool counted = report(where, as_error ? "error" : "warning", option, NULL, fmt, ap);
    va_end(ap);
    if (as_error)
        diag.errors += counted;
    else
        diag.warnings += counted;
}

void diag_note(src_loc where, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    (void)report(where, "note", NULL, NULL, fmt, ap);
    va_end(ap);
}

bool diag_failed(void)
{
    return diag.errors > 0; /* warnings made errors are counted there */
}

int diag_finish(void)
{
    if (shown.format == DIAG_FORMAT_TEXT)
        return 0;
    char *text = shown.format == DIAG_FORMAT_JSON
                     ? diag_document_json(records.items, records.n)
                     : diag_document_sarif(records.items, records.n, shown.version, !diag_failed());
    FILE *f = shown.file != NULL ? fopen(shown.file, "w") : stderr;
    if (f == NULL) {
        fprintf(stderr, "schemac: error: cannot write the diagnostics to '%s': %s\n", shown.file, strerror(errno));
        free(text);
        return -1;
    }
    bool ok = fputs(text, f) >= 0;
    if (f != stderr)
        ok = fclose(f) == 0 && ok;
    free(text);
    if (!ok) {
        fprintf(stderr, "schemac: error: cannot write the diagnostics to '%s'\n", shown.file != NULL ? shown.file : "stderr");
        return -1;
    }
    return 0;
}
