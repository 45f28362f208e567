/* schemac generator: `schemac --list`, a readable table of a header's tools
 * and @schema types. */
#include "emit/emit_list.h"

#include <stdarg.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "emit/json/emit_schema.h"
#include "model/keywords.h"
#include "util/strbuf.h"

enum {
    LINE_WIDTH = 100,     /* wrap descriptions and constraints here */
    TABLE_INDENT = 2,     /* the table and the descriptions under a heading */
    GAP = 2,              /* between columns */
    DEPTH_INDENT = 2,     /* nested members, per level */
    NAME_COLUMN_MAX = 30, /* a longer cell pushes the rest of its line */
    TYPE_COLUMN_MAX = 24,
    PRESENCE_COLUMN_MAX = 22
};

/* One line of the table: a member, or a heading of its own (a variant of a
 * tagged union) when heading is set (then only name is used). */
typedef struct row {
    bool heading;
    size_t depth;
    char *name, *type, *presence, *constraints;
    char *description; /* may hold line breaks; NULL when none */
} row;

typedef struct lister {
    row *rows;
    size_t nrows;
    /* the structs being expanded, outermost first, and the member path each
     * was expanded at (NULL: the top level): a recursive type is listed once */
    const struct_def **open;
    const char **open_at;
    size_t nopen;
} lister;

static void list_members(lister *l, const struct_def *s, size_t depth, const char *path);

/* Columns a UTF-8 text takes: its code points. */
static size_t text_width(const char *s, size_t n)
{
    size_t w = 0;
    for (size_t i = 0; i < n; i++)
        if (((unsigned char)s[i] & 0xC0) != 0x80)
            w++;
    return w;
}

static char *json_text(const cJSON *v)
{
    return json_print(v, 0);
}

/* Starts one more part of a comma-separated list. */
static void next_part(strbuf *sb)
{
    if (sb->len > 0)
        sb_puts(sb, ", ");
}

static void add_part(strbuf *sb, const char *fmt, ...) GEN_PRINTF(2, 3);
static void add_part(strbuf *sb, const char *fmt, ...)
{
    next_part(sb);
    va_list ap;
    va_start(ap, fmt);
    sb_vprintf(sb, fmt, ap);
    va_end(ap);
}

/* A keyword's value as --list shows it: with the constant expression it
 * was written as, "8 (MAX_TAGS)". */
static char *listed_value(const node *n, const keyword_info *kw, keyword_id id, const cJSON *value)
{
    char *text = keyword_value_text(kw, value);
    const char *expr = (int)id < (int)CONSTANT_TEXTS ? n->c.constant_text[id] : NULL;
    if (expr == NULL)
        return text;
    char *both = xasprintf("%s (%s)", text, expr);
    free(text);
    return both;
}

/* The keywords of one use, as the schema states them, in the table's order
 * (keywords.c): a lower bound with its upper one shows as "len 1..10". */
static void add_value_parts(strbuf *sb, const node *n)
{
    cJSON *values[KW_COUNT];
    for (size_t k = 0; k < KW_COUNT; k++)
        values[k] = keyword_value(n, (keyword_id)k);
    for (size_t k = 0; k < KW_COUNT; k++) {
        const keyword_info *kw = &keywords[k];
        if (k == KW_ENUM && n->kind == NODE_ENUM) {
            /* an enum type's values, as bare names; const says more */
            if (values[KW_CONST] == NULL) {
                next_part(sb);
                sb_puts(sb, "one of");
                for (size_t i = 0; i < n->enum_type->nvalues; i++)
                    sb_printf(sb, "%s%s", i == 0 ? " " : ", ", n->enum_type->values[i].json_name);
            }
            continue;
        }
        if (k == KW_ADDITIONAL_PROPERTIES && n->kind == NODE_STRUCT &&
            n->struct_type->additional_properties)
            add_part(sb, "unknown members ignored");
        if (values[k] == NULL || kw->list_form == NULL)
            continue;
        char *text = listed_value(n, kw, (keyword_id)k, values[k]);
        if (kw->range != NULL && values[kw->upper] != NULL) {
            char *upper = listed_value(n, &keywords[kw->upper], kw->upper, values[kw->upper]);
            add_part(sb, "%s%s%s..%s", kw->range, kw->range[0] != '\0' ? " " : "", text, upper);
            free(upper);
            cJSON_Delete(values[kw->upper]);
            values[kw->upper] = NULL;
        } else {
            add_part(sb, kw->list_form, text);
        }
        free(text);
    }
    for (size_t k = 0; k < KW_COUNT; k++)
        cJSON_Delete(values[k]);
}

