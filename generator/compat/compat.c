/* schemac generator, compat: the header against its baseline. */
#include "compat/compat.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check/dialect_names.h"
#include "compat/baseline.h"
#include "compat/describe.h"
#include "compat/inclusion.h"
#include "compat/json_valid.h"
#include "emit/json/emit_schema.h"
#include "util/diag.h"
#include "util/json_print.h"
#include "util/strbuf.h"

static const char *const rules[] = {
    "member-required", "member-removed", "member-added", "member-added-open", "member-removed-open",
    "unknown-members", "bound",          "type",         "multipleOf",        "pattern",
    "format",          "enum-value",     "enum",         "nullable",          "variant",
    "type-removed",    "tool-removed",   "tool-renamed", "dialect-dropped",   "too-deep",
    "task-required",   "scope-added",
};

bool compat_rule_known(const char *name)
{
    for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
        if (strcmp(rules[i], name) == 0)
            return true;
    return false;
}

const char *compat_rule_list(void)
{
    static char text[1024];
    if (text[0] == '\0')
        for (size_t i = 0; i < sizeof rules / sizeof *rules; i++)
            snprintf(text + strlen(text), sizeof text - strlen(text), "%s%s", i ? ", " : "",
                     rules[i]);
    return text;
}

/* Whether list, words between separators, holds word[0..len). */
static bool list_holds(const char *list, const char *separators, const char *word, size_t len)
{
    for (const char *p = list; *p != '\0';) {
        p += strspn(p, separators);
        size_t n = strcspn(p, separators);
        if (n == len && strncmp(p, word, len) == 0)
            return true;
        p += n;
    }
    return false;
}

/* A rule list of @acceptBreak ("" or NULL-free: every rule) names rule. */
static bool list_accepts(const char *list, const char *rule)
{
    if (list == NULL)
        return false;
    return list[0] == '\0' || list_holds(list, " ,", rule, strlen(rule));
}

/* Where a finding goes: the member the path reaches in the new header
 * (or the last one it still reaches), the enum value when it names one. */
typedef struct located {
    src_loc where;
    bool accepted; /* an @acceptBreak on the way names the rule */
} located;

static const field *field_named(const struct_def *s, const char *name)
{
    for (size_t i = 0; i < s->nfields; i++)
        if (strcmp(s->fields[i].json_name, name) == 0)
            return &s->fields[i];
    for (size_t v = 0; v < s->nvariants; v++) {
        const field *f = field_named(s->variants[v], name);
        if (f != NULL)
            return f;
    }
    return NULL;
}

static char *unescape_step(const char *p, size_t len)
{
    strbuf sb;
    sb_init(&sb);
    for (size_t i = 0; i < len; i++) {
        if (p[i] == '~' && i + 1 < len && (p[i + 1] == '0' || p[i + 1] == '1')) {
            sb_putc(&sb, p[i + 1] == '0' ? '~' : '/');
            i++;
        } else {
            sb_putc(&sb, p[i]);
        }
    }
    sb_putc(&sb, '\0');
    return sb_take(&sb);
}

static located locate(const struct_def *root, const finding *f)
{
    located at = {root->where, list_accepts(root->accept_break, f->rule)};
    const struct_def *s = root;
    const node *n = NULL;
    for (const char *p = f->path; *p == '/';) {
        p++;
        size_t len = strcspn(p, "/");
        char *step = unescape_step(p, len);
        p += len;
        if (n != NULL && n->kind == NODE_ARRAY) {
            n = n->items;
        } else if (n != NULL && n->kind == NODE_MAP) {
            n = n->map_value;
        } else if (s != NULL) {
            const field *fl = field_named(s, step);
            if (fl == NULL) {
                free(step);
                break;
            }
            at.where = fl->where;
            at.accepted = at.accepted || list_accepts(fl->accept_break, f->rule);
            n = fl->type;
        } else {
            free(step);
            break;
        }
        free(step);
        s = NULL;
        if (n != NULL && n->kind == NODE_STRUCT) {
            s = n->struct_type;
            at.accepted = at.accepted || list_accepts(s->accept_break, f->rule);
            n = NULL;
        }
    }
    while (n != NULL && n->kind == NODE_ARRAY)
        n = n->items;
    if (f->enum_value != NULL && n != NULL && n->kind == NODE_ENUM)
        for (size_t i = 0; i < n->enum_type->nvalues; i++)
            if (strcmp(n->enum_type->values[i].json_name, f->enum_value) == 0)
                at.where = n->enum_type->values[i].where;
    return at;
}

