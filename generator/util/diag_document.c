/* schemac generator: the JSON and SARIF documents of the diagnostics. */
#define _POSIX_C_SOURCE 200809L /* getcwd */
#include "util/diag_document.h"

#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "util/diag.h"
#include "util/strbuf.h"

/* The text of one line of a file, for columns counted in characters:
 * diagnostics count bytes, gcc's JSON counts display columns and SARIF
 * code points. The last file read is kept (diagnostics come file by file). */
static struct {
    char *file;
    char *text;
} cached;

/* Start of line (1-based) in file, or NULL. */
static const char *line_text(const char *file, unsigned line)
{
    if (cached.file == NULL || strcmp(cached.file, file) != 0) {
        free(cached.file);
        free(cached.text);
        cached.file = xstrdup(file);
        cached.text = read_whole_file(file);
    }
    const char *p = cached.text;
    for (unsigned l = 1; p != NULL && l < line; l++) {
        p = strchr(p, '\n');
        if (p != NULL)
            p++;
    }
    return p;
}

/* Byte column col of a line as a code point column (SARIF's
 * unicodeCodePoints) and as gcc's display column (a tab to the next
 * multiple of 8). Unknown text: the byte column. */
static void columns(const char *file, unsigned line, unsigned col, unsigned *code_points,
                    unsigned *display)
{
    *code_points = *display = col;
    const char *text = file != NULL ? line_text(file, line) : NULL;
    if (text == NULL || col == 0)
        return;
    unsigned cp = 1, disp = 1;
    for (unsigned i = 0; i + 1 < col && text[i] != '\0' && text[i] != '\n'; i++) {
        unsigned char c = (unsigned char)text[i];
        if ((c & 0xc0) == 0x80) /* continuation byte */
            continue;
        cp++;
        disp = c == '\t' ? ((disp - 1) / 8 + 1) * 8 + 1 : disp + 1;
    }
    *code_points = cp;
    *display = disp;
}

/* ---- gcc's JSON ---- */

static cJSON *json_place(const char *file, unsigned line, unsigned col)
{
    unsigned cp, display;
    columns(file, line, col, &cp, &display);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "file", file);
    cJSON_AddNumberToObject(o, "line", line);
    cJSON_AddNumberToObject(o, "display-column", display);
    cJSON_AddNumberToObject(o, "byte-column", col);
    cJSON_AddNumberToObject(o, "column", display);
    return o;
}

static cJSON *json_diagnostic(const record *r)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "kind", r->kind);
    cJSON_AddStringToObject(o, "message", r->message);
    if (r->option != NULL)
        cJSON_AddStringToObject(o, "option", r->option);
    cJSON *locations = cJSON_AddArrayToObject(o, "locations");
    if (r->file != NULL) {
        cJSON *location = cJSON_CreateObject();
        cJSON_AddItemToObject(location, "caret", json_place(r->file, r->line, r->col));
        cJSON_AddItemToArray(locations, location);
    }
    cJSON_AddArrayToObject(o, "children");
    if (r->has_fix && r->file != NULL) {
        cJSON *fixits = cJSON_AddArrayToObject(o, "fixits");
        cJSON *fix = cJSON_CreateObject();
        cJSON_AddItemToObject(fix, "start", json_place(r->file, r->fix_line, r->fix_col));
        cJSON_AddItemToObject(fix, "next", json_place(r->file, r->fix_line, r->fix_to_col));
        cJSON_AddStringToObject(fix, "string", r->fix_text);
        cJSON_AddItemToArray(fixits, fix);
    }
    cJSON_AddNumberToObject(o, "column-origin", 1);
    cJSON_AddBoolToObject(o, "escape-source", false);
    return o;
}

static char *print_and_free(cJSON *doc, bool formatted)
{
    char *printed = formatted ? cJSON_Print(doc) : cJSON_PrintUnformatted(doc);
    cJSON_Delete(doc);
    char *text = xasprintf("%s\n", printed);
    cJSON_free(printed);
    free(cached.file);
    free(cached.text);
    memset(&cached, 0, sizeof cached);
    return text;
}

char *diag_document_json(const record *records, size_t n)
{
    cJSON *doc = cJSON_CreateArray();
    cJSON *last = NULL;
    for (size_t i = 0; i < n; i++) {
        cJSON *d = json_diagnostic(&records[i]);
        if (records[i].is_note && last != NULL) {
            cJSON_AddItemToArray(cJSON_GetObjectItem(last, "children"), d);
        } else {
            cJSON_AddItemToArray(doc, d);
            last = d;
        }
    }
    return print_and_free(doc, false);
}

/* ---- SARIF 2.1.0 ---- */

