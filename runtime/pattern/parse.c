/* schemac pattern engine, stage 1: parse.
 *
 * A recursive-descent parser for ECMA-262 Pattern[+UnicodeMode] (the u-flag
 * grammar JSON Schema validators use), producing a syntax tree of
 * concatenations, alternations, repetitions, ^ / $ and code point sets.
 * Captures and lazy quantifiers are parsed but do not change whether a
 * pattern matches, so the tree forgets them. Whatever the subset does not
 * support (lookaround, backreferences, \b, and \p{...} unless the caller
 * asks for General_Category properties) is rejected here with
 * a message and an offset, as is anything the u flag makes a syntax error,
 * so an accepted pattern means the same to schemac as to ajv.
 * (A little over 700 lines: one grammar, one function per production, kept
 * together so the recursive descent reads top to bottom.)
 */
#include "pattern/pattern.h"
#include "pattern/rx.h"
#include "pattern/unicode_gc.h"

#include <stdlib.h>
#include <string.h>

/* ---- the predefined classes \d, \w, \s and . --------------------------- */

static const rx_cprange rx_digit_ranges[] = {{'0', '9'}};
static const rx_cprange rx_word_ranges[] = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
/* ECMA-262 WhiteSpace and LineTerminator: TAB VT FF SP NBSP ZWNBSP, the
 * Zs category, LF CR LS PS. */
static const rx_cprange rx_space_ranges[] = {
    {0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF},
};
/* `.` without the s flag: everything but LF CR LS PS. */
static const rx_cprange rx_dot_ranges[] = {
    {0x00, 0x09}, {0x0B, 0x0C}, {0x0E, 0x2027}, {0x202A, RX_MAX_CODE_POINT}};

/* ---- syntax tree -------------------------------------------------------- */

void rx_node_free(rx_node *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->nkids; i++)
        rx_node_free(x->kids[i]);
    free(x->kids);
    free(x->set.r);
    free(x);
}

/* ---- parser ------------------------------------------------------------- */

typedef struct {
    size_t off, len;
} rx_group_name;

typedef struct {
    const char *src;
    size_t len, pos;
    rx_errsink *err;
    unsigned depth;
    rx_group_name *names; /* to reject duplicate (?<name>...) as JS does */
    size_t nnames, capnames;
    unsigned flags; /* PATTERN_UNICODE_PROPERTIES */
} rx_parser;

static int rx_peek(const rx_parser *p, size_t k)
{
    return p->pos + k < p->len ? (unsigned char)p->src[p->pos + k] : -1;
}

static rx_node *rx_node_new(rx_parser *p, rx_node_kind kind, size_t offset)
{
    rx_node *x = calloc(1, sizeof *x);

    if (!x)
        rx_fail(p->err, offset, "out of memory");
    else {
        x->kind = kind;
        x->offset = offset;
    }
    return x;
}

/* Takes ownership of kid, freeing it on failure. */
static bool rx_node_push(rx_parser *p, rx_node *x, rx_node *kid)
{
    rx_node **k = rx_grow(x->kids, &x->capkids, x->nkids + 1, sizeof *k);

    if (!k) {
        rx_node_free(kid);
        rx_fail(p->err, p->pos, "out of memory");
        return false;
    }
    x->kids = k;
    x->kids[x->nkids++] = kid;
    return true;
}

int32_t pattern_utf8_next(const char *s, size_t len, size_t *i)
{
    const unsigned char *u = (const unsigned char *)s + *i;
    size_t left = len - *i, n;
    int32_t c = u[0], min;

    if (c < 0x80) {
        n = 1;
        min = 0;
    } else if (c >= 0xC2 && c <= 0xDF) {
        n = 2;
        c &= 0x1F;
        min = 0x80;
    } else if (c >= 0xE0 && c <= 0xEF) {
        n = 3;
        c &= 0x0F;
        min = 0x800;
    } else if (c >= 0xF0 && c <= 0xF4) {
        n = 4;
        c &= 0x07;
        min = 0x10000;
    } else {
        return -1;
    }
    if (n > left)
        return -1;
    for (size_t k = 1; k < n; k++) {
        if ((u[k] & 0xC0) != 0x80)
            return -1;
        c = c << 6 | (u[k] & 0x3F);
    }
    if (c < min || c > (int32_t)RX_MAX_CODE_POINT || (c >= 0xD800 && c <= 0xDFFF))
        return -1;
    *i += n;
    return c;
}

