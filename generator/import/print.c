/* schemac import: the model as an annotated header. Forward typedefs of
 * every struct first (so recursion and any order of use compile), then the
 * enums, the typedefs that carry an item's description, and the structs,
 * each after the structs it holds by value. */
#include "import/import_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "util/json_print.h"
#include "util/strbuf.h"

static bool is_pattern_line(const char *line)
{
    return strncmp(line, "@pattern ", 9) == 0;
}

/* Every text goes through sb_put_comment_text, which makes it safe in
 * either form; a pattern is written as it is (@pattern reads its line
 * raw, and map.c refused one that would splice lines), so one holding a
 * comment's end or start is written in /// lines. */
static bool needs_line_comments(const char *tags)
{
    bool lines = false;
    for (const char *line = tags; line != NULL && *line;) {
        const char *end = strchr(line, '\n');
        char *text = end != NULL ? xstrndup(line, (size_t)(end - line)) : xstrdup(line);
        lines |=
            is_pattern_line(text) && (strstr(text, "*/") != NULL || strstr(text, "/*") != NULL);
        free(text);
        line = end != NULL ? end + 1 : NULL;
    }
    return lines;
}

/* One line of a doc comment. */
static void put_line(strbuf *sb, const char *indent, bool lines, const char *text)
{
    sb_printf(sb, "%s%s", indent, lines ? "///" : " *");
    if (*text != '\0') {
        sb_putc(sb, ' ');
        if (is_pattern_line(text))
            sb_puts(sb, text);
        else
            sb_put_comment_text(sb, text);
    }
    sb_putc(sb, '\n');
}

/* A description inside a doc comment: every '@' doubled (a literal '@'),
 * one comment line per line. */
static void put_text(strbuf *sb, const char *indent, bool lines, const char *text)
{
    strbuf line;
    sb_init(&line);
    for (const char *p = text;; p++) {
        if (*p == '\n' || *p == '\r' || *p == '\0') {
            while (line.len > 0 && line.data[line.len - 1] == ' ')
                line.len--;
            sb_putc(&line, '\0'); /* ends the text */
            put_line(sb, indent, lines, line.data);
            line.len = 0;
            if (*p == '\0')
                break;
            if (*p == '\r' && p[1] == '\n')
                p++;
        } else if (*p == '@') {
            sb_puts(&line, "@@");
        } else {
            sb_putc(&line, *p);
        }
    }
    sb_free(&line);
}

/* A doc comment of a description and tag lines (tags: "\n"-separated). */
static void put_doc(strbuf *sb, const char *indent, const char *description, const char *tags)
{
    bool has_tags = tags != NULL && tags[0] != '\0';
    if ((description == NULL || description[0] == '\0') && !has_tags)
        return;
    bool lines = needs_line_comments(tags);
    if (!lines)
        sb_printf(sb, "%s/**\n", indent);
    if (description != NULL && description[0] != '\0')
        put_text(sb, indent, lines, description);
    for (const char *line = tags; has_tags && line != NULL && *line;) {
        const char *end = strchr(line, '\n');
        char *text = end != NULL ? xstrndup(line, (size_t)(end - line)) : xstrdup(line);
        if (*text != '\0')
            put_line(sb, indent, lines, text);
        free(text);
        line = end != NULL ? end + 1 : NULL;
    }
    if (!lines)
        sb_printf(sb, "%s */\n", indent);
}

/* A plain comment (schemac reads none): the note may hold anything a
 * schema's text does. */
static void put_note(strbuf *sb, const char *indent, const char *note)
{
    sb_printf(sb, "%s// ", indent);
    sb_put_comment_text(sb, note);
    sb_putc(sb, '\n');
}

/* @name's value: a bare word when it is an identifier, else a JSON string. */
static char *name_tag_value(const char *json_name)
{
    bool bare = isalpha((unsigned char)json_name[0]) || json_name[0] == '_';
    for (const char *p = json_name; *p && bare; p++)
        bare = isalnum((unsigned char)*p) || *p == '_';
    if (bare && strcmp(json_name, "true") != 0 && strcmp(json_name, "false") != 0 &&
        strcmp(json_name, "null") != 0)
        return xstrdup(json_name);
    cJSON *s = cJSON_CreateString(json_name);
    char *v = imp_tag_json(s);
    cJSON_Delete(s);
    return v;
}

