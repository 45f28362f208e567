/* schemac generator: libclang -> model.
 *
 * The header is parsed as the compiler would (the user's -I/-D/-std flags,
 * clang's own resource directory for stddef.h and stdbool.h). Structs whose
 * doc comment says @schema or @tool are the roots; every struct and enum
 * they reach is added to the model, dependencies first.
 *
 * This file: the translation unit, cursors and doc comments. C types and
 * enums become nodes in parse_types.c, structs in parse_struct.c. */
#define _POSIX_C_SOURCE 200809L /* fstat, fileno */

#include "parse/parse.h"
#include "parse/parse_internal.h"

#include <clang-c/Index.h>
#include <stdio.h>
#include <sys/stat.h>
#include <stdlib.h>
#include <string.h>

#include "generator_config.h"
#include "parse/annotations.h"
#include "parse/tags.h"
#include "schemac/reader.h"
#include "util/strbuf.h"

char *take_string(CXString s)
{
    const char *c = clang_getCString(s);
    char *copy = xstrdup(c != NULL ? c : "");
    clang_disposeString(s);
    return copy;
}

src_loc loc_of(parser *p, CXSourceLocation l)
{
    CXFile file;
    unsigned line, col, offset;
    src_loc at = {NULL, 0, 0};
    clang_getSpellingLocation(l, &file, &line, &col, &offset);
    if (file != NULL) {
        char *name = take_string(clang_getFileName(file));
        at.file = model_intern(p->m, name);
        free(name);
    }
    at.line = line;
    at.col = col;
    return at;
}

src_loc cursor_loc(parser *p, CXCursor c)
{
    return loc_of(p, clang_getCursorLocation(c));
}

/* Whether a trailing doc comment (`/ **<`, `///<`) is c's own. clang may
 * hand one to every declaration on its line (`A, B, / **< x * /` to A and
 * B alike); it belongs to the one it follows: nothing but blanks and one
 * ',' or ';' between c's end and the comment. */
static bool trailing_comment_is_own(CXCursor c, CXSourceRange comment, const char *text)
{
    size_t skip = 0;
    while (text[skip] == ' ' || text[skip] == '\t')
        skip++;
    if (!(strncmp(text + skip, "/**<", 4) == 0 || strncmp(text + skip, "/*!<", 4) == 0 ||
          strncmp(text + skip, "///<", 4) == 0 || strncmp(text + skip, "//!<", 4) == 0))
        return true;
    CXFile decl_file, comment_file;
    unsigned decl_end, comment_start;
    clang_getSpellingLocation(clang_getRangeEnd(clang_getCursorExtent(c)), &decl_file, NULL, NULL,
                              &decl_end);
    clang_getSpellingLocation(clang_getRangeStart(comment), &comment_file, NULL, NULL,
                              &comment_start);
    if (decl_file == NULL || comment_file == NULL || !clang_File_isEqual(decl_file, comment_file) ||
        comment_start < decl_end)
        return false;
    size_t size = 0;
    const char *source =
        clang_getFileContents(clang_Cursor_getTranslationUnit(c), decl_file, &size);
    if (source == NULL || comment_start > size)
        return false;
    int separators = 0;
    for (unsigned i = decl_end; i < comment_start; i++) {
        char ch = source[i];
        if (ch == ',' || ch == ';')
            separators++;
        else if (ch != ' ' && ch != '\t' && ch != '\r' && ch != '\n')
            return false;
    }
    return separators <= 1;
}

void read_annotations(parser *p, CXCursor c, annotations *out)
{
    CXString raw = clang_Cursor_getRawCommentText(c);
    const char *text = clang_getCString(raw);
    CXSourceRange range = clang_Cursor_getCommentRange(c);
    src_loc start = loc_of(p, clang_getRangeStart(range));
    if (text != NULL && !trailing_comment_is_own(c, range, text))
        text = NULL;
    annotations_parse(text, start, out);
    clang_disposeString(raw);
}

CXType strip_elaborated(CXType t)
{
    while (t.kind == CXType_Elaborated)
        t = clang_Type_getNamedType(t);
    return t;
}

/* The index stored for cursor c, or SIZE_MAX. */
static size_t cursor_index_find(const cursor_index *ix, CXCursor c)
{
    if (ix->nslots == 0)
        return SIZE_MAX;
    for (size_t i = clang_hashCursor(c) & (ix->nslots - 1);; i = (i + 1) & (ix->nslots - 1)) {
        if (!ix->slots[i].used)
            return SIZE_MAX;
        if (clang_equalCursors(ix->slots[i].cursor, c))
            return ix->slots[i].index;
    }
}

static void cursor_index_put(cursor_index *ix, CXCursor c, size_t index);