static bool rule_accepted(const compat_options *o, const char *rule)
{
    for (size_t i = 0; i < o->naccepted; i++)
        if (strcmp(o->accepted[i], rule) == 0 || strcmp(o->accepted[i], "all") == 0)
            return true;
    return false;
}

/* JSON text with every character past ASCII, and DEL, written as \\u
 * escapes: the diagnostic printer shows control and layout characters as
 * \\xNN, which would make the witness line no longer JSON. */
static char *ascii_json(const char *text)
{
    strbuf sb;
    sb_init(&sb);
    for (const unsigned char *p = (const unsigned char *)text; *p;) {
        if (*p < 0x7f) {
            sb_putc(&sb, (char)*p++);
            continue;
        }
        uint32_t cp = *p;
        int extra = 0;
        if (*p >= 0xf0)
            cp = *p & 0x07, extra = 3;
        else if (*p >= 0xe0)
            cp = *p & 0x0f, extra = 2;
        else if (*p >= 0xc0)
            cp = *p & 0x1f, extra = 1;
        p++;
        for (int i = 0; i < extra && (*p & 0xc0) == 0x80; i++)
            cp = (cp << 6) | (*p++ & 0x3f);
        if (cp >= 0x10000) {
            cp -= 0x10000;
            sb_printf(&sb, "\\u%04x\\u%04x", 0xd800 + (unsigned)(cp >> 10),
                      0xdc00 + (unsigned)(cp & 0x3ff));
        } else {
            sb_printf(&sb, "\\u%04x", (unsigned)cp);
        }
    }
    return sb_take(&sb);
}

static void report(diag_state *diag, const struct_def *s, const finding *f, bool senders,
                   const compat_options *o)
{
    located at = locate(s, f);
    if (f->note) {
        diag_note(diag, at.where, "%s '%s': %s", s->tool_name != NULL ? "tool" : "type",
                  s->tool_name != NULL ? s->tool_name : s->name, f->message);
        return;
    }
    if (at.accepted || rule_accepted(o, f->rule)) {
        if (o->verbose)
            diag_note(diag, at.where, "accepted (%s): %s [-Wcompat=%s]",
                      at.accepted ? "@acceptBreak" : "-Wno-compat", f->message, f->rule);
        return;
    }
    const char *who = senders
                          ? "for senders (a document valid before is rejected now)"
                          : "for receivers (a document valid now is rejected by the old schema)";
    const char *kind = s->tool_name != NULL ? "tool" : "type";
    const char *name = s->tool_name != NULL ? s->tool_name : s->name;
    if (f->witness != NULL) {
        diag_error(diag, at.where, "breaking change to %s '%s' %s: %s [-Wcompat=%s]", kind, name,
                   who, f->message, f->rule);
        /* a note of the error (its JSON child, its SARIF related
         * location), dropped with it when it repeats one */
        char *w = json_print(f->witness, 0);
        char *ascii = ascii_json(w);
        diag_note(diag, at.where, "witness: %s", ascii);
        free(ascii);
        free(w);
    } else {
        diag_error(
            diag, at.where,
            "may break %s '%s' %s: %s; schemac cannot decide it (docs/compat.md) [-Wcompat=%s]",
            kind, name, who, f->message, f->rule);
    }
}

/* Whether s's documents flow in (a tool's arguments, a type reached from
 * one), out (a tool's result), or both. */
static bool reaches(const node *n, const struct_def *target, int depth);
static bool struct_reaches(const struct_def *s, const struct_def *target, int depth)
{
    if (s == target)
        return true;
    if (depth > 64)
        return false;
    for (size_t i = 0; i < s->nfields; i++)
        if (reaches(s->fields[i].type, target, depth + 1))
            return true;
    for (size_t v = 0; v < s->nvariants; v++)
        if (struct_reaches(s->variants[v], target, depth + 1))
            return true;
    return false;
}
static bool reaches(const node *n, const struct_def *target, int depth)
{
    if (n == NULL)
        return false;
    switch (n->kind) {
    case NODE_STRUCT:
        return !n->struct_type->recursive || depth < 3
                   ? struct_reaches(n->struct_type, target, depth)
                   : false;
    case NODE_ARRAY:
        return reaches(n->items, target, depth);
    case NODE_MAP:
        return reaches(n->map_value, target, depth);
    default:
        return false;
    }
}

