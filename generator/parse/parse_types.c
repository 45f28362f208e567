/* schemac generator: C types -> model nodes (typedef layers and their
 * annotations, integer ranges, strings, arrays, cJSON *) and enums. */
#include "parse/parse_internal.h"

#include <stdlib.h>
#include <string.h>

#include "parse/tags.h"
#include "schemac/reader.h"
#include "util/strbuf.h"

/* ---- enums --------------------------------------------------------------- */

typedef struct enum_collect {
    parser *p;
    enum_def *e;
} enum_collect;

static enum CXChildVisitResult visit_enumerator(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = ((enum_collect *)data)->p;
    enum_def *e = ((enum_collect *)data)->e;
    if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
        return CXChildVisit_Continue;
    annotations a;
    read_annotations(p, c, &a);
    tags_check_sites(&p->tags, &a, SITE_ENUMERATOR);
    e->values = xrealloc(e->values, (e->nvalues + 1) * sizeof *e->values);
    enum_value *v = &e->values[e->nvalues++];
    memset(v, 0, sizeof *v);
    v->c_name = take_string(clang_getCursorSpelling(c));
    v->value = clang_getEnumConstantDeclValue(c);
    v->where = cursor_loc(p, c);
    v->description = a.description;
    a.description = NULL;
    const tag *name = annotations_find(&a, "name");
    if (name != NULL)
        v->json_name = tag_name_value(&p->tags, name);
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

enum_def *get_enum(parser *p, CXCursor decl)
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
        diag_error(p->diag, cursor_loc(p, decl),
                   "anonymous enum without a typedef: give it a name");
        e->c_type = xstrdup("int");
        e->name = xstrdup("anonymous");
    } else {
        e->c_type = xasprintf("enum %s", tag_name);
        e->name = xstrdup(tag_name);
    }
    free(tag_name);
    e->where = cursor_loc(p, decl);
    annotations a;
    read_decl_annotations(p, decl, &a);
    tags_check_sites(&p->tags, &a, SITE_ENUM);
    e->description = a.description;
    a.description = NULL;
    annotations_free(&a);

    enum_collect collect = {p, e};
    clang_visitChildren(decl, visit_enumerator, &collect);
    if (e->nvalues == 0)
        diag_error(p->diag, e->where, "enum %s has no values", e->c_type);
    name_enum_values(e);

    k = add_known(p, decl);
    k->e = e;
    p->m->enums = xrealloc(p->m->enums, (p->m->nenums + 1) * sizeof *p->m->enums);
    p->m->enums[p->m->nenums++] = e;
    return e;
}

/* ---- types --------------------------------------------------------------- */

bool is_char_kind(enum CXTypeKind k)
{
    return k == CXType_Char_S || k == CXType_Char_U;
}

/* cJSON * (or a pointer to a typedef of struct cJSON): any JSON value. */
bool is_cjson_pointer(CXType t)
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

bool is_integer_kind(enum CXTypeKind k)
{
    switch (k) {
    case CXType_SChar:
    case CXType_UChar:
    case CXType_Short:
    case CXType_UShort:
    case CXType_Int:
    case CXType_UInt:
    case CXType_Long:
    case CXType_ULong:
    case CXType_LongLong:
    case CXType_ULongLong:
        return true;
    default:
        return false;
    }
}

bool is_unsigned_kind(enum CXTypeKind k)
{
    return k == CXType_UChar || k == CXType_UShort || k == CXType_UInt || k == CXType_ULong ||
           k == CXType_ULongLong || k == CXType_Char_U;
}

