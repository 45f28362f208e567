/* schemac import: C names from JSON names. An identifier keeps the JSON
 * name where it can (so @name is written only where they differ); it never
 * is a C keyword, never starts with schemac's reserved sc_/SC_, never ends
 * like a count or a has-flag schemac would pair with another member, and
 * never collides with another name of its scope. */
#include "import/import_internal.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "util/strbuf.h"

static const char *const c_keywords[] = {
    "auto",    "break",    "case",     "char",     "const",    "continue",      "default",
    "do",      "double",   "else",     "enum",     "extern",   "float",         "for",
    "goto",    "if",       "inline",   "int",      "long",     "register",      "restrict",
    "return",  "short",    "signed",   "sizeof",   "static",   "struct",        "switch",
    "typedef", "union",    "unsigned", "void",     "volatile", "while",         "bool",
    "true",    "false",    "alignas",  "alignof",  "noreturn", "static_assert", "thread_local",
    "NULL",    "cJSON",    "size_t",   "int8_t",   "int16_t",  "int32_t",       "int64_t",
    "uint8_t", "uint16_t", "uint32_t", "uint64_t", "errno",    "assert",        "offsetof",
    "main",
};

static bool is_keyword(const char *s)
{
    for (size_t i = 0; i < sizeof c_keywords / sizeof *c_keywords; i++)
        if (strcmp(s, c_keywords[i]) == 0)
            return true;
    return s[0] == '_' && (isupper((unsigned char)s[1]) || s[1] == '_'); /* reserved: _Bool, __x */
}

bool imp_is_identifier(const char *s)
{
    if (!(isalpha((unsigned char)s[0]) || s[0] == '_'))
        return false;
    for (const char *p = s; *p; p++)
        if (!(isalnum((unsigned char)*p) || *p == '_') || (unsigned char)*p >= 0x80)
            return false;
    return !is_keyword(s);
}

/* Letters, digits and '_' of s; any other run of bytes one '_'; a leading
 * digit (or nothing left) gets a letter in front. */
static char *sanitized(const char *s)
{
    strbuf sb;
    sb_init(&sb);
    bool gap = false;
    for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
        if (*p < 0x80 && (isalnum(*p) || *p == '_')) {
            if (gap && sb.len > 0)
                sb_putc(&sb, '_');
            gap = false;
            sb_putc(&sb, (char)*p);
        } else {
            gap = true;
        }
    }
    if (sb.len == 0 || isdigit((unsigned char)sb.data[0]))
        sb_insert_front(&sb, "v_", 2);
    return sb_take(&sb);
}

static bool ends_with(const char *s, const char *suffix)
{
    size_t n = strlen(s), k = strlen(suffix);
    return n >= k && strcmp(s + n - k, suffix) == 0;
}

/* A member: a keyword, or a name schemac reads as an array's count or a
 * has-flag, gets a '_' after it. */
char *imp_member_name(const char *json_name)
{
    char *name = sanitized(json_name);
    if (is_keyword(name) || ends_with(name, "_count") || strncmp(name, "has_", 4) == 0) {
        char *fixed = xasprintf("%s_", name);
        free(name);
        name = fixed;
    }
    return name;
}

static bool type_name_taken(const imp_ctx *c, const char *name)
{
    for (size_t i = 0; i < c->ntypes; i++) {
        const itype *t = c->types[i];
        if (t->c_name != NULL && strcmp(t->c_name, name) == 0)
            return true;
        for (size_t v = 0; t->kind == IK_ENUM && v < t->nvalues; v++)
            if (t->enumerators[v] != NULL && strcmp(t->enumerators[v], name) == 0)
                return true;
    }
    return false;
}

/* A file-scope name: not a keyword, not sc_ or SC_ (libschemac's), not
 * ending in '_' (the generated code's locals), unique in the header. */
static char *file_scope_name(imp_ctx *c, char *name)
{
    if (strncasecmp(name, "sc_", 3) == 0) {
        char *fixed = xasprintf("x%s", name);
        free(name);
        name = fixed;
    }
    if (is_keyword(name) || ends_with(name, "_")) {
        char *fixed = xasprintf("%s%stype", name, ends_with(name, "_") ? "" : "_");
        free(name);
        name = fixed;
    }
    if (!type_name_taken(c, name))
        return name;
    for (int n = 2;; n++) {
        char *next = xasprintf("%s_%d", name, n);
        if (!type_name_taken(c, next)) {
            free(name);
            return next;
        }
        free(next);
    }
}

char *imp_type_name(imp_ctx *c, const char *hint)
{
    return file_scope_name(c, sanitized(hint));
}

/* TYPE_VALUE in upper case. */
char *imp_enumerator(imp_ctx *c, const char *type_name, const char *value)
{
    char *v = sanitized(value);
    char *name = xasprintf("%s_%s", type_name, v);
    free(v);
    for (char *p = name; *p; p++)
        *p = (char)toupper((unsigned char)*p);
    return file_scope_name(c, name);
}

/* Two members of one struct never share a C name. */
void imp_unique_members(ifield *fields, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        for (int k = 2;; k++) {
            bool clash = false;
            for (size_t j = 0; j < i && !clash; j++)
                clash =
                    strcmp(fields[i].c_name, fields[j].c_name) == 0 ||
                    /* a member named like another's count or has-flag */
                    (strncmp(fields[i].c_name, fields[j].c_name, strlen(fields[j].c_name)) == 0 &&
                     strcmp(fields[i].c_name + strlen(fields[j].c_name), "_count") == 0);
            if (!clash)
                break;
            char *base = imp_member_name(fields[i].json_name);
            free(fields[i].c_name);
            fields[i].c_name = xasprintf("%s_%d", base, k);
            free(base);
        }
    }
}

/* parse_types.c's rule: the common prefix up to a '_' removed (leaving
 * every name non-empty), then lower case. */
char **imp_derived_enum_names(char *const *enumerators, size_t n)
{
    size_t prefix = 0;
    if (n > 0) {
        const char *first = enumerators[0];
        size_t common = strlen(first);
        for (size_t i = 1; i < n; i++) {
            size_t k = 0;
            while (k < common && first[k] == enumerators[i][k])
                k++;
            common = k;
        }
        for (size_t k = common; k > 0 && prefix == 0; k--) {
            if (first[k - 1] != '_')
                continue;
            bool leaves_all = true;
            for (size_t i = 0; i < n; i++)
                if (enumerators[i][k] == '\0')
                    leaves_all = false;
            if (leaves_all)
                prefix = k;
        }
    }
    char **names = xcalloc(n + 1, sizeof *names);
    for (size_t i = 0; i < n; i++) {
        names[i] = xstrdup(enumerators[i] + prefix);
        for (char *s = names[i]; *s; s++)
            *s = (char)tolower((unsigned char)*s);
    }
    return names;
}
