/* schemac generator: diagnostics, in the gcc format on stderr by default,
 *     file:line:col: error: message
 *     file:line:col: warning: message [-Wname]
 * coloured as clang colours them (-fdiagnostics-color), or collected and
 * written at the end as gcc's JSON or as SARIF 2.1.0
 * (-fdiagnostics-format=json|sarif), on stderr or into a file.
 * Errors make schemac exit non-zero; so do warnings made errors (-Werror,
 * -Werror=NAME). Every warning has a name (warning_table), so each can be
 * silenced (-Wno-NAME) or made an error on its own. */
#ifndef SCHEMAC_GENERATOR_DIAG_H
#define SCHEMAC_GENERATOR_DIAG_H

#include <stdbool.h>
#include <stddef.h>

#include "util/diag_document.h"
#include "util/strbuf.h"

typedef struct src_loc {
    const char *file; /* owned by the model; NULL when unknown */
    unsigned line;
    unsigned col;
} src_loc;

/* The warnings, by name. A new warning adds a row here and to
 * warning_table (diag.c), and a line to docs/schemac.1's WARNINGS: a test
 * compares that list with `schemac --help`. */
typedef enum warning_id {
    W_DIALECT,
    W_TYPE_RANGE,
    W_EXAMPLES,
    W_ACCEPT_OVERLAP,
    W_DEPTH,
    W_NOTHING_TO_GENERATE,
    W_UNTAGGED_OUTPUT,
    W_CHAR_BYTES,
    WARNING_COUNT
} warning_id;

typedef struct warning_desc {
    const char *name;      /* -Wno-NAME, -Werror=NAME */
    const char *controls;  /* what it reports, for --help and SARIF's rules */
    bool error_by_default; /* reported as an error unless -Wno-error=NAME */
} warning_desc;

extern const warning_desc warning_table[WARNING_COUNT];

typedef enum diag_format { DIAG_FORMAT_TEXT, DIAG_FORMAT_JSON, DIAG_FORMAT_SARIF } diag_format;
typedef enum diag_color { DIAG_COLOR_AUTO, DIAG_COLOR_ALWAYS, DIAG_COLOR_NEVER } diag_color;

/* The diagnostics of one run: what was reported, how it is shown and
 * which warnings count as errors. Every stage reports through the one its
 * caller passes down, so two runs in one process (tests) share nothing.
 * All zeros is a fresh state showing plain text; diag_forget frees it. */
typedef struct diag_state {
    unsigned errors;
    unsigned warnings;
    bool warnings_are_errors; /* -Werror */
    struct {
        bool silenced;
        int as; /* per warning: as -Werror says, or made an error or a warning by name */
    } warning_state[WARNING_COUNT];
    struct {
        diag_format format;
        bool color;
        bool parseable_fixits;
        const char *file;
        const char *version;
    } shown; /* diag_configure */
    /* The lines printed so far: one found again (a member shared by every
     * variant of a tagged union is checked in each) says nothing new.
     * Hashed, as a header of many tools gives thousands of dialect warnings. */
    struct {
        char **lines; /* in the order printed */
        size_t n, cap;
        size_t *slots; /* open addressing: index + 1 into lines, 0 = free; at most half full */
        size_t nslots; /* 0 or a power of two */
    } printed;
    /* Whether the last error or warning was a repeat: its notes are
     * dropped with it. */
    bool last_dropped;
    struct {
        record *items;
        size_t n, cap;
    } records; /* for the JSON or SARIF document */
} diag_state;

/* Obeys -WNAME, -Wno-NAME, -Werror=NAME, -Wno-error=NAME, -Werror and
 * -Wno-error for schemac's warnings; false for any other argument (a
 * compiler's -W flags among a build's CFLAGS, which schemac ignores). */
bool diag_warning_option(diag_state *d, const char *arg);
/* Whether warning w is reported at all (not -Wno-NAME). */
bool diag_warning_enabled(const diag_state *d, warning_id w);

void diag_error(diag_state *d, src_loc where, const char *fmt, ...) GEN_PRINTF(3, 4);
/* A warning without a name, controlled by -Werror only; new warnings use
 * diag_warn. */
void diag_warning(diag_state *d, src_loc where, const char *fmt, ...) GEN_PRINTF(3, 4);
/* Warning w: silenced, a warning or an error as the options say. */
void diag_warn(diag_state *d, warning_id w, src_loc where, const char *fmt, ...) GEN_PRINTF(4, 5);
/* A note belongs to the error or warning before it (gcc's JSON children,
 * SARIF's relatedLocations). */
void diag_note(diag_state *d, src_loc where, const char *fmt, ...) GEN_PRINTF(3, 4);

/* An obvious fix: replace columns [from.col, to_col) of from.line with
 * text (an insertion when to_col == from.col). */
typedef struct diag_fixit {
    src_loc from;
    unsigned to_col;
    const char *text;
} diag_fixit;
void diag_error_fixit(diag_state *d, src_loc where, diag_fixit fix, const char *fmt, ...)
    GEN_PRINTF(4, 5);

/* A diagnostic formatted elsewhere (clang's), with the same escaping of
 * control characters, on a line of its own. */
void diag_print(const char *line);
/* One of clang's diagnostics: formatted is clang's own text, printed as it
 * is in plain text; the parts (kind "error", "warning", "fatal error";
 * option "-Wfoo" or NULL) make the coloured, JSON and SARIF forms. */
void diag_clang(diag_state *d, const char *formatted, const char *kind, src_loc where,
                const char *message, const char *option);

/* How diagnostics are shown; set before the first is reported. file:
 * where JSON or SARIF goes (NULL: stderr). version: schemac's, for SARIF. */
void diag_configure(diag_state *d, diag_format format, diag_color color, bool parseable_fixits,
                    const char *file, const char *version);
/* Writes the JSON or SARIF document (nothing in text form); -1 when its
 * file cannot be written (said on stderr). Call once, at the end. */
int diag_finish(diag_state *d);
/* Frees what d kept (which diagnostics were printed, the records) and
 * leaves it fresh. */
void diag_forget(diag_state *d);
/* True when errors (or warnings under -Werror) were reported. */
bool diag_failed(const diag_state *d);

#endif /* SCHEMAC_GENERATOR_DIAG_H */