static void put_tags(strbuf *tags, const itype *t)
{
    for (size_t i = 0; t != NULL && t->c_name == NULL && i < t->ntags; i++)
        sb_printf(tags, "%s\n", t->tags[i]);
}

/* The C type of one value of t. */
static const char *value_type(const itype *t)
{
    if (t->c_name != NULL)
        return t->c_name;
    switch (t->kind) {
    case IK_BOOL:
        return "bool";
    case IK_INT:
        return t->int_type;
    case IK_NUMBER:
        return "double";
    case IK_STRING:
        return "char *";
    default:
        return "cJSON *";
    }
}

static bool is_scalar(ikind k)
{
    return k == IK_BOOL || k == IK_INT || k == IK_NUMBER || k == IK_ENUM;
}

/* "T *", "char **": a pointer to values of t. */
static char *pointer_to(const itype *t)
{
    const char *v = value_type(t);
    size_t n = strlen(v);
    return xasprintf("%s%s*", v, n > 0 && v[n - 1] == '*' ? "" : " ");
}

static void put_field(strbuf *sb, const char *indent, const ifield *f)
{
    const itype *t = f->type;
    strbuf tags;
    sb_init(&tags);
    bool optional = !f->required, has_default = f->default_value != NULL;
    bool has_flag = (optional && !has_default && is_scalar(t->kind)) ||
                    (f->nullable && (optional || has_default));
    if (strcmp(f->c_name, f->json_name) != 0) {
        char *name = name_tag_value(f->json_name);
        sb_printf(&tags, "@name %s\n", name);
        free(name);
    }
    if (optional && !has_flag && !has_default &&
        (t->kind == IK_STRING || t->kind == IK_ARRAY || t->kind == IK_MAP))
        sb_puts(&tags, "@optional\n");
    if (f->nullable)
        sb_puts(&tags, "@nullable\n");
    if (has_default) {
        char *v = imp_tag_json(f->default_value);
        sb_printf(&tags, "%s@default %s\n", f->required ? "@required\n" : "", v);
        free(v);
    }
    if (t->kind == IK_ANY_OBJECT || (t->kind == IK_ARRAY && t->items->kind == IK_ANY_OBJECT))
        sb_puts(&tags, "@type object\n");
    if (t->kind == IK_MAP)
        sb_puts(&tags, "@additionalProperties\n");
    if (f->accept_overlap)
        sb_puts(&tags, "@acceptOverlap\n");
    put_tags(&tags, t);
    if (t->kind == IK_ARRAY)
        put_tags(&tags, t->items);
    if (f->extra.data != NULL)
        sb_puts(&tags, f->extra.data);
    if (f->note != NULL)
        put_note(sb, indent, f->note);
    put_doc(sb, indent, f->description, tags.data);
    sb_free(&tags);
    if (t->kind == IK_ARRAY || t->kind == IK_MAP) {
        char *p = pointer_to(t->items);
        sb_printf(sb, "%s%s%s;\n", indent, p, f->c_name);
        free(p);
    } else if ((t->kind == IK_STRUCT || t->kind == IK_UNTAGGED || is_scalar(t->kind)) &&
               (f->nullable || f->by_pointer || (!f->required && !is_scalar(t->kind)))) {
        sb_printf(sb, "%s%s *%s;\n", indent, value_type(t), f->c_name);
    } else {
        const char *v = value_type(t);
        sb_printf(sb, "%s%s%s%s;\n", indent, v, v[strlen(v) - 1] == '*' ? "" : " ", f->c_name);
    }
    if (has_flag)
        sb_printf(sb, "%sbool has_%s;\n", indent, f->c_name);
}

static void put_counts(strbuf *sb, const char *indent, const ifield *f)
{
    if (f->type != NULL && (f->type->kind == IK_ARRAY || f->type->kind == IK_MAP))
        sb_printf(sb, "%ssize_t %s_count;\n", indent, f->c_name);
}