/* "; what: ..." for the constraints of an array's items or a map's keys and values */
static void add_inner(strbuf *sb, const char *what, const char *text)
{
    if (text == NULL || text[0] == '\0')
        return;
    sb_printf(sb, "%s%s: %s", sb->len > 0 ? "; " : "", what, text);
}

static char *constraints_text(const node *n)
{
    strbuf sb;
    sb_init(&sb);
    add_value_parts(&sb, n);
    if (n->kind == NODE_MAP) {
        char *keys = constraints_text(n->map_key);
        char *values = constraints_text(n->map_value);
        add_inner(&sb, "keys", keys);
        add_inner(&sb, "each", values);
        free(keys);
        free(values);
    } else if (n->kind == NODE_ARRAY) {
        char *items = constraints_text(n->items);
        add_inner(&sb, "each", items);
        free(items);
    }
    return sb_take(&sb);
}

static void put_type(strbuf *sb, const node *n)
{
    switch (n->kind) {
    case NODE_BOOL:
        sb_puts(sb, "boolean");
        break;
    case NODE_INT:
        sb_puts(sb, "integer");
        break;
    case NODE_NUMBER:
        sb_puts(sb, "number");
        break;
    case NODE_STRING:
        sb_puts(sb, "string");
        break;
    case NODE_ENUM:
        sb_puts(sb, "enum");
        break;
    case NODE_STRUCT:
        sb_puts(sb, n->struct_type->untagged ? "union" : "object");
        break;
    case NODE_ANY:
        sb_puts(sb, n->any_object ? "object (any members)" : "any");
        break;
    case NODE_ARRAY:
        put_type(sb, n->items);
        sb_puts(sb, "[]");
        break;
    case NODE_MAP:
        put_type(sb, n->map_value);
        sb_puts(sb, "{}");
        break;
    }
}

/* What an array holds, or a map's values: the type members are listed of. */
static const node *leaf_of(const node *n)
{
    while (n->kind == NODE_ARRAY || n->kind == NODE_MAP)
        n = n->kind == NODE_ARRAY ? n->items : n->map_value;
    return n;
}

/* The member's description, then one line per enum value when they have
 * their own descriptions, as the schema's description lists them. */
static char *description_text(const field *f, bool discriminator)
{
    const node *leaf = leaf_of(f->type);
    const char *base = discriminator ? f->description : node_description(f->type, f->description);
    if (base == NULL && f->type != leaf)
        base = node_description(leaf, NULL);
    strbuf sb;
    sb_init(&sb);
    if (base != NULL)
        sb_puts(&sb, base);
    if (!discriminator && leaf->kind == NODE_ENUM) {
        const enum_def *e = leaf->enum_type;
        bool any = false;
        for (size_t i = 0; i < e->nvalues; i++)
            any = any || e->values[i].description != NULL;
        for (size_t i = 0; any && i < e->nvalues; i++) {
            if (sb.len > 0)
                sb_putc(&sb, '\n');
            sb_printf(&sb, "- %s", e->values[i].json_name);
            if (e->values[i].description != NULL)
                sb_printf(&sb, ": %s", e->values[i].description);
        }
    }
    if (sb.len > 0)
        return sb_take(&sb);
    sb_free(&sb);
    return NULL;
}

static row *add_row(lister *l)
{
    l->rows = xrealloc(l->rows, (l->nrows + 1) * sizeof *l->rows);
    row *r = &l->rows[l->nrows++];
    memset(r, 0, sizeof *r);
    return r;
}

