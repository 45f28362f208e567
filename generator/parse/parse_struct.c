/* schemac generator: C structs -> model structs: members and their
 * companions (counts, has_X flags), maps, tagged unions, struct tags. */
#include "parse/parse_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "parse/tags.h"
#include "schemac/reader.h"
#include "util/strbuf.h"

/* ---- structs ------------------------------------------------------------- */

typedef struct raw_field {
    CXCursor cursor;
    char *name;
    CXType type;
    annotations a;
    bool companion;     /* a count field or has_X flag, not a property */
    const char *counts; /* a count field: the member whose items it counts */
} raw_field;

typedef struct field_collect {
    parser *p;
    raw_field *fields;
    size_t n;
} field_collect;

static enum CXChildVisitResult visit_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    field_collect *fc = data;
    parser *p = fc->p;
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* C11 anonymous struct or union members: libclang shows their
     * declaration, not a member */
    bool anonymous_union = kind == CXCursor_UnionDecl && clang_Cursor_isAnonymousRecordDecl(c);
    if (kind == CXCursor_StructDecl && clang_Cursor_isAnonymousRecordDecl(c)) {
        diag_error(p->diag, cursor_loc(p, c),
                   "anonymous struct members are not supported: name the member");
        return CXChildVisit_Continue;
    }
    if (kind != CXCursor_FieldDecl && !anonymous_union)
        return CXChildVisit_Continue;
    if (kind == CXCursor_FieldDecl && clang_Cursor_isAnonymousRecordDecl(clang_getTypeDeclaration(
                                          clang_getCanonicalType(clang_getCursorType(c)))))
        return CXChildVisit_Continue; /* seen as its declaration */
    if (clang_Cursor_isBitField(c)) {
        char *name = take_string(clang_getCursorSpelling(c));
        diag_error(p->diag, cursor_loc(p, c),
                   "bit-field '%s' is not supported: use a plain integer field", name);
        free(name);
        return CXChildVisit_Continue;
    }
    fc->fields = xrealloc(fc->fields, (fc->n + 1) * sizeof *fc->fields);
    raw_field *f = &fc->fields[fc->n++];
    memset(f, 0, sizeof *f);
    f->cursor = c;
    /* An anonymous union has no name: libclang 14 spells it "", libclang
     * 16 and later "union (anonymous at FILE:LINE:COL)". */
    f->name = anonymous_union ? xstrdup("") : take_string(clang_getCursorSpelling(c));
    f->type = clang_getCursorType(c);
    read_annotations(p, c, &f->a);
    return CXChildVisit_Continue;
}

static raw_field *find_raw(field_collect *fc, const char *name)
{
    for (size_t i = 0; i < fc->n; i++)
        if (strcmp(fc->fields[i].name, name) == 0)
            return &fc->fields[i];
    return NULL;
}

static bool is_integer_type(CXType t)
{
    return is_integer_kind(clang_getCanonicalType(t).kind);
}

static bool is_bool_type(CXType t)
{
    return clang_getCanonicalType(t).kind == CXType_Bool;
}

/* A pointer to something other than char, or an array of something other
 * than char: needs a count field to be an array. */
static bool is_sequence_type(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind == CXType_Pointer)
        return !is_char_kind(clang_getCanonicalType(clang_getPointeeType(c)).kind);
    if (c.kind == CXType_ConstantArray)
        return !is_char_kind(clang_getCanonicalType(clang_getArrayElementType(c)).kind);
    return false;
}

static bool is_scalar_kind(node_kind k)
{
    return k == NODE_INT || k == NODE_NUMBER || k == NODE_BOOL || k == NODE_ENUM;
}

/* The member holding f's item count, or NULL. report: say what is wrong
 * with an @count (the first of the two passes that ask does). */
static raw_field *count_field_of(field_collect *fc, raw_field *f, bool report)
{
    parser *p = fc->p;
    const tag *count = annotations_find(&f->a, "count");
    if (count != NULL) {
        raw_field *c = find_raw(fc, count->value);
        if (c == NULL && report)
            diag_error(p->diag, count->value_where,
                       "@count names '%s', which is not a member of this struct", count->value);
        else if (c != NULL && !is_integer_type(c->type) && report)
            diag_error(p->diag, count->value_where, "@count member '%s' must have an integer type",
                       c->name);
        else if (c != NULL && is_integer_type(c->type))
            return c;
        return NULL;
    }
    if (!is_sequence_type(f->type))
        return NULL;
    char *name = xasprintf("%s_count", f->name);
    raw_field *c = find_raw(fc, name);
    free(name);
    return c != NULL && is_integer_type(c->type) ? c : NULL;
}

/* A member of fc that looks like the count of f, which has none (see
 * count_names.c), or NULL: an integer that counts nothing else. */
static raw_field *near_miss_count_of(field_collect *fc, raw_field *f)
{
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *c = &fc->fields[i];
        if (c != f && !c->companion && is_integer_type(c->type) &&
            annotations_find(&c->a, "ignore") == NULL && is_near_miss_count(f->name, c->name))
            return c;
    }
    return NULL;
}

/* A pointer or array member without a count beside a member named like
 * one: what the header says is not what it reads like, so say both ways
 * of writing it (reported at the member, with a note at the count). */
static bool report_near_miss_count(field_collect *fc, raw_field *rf)
{
    parser *p = fc->p;
    CXType canon = clang_getCanonicalType(rf->type);
    if (!is_sequence_type(rf->type) || is_cjson_pointer(canon))
        return false;
    char *conventional = xasprintf("%s_count", rf->name);
    raw_field *named = find_raw(fc, conventional);
    free(conventional);
    if (named != NULL && !is_integer_type(named->type)) {
        char *type = type_spelling(named->type);
        diag_error(p->diag, cursor_loc(p, named->cursor),
                   "'%s' is named like the count of '%s' but its type is "
                   "'%s': make it an integer (size_t), or rename it",
                   named->name, rf->name, type);
        free(type);
        return true;
    }
    if (annotations_find(&rf->a, "optional") != NULL ||
        annotations_find(&rf->a, "nullable") != NULL)
        return false;
    raw_field *near = near_miss_count_of(fc, rf);
    if (near == NULL)
        return false;
    bool one_value = canon.kind == CXType_Pointer &&
                     clang_getCanonicalType(clang_getPointeeType(canon)).kind != CXType_Pointer;
    if (one_value)
        diag_error(p->diag, cursor_loc(p, rf->cursor),
                   "'%s' has no count member, but '%s' reads like one: as written, "
                   "'%s' is one optional value and '%s' a required property of its "
                   "own; write '@count %s' on '%s' for an array, or '@optional' (or "
                   "'@nullable') on '%s' for one value",
                   rf->name, near->name, rf->name, near->name, near->name, rf->name, rf->name);
    else
        diag_error(p->diag, cursor_loc(p, rf->cursor),
                   "'%s' has no count member, but '%s' reads like one: write "
                   "'@count %s' on '%s' to pair them (or name it '%s_count')",
                   rf->name, near->name, near->name, rf->name, rf->name);
    diag_note(p->diag, cursor_loc(p, near->cursor), "'%s' is declared here", near->name);
    return true;
}