/* Decodes one UTF-8 code point of the source. */
static bool rx_src_code_point(rx_parser *p, uint32_t *cp)
{
    int32_t c = pattern_utf8_next(p->src, p->len, &p->pos);
    if (c < 0) {
        rx_fail(p->err, p->pos, "invalid UTF-8 in pattern");
        return false;
    }
    *cp = (uint32_t)c;
    return true;
}

static int rx_hex_value(int c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

/* Reads exactly n hex digits at pos+k without consuming them. */
static bool rx_peek_hex(const rx_parser *p, size_t k, int n, uint32_t *out)
{
    uint32_t v = 0;

    for (int i = 0; i < n; i++) {
        int h = rx_hex_value(rx_peek(p, k + (size_t)i));
        if (h < 0)
            return false;
        v = v << 4 | (uint32_t)h;
    }
    *out = v;
    return true;
}

static bool rx_is_syntax_char(int c)
{
    return c > 0 && c < 0x80 && strchr("^$\\.*+?()[]{}|", c) != NULL;
}

/* \d \D \w \W \s \S into *set (normalized). */
static bool rx_class_escape(rx_parser *p, int c, rx_cpset *set)
{
    bool ok;

    switch (c | 0x20) {
    case 'd':
        ok = rx_set_add_ranges(set, rx_digit_ranges,
                               sizeof rx_digit_ranges / sizeof *rx_digit_ranges);
        break;
    case 'w':
        ok = rx_set_add_ranges(set, rx_word_ranges, sizeof rx_word_ranges / sizeof *rx_word_ranges);
        break;
    default:
        ok = rx_set_add_ranges(set, rx_space_ranges,
                               sizeof rx_space_ranges / sizeof *rx_space_ranges);
        break;
    }
    rx_set_normalize(set);
    if (ok && c >= 'A' && c <= 'Z')
        ok = rx_set_negate(set);
    if (!ok)
        rx_fail(p->err, p->pos, "out of memory");
    return ok;
}

/* ---- \\p{...}: General_Category values (with PATTERN_UNICODE_PROPERTIES) -- */

/* Each value's names (PropertyValueAliases.txt) and the two-letter
 * categories it covers: a one-letter group is every category that starts
 * with it, LC is Lu Ll Lt. */
static const struct {
    const char *names[3];
    const char *covers;
} rx_gc_values[] = {
    {{"C", "Other", NULL}, "C"},
    {{"Cc", "Control", "cntrl"}, "Cc"},
    {{"Cf", "Format", NULL}, "Cf"},
    {{"Cn", "Unassigned", NULL}, "Cn"},
    {{"Co", "Private_Use", NULL}, "Co"},
    {{"Cs", "Surrogate", NULL}, "Cs"},
    {{"L", "Letter", NULL}, "L"},
    {{"LC", "Cased_Letter", NULL}, "Lu Ll Lt"},
    {{"Ll", "Lowercase_Letter", NULL}, "Ll"},
    {{"Lm", "Modifier_Letter", NULL}, "Lm"},
    {{"Lo", "Other_Letter", NULL}, "Lo"},
    {{"Lt", "Titlecase_Letter", NULL}, "Lt"},
    {{"Lu", "Uppercase_Letter", NULL}, "Lu"},
    {{"M", "Mark", "Combining_Mark"}, "M"},
    {{"Mc", "Spacing_Mark", NULL}, "Mc"},
    {{"Me", "Enclosing_Mark", NULL}, "Me"},
    {{"Mn", "Nonspacing_Mark", NULL}, "Mn"},
    {{"N", "Number", NULL}, "N"},
    {{"Nd", "Decimal_Number", "digit"}, "Nd"},
    {{"Nl", "Letter_Number", NULL}, "Nl"},
    {{"No", "Other_Number", NULL}, "No"},
    {{"P", "Punctuation", "punct"}, "P"},
    {{"Pc", "Connector_Punctuation", NULL}, "Pc"},
    {{"Pd", "Dash_Punctuation", NULL}, "Pd"},
    {{"Pe", "Close_Punctuation", NULL}, "Pe"},
    {{"Pf", "Final_Punctuation", NULL}, "Pf"},
    {{"Pi", "Initial_Punctuation", NULL}, "Pi"},
    {{"Po", "Other_Punctuation", NULL}, "Po"},
    {{"Ps", "Open_Punctuation", NULL}, "Ps"},
    {{"S", "Symbol", NULL}, "S"},
    {{"Sc", "Currency_Symbol", NULL}, "Sc"},
    {{"Sk", "Modifier_Symbol", NULL}, "Sk"},
    {{"Sm", "Math_Symbol", NULL}, "Sm"},
    {{"So", "Other_Symbol", NULL}, "So"},
    {{"Z", "Separator", NULL}, "Z"},
    {{"Zl", "Line_Separator", NULL}, "Zl"},
    {{"Zp", "Paragraph_Separator", NULL}, "Zp"},
    {{"Zs", "Space_Separator", NULL}, "Zs"},
};

/* Adds the categories a value covers ("Lu Ll Lt", or "L": all L*). */
static bool rx_add_categories(rx_cpset *set, const char *covers)
{
    for (size_t i = 0; i < sizeof rx_gc_table / sizeof *rx_gc_table; i++) {
        const char *name = rx_gc_table[i].name;
        bool hit = covers[1] == '\0' ? name[0] == covers[0] : false;
        for (const char *c = covers; !hit && c[0] && c[1]; c += c[2] ? 3 : 2)
            hit = c[0] == name[0] && c[1] == name[1];
        if (hit && !rx_set_add_ranges(set, rx_gc_table[i].r, rx_gc_table[i].n))
            return false;
    }
    return true;
}

/* The set a property name names into set: true, or false with *known
 * false when there is no such property. */
static bool rx_property_set(const char *name, size_t len, rx_cpset *set, bool *known)
{
    *known = true;
    if (len > 17 && memcmp(name, "General_Category=", 17) == 0) {
        name += 17;
        len -= 17;
    } else if (len > 3 && memcmp(name, "gc=", 3) == 0) {
        name += 3;
        len -= 3;
    } else if (len == 3 && memcmp(name, "Any", 3) == 0)
        return rx_set_add(set, 0, RX_MAX_CODE_POINT);
    else if (len == 5 && memcmp(name, "ASCII", 5) == 0)
        return rx_set_add(set, 0, 0x7F);
    else if (len == 8 && memcmp(name, "Assigned", 8) == 0) {
        if (!rx_add_categories(set, "Cn"))
            return false;
        rx_set_normalize(set);
        return rx_set_negate(set);
    }
    for (size_t i = 0; i < sizeof rx_gc_values / sizeof *rx_gc_values; i++)
        for (size_t k = 0; k < 3 && rx_gc_values[i].names[k]; k++)
            if (strlen(rx_gc_values[i].names[k]) == len &&
                memcmp(rx_gc_values[i].names[k], name, len) == 0)
                return rx_add_categories(set, rx_gc_values[i].covers);
    *known = false;
    return true;
}

/* \p{NAME} or \P{NAME}, p->pos just after the letter. */
static bool rx_property_escape(rx_parser *p, int c, size_t start, rx_cpset *set)
{
    if (rx_peek(p, 0) != '{') {
        rx_fail(p->err, start, "invalid escape: \\%c must be followed by {property}", c);
        return false;
    }
    size_t name = p->pos + 1, end = name;
    while (end < p->len && p->src[end] != '}')
        end++;
    if (end >= p->len) {
        rx_fail(p->err, start, "invalid escape: \\%c{ without a closing }", c);
        return false;
    }
    bool known;
    if (!rx_property_set(p->src + name, end - name, set, &known)) {
        rx_fail(p->err, start, "out of memory");
        return false;
    }
    if (!known) {
        rx_fail(
            p->err, start,
            "unsupported: Unicode property \\%c{%.*s} (only General_Category values, Any, ASCII and Assigned)",
            c, (int)(end - name), p->src + name);
        return false;
    }
    p->pos = end + 1;
    rx_set_normalize(set);
    if (c == 'P' && !rx_set_negate(set)) {
        rx_fail(p->err, start, "out of memory");
        return false;
    }
    return true;
}

typedef enum { RX_ESC_ERROR, RX_ESC_CHAR, RX_ESC_SET } rx_esc_kind;

/* Parses the escape starting at the backslash at p->pos: one code point
 * into *cp or a class escape into *set. */
static rx_esc_kind rx_parse_escape(rx_parser *p, bool in_class, uint32_t *cp, rx_cpset *set)
{
    size_t start = p->pos;
    int c = rx_peek(p, 1), d;
    uint32_t v, trail;

    if (c < 0) {
        rx_fail(p->err, start, "\\ at end of pattern");
        return RX_ESC_ERROR;
    }
    p->pos += 2;
    switch (c) {
    case 'd':
    case 'D':
    case 'w':
    case 'W':
    case 's':
    case 'S':
        return rx_class_escape(p, c, set) ? RX_ESC_SET : RX_ESC_ERROR;
    case 'p':
    case 'P':
        if (p->flags & PATTERN_UNICODE_PROPERTIES)
            return rx_property_escape(p, c, start, set) ? RX_ESC_SET : RX_ESC_ERROR;
        rx_fail(p->err, start, "unsupported: Unicode property escape \\%c{...}", c);
        return RX_ESC_ERROR;
    case 'b':
        if (in_class) {
            *cp = 0x08; /* [\b] is backspace */
            return RX_ESC_CHAR;
        }
        /* fall through */
    case 'B':
        if (in_class)
            rx_fail(p->err, start, "invalid escape \\B in a character class");
        else
            rx_fail(p->err, start, "unsupported: word boundary assertion \\%c", c);
        return RX_ESC_ERROR;
    case 'f':
        *cp = 0x0C;
        return RX_ESC_CHAR;
    case 'n':
        *cp = 0x0A;
        return RX_ESC_CHAR;
    case 'r':
        *cp = 0x0D;
        return RX_ESC_CHAR;
    case 't':
        *cp = 0x09;
        return RX_ESC_CHAR;
    case 'v':
        *cp = 0x0B;
        return RX_ESC_CHAR;
    case 'c':
        d = rx_peek(p, 0);
        if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z')) {
            p->pos++;
            *cp = (uint32_t)d % 32;
            return RX_ESC_CHAR;
        }
        rx_fail(p->err, start, "invalid escape: \\c must be followed by an ASCII letter");
        return RX_ESC_ERROR;
    case '0':
        d = rx_peek(p, 0);
        if (d >= '0' && d <= '9') {
            rx_fail(p->err, start,
                    "invalid escape: \\0 followed by a digit (no octal escapes with the u flag)");
            return RX_ESC_ERROR;
        }
        *cp = 0;
        return RX_ESC_CHAR;
    case '1':
    case '2':
    case '3':
    case '4':
    case '5':
    case '6':
    case '7':
    case '8':
    case '9':
        if (in_class)
            rx_fail(p->err, start, "invalid escape \\%c in a character class", c);
        else
            rx_fail(p->err, start, "unsupported: backreference \\%c", c);
        return RX_ESC_ERROR;
    case 'k':
        rx_fail(p->err, start, "unsupported: named backreference \\k");
        return RX_ESC_ERROR;
    case 'x':
        if (!rx_peek_hex(p, 0, 2, cp)) {
            rx_fail(p->err, start, "invalid escape: \\x needs two hex digits");
            return RX_ESC_ERROR;
        }
        p->pos += 2;
        return RX_ESC_CHAR;
    case 'u':
        if (rx_peek(p, 0) == '{') {
            size_t k = 1;
            int h;
            v = 0;
            while ((h = rx_hex_value(rx_peek(p, k))) >= 0) {
                v = v << 4 | (uint32_t)h;
                if (v > RX_MAX_CODE_POINT) {
                    rx_fail(p->err, start, "invalid escape: \\u{...} above 10FFFF");
                    return RX_ESC_ERROR;
                }
                k++;
            }
            if (k == 1 || rx_peek(p, k) != '}') {
                rx_fail(p->err, start, "invalid escape: \\u{...} needs hex digits and a closing }");
                return RX_ESC_ERROR;
            }
            p->pos += k + 1;
            *cp = v;
            return RX_ESC_CHAR;
        }
        if (!rx_peek_hex(p, 0, 4, &v)) {
            rx_fail(p->err, start, "invalid escape: \\u needs four hex digits or {...}");
            return RX_ESC_ERROR;
        }
        p->pos += 4;
        /* A UTF-16 surrogate pair written as two escapes is one code point;
         * a lone surrogate stays a code point no valid UTF-8 input holds. */
        if (v >= 0xD800 && v <= 0xDBFF && rx_peek(p, 0) == '\\' && rx_peek(p, 1) == 'u' &&
            rx_peek_hex(p, 2, 4, &trail) && trail >= 0xDC00 && trail <= 0xDFFF) {
            p->pos += 6;
            v = 0x10000 + ((v - 0xD800) << 10) + (trail - 0xDC00);
        }
        *cp = v;
        return RX_ESC_CHAR;
    case '-':
        if (in_class) {
            *cp = '-';
            return RX_ESC_CHAR;
        }
        break;
    default:
        if (rx_is_syntax_char(c) || c == '/') {
            *cp = (uint32_t)c;
            return RX_ESC_CHAR;
        }
        break;
    }
    if (c >= 0x20 && c < 0x7F)
        rx_fail(p->err, start,
                "invalid escape \\%c (with the u flag only syntax characters can be escaped)", c);
    else
        rx_fail(p->err, start,
                "invalid escape (with the u flag only syntax characters can be escaped)");
    return RX_ESC_ERROR;
}