static void list_field(lister *l, const struct_def *s, size_t i, size_t depth, const char *path)
{
    const field *f = &s->fields[i];
    bool discriminator =
        s->variant_of != NULL && !s->variant_of->untagged && i == s->variant_of->discriminator;

    strbuf type;
    sb_init(&type);
    put_type(&type, f->type);
    if (f->nullable)
        sb_puts(&type, " | null");
    if (f->presence != PRESENCE_REQUIRED) {
        if (f->nullable) {
            char *t = sb_take(&type);
            sb_printf(&type, "(%s)?", t);
            free(t);
        } else {
            sb_putc(&type, '?');
        }
    }

    char *presence;
    if (s->variant_of != NULL && s->variant_of->untagged) {
        presence = xstrdup("variant"); /* one of the values an untagged union takes */
    } else if (f->presence == PRESENCE_REQUIRED) {
        presence = xstrdup("required");
    } else if (f->presence == PRESENCE_DEFAULT && f->default_value != NULL) {
        char *t = json_text(f->default_value);
        presence = f->default_text != NULL ? xasprintf("default %s (%s)", t, f->default_text)
                                           : xasprintf("default %s", t);
        free(t);
    } else {
        presence = xstrdup("optional");
    }

    strbuf cons;
    sb_init(&cons);
    if (discriminator) {
        char *t = json_text(f->type->c.const_value);
        sb_printf(&cons, "const %s", t);
        free(t);
    } else {
        char *t = constraints_text(f->type);
        sb_puts(&cons, t);
        free(t);
    }

    /* a struct below: list its members, unless it is being listed already */
    const node *leaf = leaf_of(f->type);
    const struct_def *nested = leaf->kind == NODE_STRUCT ? leaf->struct_type : NULL;
    char *sub = path != NULL ? xasprintf("%s.%s", path, f->json_name) : xstrdup(f->json_name);
    for (size_t k = 0; nested != NULL && k < l->nopen; k++) {
        if (l->open[k] != nested)
            continue;
        if (cons.len > 0)
            sb_puts(&cons, "; ");
        if (l->open_at[k] != NULL)
            sb_printf(&cons, "recursive: same object as '%s'", l->open_at[k]);
        else
            sb_puts(&cons, "recursive: same object as the top level");
        nested = NULL;
    }

    row *r = add_row(l);
    r->depth = depth;
    r->name = xstrdup(f->json_name);
    r->type = sb_take(&type);
    r->presence = presence;
    r->constraints = cons.len > 0 ? sb_take(&cons) : NULL;
    r->description = description_text(f, discriminator);
    sb_free(&cons);

    if (nested != NULL) {
        l->open = xrealloc(l->open, (l->nopen + 1) * sizeof *l->open);
        l->open_at = xrealloc(l->open_at, (l->nopen + 1) * sizeof *l->open_at);
        l->open[l->nopen] = nested;
        l->open_at[l->nopen] = sub;
        l->nopen++;
        list_members(l, nested, depth + 1, sub);
        l->nopen--;
    }
    free(sub);
}

static void list_members(lister *l, const struct_def *s, size_t depth, const char *path)
{
    if (s->untagged) {
        /* one row per variant, named after its enum value */
        for (size_t v = 0; v < s->nvariants; v++) {
            const struct_def *variant = s->variants[v];
            if (variant->nfields == 1) {
                list_field(l, variant, 0, depth, path);
                continue;
            }
            row *r = add_row(l);
            r->depth = depth;
            r->name = xstrdup(variant->variant_value->json_name);
            r->type = xstrdup("null");
            r->presence = xstrdup("variant");
            if (variant->variant_value->description != NULL)
                r->description = xstrdup(variant->variant_value->description);
        }
        return;
    }
    if (s->nvariants == 0) {
        for (size_t i = 0; i < s->nfields; i++)
            list_field(l, s, i, depth, path);
        return;
    }
    const field *disc = &s->fields[s->discriminator];
    for (size_t v = 0; v < s->nvariants; v++) {
        const struct_def *variant = s->variants[v];
        row *r = add_row(l);
        r->heading = true;
        r->depth = depth;
        r->name =
            xasprintf("when %s is \"%s\"%s%s", disc->json_name, variant->variant_value->json_name,
                      variant->description != NULL ? ": " : "",
                      variant->description != NULL ? variant->description : "");
        list_members(l, variant, depth + 1, path);
    }
}