/* A member named has_X that is no presence flag: X is there but the flag
 * is not a bool, or X is a near miss of a member (has_colour beside color).
 * Either would silently be a required property of its own. A member with
 * an explicit @name is meant as a property. */
static bool report_has_flag_mistake(field_collect *fc, raw_field *rf)
{
    parser *p = fc->p;
    if (strncmp(rf->name, "has_", 4) != 0 || rf->name[4] == '\0' ||
        annotations_find(&rf->a, "name") != NULL)
        return false;
    const char *x = rf->name + 4;
    raw_field *target = find_raw(fc, x);
    if (target != NULL) {
        if (is_bool_type(rf->type))
            return false;
        char *type = type_spelling(rf->type);
        diag_error(p->diag, cursor_loc(p, rf->cursor),
                   "'%s' is named like the presence flag of '%s' but its type "
                   "is '%s': make it a bool (then '%s' is optional), or rename it",
                   rf->name, x, type, x);
        free(type);
        return true;
    }
    /* one slip in a name of five letters or more: has_more beside mode,
     * or has_next beside text, are flags of their own */
    if (!is_bool_type(rf->type) || strlen(x) < 5)
        return false;
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *m = &fc->fields[i];
        if (m == rf || strncmp(m->name, "has_", 4) == 0 || m->name[0] == '\0' ||
            edit_distance(x, m->name) > 1)
            continue;
        diag_error(
            p->diag, cursor_loc(p, rf->cursor),
            "'%s' names no member, but '%s' is near: as written it is a "
            "required property of its own; name it 'has_%s' to make '%s' optional, or give it "
            "@name to keep it a property",
            rf->name, m->name, m->name, m->name);
        diag_note(p->diag, cursor_loc(p, m->cursor), "'%s' is declared here", m->name);
        return true;
    }
    return false;
}

/* @nullable: JSON null is stored as NULL, so the member must be a pointer
 * (char *, T *, or an array's T *). Missing, null and present stay apart:
 * a nullable member is required (present or null) unless a has_X flag
 * records whether it was there. */
static void apply_nullable(parser *p, field *f, const tag *t)
{
    const node *n = f->type;
    if (n->kind == NODE_ANY) {
        diag_error(p->diag, t->where,
                   "a cJSON * member accepts null already (as a cJSON_NULL item)");
        return;
    }
    if (field_storage(f) == STORAGE_VALUE) {
        diag_error(p->diag, t->where,
                   "@nullable needs a pointer member, whose NULL stands for null: "
                   "make '%s' a pointer",
                   f->c_name);
        return;
    }
    if (f->presence == PRESENCE_OPTIONAL || f->presence == PRESENCE_DEFAULT) {
        diag_error(p->diag, t->where,
                   "'%s' may be missing and may be null, and NULL cannot tell which: "
                   "add 'bool has_%s;'",
                   f->c_name, f->c_name);
        return;
    }
    if (f->presence == PRESENCE_POINTER)
        f->presence = PRESENCE_REQUIRED;
    f->nullable = true;
}

/* @type object on a cJSON * member (or the items of cJSON **): a
 * free-form object ({"type": "object"}), which C cannot spell as a struct
 * without members; the cJSON tree holds its members, whatever they are. */
static void apply_type(parser *p, field *f, const tag *t)
{
    node *n = f->type;
    while (n->kind == NODE_ARRAY)
        n = n->items;
    if (strcmp(t->value, "object") != 0)
        diag_error(p->diag, t->value[0] ? t->value_where : t->where,
                   "@type takes 'object' (a free-form object), "
                   "not '%s'",
                   t->value);
    else if (n->kind != NODE_ANY)
        diag_error(
            p->diag, t->where,
            "@type object belongs to a cJSON * member, which then holds any object; '%s' has "
            "a type of its own",
            f->c_name);
    else
        n->any_object = true;
}

/* @header NAME: the tool parameter travels in the HTTP header
 * Mcp-Param-NAME too (MCP 2026-07-28, x-mcp-header); NAME is an HTTP
 * token (RFC 9110 5.6.2). Where it may stand is check.c's business. */
static void apply_header(parser *p, field *f, const tag *t)
{
    const char *v = t->value;
    bool token = v[0] != '\0';
    for (const char *p = v; *p != '\0' && token; p++)
        token = isalnum((unsigned char)*p) || strchr("!#$%&'*+-.^_`|~", *p) != NULL;
    if (!token) {
        diag_error(p->diag, t->where,
                   "@header needs the header's name, an HTTP token (letters, digits and "
                   "!#$%%&'*+-.^_`|~): @header Region sends the value as Mcp-Param-Region");
        return;
    }
    f->mcp_header = xstrdup(v);
    f->header_where = t->where;
}