/* One ClassAtom: a code point or (for \d etc.) a set. */
static rx_esc_kind rx_class_atom(rx_parser *p, uint32_t *cp, rx_cpset *set)
{
    if (rx_peek(p, 0) == '\\')
        return rx_parse_escape(p, true, cp, set);
    return rx_src_code_point(p, cp) ? RX_ESC_CHAR : RX_ESC_ERROR;
}

static rx_node *rx_parse_class(rx_parser *p)
{
    size_t start = p->pos;
    rx_node *x = rx_node_new(p, RX_SET, start);
    rx_cpset aset = {0}, bset = {0};
    bool negate = false;

    if (!x)
        return NULL;
    p->pos++;
    if (rx_peek(p, 0) == '^') {
        negate = true;
        p->pos++;
    }
    for (;;) {
        size_t apos = p->pos;
        uint32_t a = 0, b = 0;
        rx_esc_kind ka, kb;

        if (rx_peek(p, 0) < 0) {
            rx_fail(p->err, start, "unterminated character class");
            goto err;
        }
        if (rx_peek(p, 0) == ']') {
            p->pos++;
            break;
        }
        ka = rx_class_atom(p, &a, &aset);
        if (ka == RX_ESC_ERROR)
            goto err;
        if (rx_peek(p, 0) == '-' && rx_peek(p, 1) >= 0 && rx_peek(p, 1) != ']') {
            p->pos++;
            kb = rx_class_atom(p, &b, &bset);
            if (kb == RX_ESC_ERROR)
                goto err;
            if (ka == RX_ESC_SET || kb == RX_ESC_SET) {
                rx_fail(p->err, apos,
                        "invalid character class range: \\d, \\w, \\s and their negations "
                        "cannot be range bounds with the u flag");
                goto err;
            }
            if (a > b) {
                rx_fail(p->err, apos, "range out of order in character class");
                goto err;
            }
            if (!rx_set_add(&x->set, a, b))
                goto oom;
        } else if (ka == RX_ESC_SET) {
            if (!rx_set_add_ranges(&x->set, aset.r, aset.n))
                goto oom;
            aset.n = 0;
        } else if (!rx_set_add(&x->set, a, a)) {
            goto oom;
        }
        aset.n = bset.n = 0;
    }
    rx_set_normalize(&x->set);
    if (negate && !rx_set_negate(&x->set))
        goto oom;
    free(aset.r);
    free(bset.r);
    return x;
oom:
    rx_fail(p->err, p->pos, "out of memory");
err:
    free(aset.r);
    free(bset.r);
    rx_node_free(x);
    return NULL;
}