static void directions(const model *m, const struct_def *s, bool *in, bool *out)
{
    if (s->direction != NULL) {
        *in = strcmp(s->direction, "out") != 0;
        *out = strcmp(s->direction, "in") != 0;
        return;
    }
    if (s->tool_name != NULL) {
        *in = true;
        *out = false;
        return;
    }
    bool output = false, input = false;
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *t = m->structs[i];
        if (!t->opted_in || t->tool_name == NULL)
            continue;
        const struct_def *result = model_schema_struct(m, t->output_type);
        if (result != NULL && struct_reaches(result, s, 0))
            output = true;
        if (struct_reaches(t, s, 0))
            input = true;
    }
    /* reached only through @output: output-only */
    *in = !output || input;
    *out = true;
}

static cJSON *parse_baseline(diag_state *diag, const baseline *b, const char *name, const model *m)
{
    const char *text = baseline_text(b, name);
    if (text == NULL)
        return NULL;
    cJSON *doc = cJSON_Parse(text);
    if (doc == NULL)
        diag_error(diag, (src_loc){m->header_path, 1, 1},
                   "baseline file %s is not JSON: write it again with "
                   "--write-baseline",
                   name);
    return doc;
}

/* The baseline schema of s: its struct's, else (a tool whose struct was
 * renamed) that of the struct the tool had. Caller frees. */
static char *baseline_schema_name(const struct_def *s, const baseline *b)
{
    char *name = xasprintf("%s%s", s->name, BASELINE_SCHEMA_SUFFIX);
    if (baseline_text(b, name) != NULL || s->tool_name == NULL)
        return name;
    for (size_t i = 0; i < b->count; i++) {
        cJSON *meta = strstr(b->files[i].name, BASELINE_TOOL_SUFFIX) != NULL
                          ? cJSON_Parse(b->files[i].text)
                          : NULL;
        const cJSON *tool = cJSON_GetObjectItemCaseSensitive(meta, "tool");
        const cJSON *type = cJSON_GetObjectItemCaseSensitive(meta, "type");
        if (cJSON_IsString(tool) && cJSON_IsString(type) &&
            strcmp(tool->valuestring, s->tool_name) == 0) {
            free(name);
            name = xasprintf("%s%s", type->valuestring, BASELINE_SCHEMA_SUFFIX);
        }
        cJSON_Delete(meta);
    }
    return name;
}

static void check_type(diag_state *diag, const model *m, const struct_def *s, const baseline *b,
                       const compat_options *o)
{
    char *name = baseline_schema_name(s, b);
    cJSON *old_doc = parse_baseline(diag, b, name, m);
    free(name);
    if (old_doc == NULL) {
        if (o->verbose)
            diag_note(diag, s->where, "%s '%s' is new: not in the baseline",
                      s->tool_name != NULL ? "tool" : "type",
                      s->tool_name != NULL ? s->tool_name : s->name);
        return;
    }
    cJSON *new_doc = schema_document(s);
    bool in, out;
    directions(m, s, &in, &out);
    in = in || (o->level & COMPAT_BACKWARD);
    out = out || (o->level & COMPAT_FORWARD);
    finding_list found = {NULL, 0}, broke = {NULL, 0};
    if (in) {
        inclusion_check(old_doc, new_doc, true, &broke);
        for (size_t i = 0; i < broke.count; i++)
            report(diag, s, &broke.items[i], true, o);
    }
    size_t senders = broke.count;
    if (out) {
        inclusion_check(new_doc, old_doc, false, &broke);
        for (size_t i = senders; i < broke.count; i++)
            report(diag, s, &broke.items[i], false, o);
    }
    if (o->verbose) {
        /* description changes: compatible, so listed with the others; not
         * on every build until the baseline is written again */
        description_changes(old_doc, new_doc, &found);
        for (size_t i = 0; i < found.count; i++)
            report(diag, s, &found.items[i], true, o);
        findings_free(&found);
        /* the changes at members without an error: compatible ones */
        keyword_changes(old_doc, new_doc, &found);
        for (size_t i = 0; i < found.count; i++) {
            bool reported = false;
            for (size_t j = 0; j < broke.count && !reported; j++)
                reported = strcmp(broke.items[j].path, found.items[i].path) == 0;
            if (!reported)
                report(diag, s, &found.items[i], true, o);
        }
        findings_free(&found);
    }
    findings_free(&broke);
    cJSON_Delete(old_doc);
    cJSON_Delete(new_doc);
}