static void apply_field_tags(parser *p, field *f, raw_field *rf)
{
    const annotations *a = &rf->a;
    tags_apply_values(&p->tags, a, f->type);
    const tag *t;
    if ((t = annotations_find(a, "name")) != NULL) {
        char *name = tag_name_value(&p->tags, t);
        if (name != NULL) {
            free(f->json_name);
            f->json_name = name;
        }
    }
    /* @required keeps a member with @default required: JSON Schema allows
     * both, and tool schemas publish them ("default" then documents the
     * usual value; a document must still send it) */
    const tag *required = annotations_find(a, "required");
    if (required != NULL && annotations_find(a, "default") == NULL)
        diag_error(p->diag, required->where,
                   "@required goes with @default: a member is required already unless a "
                   "pointer, a has_X flag, @optional or @default makes it optional");
    else if (required != NULL && annotations_find(a, "optional") != NULL)
        diag_error(p->diag, required->where,
                   "@required and @optional contradict each other: drop one of them");
    if ((t = annotations_find(a, "optional")) != NULL && f->presence == PRESENCE_REQUIRED)
        f->presence = PRESENCE_OPTIONAL;
    if ((t = annotations_find(a, "default")) != NULL && t->value[0] == '\0') {
        diag_error(p->diag, t->where, "@default needs a value");
    } else if (t != NULL) {
        if (f->presence == PRESENCE_POINTER || f->presence == PRESENCE_HAS_FLAG)
            diag_error(p->diag, t->where,
                       "@default on a field that is already optional through %s: "
                       "drop one of them",
                       f->presence == PRESENCE_POINTER ? "a pointer" : f->has_field);
        if (required == NULL || f->presence != PRESENCE_REQUIRED)
            f->presence = PRESENCE_DEFAULT;
        f->default_value = tag_value_of(&p->tags, t, f->type, &f->default_text);
        f->default_where = t->where;
    }
    if ((t = annotations_find(a, "additionalProperties")) != NULL && f->type->kind != NODE_MAP)
        diag_error(p->diag, t->where,
                   "@additionalProperties on a member makes a map, which needs an array of "
                   "{ char *key; T value; } entries with a count");
    if ((t = annotations_find(a, "nullable")) != NULL)
        apply_nullable(p, f, t);
    if ((t = annotations_find(a, "type")) != NULL)
        apply_type(p, f, t);
    if ((t = annotations_find(a, "acceptBreak")) != NULL)
        f->accept_break = xstrdup(t->value);
    if ((t = annotations_find(a, "header")) != NULL)
        apply_header(p, f, t);
}

static void collect_fields(parser *p, CXCursor record, field_collect *fc);
static void release_fields(field_collect *fc);

/* Generated code reads, copies and compares values as plain objects, which
 * a volatile one must not be (and does not convert to without a cast):
 * JSON data is not device memory. */
static void refuse_volatile(parser *p, const raw_field *rf)
{
    if (!has_volatile(rf->type))
        return;
    char *t = type_spelling(rf->type);
    diag_error(p->diag, cursor_loc(p, rf->cursor),
               "'%s' is volatile ('%s'): a member the decoder fills or the encoder "
               "reads cannot be volatile; drop the volatile",
               rf->name, t);
    free(t);
}

/* A map: entries { char *key; V value; } pointed to by the member, with a
 * count, become a JSON object whose members are the entries. */
static node *build_map_node(parser *p, raw_field *rf, CXType spelled, src_loc where)
{
    CXType canon = clang_getCanonicalType(spelled);
    if (canon.kind != CXType_Pointer) {
        diag_error(p->diag, where, "map '%s' must be a pointer to its entries", rf->name);
        return NULL;
    }
    CXType entry = clang_getPointeeType(spelled);
    CXType entry_canon = clang_getCanonicalType(entry);
    if (entry_canon.kind != CXType_Record) {
        diag_error(p->diag, where, "map '%s' needs entries of a struct { char *key; T value; }",
                   rf->name);
        return NULL;
    }
    field_collect members;
    collect_fields(p, clang_getTypeDeclaration(entry_canon), &members);
    raw_field *key = find_raw(&members, "key"), *value = find_raw(&members, "value");
    node *map = NULL;
    if (key == NULL || value == NULL || members.n != 2) {
        diag_error(p->diag, where,
                   "map '%s' needs entries with exactly two members, 'key' and 'value'", rf->name);
    } else {
        node *k = build_value_node(p, key->type, cursor_loc(p, key->cursor));
        node *v = build_value_node(p, value->type, cursor_loc(p, value->cursor));
        const raw_field *entry_members[] = {key, value};
        for (size_t i = 0; i < 2; i++) {
            if (written_const(entry_members[i]->type))
                diag_error(p->diag, cursor_loc(p, entry_members[i]->cursor),
                           "the map entry's '%s' is const: the "
                           "decoder fills it; drop that const",
                           entry_members[i]->name);
            refuse_volatile(p, entry_members[i]);
        }
        if (k != NULL && k->kind != NODE_STRING)
            diag_error(p->diag, cursor_loc(p, key->cursor),
                       "a map key must be text (char * or char[N])");
        if (clang_Cursor_getOffsetOfField(key->cursor) != 0)
            diag_error(p->diag, cursor_loc(p, key->cursor),
                       "a map entry's 'key' must be its first member");
        else if (k != NULL && v != NULL && k->kind == NODE_STRING) {
            tags_check_sites(&p->tags, &key->a, SITE_FIELD);
            tags_check_sites(&p->tags, &value->a, SITE_FIELD);
            tags_apply_values(&p->tags, &key->a, k);
            tags_apply_values(&p->tags, &value->a, v);
            if (v->description == NULL && value->a.description != NULL)
                v->description = xstrdup(value->a.description);
            map = node_new(NODE_MAP);
            map->c_type = type_spelling(spelled);
            /* the decoder fills the entries it allocates: no const, also
             * not one a typedef hides (typedef const entry centry) */
            map->entry_c_type = spelling_without_const(entry);
            if (map->entry_c_type == NULL) {
                map->entry_c_type = type_spelling(entry);
                diag_error(
                    p->diag, where,
                    "'%s' is const through a typedef of a type without a name, which generated "
                    "code cannot spell without the const to fill it: name the type, or write the "
                    "const out (const T)",
                    map->entry_c_type);
            }
            map->map_key = k;
            map->map_value = v;
            k = v = NULL;
        }
        node_free(k);
        node_free(v);
    }
    release_fields(&members);
    return map;
}

static bool is_union_type(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    return c.kind == CXType_Record &&
           clang_getCursorKind(clang_getTypeDeclaration(c)) == CXCursor_UnionDecl;
}

