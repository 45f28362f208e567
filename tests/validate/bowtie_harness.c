/* libschemac-validate as a Bowtie implementation: Bowtie's harness
 * protocol (version 1) on standard input and output, one JSON object a
 * line each way (docs/validate.md, "Bowtie"):
 *
 *   {"cmd": "start", "version": 1}     -> {"version": 1, "implementation": {...}}
 *   {"cmd": "dialect", "dialect": URI} -> {"ok": true}  (false: not a dialect we have)
 *   {"cmd": "run", "seq": S, "case": {"schema": ..., "registry": {URI: schema},
 *    "tests": [{"instance": ...}, ...]}, "output": "flag"}
 *                                      -> {"seq": S, "results": [{"valid": true}, ...]}
 *                                         or {"seq": S, "errored": true, "context": {...}}
 *   {"cmd": "stop"}                    -> exit 0
 *
 * A schema that does not compile (a $ref to nothing, a pattern no
 * automaton can express) errors the case; a validation stopped by a limit
 * errors its test. "output": "annotations" is skipped: the library
 * collects no annotations. Each case's registry is a registry of its own,
 * so one case's documents never serve another's.
 *
 *     bowtie_harness [--formats standard|assert|annotate]
 *
 * --formats is what "format" does (SC_SCHEMA_FORMATS_*): standard, the
 * default, is what the dialect says, as the suite's required tests expect;
 * assert is for its optional/format tests. Anything malformed on the input
 * is a message on standard error and exit status 1: Bowtie restarts the
 * harness and counts the case as errored. "stop" or the end of the input
 * ends it with status 0. */
#define _POSIX_C_SOURCE 200809L

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "schemac/schemac.h"
#include "schemac/validate.h"

#define DRAFT2020 "https://json-schema.org/draft/2020-12/schema"
#define DRAFT7 "http://json-schema.org/draft-07/schema#"

/* The project has no public address yet: Bowtie requires these three to
 * be URIs, so a build for a published image sets them (-D). */
#ifndef SCHEMAC_HOMEPAGE
#define SCHEMAC_HOMEPAGE "https://schemac.invalid/"
#endif
#ifndef SCHEMAC_ISSUES
#define SCHEMAC_ISSUES SCHEMAC_HOMEPAGE "issues"
#endif
#ifndef SCHEMAC_SOURCE
#define SCHEMAC_SOURCE SCHEMAC_HOMEPAGE "source"
#endif

typedef struct harness {
    bool started;
    const char *dialect; /* the implicit dialect: DRAFT2020 or DRAFT7 */
    int formats;
} harness;

/* Prints reply as one line and frees it; false when it cannot. */
static bool send(cJSON *reply)
{
    char *text = reply ? cJSON_PrintUnformatted(reply) : NULL;
    cJSON_Delete(reply);
    if (text == NULL) {
        fprintf(stderr, "bowtie_harness: out of memory\n");
        return false;
    }
    bool ok = printf("%s\n", text) > 0 && fflush(stdout) == 0;
    free(text);
    return ok;
}

static bool protocol_error(const char *what)
{
    fprintf(stderr, "bowtie_harness: %s\n", what);
    return false;
}

/* "gcc 12.2.0", as Bowtie shows a language's version. */
static void compiler_version(char *buf, size_t size)
{
#if defined(__clang__)
    snprintf(buf, size, "clang %d.%d.%d", __clang_major__, __clang_minor__, __clang_patchlevel__);
#elif defined(__GNUC__)
    snprintf(buf, size, "gcc %d.%d.%d", __GNUC__, __GNUC_MINOR__, __GNUC_PATCHLEVEL__);
#else
    snprintf(buf, size, "C%ld", (long)__STDC_VERSION__);
#endif
}