/* Keeps the table at most half full. */
static void cursor_index_grow(cursor_index *ix)
{
    cursor_index bigger = {xcalloc(ix->nslots ? ix->nslots * 2 : 64, sizeof(cursor_slot)),
                           ix->nslots ? ix->nslots * 2 : 64, 0};
    for (size_t i = 0; i < ix->nslots; i++)
        if (ix->slots[i].used)
            cursor_index_put(&bigger, ix->slots[i].cursor, ix->slots[i].index);
    free(ix->slots);
    *ix = bigger;
}

static void cursor_index_put(cursor_index *ix, CXCursor c, size_t index)
{
    if (2 * (ix->used + 1) > ix->nslots)
        cursor_index_grow(ix);
    size_t i = clang_hashCursor(c) & (ix->nslots - 1);
    while (ix->slots[i].used)
        i = (i + 1) & (ix->nslots - 1);
    ix->slots[i] = (cursor_slot){c, index, true};
    ix->used++;
}

static const typedef_name *find_typedef(parser *p, CXCursor decl)
{
    size_t i = cursor_index_find(&p->typedef_index, clang_getCanonicalCursor(decl));
    return i == SIZE_MAX ? NULL : &p->typedefs[i];
}

const char *typedef_name_for(parser *p, CXCursor decl)
{
    const typedef_name *t = find_typedef(p, decl);
    return t != NULL ? t->name : NULL;
}

known_decl *find_known(parser *p, CXCursor decl)
{
    size_t i = cursor_index_find(&p->known_index, clang_getCanonicalCursor(decl));
    return i == SIZE_MAX ? NULL : &p->known[i];
}

known_decl *add_known(parser *p, CXCursor decl)
{
    p->known = xrealloc(p->known, (p->nknown + 1) * sizeof *p->known);
    known_decl *k = &p->known[p->nknown];
    memset(k, 0, sizeof *k);
    k->cursor = clang_getCanonicalCursor(decl);
    cursor_index_put(&p->known_index, k->cursor, p->nknown++);
    return k;
}

/* The doc comment of a struct or enum: on the declaration itself, or on the
 * typedef that names it (`/ ** ... * / typedef struct { ... } name;`). */
void read_decl_annotations(parser *p, CXCursor decl, annotations *out)
{
    read_annotations(p, decl, out);
    if (out->description != NULL || out->ntags > 0)
        return;
    const typedef_name *t = find_typedef(p, decl);
    if (t != NULL) {
        annotations_free(out);
        read_annotations(p, t->typedef_, out);
    }
}

/* ---- the translation unit ------------------------------------------------ */

static enum CXChildVisitResult collect_typedef(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = data;
    if (clang_getCursorKind(c) != CXCursor_TypedefDecl)
        return CXChildVisit_Continue;
    /* `typedef const struct point cpoint;` names a const point, not the
     * struct: generated code spells the struct's name where it fills one */
    if (clang_isConstQualifiedType(clang_getTypedefDeclUnderlyingType(c)) ||
        clang_isVolatileQualifiedType(clang_getTypedefDeclUnderlyingType(c)))
        return CXChildVisit_Continue;
    CXType under = strip_elaborated(clang_getTypedefDeclUnderlyingType(c));
    if (under.kind != CXType_Record && under.kind != CXType_Enum)
        return CXChildVisit_Continue;
    CXCursor target = clang_getCanonicalCursor(clang_getTypeDeclaration(under));
    if (typedef_name_for(p, target) != NULL)
        return CXChildVisit_Continue;
    p->typedefs = xrealloc(p->typedefs, (p->ntypedefs + 1) * sizeof *p->typedefs);
    cursor_index_put(&p->typedef_index, target, p->ntypedefs);
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
    bool root = annotations_find(&a, "schema") != NULL || annotations_find(&a, "tool") != NULL ||
                annotations_find(&a, "prompt") != NULL || annotations_find(&a, "resource") != NULL;
    annotations_free(&a);
    if (root)
        (void)get_struct(p, c);
    return CXChildVisit_Continue;
}

/* Whether at is in one of libschemac's own headers (schemac/NAME.h), which
 * a header may include and whose sc_ names are its own. */
static bool in_libschemac_header(CXSourceLocation at)
{
    CXFile file;
    clang_getSpellingLocation(at, &file, NULL, NULL, NULL);
    if (file == NULL)
        return false;
    char *name = take_string(clang_getFileName(file));
    const char *slash = strrchr(name, '/');
    bool own = slash != NULL && slash - name >= 8 && strncmp(slash - 8, "/schemac", 8) == 0;
    free(name);
    return own;
}

/* The ordinary identifiers declared at file scope outside system headers,
 * enumerators of enums nested in structs included (C gives them file
 * scope). */