static void build_variants(parser *p, struct_def *s, raw_field *union_rf);
static void build_untagged(parser *p, struct_def *s, field_collect *fc, raw_field *union_rf);

/* f's items are counted by member `count`. A count type narrower than 32
 * bits bounds the items (stated as maxItems), and a signed one must not go
 * negative (validate checks): the decoder stores every count it accepts,
 * and encode never reads past the items. (A 32-bit count would need a
 * document of 4 GB and more to overflow; stating its bound would put
 * maxItems 2147483647 on every array counted by an int.) */
static void set_count(field *f, node *n, const raw_field *count)
{
    CXType canon = clang_getCanonicalType(count->type);
    long long bits = clang_Type_getSizeOf(canon) * 8;
    f->count_field = xstrdup(count->name);
    f->count_c_type = type_spelling(count->type);
    f->count_signed = !is_unsigned_kind(canon.kind) && canon.kind != CXType_Bool;
    if (n != NULL && bits > 0 && bits < 32)
        n->count_max =
            f->count_signed ? (UINT64_C(1) << (bits - 1)) - 1 : (UINT64_C(1) << bits) - 1;
}

static void build_fields(parser *p, struct_def *s, field_collect *fc)
{
    raw_field *union_rf = NULL;
    /* Pass 1: which members are companions (counts, has_X flags). An
     * @ignore member's companions are ignored with it. A count belongs to
     * one array: two arrays sharing one would each read the other's
     * length. */
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *f = &fc->fields[i];
        raw_field *count = count_field_of(fc, f, annotations_find(&f->a, "ignore") == NULL);
        if (count != NULL && count->counts != NULL && annotations_find(&f->a, "ignore") == NULL)
            diag_error(p->diag, cursor_loc(p, f->cursor),
                       "'%s' counts the items of '%s' already: give '%s' a count "
                       "member of its own",
                       count->name, count->counts, f->name);
        if (count != NULL) {
            count->companion = true;
            if (count->counts == NULL)
                count->counts = f->name;
        }
        if (strncmp(f->name, "has_", 4) == 0 && is_bool_type(f->type) && find_raw(fc, f->name + 4))
            f->companion = true;
    }
    /* Pass 2: the properties. */
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *rf = &fc->fields[i];
        tags_check_sites(&p->tags, &rf->a, SITE_FIELD);
        const tag *overlap = annotations_find(&rf->a, "acceptOverlap");
        if (overlap != NULL && !p->in_untagged_member)
            diag_error(p->diag, overlap->where,
                       "@acceptOverlap belongs to a member of an @untagged struct's union: "
                       "it accepts that the variant shares values with earlier ones");
        src_loc where = cursor_loc(p, rf->cursor);
        if (written_const(rf->type)) {
            /* every member, counts, has_X flags and @ignore ones included:
             * writing it through a cast would be undefined behaviour (the
             * struct the caller hands the decoder may be a const-qualified
             * object of its own) */
            char *t = type_spelling(rf->type);
            diag_error(p->diag, where,
                       "'%s' is const ('%s'): the decoder writes every member (it zeroes the "
                       "struct, then fills what it reads), and a const member cannot be assigned; "
                       "drop that const (a const pointee, as in 'const char *', is fine)",
                       rf->name, t);
            free(t);
        }
        if (rf->companion || annotations_find(&rf->a, "ignore") != NULL)
            continue;
        if (is_union_type(rf->type)) {
            /* a tagged union: the enum member just before it says which
             * union member holds the value */
            if (union_rf != NULL) {
                diag_error(p->diag, where,
                           "one union per struct: put the second one in a struct of its own");
            } else if (s->nfields == 0 || s->fields[s->nfields - 1].type->kind != NODE_ENUM) {
                diag_error(p->diag, where,
                           "a union needs the enum member that says which of its members is "
                           "set (the discriminator) right before it");
            } else if (s->fields[s->nfields - 1].by_pointer ||
                       s->fields[s->nfields - 1].presence != PRESENCE_REQUIRED) {
                /* the variant is chosen by the value: it must be there */
                diag_error(
                    p->diag, s->fields[s->nfields - 1].where,
                    "the discriminator '%s' of a union must be a required enum member by value "
                    "(not a pointer, @optional, @default or with a has_ flag)",
                    s->fields[s->nfields - 1].c_name);
            } else {
                union_rf = rf;
                s->discriminator = s->nfields - 1;
            }
            continue;
        }
        field f;
        memset(&f, 0, sizeof f);
        f.c_name = xstrdup(rf->name);
        f.c_path = xstrdup(rf->name);
        f.json_name = xstrdup(rf->name);
        f.where = where;
        f.description = rf->a.description != NULL ? xstrdup(rf->a.description) : NULL;
        f.offset = (uint64_t)clang_Cursor_getOffsetOfField(rf->cursor) / 8;

        refuse_volatile(p, rf);
        raw_field *count = count_field_of(fc, rf, false);
        CXType canon = clang_getCanonicalType(rf->type);
        resolved outer = resolve(p, rf->type);
        if (count == NULL && (report_near_miss_count(fc, rf) || report_has_flag_mistake(fc, rf))) {
            /* reported; the stand-in below keeps later checks quiet */
        } else if (count != NULL && annotations_find(&rf->a, "additionalProperties") != NULL) {
            f.type = build_map_node(p, rf, outer.type, where);
            if (f.type != NULL)
                apply_layers(p, &outer, f.type);
            set_count(&f, f.type, count);
        } else if (count != NULL) {
            node *arr = node_new(NODE_ARRAY);
            arr->c_type = type_spelling(rf->type);
            CXType item_type;
            if (canon.kind == CXType_ConstantArray) {
                arr->fixed_size = (size_t)clang_getArraySize(canon);
                if (arr->fixed_size == 0)
                    diag_error(p->diag, where, "array '%s' has no room for any item", rf->name);
                item_type = clang_getArrayElementType(outer.type);
            } else if (canon.kind == CXType_Pointer) {
                item_type = clang_getPointeeType(outer.type);
            } else {
                diag_error(p->diag, where,
                           "'%s' has a count member but is not a pointer or an array", rf->name);
                item_type = outer.type;
            }
            arr->items = build_value_node(p, item_type, where);
            if (arr->items != NULL && strchr(arr->items->c_type, '[') != NULL) {
                diag_error(p->diag, where,
                           "the items of '%s' are '%s': give that type a typedef name (as in "
                           "'typedef char name_t[N];') so that generated code can declare it",
                           rf->name, arr->items->c_type);
                node_free(arr->items);
                arr->items = NULL;
            }
            if (arr->items == NULL) {
                node_free(arr);
                arr = NULL;
            } else {
                apply_layers(p, &outer, arr);
            }
            f.type = arr;
            set_count(&f, arr, count);
        } else if (is_cjson_pointer(canon)) {
            f.type = build_value_node(p, rf->type, where);
            f.presence = PRESENCE_POINTER; /* NULL when absent; JSON null is a cJSON_NULL item */
        } else if (canon.kind == CXType_Pointer &&
                   !is_char_kind(clang_getCanonicalType(clang_getPointeeType(canon)).kind)) {
            CXType pointee = clang_getPointeeType(outer.type);
            enum CXTypeKind pk = clang_getCanonicalType(pointee).kind;
            if (pk == CXType_Void || pk == CXType_FunctionProto || pk == CXType_FunctionNoProto) {
                diag_error(
                    p->diag, where,
                    "'%s': %s pointers have no JSON form: tag the member @ignore to leave it "
                    "out of the JSON, or give it a type schemac maps",
                    rf->name, pk == CXType_Void ? "void" : "function");
            } else if (pk == CXType_Pointer &&
                       !is_char_kind(clang_getCanonicalType(
                                         clang_getPointeeType(clang_getCanonicalType(pointee)))
                                         .kind)) {
                diag_error(p->diag, where, "'%s': pointers to pointers are not supported",
                           rf->name);
            } else if (pk == CXType_Pointer) {
                diag_error(p->diag, where,
                           "'%s' looks like an array of strings but has no count member: "
                           "add 'size_t %s_count;' or @count",
                           rf->name, rf->name);
            } else {
                f.type = build_value_node(p, pointee, where);
                f.presence = PRESENCE_POINTER;
                f.by_pointer = true;
                if (f.type != NULL)
                    apply_layers(p, &outer, f.type);
            }
        } else if (canon.kind == CXType_ConstantArray &&
                   !is_char_kind(clang_getCanonicalType(clang_getArrayElementType(canon)).kind)) {
            diag_error(p->diag, where,
                       "array '%s' needs a count member: add 'size_t %s_count;' or @count",
                       rf->name, rf->name);
        } else if (canon.kind == CXType_IncompleteArray) {
            diag_error(p->diag, where,
                       "flexible array member '%s' is not supported: use a pointer and a count",
                       rf->name);
        } else {
            f.type = build_value_node(p, rf->type, where);
        }
        resolved_free(&outer);

        char *has_name = xasprintf("has_%s", rf->name);
        raw_field *has = find_raw(fc, has_name);
        free(has_name);
        if (has != NULL && has->companion &&
            (f.presence == PRESENCE_REQUIRED || f.presence == PRESENCE_POINTER)) {
            f.presence = PRESENCE_HAS_FLAG;
            f.has_field = xstrdup(has->name);
        }
        if (f.by_pointer && f.presence == PRESENCE_POINTER && f.type != NULL &&
            !p->in_untagged_member && is_scalar_kind(f.type->kind) &&
            annotations_find(&rf->a, "optional") == NULL &&
            annotations_find(&rf->a, "nullable") == NULL &&
            annotations_find(&rf->a, "default") == NULL &&
            annotations_find(&rf->a, "count") == NULL && !has_volatile(rf->type)) {
            /* int32_t *ids: one value or an array whose count was
             * forgotten? A pointer to a struct is one value (a struct
             * holds its own arrays); to a number, boolean or enum it
             * must say which */
            diag_error(
                p->diag, where,
                "'%s' points to one %s or to an array of them, and the header does not say "
                "which: add a count member ('size_t %s_count;', or @count NAME) for an array, "
                "or @optional (@nullable to accept null) for one optional value",
                rf->name, f.type->c_type, rf->name);
        }
        if (f.type == NULL) {
            /* the error is reported; keep the name so later checks stay quiet */
            f.type = node_new(NODE_BOOL);
            f.type->c_type = xstrdup("bool");
        } else {
            apply_field_tags(p, &f, rf);
        }
        s->fields = xrealloc(s->fields, (s->nfields + 1) * sizeof *s->fields);
        s->fields[s->nfields++] = f;
    }
    if (union_rf != NULL && s->untagged)
        build_untagged(p, s, fc, union_rf);
    else if (union_rf != NULL)
        build_variants(p, s, union_rf);
    else if (s->untagged)
        diag_error(p->diag, s->where,
                   "@untagged needs an enum member followed by a union whose members are named "
                   "after the enum's values");
}