resolved resolve(parser *p, CXType t)
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
        read_annotations(p, decl, &a);
        if (a.description != NULL || a.ntags > 0) {
            tags_check_sites(&p->tags, &a, SITE_TYPEDEF);
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

void resolved_free(resolved *r)
{
    for (size_t i = 0; i < r->nlayers; i++)
        annotations_free(&r->layers[i]);
    free(r->layers);
    free(r->description);
}

/* Inner typedefs first, so an outer typedef overrides what it wraps. */
void apply_layers(parser *p, const resolved *r, node *n)
{
    for (size_t i = r->nlayers; i-- > 0;)
        tags_apply_values(&p->tags, &r->layers[i], n);
    if (n->description == NULL && r->description != NULL)
        n->description = xstrdup(r->description);
}

char *type_spelling(CXType t)
{
    return take_string(clang_getTypeSpelling(t));
}

bool written_const(CXType t)
{
    CXType canon = clang_getCanonicalType(t);
    if (clang_isConstQualifiedType(canon))
        return true;
    if (canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray)
        return written_const(clang_getArrayElementType(canon));
    return false;
}

bool has_volatile(CXType t)
{
    CXType canon = clang_getCanonicalType(t);
    if (clang_isVolatileQualifiedType(canon))
        return true;
    if (canon.kind == CXType_Pointer)
        return has_volatile(clang_getPointeeType(canon));
    if (canon.kind == CXType_ConstantArray || canon.kind == CXType_IncompleteArray)
        return has_volatile(clang_getArrayElementType(canon));
    return false;
}

/* How C spells t without its own const ("const inner" -> "inner",
 * "const char *const" -> "const char *", "const str" -> "str" for a typedef
 * of a pointer), or NULL when it cannot. A const hidden in a typedef
 * (`typedef const int cint;`) is taken off by spelling what the typedef
 * names ("int"); NULL when that has no name C can spell (a typedef of a
 * const unnamed struct). */
char *spelling_without_const(CXType t)
{
    char *s = type_spelling(t);
    if (!clang_isConstQualifiedType(clang_getCanonicalType(t)))
        return s;
    CXType named = strip_elaborated(t);
    if (named.kind == CXType_Typedef) {
        CXType under = clang_getTypedefDeclUnderlyingType(clang_getTypeDeclaration(named));
        if (clang_isConstQualifiedType(clang_getCanonicalType(under))) {
            free(s);
            return spelling_without_const(under);
        }
    }
    size_t len = strlen(s);
    if (named.kind == CXType_Pointer) { /* "T *const" */
        if (len > 6 && strcmp(s + len - 5, "const") == 0 &&
            (s[len - 6] == '*' || s[len - 6] == ' ')) {
            len -= 5;
            while (len > 0 && s[len - 1] == ' ')
                len--;
            s[len] = '\0';
            return s;
        }
    } else if (strncmp(s, "const ", 6) ==
               0) { /* "const T", T a typedef (of a pointer too), struct, scalar */
        memmove(s, s + 6, len - 5);
        if (strstr(s, "(unnamed") == NULL && strstr(s, "(anonymous") == NULL)
            return s;
    }
    free(s);
    return NULL;
}

static int64_t min_i64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

/* A struct the header cannot describe as JSON: one without a definition
 * (`struct x;`) or one a system header declares (FILE). Reported once, at
 * the member that uses it, with a note at the type's declaration: never as
 * errors inside a file the user cannot edit, one per field of it. */
static bool foreign_record(parser *p, CXType spelled, CXCursor decl, src_loc where)
{
    CXCursor def = clang_getCursorDefinition(decl);
    bool opaque = clang_Cursor_isNull(def);
    if (!opaque && !clang_Location_isInSystemHeader(clang_getCursorLocation(def)))
        return false;
    char *type = spelling_without_const(spelled);
    if (type == NULL)
        type = type_spelling(spelled);
    CXType named = strip_elaborated(spelled);
    CXCursor declared = named.kind == CXType_Typedef ? clang_getTypeDeclaration(named) : decl;
    if (opaque)
        diag_error(p->diag, where,
                   "'%s' is declared but never defined, so schemac cannot read or write its "
                   "members: define the struct in this header (or one it includes), or tag the "
                   "member @ignore to leave it out of the JSON",
                   type);
    else
        diag_error(p->diag, where,
                   "'%s' comes from a system header and is no JSON data: tag the member @ignore "
                   "to leave it out of the JSON, or use a struct of your own",
                   type);
    diag_note(p->diag, cursor_loc(p, declared), "%s is declared here", type);
    free(type);
    return true;
}

/* Builds the node for a value of type t (not a pointer or array of T, which
 * the field code handles). Returns NULL after reporting an error. */
node *build_value_node(parser *p, CXType spelled, src_loc where)
{
    resolved r = resolve(p, spelled);
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
        diag_error(p->diag, where,
                   "a single char ('%s') is ambiguous: use int8_t or uint8_t for a number, "
                   "char name[N] or char * for text",
                   s);
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
            diag_error(p->diag, where,
                       "a union is only supported as a struct member right after the enum "
                       "member that says which of its members is set");
        } else if (strcmp(name, "cJSON") == 0) {
            diag_error(p->diag, where, "a cJSON struct by value: use cJSON * for any JSON value");
        } else if (!foreign_record(p, spelled, decl, where)) {
            unsigned errors_before = p->diag->errors;
            struct_def *s = get_struct(p, decl);
            src_loc defined = cursor_loc(p, decl);
            if (p->diag->errors > errors_before && where.file != NULL && defined.file != NULL &&
                strcmp(where.file, defined.file) != 0) {
                /* the errors are in another file: say which member of
                 * this one brought that type in */
                char *type = type_spelling(spelled);
                diag_note(p->diag, where, "'%s' is used here", type);
                free(type);
            }
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
            diag_error(p->diag, where,
                       "unsupported type '%s' here: a pointer inside an array or behind "
                       "another pointer",
                       s);
            free(s);
        }
    } else if (canon.kind == CXType_ConstantArray &&
               is_char_kind(clang_getCanonicalType(clang_getArrayElementType(canon)).kind)) {
        n = node_new(NODE_STRING);
        n->buf_size = (size_t)clang_getArraySize(canon);
        if (n->buf_size < 2)
            diag_error(p->diag, where, "char buffer of size %zu cannot hold any text", n->buf_size);
    } else {
        char *s = type_spelling(spelled);
        diag_error(p->diag, where,
                   "unsupported type '%s': schemac maps bool, integers, float, double, "
                   "char * and char[N], enums, structs, and arrays of those",
                   s);
        free(s);
    }
    if (n != NULL) {
        n->c_type = spelling_without_const(spelled);
        n->c_const = clang_isConstQualifiedType(clang_getCanonicalType(spelled));
        if (n->c_type == NULL) {
            char *s = type_spelling(spelled);
            diag_error(
                p->diag, where,
                "'%s' is const through a typedef of a type without a name, which generated "
                "code cannot spell without the const to fill it: name the type, or write the "
                "const out (const T)",
                s);
            n->c_type = s;
        }
        apply_layers(p, &r, n);
    }
    resolved_free(&r);
    return n;
}