/* ---- layout -------------------------------------------------------------- */

static void pad_to(strbuf *sb, size_t *cur, size_t col)
{
    while (*cur < col) {
        sb_putc(sb, ' ');
        (*cur)++;
    }
}

static void newline(strbuf *sb, size_t *cur)
{
    sb_putc(sb, '\n');
    *cur = 0;
}

/* Writes text from column col (padding from *cur), breaking lines at spaces
 * before LINE_WIDTH; further lines start at column hang. A word longer
 * than a line stays whole. */
static void put_wrapped(strbuf *sb, size_t *cur, const char *text, size_t col, size_t hang)
{
    pad_to(sb, cur, col);
    bool line_has_words = false;
    const char *p = text;
    for (;;) {
        size_t n = strcspn(p, " ");
        size_t w = text_width(p, n);
        if (line_has_words && n > 0 && *cur + 1 + w > LINE_WIDTH) {
            newline(sb, cur);
            pad_to(sb, cur, hang);
        } else if (line_has_words || p != text) {
            sb_putc(sb, ' ');
            (*cur)++;
        }
        sb_putn(sb, p, n);
        *cur += w;
        line_has_words = line_has_words || n > 0;
        if (p[n] == '\0')
            break;
        p += n + 1;
    }
}

/* Each line of text wrapped at column col; an enum value line ("- x: ...")
 * continues two columns further in. */
static void put_paragraphs(strbuf *sb, const char *text, size_t col)
{
    const char *p = text;
    for (;;) {
        size_t n = strcspn(p, "\n");
        char *line = xstrndup(p, n);
        size_t cur = 0;
        put_wrapped(sb, &cur, line, col, line[0] == '-' && line[1] == ' ' ? col + 2 : col);
        newline(sb, &cur);
        free(line);
        if (p[n] == '\0')
            break;
        p += n + 1;
    }
}

static size_t cell_width(const char *s)
{
    return s != NULL ? text_width(s, strlen(s)) : 0;
}

static size_t min_size(size_t a, size_t b)
{
    return a < b ? a : b;
}

static void put_cell(strbuf *sb, size_t *cur, const char *text, size_t col)
{
    if (*cur > 0 && *cur + GAP > col)
        col = *cur + GAP;
    pad_to(sb, cur, col);
    sb_puts(sb, text);
    *cur += cell_width(text);
}

/* first: the first column's title, what the rows are of the struct */
static void put_table(strbuf *sb, const lister *l, const char *first)
{
    const char *titles[4] = {first, "TYPE", "PRESENCE", "CONSTRAINTS"};
    size_t w_name = cell_width(titles[0]), w_type = cell_width(titles[1]),
           w_presence = cell_width(titles[2]);
    for (size_t i = 0; i < l->nrows; i++) {
        const row *r = &l->rows[i];
        if (r->heading)
            continue;
        size_t w = r->depth * DEPTH_INDENT + cell_width(r->name);
        if (w > w_name && w <= NAME_COLUMN_MAX)
            w_name = w;
        if (cell_width(r->type) > w_type)
            w_type = cell_width(r->type);
        if (cell_width(r->presence) > w_presence)
            w_presence = cell_width(r->presence);
    }
    w_type = min_size(w_type, TYPE_COLUMN_MAX);
    w_presence = min_size(w_presence, PRESENCE_COLUMN_MAX);
    size_t col_type = TABLE_INDENT + w_name + GAP;
    size_t col_presence = col_type + w_type + GAP;
    size_t col_constraints = col_presence + w_presence + GAP;

    size_t cur = 0;
    put_cell(sb, &cur, titles[0], TABLE_INDENT);
    put_cell(sb, &cur, titles[1], col_type);
    put_cell(sb, &cur, titles[2], col_presence);
    put_cell(sb, &cur, titles[3], col_constraints);
    newline(sb, &cur);
    for (size_t i = 0; i < l->nrows; i++) {
        const row *r = &l->rows[i];
        size_t indent = TABLE_INDENT + r->depth * DEPTH_INDENT;
        if (r->heading) {
            put_wrapped(sb, &cur, r->name, indent, indent + 2);
            newline(sb, &cur);
            continue;
        }
        pad_to(sb, &cur, indent);
        sb_puts(sb, r->name);
        cur += cell_width(r->name);
        put_cell(sb, &cur, r->type, col_type);
        put_cell(sb, &cur, r->presence, col_presence);
        if (r->constraints != NULL) {
            size_t col = cur + GAP > col_constraints ? cur + GAP : col_constraints;
            put_wrapped(sb, &cur, r->constraints, col, col);
        }
        newline(sb, &cur);
        if (r->description != NULL)
            put_paragraphs(sb, r->description, col_type);
    }
}