static void collect_fields(parser *p, CXCursor record, field_collect *fc)
{
    memset(fc, 0, sizeof *fc);
    fc->p = p;
    clang_visitChildren(record, visit_field, fc);
}

static void release_fields(field_collect *fc)
{
    for (size_t i = 0; i < fc->n; i++) {
        free(fc->fields[i].name);
        annotations_free(&fc->fields[i].a);
    }
    free(fc->fields);
}

/* "as" + "circle" -> "as.circle." ("" for an anonymous union). */
static char *path_prefix(const char *outer, const char *inner)
{
    if (outer[0] == '\0')
        return inner[0] == '\0' ? xstrdup("") : xasprintf("%s.", inner);
    return inner[0] == '\0' ? xasprintf("%s.", outer) : xasprintf("%s.%s.", outer, inner);
}

/* Union members named after no value of the discriminator e. */
static void report_unmatched(const enum_def *e, const field_collect *members, const bool *used)
{
    parser *p = members->p;
    for (size_t i = 0; i < members->n; i++) {
        if (!used[i]) {
            char *choices = NULL;
            strbuf sb;
            sb_init(&sb);
            for (size_t v = 0; v < e->nvalues; v++)
                sb_printf(&sb, "%s%s", v ? ", " : "", e->values[v].json_name);
            choices = sb_take(&sb);
            diag_error(p->diag, cursor_loc(p, members->fields[i].cursor),
                       "union member '%s' matches no value of %s (%s): name each member after the "
                       "value it belongs to",
                       members->fields[i].name, e->c_type, choices);
            free(choices);
        }
    }
}