static enum CXChildVisitResult collect_name(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = data;
    model *m = p->m;
    CXSourceLocation at = clang_getCursorLocation(c);
    if (clang_Location_isInSystemHeader(at) || in_libschemac_header(at))
        return CXChildVisit_Continue;
    switch (clang_getCursorKind(c)) {
    case CXCursor_TypedefDecl:
    case CXCursor_FunctionDecl:
    case CXCursor_VarDecl:
    case CXCursor_EnumConstantDecl: {
        char *name = take_string(clang_getCursorSpelling(c));
        if (*name == '\0') {
            free(name);
            break;
        }
        if (m->nnames >= 8 && (m->nnames & (m->nnames - 1)) == 0) /* full at each power of two */
            m->names = xrealloc(m->names, 2 * m->nnames * sizeof *m->names);
        else if (m->nnames == 0)
            m->names = xcalloc(8, sizeof *m->names);
        m->names[m->nnames++] = (file_name){name, cursor_loc(p, c)};
        break;
    }
    case CXCursor_StructDecl:
    case CXCursor_UnionDecl:
    case CXCursor_EnumDecl: /* struct { enum { A } k; } declares A too */
        clang_visitChildren(c, collect_name, p);
        break;
    default:
        break;
    }
    return CXChildVisit_Continue;
}

static void collect_inclusion(CXFile file, CXSourceLocation *stack, unsigned depth,
                              CXClientData data)
{
    (void)stack;
    (void)depth;
    model *m = data;
    char *name = take_string(clang_getFileName(file));
    m->files = xrealloc(m->files, (m->nfiles + 1) * sizeof *m->files);
    m->files[m->nfiles++] = name;
}

static int report_clang_diagnostics(diag_state *diag, CXTranslationUnit tu)
{
    int errors = 0;
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned i = 0; i < n; i++) {
        CXDiagnostic d = clang_getDiagnostic(tu, i);
        enum CXDiagnosticSeverity severity = clang_getDiagnosticSeverity(d);
        if (severity >= CXDiagnostic_Warning) {
            char *text =
                take_string(clang_formatDiagnostic(d, clang_defaultDiagnosticDisplayOptions()));
            char *message = take_string(clang_getDiagnosticSpelling(d));
            char *option = take_string(clang_getDiagnosticOption(d, NULL));
            CXFile file;
            unsigned line, col;
            clang_getSpellingLocation(clang_getDiagnosticLocation(d), &file, &line, &col, NULL);
            char *file_name = file != NULL ? take_string(clang_getFileName(file)) : NULL;
            const char *kind = severity == CXDiagnostic_Warning ? "warning"
                               : severity == CXDiagnostic_Error ? "error"
                                                                : "fatal error";
            diag_clang(diag, text, kind, (src_loc){file_name, line, col}, message,
                       option[0] != '\0' ? option : NULL);
            free(file_name);
            free(option);
            free(message);
            free(text);
        }
        if (severity >= CXDiagnostic_Error) {
            errors++;
            diag->errors++;
        }
        clang_disposeDiagnostic(d);
    }
    return errors;
}

int parse_header(const char *header, const parse_options *opts, diag_state *diag, model *m)
{
    FILE *probe = fopen(header, "r");
    if (probe == NULL) {
        diag_error(diag, (src_loc){NULL, 0, 0}, "cannot open '%s'", header);
        return -1;
    }
    /* a device or a pipe (/dev/zero) would never end: only regular files */
    struct stat st;
    bool regular = fstat(fileno(probe), &st) == 0 && S_ISREG(st.st_mode);
    fclose(probe);
    if (!regular) {
        diag_error(diag, (src_loc){NULL, 0, 0}, "'%s' is not a regular file", header);
        return -1;
    }

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
    if (rc != CXError_Success || tu == NULL) {
        diag_error(diag, (src_loc){NULL, 0, 0}, "libclang could not parse '%s' (error %d)", header,
                   (int)rc);
        free(args);
        clang_disposeIndex(index);
        return -1;
    }

    int result = 0;
    m->header_path = xstrdup(header);
    if (report_clang_diagnostics(diag, tu) > 0) {
        result = -1;
    } else {
        parser p;
        memset(&p, 0, sizeof p);
        p.m = m;
        p.diag = diag;
        p.tags = (tag_context){diag, &p.constants};
        parse_constants_evaluate(&p, index, tu, header, args, nargs);
        CXCursor root = clang_getTranslationUnitCursor(tu);
        clang_visitChildren(root, collect_typedef, &p);
        clang_visitChildren(root, collect_root, &p);
        clang_visitChildren(root, collect_name, &p);
        clang_getInclusions(tu, collect_inclusion, m);
        for (size_t i = 0; i < p.ntypedefs; i++)
            free(p.typedefs[i].name);
        free(p.typedefs);
        constant_table_free(&p.constants);
        free(p.known);
        free(p.known_index.slots);
        free(p.typedef_index.slots);
    }
    clang_disposeTranslationUnit(tu);
    clang_disposeIndex(index);
    free(args);
    return result;
}