static bool rule_off(const compat_options *o, const struct_def *s, const char *rule)
{
    return rule_accepted(o, rule) || (s != NULL && list_accepts(s->accept_break, rule));
}

/* @scopes (space separated, as OAuth writes them): a scope the tool now needs refuses callers whose
 * tokens were issued for what it needed before (403 insufficient_scope); one it no longer needs
 * changes nothing for them. */
static void compare_scopes(diag_state *diag, const compat_options *o, const struct_def *s,
                           const cJSON *old_tool)
{
    const cJSON *scopes = cJSON_GetObjectItemCaseSensitive(old_tool, "scopes");
    const char *was = cJSON_IsString(scopes) ? scopes->valuestring : "";
    const char *now = s->scopes != NULL ? s->scopes : "";
    for (const char *p = now; *p != '\0';) {
        size_t n = strcspn(p, " ");
        if (!list_holds(was, " ", p, n) && !rule_off(o, s, "scope-added"))
            diag_error(
                diag, s->scopes_where,
                "breaking change for senders: tool '%s' needs scope '%.*s' now (@scopes): a client "
                "whose access token lacks it is refused with 403 insufficient_scope "
                "[-Wcompat=scope-added]",
                s->tool_name, (int)n, p);
        p += n;
        p += strspn(p, " ");
    }
    for (const char *p = was; *p != '\0';) {
        size_t n = strcspn(p, " ");
        if (!list_holds(now, " ", p, n))
            diag_note(diag, s->tool_where, "tool '%s': scope '%.*s' no longer needed", s->tool_name,
                      (int)n, p);
        p += n;
        p += strspn(p, " ");
    }
}