/* variant->name: the union's name and the value's, as an identifier. */
static char *variant_name(const struct_def *s, const enum_value *value)
{
    char *name = xasprintf("%s_%s", s->name, value->json_name);
    for (char *c = name; *c; c++)
        if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
            *c = '_';
    return name;
}

/* One variant per value of the discriminator: the common members, the
 * discriminator fixed to the value, and the members of the union member
 * named like the value (a struct's members, or the member itself). */
static void build_variants(parser *p, struct_def *s, raw_field *union_rf)
{
    const field *disc = &s->fields[s->discriminator];
    const enum_def *e = disc->type->enum_type;
    CXCursor union_decl = clang_getTypeDeclaration(clang_getCanonicalType(union_rf->type));
    field_collect members;
    collect_fields(p, union_decl, &members);
    bool *used = xcalloc(members.n + 1, sizeof *used);

    for (size_t v = 0; v < e->nvalues; v++) {
        const enum_value *value = &e->values[v];
        struct_def *variant = xcalloc(1, sizeof *variant);
        variant->c_type = xstrdup(s->c_type);
        variant->name = variant_name(s, value);
        variant->where = s->where;
        variant->additional_properties = s->additional_properties;
        variant->variant_of = s;
        variant->variant_value = value;
        variant->size = s->size;

        for (size_t i = 0; i < s->nfields; i++) {
            field c = field_clone(&s->fields[i], "");
            if (i == s->discriminator) {
                cJSON_Delete(c.type->c.const_value);
                c.type->c.const_value = cJSON_CreateString(value->json_name);
            }
            variant->fields =
                xrealloc(variant->fields, (variant->nfields + 1) * sizeof *variant->fields);
            variant->fields[variant->nfields++] = c;
        }

        raw_field *member = NULL;
        for (size_t i = 0; i < members.n; i++)
            if (strcmp(members.fields[i].name, value->json_name) == 0) {
                member = &members.fields[i];
                used[i] = true;
            }
        if (member != NULL) {
            struct_def branch;
            memset(&branch, 0, sizeof branch);
            char *prefix;
            if (clang_getCanonicalType(member->type).kind == CXType_Record) {
                field_collect inner;
                collect_fields(p, clang_getTypeDeclaration(clang_getCanonicalType(member->type)),
                               &inner);
                build_fields(p, &branch, &inner);
                release_fields(&inner);
                prefix = path_prefix(union_rf->name, member->name);
            } else {
                field_collect single = {p, member, 1};
                build_fields(p, &branch, &single);
                prefix = path_prefix(union_rf->name, "");
            }
            variant->description =
                member->a.description != NULL ? xstrdup(member->a.description) : NULL;
            for (size_t i = 0; i < branch.nfields; i++) {
                variant->fields =
                    xrealloc(variant->fields, (variant->nfields + 1) * sizeof *variant->fields);
                variant->fields[variant->nfields++] = field_clone(&branch.fields[i], prefix);
                field_release(&branch.fields[i]);
            }
            free(branch.fields);
            free(prefix);
        }
        s->variants = xrealloc(s->variants, (s->nvariants + 1) * sizeof *s->variants);
        s->variants[s->nvariants++] = variant; /* owned by s, not listed in m->structs */
    }
    report_unmatched(e, &members, used);
    free(used);
    release_fields(&members);
}

/* The raw member counting union member `member` of an untagged union: its
 * @count, else NAME_count; NULL if none. */
static raw_field *union_count_of(field_collect *outer, raw_field *member)
{
    const tag *count = annotations_find(&member->a, "count");
    if (count != NULL)
        return find_raw(outer, count->value);
    char *name = xasprintf("%s_count", member->name);
    raw_field *c = find_raw(outer, name);
    free(name);
    return c;
}

/* The one field of an untagged variant: the union member itself, with its
 * count when it is an array (the count stands beside the union). */
static field *untagged_member(parser *p, field_collect *outer, raw_field *union_rf,
                              raw_field *member)
{
    raw_field pair[2];
    field_collect single = {p, pair, 1};
    pair[0] = *member;
    raw_field *count = union_count_of(outer, member);
    if (count != NULL && is_integer_type(count->type)) {
        pair[1] = *count;
        pair[1].companion = false;
        pair[1].counts = NULL;
        single.n = 2;
    }
    struct_def branch;
    memset(&branch, 0, sizeof branch);
    p->in_untagged_member = true;
    build_fields(p, &branch, &single);
    p->in_untagged_member = false;
    src_loc where = cursor_loc(p, member->cursor);
    field *f;
    if (branch.nfields == 1) {
        f = xcalloc(1, sizeof *f);
        char *prefix = path_prefix(union_rf->name, "");
        *f = field_clone(&branch.fields[0], prefix);
        free(prefix);
        if (f->count_field != NULL) { /* beside the union, not in it */
            free(f->count_field);
            f->count_field = xstrdup(count->name);
        }
        node_kind k = f->type->kind;
        if (f->presence != PRESENCE_REQUIRED || f->nullable) {
            diag_error(p->diag, where,
                       "'%s' is the value of its variant: it cannot be a pointer, @optional, "
                       "@default or @nullable (a null variant is an enum value without a member)",
                       f->c_name);
        } else if (k == NODE_ANY || k == NODE_MAP) {
            diag_error(p->diag, where, "'%s': %s cannot be a variant of an untagged union",
                       f->c_name,
                       k == NODE_ANY ? "a cJSON * member accepts any value, so it" : "a map");
        } else if (k == NODE_STRUCT && f->type->struct_type->untagged) {
            diag_error(p->diag, where,
                       "'%s' is an untagged union itself: list its variants in this union",
                       f->c_name);
        } else {
            for (size_t i = 0; i < branch.nfields; i++)
                field_release(&branch.fields[i]);
            free(branch.fields);
            return f;
        }
        field_release(f);
        free(f);
    }
    for (size_t i = 0; i < branch.nfields; i++)
        field_release(&branch.fields[i]);
    free(branch.fields);
    /* the error is reported; a stand-in keeps the variant from looking like a null one */
    f = xcalloc(1, sizeof *f);
    f->c_name = xstrdup(member->name);
    f->c_path = xstrdup(member->name);
    f->json_name = xstrdup(member->name);
    f->where = where;
    f->type = node_new(NODE_BOOL);
    f->type->c_type = xstrdup("bool");
    f->stand_in = true;
    return f;
}