/* A path as a URI reference: bytes other than RFC 3986's unreserved ones
 * and '/' percent-encoded (a few lines; no library here does it). */
static void put_uri_path(strbuf *sb, const char *path)
{
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr("-._~/", *p) != NULL)
            sb_putc(sb, (char)*p);
        else
            sb_printf(sb, "%%%02X", *p);
    }
}

/* gcc 13's artifactLocation: a relative path against the base PWD (the
 * working directory, in originalUriBaseIds), an absolute one as a file URI. */
static cJSON *artifact_location(const char *file)
{
    strbuf uri;
    sb_init(&uri);
    cJSON *o = cJSON_CreateObject();
    if (file[0] == '/') {
        sb_puts(&uri, "file://");
        put_uri_path(&uri, file);
        cJSON_AddStringToObject(o, "uri", uri.data);
    } else {
        put_uri_path(&uri, file);
        cJSON_AddStringToObject(o, "uri", uri.data);
        cJSON_AddStringToObject(o, "uriBaseId", "PWD");
    }
    sb_free(&uri);
    return o;
}

static cJSON *region(const char *file, unsigned line, unsigned col, unsigned to_col)
{
    unsigned cp, display, to_cp;
    columns(file, line, col, &cp, &display);
    columns(file, line, to_col, &to_cp, &display);
    cJSON *o = cJSON_CreateObject();
    cJSON_AddNumberToObject(o, "startLine", line);
    if (col > 0) {
        cJSON_AddNumberToObject(o, "startColumn", cp);
        cJSON_AddNumberToObject(o, "endColumn", to_cp);
    }
    return o;
}

static cJSON *message_of(const char *text)
{
    cJSON *o = cJSON_CreateObject();
    cJSON_AddStringToObject(o, "text", text);
    return o;
}

static cJSON *sarif_location(const record *r)
{
    cJSON *location = cJSON_CreateObject();
    cJSON *physical = cJSON_AddObjectToObject(location, "physicalLocation");
    cJSON_AddItemToObject(physical, "artifactLocation", artifact_location(r->file));
    /* a caret: one character, as gcc writes it */
    cJSON_AddItemToObject(physical, "region", region(r->file, r->line, r->col, r->col + 1));
    return location;
}

static cJSON *sarif_fix(const record *r)
{
    cJSON *fix = cJSON_CreateObject();
    cJSON *change = cJSON_CreateObject();
    cJSON_AddItemToObject(change, "artifactLocation", artifact_location(r->file));
    cJSON *replacement = cJSON_CreateObject();
    cJSON_AddItemToObject(replacement, "deletedRegion",
                          region(r->file, r->fix_line, r->fix_col, r->fix_to_col));
    cJSON_AddItemToObject(replacement, "insertedContent", message_of(r->fix_text));
    cJSON *replacements = cJSON_AddArrayToObject(change, "replacements");
    cJSON_AddItemToArray(replacements, replacement);
    cJSON_AddItemToArray(cJSON_AddArrayToObject(fix, "artifactChanges"), change);
    return fix;
}

static const char *sarif_level(const char *kind)
{
    if (strcmp(kind, "warning") == 0)
        return "warning";
    if (strcmp(kind, "note") == 0)
        return "note";
    return "error";
}

/* gcc 13's ruleId: the option of a warning ("-Wdialect"; "-Werror=dialect"
 * names the warning "-Wdialect"), else the kind. */
static char *rule_id(const record *r)
{
    if (r->option != NULL && strncmp(r->option, "-Werror=", 8) == 0)
        return xasprintf("-W%s", r->option + 8);
    if (r->option != NULL)
        return xstrdup(r->option);
    return xstrdup(sarif_level(r->kind));
}

static cJSON *sarif_result(const record *r)
{
    cJSON *o = cJSON_CreateObject();
    char *id = rule_id(r);
    cJSON_AddStringToObject(o, "ruleId", id);
    free(id);
    cJSON_AddStringToObject(o, "level", sarif_level(r->kind));
    cJSON_AddItemToObject(o, "message", message_of(r->message));
    cJSON *locations = cJSON_AddArrayToObject(o, "locations");
    if (r->file != NULL)
        cJSON_AddItemToArray(locations, sarif_location(r));
    return o;
}

static void add_note(cJSON *result, const record *r)
{
    cJSON *related = cJSON_GetObjectItem(result, "relatedLocations");
    if (related == NULL)
        related = cJSON_AddArrayToObject(result, "relatedLocations");
    cJSON *location = r->file != NULL ? sarif_location(r) : cJSON_CreateObject();
    cJSON_AddItemToObject(location, "message", message_of(r->message));
    cJSON_AddItemToArray(related, location);
}