static rx_node *rx_parse_disjunction(rx_parser *p);

/* ( Disjunction ), (?: Disjunction ) or (?<name> Disjunction ). Captures
 * do not change whether .test() matches, so all three are plain groups. */
static rx_node *rx_parse_group(rx_parser *p)
{
    size_t start = p->pos;
    rx_node *inner;

    p->pos++;
    if (rx_peek(p, 0) == '?') {
        if (rx_peek(p, 1) == ':') {
            p->pos += 2;
        } else if (rx_peek(p, 1) == '<') {
            size_t name = p->pos + 2, k = 0;
            int c;
            rx_group_name *g;

            while ((c = rx_peek(p, 2 + k)) == '_' || c == '$' || (c >= 'a' && c <= 'z') ||
                   (c >= 'A' && c <= 'Z') || (k > 0 && c >= '0' && c <= '9'))
                k++;
            if (c != '>' || k == 0) {
                if (c >= 0x80 || c == '\\')
                    rx_fail(p->err, start,
                            "unsupported: group name other than ASCII letters, digits, _ and $");
                else
                    rx_fail(p->err, start, "invalid group name");
                return NULL;
            }
            for (size_t i = 0; i < p->nnames; i++) {
                if (p->names[i].len == k &&
                    memcmp(p->src + p->names[i].off, p->src + name, k) == 0) {
                    rx_fail(p->err, start, "duplicate group name");
                    return NULL;
                }
            }
            g = rx_grow(p->names, &p->capnames, p->nnames + 1, sizeof *g);
            if (!g) {
                rx_fail(p->err, start, "out of memory");
                return NULL;
            }
            p->names = g;
            g[p->nnames].off = name;
            g[p->nnames].len = k;
            p->nnames++;
            p->pos += 3 + k;
        } else {
            rx_fail(p->err, start, "invalid group: (? must be followed by : or <name>");
            return NULL;
        }
    }
    if (++p->depth > RX_MAX_DEPTH) {
        rx_fail(p->err, start, "pattern too complex: groups nested deeper than %u", RX_MAX_DEPTH);
        return NULL;
    }
    inner = rx_parse_disjunction(p);
    p->depth--;
    if (!inner)
        return NULL;
    if (rx_peek(p, 0) != ')') {
        rx_node_free(inner);
        rx_fail(p->err, start, "unterminated group");
        return NULL;
    }
    p->pos++;
    return inner;
}

