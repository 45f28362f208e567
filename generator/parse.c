/* schemac generator: libclang -> model.
 *
 * The header is parsed as the compiler would (the user's -I/-D/-std flags,
 * clang's own resource directory for stddef.h and stdbool.h). Structs whose
 * doc comment says @schema or @tool are the roots; every struct and enum
 * they reach is added to the model, dependencies first. */
#include "parse.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "annotations.h"
#include "generator_config.h"
#include "schemac/reader.h"
#include "strbuf.h"
#include "tags.h"

/* A struct or enum already turned into the model, keyed by its canonical
 * declaration. */
typedef struct known_decl {
    CXCursor cursor;
    struct_def *s;
    enum_def *e;
} known_decl;

/* The typedef name that names a record or enum, for the nicest spelling. */
typedef struct typedef_name {
    CXCursor target;   /* canonical record or enum declaration */
    CXCursor typedef_; /* the typedef itself, whose comment may describe the type */
    char *name;
} typedef_name;

typedef struct parser {
    model *m;
    known_decl *known;
    size_t nknown;
    typedef_name *typedefs;
    size_t ntypedefs;
} parser;

static char *take_string(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = xstrdup(c != NULL ? c : "");
    clang_disposeString(s);
    return copy;
}

static src_loc loc_of(CXSourceLocation l)
{
    CXFile file;
    unsigned line, col, offset;
    src_loc at = {NULL, 0, 0};
    clang_getSpellingLocation(l, &file, &line, &col, &offset);
    if (file != NULL) {
        char *name = take_string(clang_getFileName(file));
        at.file = model_intern_file(name);
        free(name);
    }
    at.line = line;
    at.col = col;
    return at;
}

static src_loc cursor_loc(CXCursor c)
{
    return loc_of(clang_getCursorLocation(c));
}

static void read_annotations(CXCursor c, annotations *out)
{
    CXString raw = clang_Cursor_getRawCommentText(c);
    const char *text = clang_getCString(raw);
    src_loc start = loc_of(clang_getRangeStart(clang_Cursor_getCommentRange(c)));
    annotations_parse(text, start, out);
    clang_disposeString(raw);
}

static CXType strip_elaborated(CXType t)
{
    while (t.kind == CXType_Elaborated)
        t = clang_Type_getNamedType(t);
    return t;
}

static const char *typedef_name_for(parser *p, CXCursor decl)
{
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (size_t i = 0; i < p->ntypedefs; i++)
        if (clang_equalCursors(p->typedefs[i].target, canon))
            return p->typedefs[i].name;
    return NULL;
}

static known_decl *find_known(parser *p, CXCursor decl)
{
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (size_t i = 0; i < p->nknown; i++)
        if (clang_equalCursors(p->known[i].cursor, canon))
            return &p->known[i];
    return NULL;
}

static known_decl *add_known(parser *p, CXCursor decl)
{
    p->known = xrealloc(p->known, (p->nknown + 1) * sizeof *p->known);
    known_decl *k = &p->known[p->nknown++];
    memset(k, 0, sizeof *k);
    k->cursor = clang_getCanonicalCursor(decl);
    return k;
}

/* The doc comment of a struct or enum: on the declaration itself, or on the
 * typedef that names it (`/ ** ... * / typedef struct { ... } name;`). */
static void read_decl_annotations(parser *p, CXCursor decl, annotations *out)
{
    read_annotations(decl, out);
    if (out->description != NULL || out->ntags > 0)
        return;
    CXCursor canon = clang_getCanonicalCursor(decl);
    for (size_t i = 0; i < p->ntypedefs; i++) {
        if (clang_equalCursors(p->typedefs[i].target, canon)) {
            annotations_free(out);
            read_annotations(p->typedefs[i].typedef_, out);
            return;
        }
    }
}

/* ---- enums --------------------------------------------------------------- */

typedef struct enum_collect {
    enum_def *e;
} enum_collect;

static enum CXChildVisitResult visit_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    enum_def *e = ((enum_collect *)data)->e;
    if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
        return CXChildVisit_Continue;
    annotations a;
    read_annotations(c, &a);
    tags_check_sites(&a, SITE_ENUMERATOR);
    e->values = xrealloc(e->values, (e->nvalues + 1) * sizeof *e->values);
    enum_value *v = &e->values[e->nvalues++];
    memset(v, 0, sizeof *v);
    v->c_name = take_string(clang_getCursorSpelling(c));
    v->value = clang_getEnumConstantDeclValue(c);
    v->where = cursor_loc(c);
    v->description = a.description;
    a.description = NULL;
    const tag *name = annotations_find(&a, "name");
    if (name != NULL) {
        if (name->value[0] == '\0')
            diag_error(name->where, "@name needs a JSON name");
        else
            v->json_name = xstrdup(name->value);
    }
    annotations_free(&a);
    return CXChildVisit_Continue;
}