/* Adds each file once to the run's artifacts. */
static void add_artifact(cJSON *artifacts, const char *file)
{
    cJSON *loc = artifact_location(file);
    const char *uri = cJSON_GetObjectItem(loc, "uri")->valuestring;
    cJSON *a;
    cJSON_ArrayForEach(a, artifacts)
    {
        if (strcmp(cJSON_GetObjectItem(cJSON_GetObjectItem(a, "location"), "uri")->valuestring,
                   uri) == 0) {
            cJSON_Delete(loc);
            return;
        }
    }
    a = cJSON_CreateObject();
    cJSON_AddItemToObject(a, "location", loc);
    cJSON_AddStringToObject(a, "sourceLanguage", "c");
    cJSON_AddItemToArray(artifacts, a);
}

/* The reportingDescriptor of each warning a result names, once. */
static void add_rule(cJSON *rules, const record *r, const char *(*describe)(const char *id))
{
    if (r->option == NULL || r->is_note)
        return;
    char *id = rule_id(r);
    cJSON *rule;
    cJSON_ArrayForEach(rule, rules)
    {
        if (strcmp(cJSON_GetObjectItem(rule, "id")->valuestring, id) == 0) {
            free(id);
            return;
        }
    }
    /* GitHub code scanning wants both descriptions and a help text */
    rule = cJSON_CreateObject();
    cJSON_AddStringToObject(rule, "id", id);
    const char *what = describe(id);
    char *text = what != NULL ? xasprintf("%s (-Wno-%s silences it, -Werror=%s makes it an error)",
                                          what, id + 2, id + 2)
                              : xasprintf("clang's warning %s", id);
    cJSON_AddItemToObject(rule, "shortDescription", message_of(what != NULL ? what : text));
    cJSON_AddItemToObject(rule, "fullDescription", message_of(text));
    cJSON_AddItemToObject(rule, "help", message_of(text));
    cJSON_AddItemToArray(rules, rule);
    free(text);
    free(id);
}

static const char *describe_warning(const char *id)
{
    for (int i = 0; i < WARNING_COUNT; i++)
        if (strcmp(id + 2, warning_table[i].name) == 0)
            return warning_table[i].controls;
    return NULL; /* one of clang's */
}

char *diag_document_sarif(const record *records, size_t n, const char *version, bool success)
{
    cJSON *doc = cJSON_CreateObject();
    cJSON_AddStringToObject(
        doc, "$schema",
        "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json");
    cJSON_AddStringToObject(doc, "version", "2.1.0");
    cJSON *run = cJSON_CreateObject();
    cJSON_AddItemToArray(cJSON_AddArrayToObject(doc, "runs"), run);

    cJSON *driver = cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "tool"), "driver");
    cJSON_AddStringToObject(driver, "name", "schemac");
    char *full = xasprintf("schemac %s", version != NULL ? version : "");
    cJSON_AddStringToObject(driver, "fullName", full);
    free(full);
    if (version != NULL)
        cJSON_AddStringToObject(driver, "version", version);
    cJSON *rules = cJSON_AddArrayToObject(driver, "rules");

    cJSON *invocation = cJSON_CreateObject();
    cJSON_AddBoolToObject(invocation, "executionSuccessful", success);
    cJSON_AddArrayToObject(invocation, "toolExecutionNotifications");
    cJSON_AddItemToArray(cJSON_AddArrayToObject(run, "invocations"), invocation);

    char cwd[4096];
    if (getcwd(cwd, sizeof cwd) != NULL) {
        strbuf uri;
        sb_init(&uri);
        sb_puts(&uri, "file://");
        put_uri_path(&uri, cwd);
        if (uri.data[uri.len - 1] != '/')
            sb_putc(&uri, '/');
        cJSON *pwd =
            cJSON_AddObjectToObject(cJSON_AddObjectToObject(run, "originalUriBaseIds"), "PWD");
        cJSON_AddStringToObject(pwd, "uri", uri.data);
        sb_free(&uri);
    }
    cJSON *artifacts = cJSON_AddArrayToObject(run, "artifacts");
    cJSON *results = cJSON_AddArrayToObject(run, "results");
    cJSON_AddStringToObject(run, "columnKind", "unicodeCodePoints");

    cJSON *last = NULL;
    for (size_t i = 0; i < n; i++) {
        const record *r = &records[i];
        if (r->file != NULL)
            add_artifact(artifacts, r->file);
        add_rule(rules, r, describe_warning);
        if (r->is_note && last != NULL) {
            add_note(last, r);
            continue;
        }
        last = sarif_result(r);
        if (r->has_fix && r->file != NULL)
            cJSON_AddItemToArray(cJSON_AddArrayToObject(last, "fixes"), sarif_fix(r));
        cJSON_AddItemToArray(results, last);
    }
    return print_and_free(doc, true);
}