static void put_enum(strbuf *sb, const itype *t)
{
    char **derived = imp_derived_enum_names(t->enumerators, t->nvalues);
    put_doc(sb, "", t->description, NULL);
    sb_puts(sb, "typedef enum {\n");
    for (size_t i = 0; i < t->nvalues; i++) {
        strbuf doc;
        sb_init(&doc);
        for (const char *p = t->value_docs[i]; p != NULL && *p; p++) /* a literal '@' is "@@" */
            if (*p == '@')
                sb_puts(&doc, "@@");
            else
                sb_putc(&doc, *p == '\n' ? ' ' : *p);
        if (strcmp(derived[i], t->values[i]) != 0) {
            char *name = name_tag_value(t->values[i]);
            sb_printf(&doc, "%s@name %s", doc.len > 0 ? " " : "", name);
            free(name);
        }
        sb_printf(sb, "    %s,", t->enumerators[i]);
        if (doc.len > 0) {
            sb_puts(sb, " /**< ");
            sb_put_comment_text(sb, doc.data);
            sb_puts(sb, " */");
        }
        sb_putc(sb, '\n');
        sb_free(&doc);
        free(derived[i]);
    }
    free(derived);
    sb_printf(sb, "} %s;\n\n", t->c_name);
}

static void put_struct(strbuf *sb, imp_ctx *c, itype *t);

static void put_before(strbuf *sb, imp_ctx *c, const ifield *f)
{
    if (f->type != NULL && (f->type->kind == IK_STRUCT || f->type->kind == IK_UNTAGGED) &&
        !f->by_pointer)
        put_struct(sb, c, f->type);
    if (f->type != NULL && f->type->kind == IK_MAP)
        put_struct(sb, c, f->type->items);
}

static void struct_tags(strbuf *tags, const itype *t)
{
    if (t->tool_name != NULL) {
        sb_puts(tags, "@tool ");
        for (const char *p = t->tool_name; *p; p++) { /* a literal '@' is "@@" */
            if (*p == '@')
                sb_putc(tags, '@');
            sb_putc(tags, *p);
        }
        sb_putc(tags, '\n');
        if (t->tool_hints != NULL)
            sb_puts(tags, t->tool_hints);
        if (t->tool_output != NULL)
            sb_printf(tags, "@output %s\n", t->tool_output);
    } else if (t->root) {
        sb_puts(tags, "@schema\n");
    }
    if (t->kind == IK_UNTAGGED)
        sb_puts(tags, "@untagged\n");
    if (t->open && !t->is_entry)
        sb_puts(tags, "@additionalProperties\n");
}

static void put_struct(strbuf *sb, imp_ctx *c, itype *t)
{
    if (t->printed)
        return;
    t->printed = true;
    for (size_t i = 0; i < t->nfields; i++)
        put_before(sb, c, &t->fields[i]);
    for (size_t i = 0; i < t->nvariants; i++)
        put_before(sb, c, &t->variants[i]);
    strbuf tags;
    sb_init(&tags);
    struct_tags(&tags, t);
    put_doc(sb, "", t->description, tags.data);
    sb_free(&tags);
    sb_printf(sb, "struct %s {\n", t->c_name);
    bool any_variant = false;
    for (size_t i = 0; i < t->nvariants; i++)
        any_variant |= t->variants[i].type != NULL;
    if (t->kind == IK_UNTAGGED) {
        sb_printf(sb, "    %s kind;\n    union {\n", t->tag_enum->c_name);
        for (size_t i = 0; i < t->nfields; i++)
            if (t->fields[i].type != NULL)
                put_field(sb, "        ", &t->fields[i]);
        sb_puts(sb, "    } as;\n");
        for (size_t i = 0; i < t->nfields; i++)
            put_counts(sb, "    ", &t->fields[i]);
    } else {
        for (size_t i = 0; i < t->nfields; i++) {
            put_field(sb, "    ", &t->fields[i]);
            put_counts(sb, "    ", &t->fields[i]);
        }
        if (any_variant) {
            bool as_taken = false;
            for (size_t i = 0; i < t->nfields; i++)
                as_taken |= strcmp(t->fields[i].c_name, "as") == 0;
            sb_puts(sb, "    union {\n");
            for (size_t i = 0; i < t->nvariants; i++) {
                if (t->variants[i].type == NULL)
                    continue;
                put_doc(sb, "        ", t->variants[i].description, NULL);
                sb_printf(sb, "        %s %s;\n", t->variants[i].type->c_name,
                          t->variants[i].c_name);
            }
            sb_printf(sb, "    } %s;\n", as_taken ? "as_union" : "as");
        }
        if (t->nfields == 0 && !any_variant)
            sb_puts(sb, "    /** @ignore */\n    bool unused;\n"); /* C has no empty struct */
    }
    sb_puts(sb, "};\n\n");
}

