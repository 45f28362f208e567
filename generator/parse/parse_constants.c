/* schemac generator: integer constant expressions in tag values, evaluated
 * by clang. Every doc comment of the translation unit is read once for the
 * numeric tags whose value is not JSON; all those values are then compiled
 * together, each as the value of an enumerator after the header:
 *
 *     #include "weather.h"
 *     enum sc_eval_e0 { sc_eval_0 = (MAX_TAGS * 2) };
 *     enum sc_eval_e1 { sc_eval_1 = (sizeof(((struct user *)0)->name) - 1) };
 *
 * in one more parse with the same flags (so -D and -std change them as
 * they change the header), and each enumerator's value is read back. An
 * enumerator, unlike clang_Cursor_Evaluate on some expression, holds C's
 * own rule: the value must be an integer constant expression, or clang
 * says why not, on that line; and one parse serves every expression,
 * where evaluating each alone would parse the header again for each. */
#include "parse/constants.h"
#include "parse/parse_internal.h"

#include <clang-c/Index.h>
#include <cJSON.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "model/keywords.h"
#include "parse/annotations.h"
#include "util/strbuf.h"

/* The numeric keywords of the keyword table (a number or a count), and
 * const and default of a number. */
bool constant_tag(const char *name)
{
    const keyword_info *k = keyword_named(name);
    if (k == NULL)
        return false;
    keyword_id id = keyword_id_of(k);
    return k->reader == READ_NUMBER || k->reader == READ_COUNT || id == KW_CONST ||
           id == KW_DEFAULT;
}

bool constant_candidate(const char *text)
{
    cJSON *json = cJSON_ParseWithOpts(text, NULL, 1);
    bool is_json = json != NULL;
    cJSON_Delete(json);
    if (is_json || text[0] == '\0')
        return false;
    int depth = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '(' || *p == '[')
            depth++;
        else if (*p == ')' || *p == ']')
            depth--;
        else if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
                   (*p >= '0' && *p <= '9') || strchr("_ +-*/%<>=!&|^~?:.,\t", *p) != NULL))
            return false;
        if (depth < 0)
            return false;
    }
    return depth == 0;
}

const tag_constant *constant_find(const constant_table *table, const char *text)
{
    for (size_t i = 0; table != NULL && i < table->n; i++)
        if (strcmp(table->items[i].text, text) == 0)
            return &table->items[i];
    return NULL;
}

double constant_value(const tag_constant *k)
{
    return k->is_unsigned ? (double)k->as_unsigned : (double)k->as_signed;
}

static void collect_text(parser *p, const char *text)
{
    constant_table *table = &p->constants;
    if (!constant_candidate(text) || constant_find(table, text) != NULL)
        return;
    if (table->n == table->cap) {
        table->cap = table->cap ? 2 * table->cap : 8;
        table->items = xrealloc(table->items, table->cap * sizeof *table->items);
    }
    tag_constant *k = &table->items[table->n++];
    memset(k, 0, sizeof *k);
    k->text = model_intern(p->m, text);
}

/* The numeric tag values of every declaration's doc comment outside the
 * system headers. */
static enum CXChildVisitResult collect_constants(CXCursor c, CXCursor parent, CXClientData data)
{
    (void)parent;
    parser *p = data;
    if (clang_Location_isInSystemHeader(clang_getCursorLocation(c)))
        return CXChildVisit_Continue;
    if (clang_isDeclaration(clang_getCursorKind(c))) {
        annotations a;
        read_annotations(p, c, &a);
        for (size_t i = 0; i < a.ntags; i++)
            if (constant_tag(a.tags[i].name))
                collect_text(p, a.tags[i].value);
        annotations_free(&a);
    }
    return CXChildVisit_Recurse;
}

static bool is_unsigned_type(CXType t)
{
    switch (clang_getCanonicalType(t).kind) {
    case CXType_Bool:
    case CXType_Char_U:
    case CXType_UChar:
    case CXType_UShort:
    case CXType_UInt:
    case CXType_ULong:
    case CXType_ULongLong:
    case CXType_UInt128:
        return true;
    default:
        return false;
    }
}