/* JSON names of enumerators: the common prefix up to a '_' removed, then
 * lower case (URL_PART_HOST, URL_PART_PORT -> "host", "port"). */
static void name_enum_values(enum_def *e)
{
    size_t prefix = 0;
    if (e->nvalues > 0) {
        const char *first = e->values[0].c_name;
        size_t common = strlen(first);
        for (size_t i = 1; i < e->nvalues; i++) {
            size_t k = 0;
            while (k < common && first[k] == e->values[i].c_name[k])
                k++;
            common = k;
        }
        /* cut back to just after a '_', leaving every name non-empty */
        for (size_t k = common; k > 0; k--) {
            if (first[k - 1] != '_')
                continue;
            bool leaves_all = true;
            for (size_t i = 0; i < e->nvalues; i++)
                if (e->values[i].c_name[k] == '\0')
                    leaves_all = false;
            if (leaves_all) {
                prefix = k;
                break;
            }
        }
    }
    for (size_t i = 0; i < e->nvalues; i++) {
        enum_value *v = &e->values[i];
        if (v->json_name != NULL)
            continue;
        v->json_name = xstrdup(v->c_name + prefix);
        for (char *s = v->json_name; *s; s++)
            if (*s >= 'A' && *s <= 'Z')
                *s = (char)(*s - 'A' + 'a');
    }
}

static enum_def *get_enum(parser *p, CXCursor decl)
{
    decl = clang_getTypeDeclaration(clang_getCursorType(decl));
    CXCursor def = clang_getCursorDefinition(decl);
    if (!clang_Cursor_isNull(def))
        decl = def;
    known_decl *k = find_known(p, decl);
    if (k != NULL && k->e != NULL)
        return k->e;

    enum_def *e = xcalloc(1, sizeof *e);
    const char *tname = typedef_name_for(p, decl);
    char *tag_name = take_string(clang_getCursorSpelling(decl));
    if (tname != NULL) {
        e->c_type = xstrdup(tname);
        e->name = xstrdup(tname);
    } else if (clang_Cursor_isAnonymous(decl)) {
        diag_error(cursor_loc(decl), "anonymous enum without a typedef: give it a name");
        e->c_type = xstrdup("int");
        e->name = xstrdup("anonymous");
    } else {
        e->c_type = xasprintf("enum %s", tag_name);
        e->name = xstrdup(tag_name);
    }
    free(tag_name);
    e->where = cursor_loc(decl);
    annotations a;
    read_decl_annotations(p, decl, &a);
    tags_check_sites(&a, SITE_ENUM);
    e->description = a.description;
    a.description = NULL;
    annotations_free(&a);

    enum_collect collect = {e};
    clang_visitChildren(decl, visit_enumerator, &collect);
    if (e->nvalues == 0)
        diag_error(e->where, "enum %s has no values", e->c_type);
    name_enum_values(e);

    k = add_known(p, decl);
    k->e = e;
    p->m->enums = xrealloc(p->m->enums, (p->m->nenums + 1) * sizeof *p->m->enums);
    p->m->enums[p->m->nenums++] = e;
    return e;
}

/* ---- types --------------------------------------------------------------- */

static struct_def *get_struct(parser *p, CXCursor decl);

static bool is_char_kind(enum CXTypeKind k)
{
    return k == CXType_Char_S || k == CXType_Char_U;
}

/* cJSON * (or a pointer to a typedef of struct cJSON): any JSON value. */
static bool is_cjson_pointer(CXType t)
{
    CXType c = clang_getCanonicalType(t);
    if (c.kind != CXType_Pointer)
        return false;
    CXType pointee = clang_getCanonicalType(clang_getPointeeType(c));
    if (pointee.kind != CXType_Record)
        return false;
    CXString name = clang_getCursorSpelling(clang_getTypeDeclaration(pointee));
    bool is = strcmp(clang_getCString(name), "cJSON") == 0;
    clang_disposeString(name);
    return is;
}

static bool is_integer_kind(enum CXTypeKind k)
{
    switch (k) {
    case CXType_SChar: case CXType_UChar: case CXType_Short: case CXType_UShort:
    case CXType_Int: case CXType_UInt: case CXType_Long: case CXType_ULong:
    case CXType_LongLong: case CXType_ULongLong:
        return true;
    default:
        return false;
    }
}

static bool is_unsigned_kind(enum CXTypeKind k)
{
    return k == CXType_UChar || k == CXType_UShort || k == CXType_UInt || k == CXType_ULong ||
           k == CXType_ULongLong || k == CXType_Char_U;
}

/* Resolves typedefs (collecting their doc comments, outermost first) down
 * to the type they name. */
typedef struct resolved {
    CXType type;           /* no typedef, no elaboration */
    annotations *layers;   /* the typedefs' annotations, outermost first */
    size_t nlayers;
    char *description;     /* the outermost typedef description, if any */
} resolved;