/* A typedef carrying a description and keywords of array items. */
static void put_typedef(strbuf *sb, const itype *t)
{
    strbuf tags;
    sb_init(&tags);
    for (size_t i = 0; i < t->ntags; i++)
        sb_printf(&tags, "%s\n", t->tags[i]);
    put_doc(sb, "", t->description, tags.data);
    sb_free(&tags);
    const char *base = t->kind == IK_BOOL     ? "bool"
                       : t->kind == IK_INT    ? t->int_type
                       : t->kind == IK_NUMBER ? "double"
                                              : "char *";
    sb_printf(sb, "typedef %s%s%s;\n\n", base, base[strlen(base) - 1] == '*' ? "" : " ", t->c_name);
}

/* "my-tools" -> IMPORTED_MY_TOOLS_H: an identifier whatever the file's name. */
static char *guard_of(const char *name)
{
    char *g = xasprintf("IMPORTED_%s_H", name);
    for (char *p = g; *p; p++)
        *p = isalnum((unsigned char)*p) ? (char)toupper((unsigned char)*p) : '_';
    return g;
}

char *imp_print_header(imp_ctx *c, const char *source)
{
    strbuf sb;
    sb_init(&sb);
    const char *dot = strchr(source, '.');
    char *stem =
        dot != NULL && dot != source ? xstrndup(source, (size_t)(dot - source)) : xstrdup(source);
    char *guard = guard_of(stem);
    free(stem);
    sb_puts(&sb, "/* Imported by `schemac import` from ");
    sb_put_comment_text(&sb, source);
    sb_puts(&sb, ": schemac run on this header writes a\n"
                 " * schema that accepts exactly the documents the input accepts. */\n");
    sb_printf(
        &sb,
        "#ifndef %s\n#define %s\n\n#include <stdbool.h>\n#include <stddef.h>\n#include <stdint.h>\n",
        guard, guard);
    if (c->uses_cjson)
        sb_puts(&sb, "\n#include <cJSON.h>\n");
    sb_putc(&sb, '\n');
    bool any = false;
    for (size_t i = 0; i < c->ntypes; i++)
        if (c->types[i]->kind == IK_STRUCT || c->types[i]->kind == IK_UNTAGGED) {
            sb_printf(&sb, "typedef struct %s %s;\n", c->types[i]->c_name, c->types[i]->c_name);
            any = true;
        }
    if (any)
        sb_putc(&sb, '\n');
    for (size_t i = 0; i < c->ntypes; i++)
        if (c->types[i]->kind == IK_ENUM)
            put_enum(&sb, c->types[i]);
    for (size_t i = 0; i < c->ntypes; i++)
        if (is_scalar(c->types[i]->kind) && c->types[i]->kind != IK_ENUM)
            put_typedef(&sb, c->types[i]);
    for (size_t i = 0; i < c->ntypes; i++)
        if (c->types[i]->kind == IK_STRING)
            put_typedef(&sb, c->types[i]);
    for (size_t i = 0; i < c->ntypes; i++)
        if (c->types[i]->kind == IK_STRUCT || c->types[i]->kind == IK_UNTAGGED)
            put_struct(&sb, c, c->types[i]);
    sb_printf(&sb, "#endif /* %s */\n", guard);
    free(guard);
    return sb_take(&sb);
}