/* The value of each enumerator sc_eval_N. */
static enum CXChildVisitResult read_values(CXCursor c, CXCursor parent, CXClientData data)
{
    constant_table *table = data;
    if (clang_getCursorKind(c) == CXCursor_EnumDecl)
        return CXChildVisit_Recurse;
    if (clang_getCursorKind(c) != CXCursor_EnumConstantDecl)
        return CXChildVisit_Continue;
    char *name = take_string(clang_getCursorSpelling(c));
    size_t i;
    char end;
    if (sscanf(name, "sc_eval_%zu%c", &i, &end) == 1 && i < table->n &&
        table->items[i].why == NULL) {
        tag_constant *k = &table->items[i];
        k->ok = true;
        k->is_unsigned = is_unsigned_type(clang_getEnumDeclIntegerType(parent));
        if (k->is_unsigned)
            k->as_unsigned = (uint64_t)clang_getEnumConstantDeclUnsignedValue(c);
        else
            k->as_signed = (int64_t)clang_getEnumConstantDeclValue(c);
    }
    free(name);
    return CXChildVisit_Continue;
}

/* clang's first error on each expression's line (expansion locations: an
 * error inside a macro the expression uses is on that line too). */
static void read_errors(constant_table *table, CXTranslationUnit tu, unsigned first_line)
{
    unsigned n = clang_getNumDiagnostics(tu);
    for (unsigned d = 0; d < n; d++) {
        CXDiagnostic diagnostic = clang_getDiagnostic(tu, d);
        if (clang_getDiagnosticSeverity(diagnostic) >= CXDiagnostic_Error) {
            CXSourceLocation at = clang_getDiagnosticLocation(diagnostic);
            unsigned line = 0;
            clang_getExpansionLocation(at, NULL, &line, NULL, NULL);
            if (clang_Location_isFromMainFile(at) && line >= first_line &&
                line - first_line < table->n && table->items[line - first_line].why == NULL)
                table->items[line - first_line].why =
                    take_string(clang_getDiagnosticSpelling(diagnostic));
        }
        clang_disposeDiagnostic(diagnostic);
    }
}

void parse_constants_evaluate(parser *p, CXIndex index, CXTranslationUnit tu, const char *header,
                              const char *const *args, int nargs)
{
    clang_visitChildren(clang_getTranslationUnitCursor(tu), collect_constants, p);
    constant_table *table = &p->constants;
    if (table->n == 0)
        return;
    /* a file beside the header that includes it by name, as a source file
     * of the project would; it exists only in memory */
    const char *slash = strrchr(header, '/');
    const char *base = slash != NULL ? slash + 1 : header;
    char *path = xasprintf("%.*s%s.schemac-eval.c", (int)(base - header), header, base);
    strbuf text;
    sb_init(&text);
    sb_printf(&text, "#include \"%s\"\n", base);
    for (size_t i = 0; i < table->n; i++)
        sb_printf(&text, "enum sc_eval_e%zu { sc_eval_%zu = (%s) };\n", i, i, table->items[i].text);
    struct CXUnsavedFile unsaved = {path, text.data, (unsigned long)text.len};
    CXTranslationUnit eval = NULL;
    enum CXErrorCode rc = clang_parseTranslationUnit2(index, path, args, nargs, &unsaved, 1,
                                                      CXTranslationUnit_SkipFunctionBodies, &eval);
    if (rc == CXError_Success && eval != NULL) {
        read_errors(table, eval, 2);
        clang_visitChildren(clang_getTranslationUnitCursor(eval), read_values, table);
        clang_disposeTranslationUnit(eval);
    }
    for (size_t i = 0; i < table->n; i++)
        if (!table->items[i].ok && table->items[i].why == NULL)
            table->items[i].why = xasprintf("libclang could not evaluate it (error %d)", (int)rc);
    sb_free(&text);
    free(path);
}

void constant_table_free(constant_table *table)
{
    for (size_t i = 0; i < table->n; i++)
        free((char *)table->items[i].why);
    free(table->items);
    memset(table, 0, sizeof *table);
}