static void list_struct(strbuf *sb, const struct_def *s)
{
    bool tool = s->tool_name != NULL;
    /* what the struct is to MCP or a provider, by the name they know it by */
    const char *first = "MEMBER";
    if (tool) {
        sb_printf(sb, "tool %s (%s)\n", s->tool_name, s->c_type);
        first = "PARAMETER";
    } else if (s->prompt_name != NULL) {
        sb_printf(sb, "prompt %s (%s)\n", s->prompt_name, s->c_type);
        first = "ARGUMENT";
    } else if (s->resource_uri != NULL) {
        sb_printf(sb, "resource template %s (%s)\n", s->resource_uri, s->c_type);
        first = "VARIABLE";
    } else if (strcmp(s->name, s->c_type) != 0)
        sb_printf(sb, "schema %s (%s)\n", s->name, s->c_type);
    else
        sb_printf(sb, "schema %s\n", s->name);
    if (s->description != NULL)
        put_paragraphs(sb, s->description, TABLE_INDENT);

    strbuf meta;
    sb_init(&meta);
    static const char *const effects[] = {NULL, "readonly", "mutating", "destructive"};
    if (s->effect != EFFECT_NONE)
        add_part(&meta, "effect %s", effects[s->effect]);
    if (s->idempotent)
        add_part(&meta, "idempotent");
    if (s->task != 0)
        add_part(&meta, "task %s%s", s->task == 2 ? "required" : "optional",
                 s->task_explicit ? " explicit" : "");
    if (s->scopes != NULL)
        add_part(&meta, "scopes %s", s->scopes);
    if (s->version != NULL)
        add_part(&meta, "version %s", s->version);
    if (s->output_type != NULL)
        add_part(&meta, "output %s", s->output_type);
    if (s->config_type != NULL)
        add_part(&meta, "configuration %s (listed as a type)", s->config_type);
    if (s->additional_properties)
        add_part(&meta, "unknown members ignored");
    if (meta.len > 0)
        put_paragraphs(sb, meta.data, TABLE_INDENT);
    sb_free(&meta);

    lister l;
    memset(&l, 0, sizeof l);
    l.open = xmalloc(sizeof *l.open);
    l.open_at = xmalloc(sizeof *l.open_at);
    l.open[0] = s;
    l.open_at[0] = NULL;
    l.nopen = 1;
    list_members(&l, s, 0, NULL);
    sb_putc(sb, '\n');
    if (l.nrows == 0)
        sb_puts(sb, tool ? "  (no parameters)\n" : "  (no members)\n");
    else
        put_table(sb, &l, first);
    for (size_t i = 0; i < l.nrows; i++) {
        free(l.rows[i].name);
        free(l.rows[i].type);
        free(l.rows[i].presence);
        free(l.rows[i].constraints);
        free(l.rows[i].description);
    }
    free(l.rows);
    free(l.open);
    free(l.open_at);
}

char *list_text(const model *m, size_t *count)
{
    strbuf sb;
    sb_init(&sb);
    *count = 0;
    for (size_t i = 0; i < m->nstructs; i++) {
        const struct_def *s = m->structs[i];
        if (!s->opted_in)
            continue;
        if ((*count)++ > 0)
            sb_putc(&sb, '\n');
        list_struct(&sb, s);
    }
    return sb_take(&sb);
}