static rx_node *rx_parse_atom(rx_parser *p)
{
    size_t start = p->pos;
    int c = rx_peek(p, 0);
    rx_node *x;
    uint32_t cp = 0;

    switch (c) {
    case '(':
        return rx_parse_group(p);
    case '[':
        return rx_parse_class(p);
    case '*':
    case '+':
    case '?':
    case '{':
        rx_fail(p->err, start, "nothing to repeat before '%c' (write \\%c for the character)", c,
                c);
        return NULL;
    case '}':
    case ']':
        rx_fail(p->err, start, "lone '%c' (write \\%c for the character)", c, c);
        return NULL;
    default:
        break;
    }
    x = rx_node_new(p, RX_SET, start);
    if (!x)
        return NULL;
    if (c == '.') {
        p->pos++;
        if (rx_set_add_ranges(&x->set, rx_dot_ranges, sizeof rx_dot_ranges / sizeof *rx_dot_ranges))
            return x;
        rx_fail(p->err, start, "out of memory");
    } else if (c == '\\') {
        switch (rx_parse_escape(p, false, &cp, &x->set)) {
        case RX_ESC_SET:
            return x;
        case RX_ESC_CHAR:
            if (rx_set_add(&x->set, cp, cp))
                return x;
            rx_fail(p->err, start, "out of memory");
            break;
        case RX_ESC_ERROR:
            break;
        }
    } else if (rx_src_code_point(p, &cp)) {
        if (rx_set_add(&x->set, cp, cp))
            return x;
        rx_fail(p->err, start, "out of memory");
    }
    rx_node_free(x);
    return NULL;
}