/* An untagged union (@untagged): the enum member, the union and the counts
 * of the union's arrays, nothing else. One variant per enum value, holding
 * the union member named after it, or nothing (JSON null). */
static void build_untagged(parser *p, struct_def *s, field_collect *fc, raw_field *union_rf)
{
    const enum_def *e = s->fields[s->discriminator].type->enum_type;
    CXCursor union_decl = clang_getTypeDeclaration(clang_getCanonicalType(union_rf->type));
    field_collect members;
    collect_fields(p, union_decl, &members);
    bool *used = xcalloc(members.n + 1, sizeof *used);

    /* every member but the enum must count an array of the union */
    size_t kept = 0;
    for (size_t i = 0; i < s->nfields; i++) {
        bool is_count = false;
        for (size_t j = 0; j < members.n && i != s->discriminator; j++) {
            raw_field *c = union_count_of(fc, &members.fields[j]);
            if (c != NULL && strcmp(c->name, s->fields[i].c_name) == 0 &&
                is_sequence_type(members.fields[j].type))
                is_count = true;
        }
        if (i != s->discriminator && !is_count) {
            diag_error(p->diag, s->fields[i].where,
                       "an @untagged struct holds its enum member, the union and the "
                       "counts of the union's arrays only: move '%s' to the struct that "
                       "uses this one",
                       s->fields[i].c_name);
        }
        if (i == s->discriminator)
            s->fields[kept++] = s->fields[i];
        else
            field_release(&s->fields[i]);
    }
    s->nfields = kept;
    s->discriminator = 0;

    for (size_t v = 0; v < e->nvalues; v++) {
        const enum_value *value = &e->values[v];
        struct_def *variant = xcalloc(1, sizeof *variant);
        variant->c_type = xstrdup(s->c_type);
        variant->name = variant_name(s, value);
        variant->where = s->where;
        variant->variant_of = s;
        variant->variant_value = value;
        variant->size = s->size;
        for (size_t i = 0; i < members.n; i++) {
            if (strcmp(members.fields[i].name, value->json_name) != 0)
                continue;
            raw_field *member = &members.fields[i];
            used[i] = true;
            variant->where = cursor_loc(p, member->cursor);
            variant->description =
                member->a.description != NULL ? xstrdup(member->a.description) : NULL;
            variant->fields = untagged_member(p, fc, union_rf, member);
            variant->nfields = 1;
            const tag *overlap = annotations_find(&member->a, "acceptOverlap");
            if (overlap != NULL) {
                variant->accept_overlap = true;
                variant->accept_overlap_where = overlap->where;
                if (overlap->value[0] != '\0')
                    diag_error(p->diag, overlap->value_where,
                               "@acceptOverlap takes no value: it accepts every overlap "
                               "of the variant with earlier ones");
            }
        }
        s->variants = xrealloc(s->variants, (s->nvariants + 1) * sizeof *s->variants);
        s->variants[s->nvariants++] = variant;
    }
    report_unmatched(e, &members, used);
    free(used);
    release_fields(&members);
}

/* @task [required] [explicit], in either order (docs/annotations.md). */
static void parse_task(parser *p, struct_def *s, const tag *t)
{
    char *words = xstrdup(t->value);
    s->task = 1; /* SC_TASK_OPTIONAL */
    s->task_where = t->where;
    for (char *w = strtok(words, " \t"); w != NULL; w = strtok(NULL, " \t")) {
        if (strcmp(w, "required") == 0)
            s->task = 2; /* SC_TASK_REQUIRED */
        else if (strcmp(w, "optional") == 0)
            s->task = 1;
        else if (strcmp(w, "explicit") == 0)
            s->task_explicit = true;
        else
            diag_error(p->diag, t->value_where,
                       "@task takes 'optional' or 'required' and 'explicit', not '%s'", w);
    }
    free(words);
}

/* @scopes A B ...: RFC 6749 scope tokens (printable ASCII but space, the
 * double quote and backslash), kept as OAuth writes them: one string. */
static void parse_scopes(parser *p, struct_def *s, const tag *t)
{
    char *words = xstrdup(t->value);
    strbuf joined;
    sb_init(&joined);
    s->scopes_where = t->where;
    for (char *w = strtok(words, " \t\n"); w != NULL; w = strtok(NULL, " \t\n")) {
        for (const char *c = w; *c != '\0'; c++) {
            if (*c < 0x21 || *c > 0x7e || *c == '"' || *c == '\\') {
                diag_error(p->diag, t->value_where,
                           "@scopes: '%s' is not an OAuth scope (RFC 6749: printable ASCII "
                           "without spaces, '\"' or '\\')",
                           w);
                break;
            }
        }
        if (joined.len > 0)
            sb_putc(&joined, ' ');
        sb_puts(&joined, w);
    }
    free(words);
    if (joined.len == 0) {
        diag_error(p->diag, t->where,
                   "@scopes needs the scopes a caller's token must hold, as in '@scopes "
                   "files:read'");
        sb_free(&joined);
        return;
    }
    s->scopes = sb_take(&joined);
}