static resolved resolve(CXType t)
{
    resolved r;
    memset(&r, 0, sizeof r);
    for (;;) {
        t = strip_elaborated(t);
        if (t.kind != CXType_Typedef)
            break;
        CXCursor decl = clang_getTypeDeclaration(t);
        CXType under = strip_elaborated(clang_getTypedefDeclUnderlyingType(decl));
        if (under.kind == CXType_Record || under.kind == CXType_Enum) {
            /* `/ ** ... * / typedef struct {...} name;`: the comment is the
             * struct's (its @schema, its description), not a typedef's */
            t = under;
            continue;
        }
        annotations a;
        read_annotations(decl, &a);
        if (a.description != NULL || a.ntags > 0) {
            tags_check_sites(&a, SITE_TYPEDEF);
            if (r.description == NULL && a.description != NULL)
                r.description = xstrdup(a.description);
            r.layers = xrealloc(r.layers, (r.nlayers + 1) * sizeof *r.layers);
            r.layers[r.nlayers++] = a;
        } else {
            annotations_free(&a);
        }
        t = clang_getTypedefDeclUnderlyingType(decl);
    }
    r.type = t;
    return r;
}

static void resolved_free(resolved *r)
{
    for (size_t i = 0; i < r->nlayers; i++)
        annotations_free(&r->layers[i]);
    free(r->layers);
    free(r->description);
}

/* Inner typedefs first, so an outer typedef overrides what it wraps. */
static void apply_layers(const resolved *r, node *n)
{
    for (size_t i = r->nlayers; i-- > 0;)
        tags_apply_values(&r->layers[i], n);
    if (n->description == NULL && r->description != NULL)
        n->description = xstrdup(r->description);
}

static char *type_spelling(CXType t)
{
    return take_string(clang_getTypeSpelling(t));
}

static int64_t min_i64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* Builds the node for a value of type t (not a pointer or array of T, which
 * the field code handles). Returns NULL after reporting an error. */
static node *build_value_node(parser *p, CXType spelled, src_loc where)
{
    resolved r = resolve(spelled);
    CXType t = r.type;
    CXType canon = clang_getCanonicalType(t);
    node *n = NULL;

    if (canon.kind == CXType_Bool) {
        n = node_new(NODE_BOOL);
    } else if (is_integer_kind(canon.kind)) {
        n = node_new(NODE_INT);
        long long size = clang_Type_getSizeOf(canon);
        n->int_bytes = (int)size;
        n->is_signed = !is_unsigned_kind(canon.kind);
        int bits = (int)size * 8;
        if (bits >= 53) {
            n->c_max = SC_MAX_SAFE_INTEGER;
            n->c_min = n->is_signed ? -SC_MAX_SAFE_INTEGER : 0;
        } else if (n->is_signed) {
            n->c_max = ((int64_t)1 << (bits - 1)) - 1;
            n->c_min = -n->c_max - 1;
        } else {
            n->c_max = min_i64(((int64_t)1 << bits) - 1, SC_MAX_SAFE_INTEGER);
            n->c_min = 0;
        }
    } else if (is_char_kind(canon.kind)) {
        char *s = type_spelling(spelled);
        diag_error(where, "a single char ('%s') is ambiguous: use int8_t or uint8_t for a number, "
                          "char name[N] or char * for text", s);
        free(s);
    } else if (canon.kind == CXType_Float || canon.kind == CXType_Double) {
        n = node_new(NODE_NUMBER);
        n->is_float = canon.kind == CXType_Float;
    } else if (canon.kind == CXType_Enum) {
        n = node_new(NODE_ENUM);
        n->enum_type = get_enum(p, clang_getTypeDeclaration(canon));
    } else if (canon.kind == CXType_Record) {
        CXCursor decl = clang_getTypeDeclaration(canon);
        char *name = take_string(clang_getCursorSpelling(decl));
        if (clang_getCursorKind(decl) == CXCursor_UnionDecl) {
            diag_error(where, "a union is only supported as a struct member right after the enum "
                              "member that says which of its members is set");
        } else if (strcmp(name, "cJSON") == 0) {
            diag_error(where, "a cJSON struct by value: use cJSON * for any JSON value");
        } else {
            struct_def *s = get_struct(p, decl);
            if (s != NULL) {
                n = node_new(NODE_STRUCT);
                n->struct_type = s;
            }
        }
        free(name);
    } else if (is_cjson_pointer(canon)) {
        n = node_new(NODE_ANY);
    } else if (canon.kind == CXType_Pointer) {
        CXType pointee = clang_getCanonicalType(clang_getPointeeType(canon));
        if (is_char_kind(pointee.kind)) {
            n = node_new(NODE_STRING);
        } else {
            char *s = type_spelling(spelled);
            diag_error(where, "unsupported type '%s' here: a pointer inside an array or behind "
                              "another pointer", s);
            free(s);
        }
    } else if (canon.kind == CXType_ConstantArray &&
               is_char_kind(clang_getCanonicalType(clang_getArrayElementType(canon)).kind)) {
        n = node_new(NODE_STRING);
        n->buf_size = (size_t)clang_getArraySize(canon);
        if (n->buf_size < 2)
            diag_error(where, "char buffer of size %zu cannot hold any text", n->buf_size);
    } else {
        char *s = type_spelling(spelled);
        diag_error(where, "unsupported type '%s': schemac maps bool, integers, float, double, "
                          "char * and char[N], enums, structs, and arrays of those", s);
        free(s);
    }
    if (n != NULL) {
        n->c_type = type_spelling(spelled);
        apply_layers(&r, n);
    }
    resolved_free(&r);
    return n;
}