/* Reads decimal digits, saturating far above RX_MAX_REPEAT. */
static bool rx_parse_count(rx_parser *p, uint32_t *out)
{
    uint32_t v = 0;
    bool any = false;
    int c;

    while ((c = rx_peek(p, 0)) >= '0' && c <= '9') {
        v = v > 100000000u ? v : v * 10 + (uint32_t)(c - '0');
        p->pos++;
        any = true;
    }
    *out = v;
    return any;
}

/* Term :: Assertion | Atom Quantifier? ; appends to the alternative cat. */
static bool rx_parse_term(rx_parser *p, rx_node *cat)
{
    size_t start = p->pos, qpos;
    int c = rx_peek(p, 0), d = rx_peek(p, 1);
    rx_node *atom, *rep;
    uint32_t min, max;

    if (c == '^' || c == '$') {
        p->pos++;
        atom = rx_node_new(p, c == '^' ? RX_BOL : RX_EOL, start);
        return atom && rx_node_push(p, cat, atom);
    }
    if (c == '(' && d == '?') {
        int e = rx_peek(p, 2), f = rx_peek(p, 3);
        if (e == '=' || e == '!') {
            rx_fail(p->err, start, "unsupported: lookahead (?%c...)", e);
            return false;
        }
        if (e == '<' && (f == '=' || f == '!')) {
            rx_fail(p->err, start, "unsupported: lookbehind (?<%c...)", f);
            return false;
        }
    }
    atom = rx_parse_atom(p);
    if (!atom)
        return false;

    qpos = p->pos;
    switch (rx_peek(p, 0)) {
    case '*':
        min = 0;
        max = RX_REPEAT_INF;
        p->pos++;
        break;
    case '+':
        min = 1;
        max = RX_REPEAT_INF;
        p->pos++;
        break;
    case '?':
        min = 0;
        max = 1;
        p->pos++;
        break;
    case '{':
        p->pos++;
        if (!rx_parse_count(p, &min))
            goto incomplete;
        max = min;
        if (rx_peek(p, 0) == ',') {
            p->pos++;
            if (!rx_parse_count(p, &max))
                max = RX_REPEAT_INF;
        }
        if (rx_peek(p, 0) != '}')
            goto incomplete;
        p->pos++;
        if (min > max) {
            rx_fail(p->err, qpos, "numbers out of order in {} quantifier");
            goto err;
        }
        if (min > RX_MAX_REPEAT || (max != RX_REPEAT_INF && max > RX_MAX_REPEAT)) {
            rx_fail(p->err, qpos, "pattern too complex: repetition count above %u", RX_MAX_REPEAT);
            goto err;
        }
        break;
    default:
        return rx_node_push(p, cat, atom);
    }
    /* Lazy quantifiers pick a different match but not whether one exists. */
    if (rx_peek(p, 0) == '?')
        p->pos++;
    rep = rx_node_new(p, RX_REPEAT, qpos);
    if (!rep)
        goto err;
    rep->min = min;
    rep->max = max;
    if (!rx_node_push(p, rep, atom)) { /* atom freed by rx_node_push */
        rx_node_free(rep);
        return false;
    }
    return rx_node_push(p, cat, rep);
incomplete:
    rx_fail(p->err, qpos,
            "incomplete quantifier: { must be {n}, {n,} or {n,m} (write \\{ for the character)");
err:
    rx_node_free(atom);
    return false;
}