/* A tool of the baseline: still there under its name, with its dialects. */
static void check_tool(diag_state *diag, const model *m, const cJSON *old_tool,
                       const compat_options *o)
{
    const cJSON *tool = cJSON_GetObjectItemCaseSensitive(old_tool, "tool");
    const cJSON *type = cJSON_GetObjectItemCaseSensitive(old_tool, "type");
    if (!cJSON_IsString(tool) || !cJSON_IsString(type))
        return;
    const struct_def *s = model_schema_struct(m, type->valuestring);
    src_loc first = {m->header_path, 1, 1};
    if (s == NULL || s->tool_name == NULL) {
        /* the tool may live on under another struct */
        for (size_t i = 0; s == NULL && i < m->nstructs; i++)
            if (m->structs[i]->opted_in && m->structs[i]->tool_name != NULL &&
                strcmp(m->structs[i]->tool_name, tool->valuestring) == 0)
                return;
        if (!rule_off(o, s, "tool-removed"))
            diag_error(diag, s != NULL ? s->where : first,
                       "breaking change for senders: tool '%s' removed (a client "
                       "calling it fails) [-Wcompat=tool-removed]",
                       tool->valuestring);
        return;
    }
    if (strcmp(s->tool_name, tool->valuestring) != 0) {
        if (!rule_off(o, s, "tool-renamed"))
            diag_error(
                diag, s->tool_where,
                "breaking change for senders: tool '%s' renamed to '%s' (a client calling it "
                "by its old name fails) [-Wcompat=tool-renamed]",
                tool->valuestring, s->tool_name);
        return;
    }
    const cJSON *dialects = cJSON_GetObjectItemCaseSensitive(old_tool, "dialects");
    for (const cJSON *d = dialects != NULL ? dialects->child : NULL; d != NULL; d = d->next) {
        dialect which;
        if (!cJSON_IsString(d) || !dialect_from_name(d->valuestring, &which) ||
            dialect_written(s, which))
            continue;
        if (!rule_off(o, s, "dialect-dropped"))
            diag_error(diag, s->dialects != NULL ? s->dialects_where : s->tool_where,
                       "breaking change for senders: tool '%s' has no %s dialect now (its file was "
                       "written before) "
                       "[-Wcompat=dialect-dropped]",
                       s->tool_name, d->valuestring);
    }
    /* @task: a tool that now requires the tasks extension refuses the
     * clients without it (-32021); other changes only change how it runs */
    const cJSON *task = cJSON_GetObjectItemCaseSensitive(old_tool, "task");
    const char *task_was = cJSON_IsString(task) ? task->valuestring : "none";
    const char *task_now = s->task == 2 ? "required" : s->task == 1 ? "optional" : "none";
    if (strcmp(task_now, "required") == 0 && strcmp(task_was, "required") != 0) {
        if (!rule_off(o, s, "task-required"))
            diag_error(
                diag, s->task_where,
                "breaking change for senders: tool '%s' requires the tasks extension now (@task "
                "required; was %s): an MCP client without it is refused with -32021 "
                "[-Wcompat=task-required]",
                s->tool_name, task_was);
    } else if (strcmp(task_was, task_now) != 0) {
        diag_note(diag, s->tool_where, "tool '%s': @task was %s, is %s", s->tool_name, task_was,
                  task_now);
    }
    compare_scopes(diag, o, s, old_tool);
    /* what a host does with the tool (confirmations, retries): notes */
    const cJSON *effect = cJSON_GetObjectItemCaseSensitive(old_tool, "effect");
    const char *effect_now = s->effect == EFFECT_READONLY      ? "readonly"
                             : s->effect == EFFECT_MUTATING    ? "mutating"
                             : s->effect == EFFECT_DESTRUCTIVE ? "destructive"
                                                               : "none";
    const char *effect_was = cJSON_IsString(effect) ? effect->valuestring : "none";
    if (strcmp(effect_was, effect_now) != 0)
        diag_note(diag, s->tool_where, "tool '%s': @effect was %s, is %s", s->tool_name, effect_was,
                  effect_now);
    const cJSON *idempotent = cJSON_GetObjectItemCaseSensitive(old_tool, "idempotent");
    if (cJSON_IsBool(idempotent) && cJSON_IsTrue(idempotent) != s->idempotent)
        diag_note(diag, s->tool_where, "tool '%s': @idempotent %s", s->tool_name,
                  s->idempotent ? "added" : "removed");
    const cJSON *output = cJSON_GetObjectItemCaseSensitive(old_tool, "output");
    const char *was = cJSON_IsString(output) ? output->valuestring : NULL;
    if ((was == NULL) != (s->output_type == NULL) ||
        (was != NULL && strcmp(was, s->output_type) != 0))
        diag_note(diag, s->tool_where, "tool '%s': @output was %s, is %s", s->tool_name,
                  was != NULL ? was : "none", s->output_type != NULL ? s->output_type : "none");
}

void compat_check(diag_state *diag, const model *m, const compat_options *o)
{
    baseline b;
    src_loc first = {m->header_path, 1, 1};
    if (baseline_read(o->baseline_dir, &b) != 0) {
        diag_error(diag, first,
                   "cannot read the baseline directory '%s' (write one with --write-baseline %s)",
                   o->baseline_dir, o->baseline_dir);
        return;
    }
    for (size_t i = 0; i < m->nstructs; i++)
        if (m->structs[i]->opted_in)
            check_type(diag, m, m->structs[i], &b, o);
    for (size_t i = 0; i < b.count; i++) {
        const char *name = b.files[i].name;
        size_t len = strlen(name);
        if (len > strlen(BASELINE_TOOL_SUFFIX) &&
            strcmp(name + len - strlen(BASELINE_TOOL_SUFFIX), BASELINE_TOOL_SUFFIX) == 0) {
            cJSON *tool = cJSON_Parse(b.files[i].text);
            if (tool != NULL)
                check_tool(diag, m, tool, o);
            cJSON_Delete(tool);
            continue;
        }
        /* a type of the baseline the header lost (a tool's: reported as the tool) */
        char *type = xstrndup(name, len - strlen(BASELINE_SCHEMA_SUFFIX));
        char *tool_file = xasprintf("%s%s", type, BASELINE_TOOL_SUFFIX);
        if (model_schema_struct(m, type) == NULL && baseline_text(&b, tool_file) == NULL &&
            !rule_accepted(o, "type-removed"))
            diag_error(diag, first,
                       "breaking change: type '%s' of the baseline is gone (removed or renamed) "
                       "[-Wcompat=type-removed]",
                       type);
        free(type);
        free(tool_file);
    }
    baseline_free(&b);
    compat_patterns_free();
}
