/* schemac generator: the diagnostics of a run as one document, gcc's JSON
 * (-fdiagnostics-format=json) or SARIF 2.1.0 (-fdiagnostics-format=sarif),
 * for editors and CI to place them. diag.c keeps the records. */
#ifndef SCHEMAC_GENERATOR_DIAG_DOCUMENT_H
#define SCHEMAC_GENERATOR_DIAG_DOCUMENT_H

#include <stdbool.h>
#include <stddef.h>

/* One diagnostic, its parts copied: the model that owns file names is
 * freed before the document is written. A note belongs to the error or
 * warning before it. */
typedef struct record {
    char *kind; /* "error", "warning", "note", "fatal error" */
    char *file; /* NULL when the diagnostic has no place */
    unsigned line, col;
    char *message;
    char *option; /* "-Wdialect", "-Werror=dialect", clang's "-Wfoo", or NULL */
    bool is_note;
    bool has_fix; /* replace [fix_col, fix_to_col) of fix_line in file */
    unsigned fix_line, fix_col, fix_to_col;
    char *fix_text;
} record;

/* gcc's layout: an array of {kind, message, option, locations[{caret}],
 * children, fixits, column-origin, escape-source}, on one line. */
char *diag_document_json(const record *records, size_t n);
/* A SARIF 2.1.0 log of one run, laid out as gcc 13 writes it. */
char *diag_document_sarif(const record *records, size_t n, const char *version, bool success);

#endif /* SCHEMAC_GENERATOR_DIAG_DOCUMENT_H */