static rx_node *rx_parse_alternative(rx_parser *p)
{
    rx_node *cat = rx_node_new(p, RX_CAT, p->pos);
    int c;

    if (!cat)
        return NULL;
    while ((c = rx_peek(p, 0)) >= 0 && c != '|' && c != ')') {
        if (!rx_parse_term(p, cat)) {
            rx_node_free(cat);
            return NULL;
        }
    }
    return cat;
}

static rx_node *rx_parse_disjunction(rx_parser *p)
{
    rx_node *alt, *first = rx_parse_alternative(p);

    if (!first || rx_peek(p, 0) != '|')
        return first;
    alt = rx_node_new(p, RX_ALT, first->offset);
    if (!alt) {
        rx_node_free(first);
        return NULL;
    }
    if (!rx_node_push(p, alt, first))
        goto err;
    while (rx_peek(p, 0) == '|') {
        rx_node *next;
        p->pos++;
        next = rx_parse_alternative(p);
        if (!next || !rx_node_push(p, alt, next))
            goto err;
    }
    return alt;
err:
    rx_node_free(alt);
    return NULL;
}

rx_node *rx_parse(const char *src, size_t len, unsigned flags, rx_errsink *err)
{
    rx_parser p = {0};
    rx_node *ast;

    p.flags = flags;
    p.src = src;
    p.len = len;
    p.err = err;
    ast = rx_parse_disjunction(&p);
    if (ast && p.pos < p.len) /* rx_parse_disjunction stops only at ')' */
        rx_fail(err, p.pos, "unmatched ')'");
    free(p.names);
    if (err->failed) {
        rx_node_free(ast);
        return NULL;
    }
    return ast;
}