/* ---- structs ------------------------------------------------------------- */

typedef struct raw_field {
    CXCursor cursor;
    char *name;
    CXType type;
    annotations a;
    bool companion; /* a count field or has_X flag, not a property */
} raw_field;

typedef struct field_collect {
    raw_field *fields;
    size_t n;
} field_collect;

static enum CXChildVisitResult visit_field(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    field_collect *fc = data;
    enum CXCursorKind kind = clang_getCursorKind(c);
    /* C11 anonymous struct or union members: libclang shows their
     * declaration, not a member */
    bool anonymous_union = kind == CXCursor_UnionDecl && clang_Cursor_isAnonymousRecordDecl(c);
    if (kind == CXCursor_StructDecl && clang_Cursor_isAnonymousRecordDecl(c)) {
        diag_error(cursor_loc(c), "anonymous struct members are not supported: name the member");
        return CXChildVisit_Continue;
    }
    if (kind != CXCursor_FieldDecl && !anonymous_union)
        return CXChildVisit_Continue;
    if (kind == CXCursor_FieldDecl && clang_Cursor_isAnonymousRecordDecl(
                                          clang_getTypeDeclaration(clang_getCanonicalType(clang_getCursorType(c)))))
        return CXChildVisit_Continue; /* seen as its declaration */
    if (clang_Cursor_isBitField(c)) {
        char *name = take_string(clang_getCursorSpelling(c));
        diag_error(cursor_loc(c), "bit-field '%s' is not supported: use a plain integer field", name);
        free(name);
        return CXChildVisit_Continue;
    }
    fc->fields = xrealloc(fc->fields, (fc->n + 1) * sizeof *fc->fields);
    raw_field *f = &fc->fields[fc->n++];
    memset(f, 0, sizeof *f);
    f->cursor = c;
    f->name = take_string(clang_getCursorSpelling(c));
    f->type = clang_getCursorType(c);
    read_annotations(c, &f->a);
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

/* The member holding f's item count, or NULL. report: say what is wrong
 * with an @count (the first of the two passes that ask does). */
static raw_field *count_field_of(field_collect *fc, raw_field *f, bool report)
{
    const tag *count = annotations_find(&f->a, "count");
    if (count != NULL) {
        raw_field *c = find_raw(fc, count->value);
        if (c == NULL && report)
            diag_error(count->value_where, "@count names '%s', which is not a member of this struct",
                       count->value);
        else if (c != NULL && !is_integer_type(c->type) && report)
            diag_error(count->value_where, "@count member '%s' must have an integer type", c->name);
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

/* @nullable: JSON null is stored as NULL, so the member must be a pointer
 * (char *, T *, or an array's T *). Missing, null and present stay apart:
 * a nullable member is required (present or null) unless a has_X flag
 * records whether it was there. */
static void apply_nullable(field *f, const tag *t)
{
    const node *n = f->type;
    if (n->kind == NODE_ANY) {
        diag_error(t->where, "a cJSON * member accepts null already (as a cJSON_NULL item)");
        return;
    }
    bool pointer = f->by_pointer || (n->kind == NODE_STRING && n->buf_size == 0) ||
                   (n->kind == NODE_ARRAY && n->fixed_size == 0) || n->kind == NODE_MAP;
    if (!pointer) {
        diag_error(t->where, "@nullable needs a pointer member, whose NULL stands for null: "
                             "make '%s' a pointer", f->c_name);
        return;
    }
    if (f->presence == PRESENCE_OPTIONAL || f->presence == PRESENCE_DEFAULT) {
        diag_error(t->where, "'%s' may be missing and may be null, and NULL cannot tell which: "
                             "add 'bool has_%s;'", f->c_name, f->c_name);
        return;
    }
    if (f->presence == PRESENCE_POINTER)
        f->presence = PRESENCE_REQUIRED;
    f->nullable = true;
}

static void apply_field_tags(field *f, raw_field *rf)
{
    const annotations *a = &rf->a;
    tags_apply_values(a, f->type);
    const tag *t;
    if ((t = annotations_find(a, "name")) != NULL) {
        if (t->value[0] == '\0') {
            diag_error(t->where, "@name needs a JSON name");
        } else {
            free(f->json_name);
            f->json_name = xstrdup(t->value);
        }
    }
    if ((t = annotations_find(a, "optional")) != NULL && f->presence == PRESENCE_REQUIRED)
        f->presence = PRESENCE_OPTIONAL;
    if ((t = annotations_find(a, "default")) != NULL && t->value[0] == '\0') {
        diag_error(t->where, "@default needs a value");
    } else if (t != NULL) {
        if (f->presence == PRESENCE_POINTER || f->presence == PRESENCE_HAS_FLAG)
            diag_error(t->where, "@default on a field that is already optional through %s: "
                                 "drop one of them",
                       f->presence == PRESENCE_POINTER ? "a pointer" : f->has_field);
        f->presence = PRESENCE_DEFAULT;
        f->default_value = tag_json_value(t);
        f->default_where = t->where;
    }
    if ((t = annotations_find(a, "additionalProperties")) != NULL && f->type->kind != NODE_MAP)
        diag_error(t->where, "@additionalProperties on a member makes a map, which needs an array of "
                             "{ char *key; T value; } entries with a count");
    if ((t = annotations_find(a, "nullable")) != NULL)
        apply_nullable(f, t);
}

static void collect_fields(CXCursor record, field_collect *fc);
static void release_fields(field_collect *fc);

/* A map: entries { char *key; V value; } pointed to by the member, with a
 * count, become a JSON object whose members are the entries. */
static node *build_map_node(parser *p, raw_field *rf, CXType spelled, src_loc where)
{
    CXType canon = clang_getCanonicalType(spelled);
    if (canon.kind != CXType_Pointer) {
        diag_error(where, "map '%s' must be a pointer to its entries", rf->name);
        return NULL;
    }
    CXType entry = clang_getPointeeType(spelled);
    CXType entry_canon = clang_getCanonicalType(entry);
    if (entry_canon.kind != CXType_Record) {
        diag_error(where, "map '%s' needs entries of a struct { char *key; T value; }", rf->name);
        return NULL;
    }
    field_collect members;
    collect_fields(clang_getTypeDeclaration(entry_canon), &members);
    raw_field *key = find_raw(&members, "key"), *value = find_raw(&members, "value");
    node *map = NULL;
    if (key == NULL || value == NULL || members.n != 2) {
        diag_error(where, "map '%s' needs entries with exactly two members, 'key' and 'value'", rf->name);
    } else {
        node *k = build_value_node(p, key->type, cursor_loc(key->cursor));
        node *v = build_value_node(p, value->type, cursor_loc(value->cursor));
        if (k != NULL && k->kind != NODE_STRING)
            diag_error(cursor_loc(key->cursor), "a map key must be text (char * or char[N])");
        if (clang_Cursor_getOffsetOfField(key->cursor) != 0)
            diag_error(cursor_loc(key->cursor), "a map entry's 'key' must be its first member");
        else if (k != NULL && v != NULL && k->kind == NODE_STRING) {
            tags_check_sites(&key->a, SITE_FIELD);
            tags_check_sites(&value->a, SITE_FIELD);
            tags_apply_values(&key->a, k);
            tags_apply_values(&value->a, v);
            if (v->description == NULL && value->a.description != NULL)
                v->description = xstrdup(value->a.description);
            map = node_new(NODE_MAP);
            map->c_type = type_spelling(spelled);
            map->entry_c_type = type_spelling(entry);
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

static void build_fields(parser *p, struct_def *s, field_collect *fc)
{
    raw_field *union_rf = NULL;
    /* Pass 1: which members are companions (counts, has_X flags). */
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *f = &fc->fields[i];
        if (annotations_find(&f->a, "ignore") != NULL)
            continue;
        raw_field *count = count_field_of(fc, f, true);
        if (count != NULL)
            count->companion = true;
        if (strncmp(f->name, "has_", 4) == 0 && is_bool_type(f->type) && find_raw(fc, f->name + 4))
            f->companion = true;
    }
    /* Pass 2: the properties. */
    for (size_t i = 0; i < fc->n; i++) {
        raw_field *rf = &fc->fields[i];
        tags_check_sites(&rf->a, SITE_FIELD);
        if (rf->companion || annotations_find(&rf->a, "ignore") != NULL)
            continue;
        src_loc where = cursor_loc(rf->cursor);
        if (is_union_type(rf->type)) {
            /* a tagged union: the enum member just before it says which
             * union member holds the value */
            if (union_rf != NULL) {
                diag_error(where, "one union per struct: put the second one in a struct of its own");
            } else if (s->nfields == 0 || s->fields[s->nfields - 1].type->kind != NODE_ENUM) {
                diag_error(where, "a union needs the enum member that says which of its members is "
                                  "set (the discriminator) right before it");
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

        raw_field *count = count_field_of(fc, rf, false);
        CXType canon = clang_getCanonicalType(rf->type);
        resolved outer = resolve(rf->type);
        if (count != NULL && annotations_find(&rf->a, "additionalProperties") != NULL) {
            f.type = build_map_node(p, rf, outer.type, where);
            if (f.type != NULL)
                apply_layers(&outer, f.type);
            f.count_field = xstrdup(count->name);
            f.count_c_type = type_spelling(count->type);
        } else if (count != NULL) {
            node *arr = node_new(NODE_ARRAY);
            arr->c_type = type_spelling(rf->type);
            CXType item_type;
            if (canon.kind == CXType_ConstantArray) {
                arr->fixed_size = (size_t)clang_getArraySize(canon);
                if (arr->fixed_size == 0)
                    diag_error(where, "array '%s' has no room for any item", rf->name);
                item_type = clang_getArrayElementType(outer.type);
            } else if (canon.kind == CXType_Pointer) {
                item_type = clang_getPointeeType(outer.type);
            } else {
                diag_error(where, "'%s' has a count member but is not a pointer or an array", rf->name);
                item_type = outer.type;
            }
            arr->items = build_value_node(p, item_type, where);
            if (arr->items != NULL && strchr(arr->items->c_type, '[') != NULL) {
                diag_error(where, "the items of '%s' are '%s': give that type a typedef name (as in "
                                  "'typedef char name_t[N];') so that generated code can declare it",
                           rf->name, arr->items->c_type);
                node_free(arr->items);
                arr->items = NULL;
            }
            if (arr->items == NULL) {
                node_free(arr);
                arr = NULL;
            } else {
                apply_layers(&outer, arr);
            }
            f.type = arr;
            f.count_field = xstrdup(count->name);
            f.count_c_type = type_spelling(count->type);
        } else if (is_cjson_pointer(canon)) {
            f.type = build_value_node(p, rf->type, where);
            f.presence = PRESENCE_POINTER; /* NULL when absent; JSON null is a cJSON_NULL item */
        } else if (canon.kind == CXType_Pointer &&
                   !is_char_kind(clang_getCanonicalType(clang_getPointeeType(canon)).kind)) {
            CXType pointee = clang_getPointeeType(outer.type);
            enum CXTypeKind pk = clang_getCanonicalType(pointee).kind;
            if (pk == CXType_Void || pk == CXType_FunctionProto || pk == CXType_FunctionNoProto) {
                diag_error(where, "'%s': %s pointers are not supported", rf->name,
                           pk == CXType_Void ? "void" : "function");
            } else if (pk == CXType_Pointer && !is_char_kind(clang_getCanonicalType(
                                                   clang_getPointeeType(clang_getCanonicalType(pointee))).kind)) {
                diag_error(where, "'%s': pointers to pointers are not supported", rf->name);
            } else if (pk == CXType_Pointer) {
                diag_error(where, "'%s' looks like an array of strings but has no count member: "
                                  "add 'size_t %s_count;' or @count", rf->name, rf->name);
            } else {
                f.type = build_value_node(p, pointee, where);
                f.presence = PRESENCE_POINTER;
                f.by_pointer = true;
                if (f.type != NULL)
                    apply_layers(&outer, f.type);
            }
        } else if (canon.kind == CXType_ConstantArray &&
                   !is_char_kind(clang_getCanonicalType(clang_getArrayElementType(canon)).kind)) {
            diag_error(where, "array '%s' needs a count member: add 'size_t %s_count;' or @count",
                       rf->name, rf->name);
        } else if (canon.kind == CXType_IncompleteArray) {
            diag_error(where, "flexible array member '%s' is not supported: use a pointer and a count",
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
        if (f.type == NULL) {
            /* the error is reported; keep the name so later checks stay quiet */
            f.type = node_new(NODE_BOOL);
            f.type->c_type = xstrdup("bool");
        } else {
            apply_field_tags(&f, rf);
        }
        s->fields = xrealloc(s->fields, (s->nfields + 1) * sizeof *s->fields);
        s->fields[s->nfields++] = f;
    }
    if (union_rf != NULL)
        build_variants(p, s, union_rf);
}

static void collect_fields(CXCursor record, field_collect *fc)
{
    memset(fc, 0, sizeof *fc);
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

/* One variant per value of the discriminator: the common members, the
 * discriminator fixed to the value, and the members of the union member
 * named like the value (a struct's members, or the member itself). */
static void build_variants(parser *p, struct_def *s, raw_field *union_rf)
{
    const field *disc = &s->fields[s->discriminator];
    const enum_def *e = disc->type->enum_type;
    CXCursor union_decl = clang_getTypeDeclaration(clang_getCanonicalType(union_rf->type));
    field_collect members;
    collect_fields(union_decl, &members);
    bool *used = xcalloc(members.n + 1, sizeof *used);

    for (size_t v = 0; v < e->nvalues; v++) {
        const enum_value *value = &e->values[v];
        struct_def *variant = xcalloc(1, sizeof *variant);
        variant->c_type = xstrdup(s->c_type);
        variant->name = xasprintf("%s_%s", s->name, value->json_name);
        for (char *c = variant->name; *c; c++)
            if (!((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9')))
                *c = '_';
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
            variant->fields = xrealloc(variant->fields, (variant->nfields + 1) * sizeof *variant->fields);
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
                collect_fields(clang_getTypeDeclaration(clang_getCanonicalType(member->type)), &inner);
                build_fields(p, &branch, &inner);
                release_fields(&inner);
                prefix = path_prefix(union_rf->name, member->name);
            } else {
                field_collect single = {member, 1};
                build_fields(p, &branch, &single);
                prefix = path_prefix(union_rf->name, "");
            }
            variant->description = member->a.description != NULL ? xstrdup(member->a.description) : NULL;
            for (size_t i = 0; i < branch.nfields; i++) {
                variant->fields = xrealloc(variant->fields, (variant->nfields + 1) * sizeof *variant->fields);
                variant->fields[variant->nfields++] = field_clone(&branch.fields[i], prefix);
                field_release(&branch.fields[i]);
            }
            free(branch.fields);
            free(prefix);
        }
        s->variants = xrealloc(s->variants, (s->nvariants + 1) * sizeof *s->variants);
        s->variants[s->nvariants++] = variant;
        p->m->structs = xrealloc(p->m->structs, (p->m->nstructs + 1) * sizeof *p->m->structs);
        p->m->structs[p->m->nstructs++] = variant;
    }
    for (size_t i = 0; i < members.n; i++) {
        if (!used[i]) {
            char *choices = NULL;
            strbuf sb;
            sb_init(&sb);
            for (size_t v = 0; v < e->nvalues; v++)
                sb_printf(&sb, "%s%s", v ? ", " : "", e->values[v].json_name);
            choices = sb_take(&sb);
            diag_error(cursor_loc(members.fields[i].cursor),
                       "union member '%s' matches no value of %s (%s): name each member after the "
                       "value it belongs to", members.fields[i].name, e->c_type, choices);
            free(choices);
        }
    }
    free(used);
    release_fields(&members);
}

static void apply_struct_tags(struct_def *s, const annotations *a)
{
    const tag *t;
    tags_check_sites(a, SITE_STRUCT);
    if (annotations_find(a, "schema") != NULL)
        s->opted_in = true;
    if ((t = annotations_find(a, "tool")) != NULL) {
        s->opted_in = true;
        s->tool_name = xstrdup(t->value);
        s->tool_where = t->value[0] ? t->value_where : t->where;
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
            diag_error(t->value_where, "@effect must be readonly, mutating or destructive, not '%s'",
                       t->value);
    }
    if (annotations_find(a, "idempotent") != NULL)
        s->idempotent = true;
    if ((t = annotations_find(a, "version")) != NULL)
        s->version = xstrdup(t->value);
    if ((t = annotations_find(a, "output")) != NULL)
        s->output_type = xstrdup(t->value);
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
    if ((t = annotations_find(a, "openWorld")) != NULL) {
        if (t->value[0] == '\0' || strcmp(t->value, "true") == 0)
            s->open_world = 1;
        else if (strcmp(t->value, "false") == 0)
            s->open_world = -1;
        else
            diag_error(t->value_where, "@openWorld must be true, false or nothing, not '%s'", t->value);
    }
}

static struct_def *get_struct(parser *p, CXCursor decl)
{
    CXCursor def = clang_getCursorDefinition(decl);
    if (clang_Cursor_isNull(def)) {
        char *name = take_string(clang_getCursorSpelling(decl));
        diag_error(cursor_loc(decl), "struct %s has no definition here", name);
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
    struct_def *s = xcalloc(1, sizeof *s);
    const char *tname = typedef_name_for(p, decl);
    char *tag_name = take_string(clang_getCursorSpelling(decl));
    if (tname != NULL) {
        s->c_type = xstrdup(tname);
        s->name = xstrdup(tname);
    } else if (clang_Cursor_isAnonymous(decl)) {
        diag_error(cursor_loc(decl), "anonymous struct without a typedef: give it a name");
        s->c_type = xstrdup("struct <anonymous>");
        s->name = xstrdup("anonymous");
    } else {
        s->c_type = xasprintf("struct %s", tag_name);
        s->name = xstrdup(tag_name);
    }
    free(tag_name);
    s->where = cursor_loc(decl);
    s->size = (uint64_t)clang_Type_getSizeOf(clang_getCursorType(decl));
    s->in_progress = true;
    k = add_known(p, decl);
    k->s = s;

    annotations a;
    read_decl_annotations(p, decl, &a);
    apply_struct_tags(s, &a);
    s->description = a.description;
    a.description = NULL;
    annotations_free(&a);

    field_collect fc;
    memset(&fc, 0, sizeof fc);
    clang_visitChildren(decl, visit_field, &fc);
    build_fields(p, s, &fc);
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

/* ---- the translation unit ------------------------------------------------ */

static enum CXChildVisitResult collect_typedef(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = data;
    if (clang_getCursorKind(c) != CXCursor_TypedefDecl)
        return CXChildVisit_Continue;
    CXType under = strip_elaborated(clang_getTypedefDeclUnderlyingType(c));
    if (under.kind != CXType_Record && under.kind != CXType_Enum)
        return CXChildVisit_Continue;
    CXCursor target = clang_getCanonicalCursor(clang_getTypeDeclaration(under));
    if (typedef_name_for(p, target) != NULL)
        return CXChildVisit_Continue;
    p->typedefs = xrealloc(p->typedefs, (p->ntypedefs + 1) * sizeof *p->typedefs);
    typedef_name *t = &p->typedefs[p->ntypedefs++];
    t->target = target;
    t->typedef_ = c;
    t->name = take_string(clang_getCursorSpelling(c));
    return CXChildVisit_Continue;
}

static enum CXChildVisitResult collect_root(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = data;
    if (clang_getCursorKind(c) != CXCursor_StructDecl || !clang_isCursorDefinition(c) ||
        !clang_Location_isFromMainFile(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    annotations a;
    read_decl_annotations(p, c, &a);
    bool root = annotations_find(&a, "schema") != NULL || annotations_find(&a, "tool") != NULL;
    annotations_free(&a);
    if (root)
        (void)get_struct(p, c);
    return CXChildVisit_Continue;
}

static void collect_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth, CXClientData data)
{
    (void)stack;
    (void)depth;
    model *m = data;
    char *name = take_string(clang_getFileName(file));
    m->files = xrealloc(m->files, (m->nfiles + 1) * sizeof *m->files);
    m->files[m->nfiles++] = name;
}

static int report_clang_diagnostics(CXTranslationUnit tu)
{
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(d);
        if (severity >= CXDiagnostic_Warning) {
            char *text = take_string(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()));
            fprintf(stderr, "%s\n", text);
            free(text);
        }
        if (severity >= CXDiagnostic_Error) {
            errors++;
            diag.errors++;
        }
        clang_disposeDiagnostic(d);
    }
    return errors;
}

int parse_header(const char *header, const parse_options *opts, model *m)
{
    FILE *probe = fopen(header, "r");
    if (probe == NULL) {
        diag_error((src_loc){NULL, 0, 0}, "cannot open '%s'", header);
        return -1;
    }
    fclose(probe);

    const char *resource_dir = opts->resource_dir;
    if (resource_dir == NULL)
        resource_dir = getenv("SCHEMAC_CLANG_RESOURCE_DIR");
    if (resource_dir == NULL)
        resource_dir = SCHEMAC_CLANG_RESOURCE_DIR;

    bool has_language = false;
    for (int i = 0; i < opts->nclang_args; i++)
        if (strncmp(opts->clang_args[i], "-x", 2) == 0)
            has_language = true;
    const char **args = xcalloc((size_t)opts->nclang_args + 4, sizeof *args);
    int nargs = 0;
    if (!has_language)
        args[nargs++] = "-xc";
    args[nargs++] = "-resource-dir";
    args[nargs++] = resource_dir;
    for (int i = 0; i < opts->nclang_args; i++)
        args[nargs++] = opts->clang_args[i];

    CXIndex index = clang_createIndex(0, 0);
    CXTranslationUnit tu = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, header, args, nargs, NULL, 0,
                                                      CXTranslationUnit_SkipFunctionBodies, &tu);
    free(args);
    if (rc != CXError_Success || tu == NULL) {
        diag_error((src_loc){NULL, 0, 0}, "libclang could not parse '%s' (error %d)", header, (int)rc);
        clang_disposeIndex(index);
        return -1;
    }

    int result = 0;
    m->header_path = xstrdup(header);
    if (report_clang_diagnostics(tu) > 0) {
        result = -1;
    } else {
        parser p;
        memset(&p, 0, sizeof p);
        p.m = m;
        CXCursor root = clang_getTranslationUnitCursor(tu);
        clang_visitChildren(root, collect_typedef, &p);
        clang_visitChildren(root, collect_root, &p);
        clang_getInclusions(tu, collect_inclusion, m);
        for (size_t i = 0; i < p.ntypedefs; i++)
            free(p.typedefs[i].name);
        free(p.typedefs);
        free(p.known);
    }
    clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    return result;
}