static bool cmd_start(harness *h, const cJSON *msg)
{
    const cJSON *version = cJSON_GetObjectItemCaseSensitive(msg, "version");
    if (!cJSON_IsNumber(version) || version->valuedouble != 1)
        return protocol_error("start: only version 1 of the protocol is spoken");
    h->started = true;
    char cc[64];
    compiler_version(cc, sizeof cc);
    struct utsname un;
    bool have_uname = uname(&un) == 0;
    cJSON *reply = cJSON_CreateObject();
    cJSON *impl = cJSON_CreateObject();
    cJSON *dialects = cJSON_CreateArray();
    if (reply == NULL || impl == NULL || dialects == NULL ||
        !cJSON_AddItemToObject(reply, "implementation", impl)) {
        cJSON_Delete(impl);
        cJSON_Delete(dialects);
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    if (!cJSON_AddItemToObject(impl, "dialects", dialects)) {
        cJSON_Delete(dialects);
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    /* each added item belongs to its parent from here: one check at the end */
    bool ok = cJSON_AddNumberToObject(reply, "version", 1) != NULL &&
              cJSON_AddStringToObject(impl, "name", "libschemac-validate") != NULL &&
              cJSON_AddStringToObject(impl, "language", "c") != NULL &&
              cJSON_AddStringToObject(impl, "version", SCHEMAC_VERSION_STRING) != NULL &&
              cJSON_AddStringToObject(impl, "homepage", SCHEMAC_HOMEPAGE) != NULL &&
              cJSON_AddStringToObject(impl, "issues", SCHEMAC_ISSUES) != NULL &&
              cJSON_AddStringToObject(impl, "source", SCHEMAC_SOURCE) != NULL &&
              cJSON_AddStringToObject(impl, "language_version", cc) != NULL &&
              (!have_uname || (cJSON_AddStringToObject(impl, "os", un.sysname) != NULL &&
                               cJSON_AddStringToObject(impl, "os_version", un.release) != NULL));
    static const char *const supported[] = {DRAFT2020, DRAFT7};
    for (size_t i = 0; ok && i < sizeof supported / sizeof supported[0]; i++) {
        cJSON *s = cJSON_CreateString(supported[i]);
        ok = s != NULL && cJSON_AddItemToArray(dialects, s);
        if (!ok)
            cJSON_Delete(s);
    }
    if (!ok) {
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    return send(reply);
}

static bool cmd_dialect(harness *h, const cJSON *msg)
{
    const char *uri = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "dialect"));
    if (uri == NULL)
        return protocol_error("dialect: no \"dialect\" string");
    /* draft-07's URI is written with and without its empty fragment */
    bool known = true;
    if (strcmp(uri, DRAFT2020) == 0)
        h->dialect = DRAFT2020;
    else if (strcmp(uri, DRAFT7) == 0 || strcmp(uri, "http://json-schema.org/draft-07/schema") == 0)
        h->dialect = DRAFT7;
    else
        known = false; /* not one we listed: schemas without $schema stay as they were */
    cJSON *reply = cJSON_CreateObject();
    if (reply == NULL || cJSON_AddBoolToObject(reply, "ok", known) == NULL) {
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    return send(reply);
}

/* {"seq": S} with S copied, for the replies to a run. */
static cJSON *reply_for(const cJSON *seq)
{
    cJSON *reply = cJSON_CreateObject();
    cJSON *copy = cJSON_Duplicate(seq, true);
    if (reply == NULL || copy == NULL || !cJSON_AddItemToObject(reply, "seq", copy)) {
        cJSON_Delete(copy);
        cJSON_Delete(reply);
        return NULL;
    }
    return reply;
}

/* {"seq": S, "errored": true, "context": {"message": M}} */
static bool send_errored(const cJSON *seq, const char *message)
{
    cJSON *reply = reply_for(seq);
    cJSON *context = reply ? cJSON_AddObjectToObject(reply, "context") : NULL;
    if (context == NULL || cJSON_AddBoolToObject(reply, "errored", true) == NULL ||
        cJSON_AddStringToObject(context, "message", message) == NULL) {
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    return send(reply);
}

/* One test's result: {"valid": V}, or errored when a limit stopped it. */
static cJSON *test_result(const sc_schema *schema, const cJSON *instance)
{
    cJSON *result = cJSON_CreateObject();
    if (result == NULL)
        return NULL;
    sc_schema_error e;
    sc_schema_errors errs;
    sc_schema_errors_init(&errs, &e, 1);
    int rc = instance ? sc_schema_validate(schema, instance, &errs) : SC_ERR_ARGUMENT;
    bool limit =
        rc == SC_ERR_LIMIT || rc == SC_ERR_DEPTH || rc == SC_ERR_NOMEM || rc == SC_ERR_ARGUMENT;
    cJSON *context = NULL;
    if (limit ? (cJSON_AddBoolToObject(result, "errored", true) == NULL ||
                 (context = cJSON_AddObjectToObject(result, "context")) == NULL ||
                 cJSON_AddStringToObject(context, "message",
                                         instance ? e.message : "the test has no \"instance\"") ==
                     NULL)
              : cJSON_AddBoolToObject(result, "valid", rc == 0) == NULL) {
        cJSON_Delete(result);
        return NULL;
    }
    return result;
}

static bool cmd_run(const harness *h, const cJSON *msg)
{
    const cJSON *seq = cJSON_GetObjectItemCaseSensitive(msg, "seq");
    const cJSON *c = cJSON_GetObjectItemCaseSensitive(msg, "case");
    const cJSON *tests = cJSON_GetObjectItemCaseSensitive(c, "tests");
    const cJSON *schema_json = cJSON_GetObjectItemCaseSensitive(c, "schema");
    const cJSON *registry_json = cJSON_GetObjectItemCaseSensitive(c, "registry");
    const char *output = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "output"));
    if (seq == NULL || !cJSON_IsObject(c) || !cJSON_IsArray(tests) || schema_json == NULL)
        return protocol_error("run: needs \"seq\" and a \"case\" with \"schema\" and \"tests\"");
    if (output != NULL && strcmp(output, "flag") != 0) {
        cJSON *reply = reply_for(seq);
        if (reply == NULL || cJSON_AddBoolToObject(reply, "skipped", true) == NULL ||
            cJSON_AddStringToObject(reply, "message",
                                    "libschemac-validate collects no annotations") == NULL) {
            cJSON_Delete(reply);
            return protocol_error("out of memory");
        }
        return send(reply);
    }
    sc_schema_registry *reg = sc_schema_registry_new();
    if (reg == NULL)
        return protocol_error("out of memory");
    sc_error err;
    char message[sizeof err.path + sizeof err.message + 64];
    message[0] = '\0';
    for (const cJSON *r = cJSON_IsObject(registry_json) ? registry_json->child : NULL;
         r != NULL && !*message; r = r->next)
        if (sc_schema_registry_add_cjson(reg, r->string, r, &err) != 0)
            snprintf(message, sizeof message, "registry document %s: %s", r->string, err.message);
    sc_schema_options options = {0};
    options.default_dialect = h->dialect;
    options.formats = h->formats;
    sc_schema *schema = NULL;
    if (!*message && sc_schema_compile_cjson(reg, schema_json, &options, &schema, &err) != 0)
        snprintf(message, sizeof message, "the schema does not compile: %s: %s",
                 *err.path ? err.path : "/", err.message);
    sc_schema_registry_free(reg);
    if (*message)
        return send_errored(seq, message);
    cJSON *reply = reply_for(seq);
    cJSON *results = reply ? cJSON_AddArrayToObject(reply, "results") : NULL;
    for (const cJSON *t = tests->child; results != NULL && t != NULL; t = t->next) {
        cJSON *result = test_result(schema, cJSON_GetObjectItemCaseSensitive(t, "instance"));
        if (result == NULL || !cJSON_AddItemToArray(results, result)) {
            cJSON_Delete(result);
            results = NULL;
        }
    }
    sc_schema_free(schema);
    if (results == NULL) {
        cJSON_Delete(reply);
        return protocol_error("out of memory");
    }
    return send(reply);
}

/* One message; false ends the harness (stop, or an error). */
static bool handle(harness *h, const cJSON *msg, bool *stop)
{
    const char *cmd = cJSON_GetStringValue(cJSON_GetObjectItemCaseSensitive(msg, "cmd"));
    if (cmd == NULL)
        return protocol_error("a message without a \"cmd\" string");
    if (strcmp(cmd, "start") == 0)
        return cmd_start(h, msg);
    if (!h->started)
        return protocol_error("a command before \"start\"");
    if (strcmp(cmd, "dialect") == 0)
        return cmd_dialect(h, msg);
    if (strcmp(cmd, "run") == 0)
        return cmd_run(h, msg);
    if (strcmp(cmd, "stop") == 0) {
        *stop = true;
        return false;
    }
    fprintf(stderr, "bowtie_harness: unknown command \"%s\"\n", cmd);
    return false;
}

int main(int argc, char **argv)
{
    harness h = {false, DRAFT2020, SC_SCHEMA_FORMATS_STANDARD};
    for (int i = 1; i < argc; i++) {
        const char *f = i + 1 < argc && strcmp(argv[i], "--formats") == 0 ? argv[++i] : "";
        if (strcmp(f, "standard") == 0)
            h.formats = SC_SCHEMA_FORMATS_STANDARD;
        else if (strcmp(f, "assert") == 0)
            h.formats = SC_SCHEMA_FORMATS_ASSERT;
        else if (strcmp(f, "annotate") == 0)
            h.formats = SC_SCHEMA_FORMATS_ANNOTATE;
        else {
            fprintf(stderr, "usage: bowtie_harness [--formats standard|assert|annotate]\n");
            return 2;
        }
    }
    char *line = NULL;
    size_t cap = 0;
    bool stop = false, ok = true;
    for (ssize_t n; ok && (n = getline(&line, &cap, stdin)) >= 0;) {
        if (line[strspn(line, " \t\r\n")] == '\0')
            continue;
        cJSON *msg = cJSON_ParseWithLength(line, (size_t)n);
        ok = msg != NULL ? handle(&h, msg, &stop) : protocol_error("a line that is not JSON");
        cJSON_Delete(msg);
    }
    free(line);
    return ok || stop ? 0 : 1; /* the end of the input is a stop too */
}