static void apply_struct_tags(parser *p, struct_def *s, const annotations *a)
{
    const tag *t;
    tags_check_sites(&p->tags, a, SITE_STRUCT);
    if (annotations_find(a, "schema") != NULL)
        s->opted_in = true;
    if ((t = annotations_find(a, "tool")) != NULL) {
        s->opted_in = true;
        if (t->value[0] == '\0') {
            /* said here, not as each provider's rule on the name '' */
            diag_error(p->diag, t->where,
                       "@tool needs a name: the name a model calls the tool by, as in "
                       "'@tool get_weather'");
        } else {
            s->tool_name = xstrdup(t->value);
            s->tool_where = t->value_where;
        }
    }
    if ((t = annotations_find(a, "prompt")) != NULL) {
        s->opted_in = true;
        s->prompt_name = xstrdup(t->value);
        s->prompt_where = t->value[0] ? t->value_where : t->where;
    }
    if ((t = annotations_find(a, "resource")) != NULL) {
        /* the URI template as written, or as a JSON string ("...") */
        size_t len = strlen(t->value);
        bool quoted = len >= 2 && t->value[0] == '"' && t->value[len - 1] == '"';
        s->opted_in = true;
        s->resource_uri =
            quoted ? xasprintf("%.*s", (int)(len - 2), t->value + 1) : xstrdup(t->value);
        s->resource_where = t->value[0] ? t->value_where : t->where;
    }
    if ((t = annotations_find(a, "additionalProperties")) != NULL)
        s->additional_properties = t->value[0] == '\0' || strcmp(t->value, "true") == 0;
    if ((t = annotations_find(a, "effect")) != NULL) {
        if (strcmp(t->value, "readonly") == 0)
            s->effect = EFFECT_READONLY;
        else if (strcmp(t->value, "mutating") == 0)
            s->effect = EFFECT_MUTATING;
        else if (strcmp(t->value, "destructive") == 0)
            s->effect = EFFECT_DESTRUCTIVE;
        else
            diag_error(p->diag, t->value_where,
                       "@effect must be readonly, mutating or destructive, not '%s'", t->value);
    }
    if (annotations_find(a, "idempotent") != NULL)
        s->idempotent = true;
    if ((t = annotations_find(a, "task")) != NULL)
        parse_task(p, s, t);
    if ((t = annotations_find(a, "scopes")) != NULL)
        parse_scopes(p, s, t);
    if (annotations_find(a, "untagged") != NULL)
        s->untagged = true;
    if ((t = annotations_find(a, "version")) != NULL)
        s->version = xstrdup(t->value);
    if ((t = annotations_find(a, "output")) != NULL) {
        s->output_type = xstrdup(t->value);
        s->output_where = t->value[0] ? t->value_where : t->where;
    }
    if ((t = annotations_find(a, "config")) != NULL)
        s->config_type = xstrdup(t->value);
    if ((t = annotations_find(a, "dialects")) != NULL) {
        s->dialects = xstrdup(t->value);
        s->dialects_where = t->value[0] ? t->value_where : t->where;
    }
    if ((t = annotations_find(a, "acceptLoss")) != NULL) {
        s->accept_loss = xstrdup(t->value);
        s->accept_loss_where = t->value[0] ? t->value_where : t->where;
    }
    if ((t = annotations_find(a, "direction")) != NULL) {
        if (strcmp(t->value, "in") != 0 && strcmp(t->value, "out") != 0 &&
            strcmp(t->value, "both") != 0)
            diag_error(p->diag, t->value[0] ? t->value_where : t->where,
                       "@direction must be in, out or both, not '%s'", t->value);
        s->direction = xstrdup(t->value);
        s->direction_where = t->where;
    }
    if ((t = annotations_find(a, "acceptBreak")) != NULL)
        s->accept_break = xstrdup(t->value);
    if ((t = annotations_find(a, "openWorld")) != NULL) {
        if (t->value[0] == '\0' || strcmp(t->value, "true") == 0)
            s->open_world = 1;
        else if (strcmp(t->value, "false") == 0)
            s->open_world = -1;
        else
            diag_error(p->diag, t->value_where,
                       "@openWorld must be true, false or nothing, not '%s'", t->value);
    }
}

struct_def *get_struct(parser *p, CXCursor decl)
{
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def)) {
        char *name = take_string(clang_getCursorSpelling(decl));
        diag_error(p->diag, cursor_loc(p, decl), "struct %s has no definition here", name);
        free(name);
        return NULL;
    }
    decl = def;
    known_decl *k = find_known(p, decl);
    if (k != NULL && k->s != NULL) {
        /* reached again while its members are being read: a recursive
         * type (C only allows that through a pointer) */
        if (k->s->in_progress)
            k->s->recursive = true;
        return k->s;
    }
    if (p->nesting >= MAX_STRUCT_NESTING) {
        const char *tname = typedef_name_for(p, decl);
        char *name = tname != NULL ? xstrdup(tname) : take_string(clang_getCursorSpelling(decl));
        diag_error(p->diag, cursor_loc(p, decl),
                   "'%s' is nested more than %d structs deep, beyond what schemac "
                   "reads (and beyond what a decoder accepts: %d levels)",
                   name, MAX_STRUCT_NESTING, SC_MAX_DEPTH);
        free(name);
        return NULL;
    }
    struct_def *s = xcalloc(1, sizeof *s);
    const char *tname = typedef_name_for(p, decl);
    char *tag_name = take_string(clang_getCursorSpelling(decl));
    if (tname != NULL) {
        s->c_type = xstrdup(tname);
        s->name = xstrdup(tname);
    } else if (clang_Cursor_isAnonymous(decl)) {
        diag_error(p->diag, cursor_loc(p, decl),
                   "anonymous struct without a typedef: give it a name");
        s->c_type = xstrdup("struct <anonymous>");
        s->name = xstrdup("anonymous");
    } else {
        s->c_type = xasprintf("struct %s", tag_name);
        s->name = xstrdup(tag_name);
    }
    free(tag_name);
    s->where = cursor_loc(p, decl);
    s->size = (uint64_t)clang_Type_getSizeOf(clang_getCursorType(decl));
    s->in_progress = true;
    k = add_known(p, decl);
    k->s = s;

    annotations a;
    read_decl_annotations(p, decl, &a);
    apply_struct_tags(p, s, &a);
    s->description = a.description;
    a.description = NULL;
    annotations_free(&a);

    field_collect fc;
    memset(&fc, 0, sizeof fc);
    fc.p = p;
    clang_visitChildren(decl, visit_field, &fc);
    p->nesting++;
    build_fields(p, s, &fc);
    p->nesting--;
    for (size_t i = 0; i < fc.n; i++) {
        free(fc.fields[i].name);
        annotations_free(&fc.fields[i].a);
    }
    free(fc.fields);

    s->in_progress = false;
    p->m->structs = xrealloc(p->m->structs, (p->m->nstructs + 1) * sizeof *p->m->structs);
    p->m->structs[p->m->nstructs++] = s;
    return s;
}
