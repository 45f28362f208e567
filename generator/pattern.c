/* schemac generator: JSON Schema `pattern` regexes compiled to C matchers.
 *
 * Pipeline (see docs/patterns.md):
 *   1. parse the ECMA-262 subset (u-flag grammar) into an AST whose leaves are
 *      sets of code points;
 *   2. Thompson NFA over *bytes*: each code-point set becomes UTF-8 byte-range
 *      sequences, so the generated code never decodes UTF-8;
 *   3. DFA by subset construction, restarting the NFA at every position (the
 *      search is unanchored, like RegExp.prototype.test) and treating ^ / $ as
 *      assertions that only hold at the start / end of the input;
 *   4. fold states that can no longer match into state 0 and states that have
 *      already matched into state 1, minimise (Moore), merge byte classes;
 *   5. emit tables plus a loop that reads each byte once: linear time.
 */
#include "pattern.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* A DFA can be exponentially larger than its pattern, so each stage is
 * capped; over a cap the pattern is rejected as "too complex" instead of
 * turning into megabytes of tables. */
#define MAX_REPEAT 1000u         /* largest n or m in {n,m} */
#define MAX_DEPTH 100u           /* nesting of groups */
#define MAX_NFA_STATES 200000u   /* after expanding counted repetitions */
#define MAX_SUBSET_STATES 30000u /* during subset construction */
#define MAX_DFA_STATES 10000u    /* after minimisation: rows of the emitted table */
#define MAX_TABLE_CELLS 1000000u /* states x byte classes of the emitted table */
#define SUBSET_BUDGET 100000000ull /* NFA states visited and stored while building */
#define MINIMISE_BUDGET 200000000ull
#define REPEAT_INF UINT32_MAX
#define NONE UINT32_MAX
#define MAX_CODE_POINT 0x10FFFFu

/* ---- errors ---------------------------------------------------------- */

typedef struct {
    char *buf;
    size_t size;
    size_t offset;
    bool failed;
} errsink;

/* Records the first error only: later ones are consequences of it. */
static void fail(errsink *e, size_t offset, const char *fmt, ...)
{
    va_list ap;

    if (e->failed)
        return;
    e->failed = true;
    e->offset = offset;
    if (e->buf && e->size > 0) {
        va_start(ap, fmt);
        vsnprintf(e->buf, e->size, fmt, ap);
        va_end(ap);
    }
}

static void *grow(void *ptr, size_t *cap, size_t need, size_t elem)
{
    size_t n = *cap ? *cap : 8;
    void *p;

    if (need == 0)
        need = 1; /* so that an empty array is still allocated */
    if (need <= *cap)
        return ptr;
    while (n < need)
        n *= 2;
    p = realloc(ptr, n * elem);
    if (p)
        *cap = n;
    return p;
}

/* ---- code point sets: sorted, disjoint, non-adjacent ranges ----------- */

typedef struct {
    uint32_t lo, hi;
} cprange;

typedef struct {
    cprange *r;
    size_t n, cap;
} cpset;

static const cprange digit_ranges[] = {{'0', '9'}};
static const cprange word_ranges[] = {{'0', '9'}, {'A', 'Z'}, {'_', '_'}, {'a', 'z'}};
/* ECMA-262 WhiteSpace and LineTerminator: TAB VT FF SP NBSP ZWNBSP, the
 * Zs category, LF CR LS PS. */
static const cprange space_ranges[] = {
    {0x09, 0x0D},     {0x20, 0x20},     {0xA0, 0xA0},     {0x1680, 0x1680}, {0x2000, 0x200A},
    {0x2028, 0x2029}, {0x202F, 0x202F}, {0x205F, 0x205F}, {0x3000, 0x3000}, {0xFEFF, 0xFEFF},
};
/* `.` without the s flag: everything but LF CR LS PS. */
static const cprange dot_ranges[] = {
    {0x00, 0x09}, {0x0B, 0x0C}, {0x0E, 0x2027}, {0x202A, MAX_CODE_POINT}};

static bool set_add(cpset *s, uint32_t lo, uint32_t hi)
{
    cprange *r = grow(s->r, &s->cap, s->n + 1, sizeof *r);

    if (!r)
        return false;
    s->r = r;
    r[s->n].lo = lo;
    r[s->n].hi = hi;
    s->n++;
    return true;
}

static bool set_add_ranges(cpset *s, const cprange *r, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (!set_add(s, r[i].lo, r[i].hi))
            return false;
    return true;
}

static int cmp_range(const void *a, const void *b)
{
    const cprange *x = a, *y = b;

    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

static void set_normalize(cpset *s)
{
    size_t out = 0;

    if (s->n == 0)
        return;
    qsort(s->r, s->n, sizeof *s->r, cmp_range);
    for (size_t i = 1; i < s->n; i++) {
        if (s->r[i].lo <= s->r[out].hi + 1) {
            if (s->r[i].hi > s->r[out].hi)
                s->r[out].hi = s->r[i].hi;
        } else {
            s->r[++out] = s->r[i];
        }
    }
    s->n = out + 1;
}

/* Complement over all code points; s must be normalized. */
static bool set_negate(cpset *s)
{
    cpset t = {0};
    uint32_t next = 0;

    for (size_t i = 0; i < s->n; i++) {
        if (s->r[i].lo > next && !set_add(&t, next, s->r[i].lo - 1))
            goto oom;
        next = s->r[i].hi + 1;
    }
    if (next <= MAX_CODE_POINT && !set_add(&t, next, MAX_CODE_POINT))
        goto oom;
    free(s->r);
    *s = t;
    return true;
oom:
    free(t.r);
    return false;
}

/* ---- AST --------------------------------------------------------------- */

typedef enum { N_CAT, N_ALT, N_SET, N_REPEAT, N_BOL, N_EOL } node_kind;

typedef struct node node;
struct node {
    node_kind kind;
    size_t offset; /* in the source, for "too complex" messages */
    cpset set;     /* N_SET */
    node **kids;   /* N_CAT, N_ALT; N_REPEAT has exactly one */
    size_t nkids, capkids;
    uint32_t min, max; /* N_REPEAT; max may be REPEAT_INF */
};

static void node_free(node *x)
{
    if (!x)
        return;
    for (size_t i = 0; i < x->nkids; i++)
        node_free(x->kids[i]);
    free(x->kids);
    free(x->set.r);
    free(x);
}

/* ---- parser (ECMA-262 Pattern[+UnicodeMode]) --------------------------- */

typedef struct {
    size_t off, len;
} group_name;

typedef struct {
    const char *src;
    size_t len, pos;
    errsink *err;
    unsigned depth;
    group_name *names; /* to reject duplicate (?<name>...) as JS does */
    size_t nnames, capnames;
} parser;

static int peek(const parser *p, size_t k)
{
    return p->pos + k < p->len ? (unsigned char)p->src[p->pos + k] : -1;
}

static node *node_new(parser *p, node_kind kind, size_t offset)
{
    node *x = calloc(1, sizeof *x);

    if (!x)
        fail(p->err, offset, "out of memory");
    else {
        x->kind = kind;
        x->offset = offset;
    }
    return x;
}

/* Takes ownership of kid, freeing it on failure. */
static bool node_push(parser *p, node *x, node *kid)
{
    node **k = grow(x->kids, &x->capkids, x->nkids + 1, sizeof *k);

    if (!k) {
        node_free(kid);
        fail(p->err, p->pos, "out of memory");
        return false;
    }
    x->kids = k;
    x->kids[x->nkids++] = kid;
    return true;
}

/* Decodes one UTF-8 code point of the source. */
static bool src_code_point(parser *p, uint32_t *cp)
{
    const unsigned char *s = (const unsigned char *)p->src + p->pos;
    size_t left = p->len - p->pos, n;
    uint32_t c = s[0], min;

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
        goto bad;
    }
    if (n > left)
        goto bad;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80)
            goto bad;
        c = c << 6 | (s[i] & 0x3Fu);
    }
    if (c < min || c > MAX_CODE_POINT || (c >= 0xD800 && c <= 0xDFFF))
        goto bad;
    *cp = c;
    p->pos += n;
    return true;
bad:
    fail(p->err, p->pos, "invalid UTF-8 in pattern");
    return false;
}

static int hex_value(int c)
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
static bool peek_hex(const parser *p, size_t k, int n, uint32_t *out)
{
    uint32_t v = 0;

    for (int i = 0; i < n; i++) {
        int h = hex_value(peek(p, k + (size_t)i));
        if (h < 0)
            return false;
        v = v << 4 | (uint32_t)h;
    }
    *out = v;
    return true;
}

static bool is_syntax_char(int c)
{
    return c > 0 && c < 0x80 && strchr("^$\\.*+?()[]{}|", c) != NULL;
}

/* \d \D \w \W \s \S into *set (normalized). */
static bool class_escape(parser *p, int c, cpset *set)
{
    bool ok;

    switch (c | 0x20) {
    case 'd':
        ok = set_add_ranges(set, digit_ranges, sizeof digit_ranges / sizeof *digit_ranges);
        break;
    case 'w':
        ok = set_add_ranges(set, word_ranges, sizeof word_ranges / sizeof *word_ranges);
        break;
    default:
        ok = set_add_ranges(set, space_ranges, sizeof space_ranges / sizeof *space_ranges);
        break;
    }
    set_normalize(set);
    if (ok && c >= 'A' && c <= 'Z')
        ok = set_negate(set);
    if (!ok)
        fail(p->err, p->pos, "out of memory");
    return ok;
}

typedef enum { ESC_ERROR, ESC_CHAR, ESC_SET } esc_kind;

/* Parses the escape starting at the backslash at p->pos: one code point
 * into *cp or a class escape into *set. */
static esc_kind parse_escape(parser *p, bool in_class, uint32_t *cp, cpset *set)
{
    size_t start = p->pos;
    int c = peek(p, 1), d;
    uint32_t v, trail;

    if (c < 0) {
        fail(p->err, start, "\\ at end of pattern");
        return ESC_ERROR;
    }
    p->pos += 2;
    switch (c) {
    case 'd': case 'D': case 'w': case 'W': case 's': case 'S':
        return class_escape(p, c, set) ? ESC_SET : ESC_ERROR;
    case 'p': case 'P':
        fail(p->err, start, "unsupported: Unicode property escape \\%c{...}", c);
        return ESC_ERROR;
    case 'b':
        if (in_class) {
            *cp = 0x08; /* [\b] is backspace */
            return ESC_CHAR;
        }
        /* fall through */
    case 'B':
        if (in_class)
            fail(p->err, start, "invalid escape \\B in a character class");
        else
            fail(p->err, start, "unsupported: word boundary assertion \\%c", c);
        return ESC_ERROR;
    case 'f': *cp = 0x0C; return ESC_CHAR;
    case 'n': *cp = 0x0A; return ESC_CHAR;
    case 'r': *cp = 0x0D; return ESC_CHAR;
    case 't': *cp = 0x09; return ESC_CHAR;
    case 'v': *cp = 0x0B; return ESC_CHAR;
    case 'c':
        d = peek(p, 0);
        if ((d >= 'a' && d <= 'z') || (d >= 'A' && d <= 'Z')) {
            p->pos++;
            *cp = (uint32_t)d % 32;
            return ESC_CHAR;
        }
        fail(p->err, start, "invalid escape: \\c must be followed by an ASCII letter");
        return ESC_ERROR;
    case '0':
        d = peek(p, 0);
        if (d >= '0' && d <= '9') {
            fail(p->err, start, "invalid escape: \\0 followed by a digit (no octal escapes with the u flag)");
            return ESC_ERROR;
        }
        *cp = 0;
        return ESC_CHAR;
    case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        if (in_class)
            fail(p->err, start, "invalid escape \\%c in a character class", c);
        else
            fail(p->err, start, "unsupported: backreference \\%c", c);
        return ESC_ERROR;
    case 'k':
        fail(p->err, start, "unsupported: named backreference \\k");
        return ESC_ERROR;
    case 'x':
        if (!peek_hex(p, 0, 2, cp)) {
            fail(p->err, start, "invalid escape: \\x needs two hex digits");
            return ESC_ERROR;
        }
        p->pos += 2;
        return ESC_CHAR;
    case 'u':
        if (peek(p, 0) == '{') {
            size_t k = 1;
            int h;
            v = 0;
            while ((h = hex_value(peek(p, k))) >= 0) {
                v = v << 4 | (uint32_t)h;
                if (v > MAX_CODE_POINT) {
                    fail(p->err, start, "invalid escape: \\u{...} above 10FFFF");
                    return ESC_ERROR;
                }
                k++;
            }
            if (k == 1 || peek(p, k) != '}') {
                fail(p->err, start, "invalid escape: \\u{...} needs hex digits and a closing }");
                return ESC_ERROR;
            }
            p->pos += k + 1;
            *cp = v;
            return ESC_CHAR;
        }
        if (!peek_hex(p, 0, 4, &v)) {
            fail(p->err, start, "invalid escape: \\u needs four hex digits or {...}");
            return ESC_ERROR;
        }
        p->pos += 4;
        /* A UTF-16 surrogate pair written as two escapes is one code point;
         * a lone surrogate stays a code point no valid UTF-8 input holds. */
        if (v >= 0xD800 && v <= 0xDBFF && peek(p, 0) == '\\' && peek(p, 1) == 'u' &&
            peek_hex(p, 2, 4, &trail) && trail >= 0xDC00 && trail <= 0xDFFF) {
            p->pos += 6;
            v = 0x10000 + ((v - 0xD800) << 10) + (trail - 0xDC00);
        }
        *cp = v;
        return ESC_CHAR;
    case '-':
        if (in_class) {
            *cp = '-';
            return ESC_CHAR;
        }
        break;
    default:
        if (is_syntax_char(c) || c == '/') {
            *cp = (uint32_t)c;
            return ESC_CHAR;
        }
        break;
    }
    if (c >= 0x20 && c < 0x7F)
        fail(p->err, start, "invalid escape \\%c (with the u flag only syntax characters can be escaped)", c);
    else
        fail(p->err, start, "invalid escape (with the u flag only syntax characters can be escaped)");
    return ESC_ERROR;
}

/* One ClassAtom: a code point or (for \d etc.) a set. */
static esc_kind class_atom(parser *p, uint32_t *cp, cpset *set)
{
    if (peek(p, 0) == '\\')
        return parse_escape(p, true, cp, set);
    return src_code_point(p, cp) ? ESC_CHAR : ESC_ERROR;
}

static node *parse_class(parser *p)
{
    size_t start = p->pos;
    node *x = node_new(p, N_SET, start);
    cpset aset = {0}, bset = {0};
    bool negate = false;

    if (!x)
        return NULL;
    p->pos++;
    if (peek(p, 0) == '^') {
        negate = true;
        p->pos++;
    }
    for (;;) {
        size_t apos = p->pos;
        uint32_t a = 0, b = 0;
        esc_kind ka, kb;

        if (peek(p, 0) < 0) {
            fail(p->err, start, "unterminated character class");
            goto err;
        }
        if (peek(p, 0) == ']') {
            p->pos++;
            break;
        }
        ka = class_atom(p, &a, &aset);
        if (ka == ESC_ERROR)
            goto err;
        if (peek(p, 0) == '-' && peek(p, 1) >= 0 && peek(p, 1) != ']') {
            p->pos++;
            kb = class_atom(p, &b, &bset);
            if (kb == ESC_ERROR)
                goto err;
            if (ka == ESC_SET || kb == ESC_SET) {
                fail(p->err, apos, "invalid character class range: \\d, \\w, \\s and their negations "
                                   "cannot be range bounds with the u flag");
                goto err;
            }
            if (a > b) {
                fail(p->err, apos, "range out of order in character class");
                goto err;
            }
            if (!set_add(&x->set, a, b))
                goto oom;
        } else if (ka == ESC_SET) {
            if (!set_add_ranges(&x->set, aset.r, aset.n))
                goto oom;
            aset.n = 0;
        } else if (!set_add(&x->set, a, a)) {
            goto oom;
        }
        aset.n = bset.n = 0;
    }
    set_normalize(&x->set);
    if (negate && !set_negate(&x->set))
        goto oom;
    free(aset.r);
    free(bset.r);
    return x;
oom:
    fail(p->err, p->pos, "out of memory");
err:
    free(aset.r);
    free(bset.r);
    node_free(x);
    return NULL;
}

static node *parse_disjunction(parser *p);

/* ( Disjunction ), (?: Disjunction ) or (?<name> Disjunction ). Captures
 * do not change whether .test() matches, so all three are plain groups. */
static node *parse_group(parser *p)
{
    size_t start = p->pos;
    node *inner;

    p->pos++;
    if (peek(p, 0) == '?') {
        if (peek(p, 1) == ':') {
            p->pos += 2;
        } else if (peek(p, 1) == '<') {
            size_t name = p->pos + 2, k = 0;
            int c;
            group_name *g;

            while ((c = peek(p, 2 + k)) == '_' || c == '$' || (c >= 'a' && c <= 'z') ||
                   (c >= 'A' && c <= 'Z') || (k > 0 && c >= '0' && c <= '9'))
                k++;
            if (c != '>' || k == 0) {
                if (c >= 0x80 || c == '\\')
                    fail(p->err, start, "unsupported: group name other than ASCII letters, digits, _ and $");
                else
                    fail(p->err, start, "invalid group name");
                return NULL;
            }
            for (size_t i = 0; i < p->nnames; i++) {
                if (p->names[i].len == k && memcmp(p->src + p->names[i].off, p->src + name, k) == 0) {
                    fail(p->err, start, "duplicate group name");
                    return NULL;
                }
            }
            g = grow(p->names, &p->capnames, p->nnames + 1, sizeof *g);
            if (!g) {
                fail(p->err, start, "out of memory");
                return NULL;
            }
            p->names = g;
            g[p->nnames].off = name;
            g[p->nnames].len = k;
            p->nnames++;
            p->pos += 3 + k;
        } else {
            fail(p->err, start, "invalid group: (? must be followed by : or <name>");
            return NULL;
        }
    }
    if (++p->depth > MAX_DEPTH) {
        fail(p->err, start, "pattern too complex: groups nested deeper than %u", MAX_DEPTH);
        return NULL;
    }
    inner = parse_disjunction(p);
    p->depth--;
    if (!inner)
        return NULL;
    if (peek(p, 0) != ')') {
        node_free(inner);
        fail(p->err, start, "unterminated group");
        return NULL;
    }
    p->pos++;
    return inner;
}

static node *parse_atom(parser *p)
{
    size_t start = p->pos;
    int c = peek(p, 0);
    node *x;
    uint32_t cp = 0;

    switch (c) {
    case '(':
        return parse_group(p);
    case '[':
        return parse_class(p);
    case '*': case '+': case '?': case '{':
        fail(p->err, start, "nothing to repeat before '%c' (write \\%c for the character)", c, c);
        return NULL;
    case '}': case ']':
        fail(p->err, start, "lone '%c' (write \\%c for the character)", c, c);
        return NULL;
    default:
        break;
    }
    x = node_new(p, N_SET, start);
    if (!x)
        return NULL;
    if (c == '.') {
        p->pos++;
        if (set_add_ranges(&x->set, dot_ranges, sizeof dot_ranges / sizeof *dot_ranges))
            return x;
        fail(p->err, start, "out of memory");
    } else if (c == '\\') {
        switch (parse_escape(p, false, &cp, &x->set)) {
        case ESC_SET:
            return x;
        case ESC_CHAR:
            if (set_add(&x->set, cp, cp))
                return x;
            fail(p->err, start, "out of memory");
            break;
        case ESC_ERROR:
            break;
        }
    } else if (src_code_point(p, &cp)) {
        if (set_add(&x->set, cp, cp))
            return x;
        fail(p->err, start, "out of memory");
    }
    node_free(x);
    return NULL;
}

/* Reads decimal digits, saturating far above MAX_REPEAT. */
static bool parse_count(parser *p, uint32_t *out)
{
    uint32_t v = 0;
    bool any = false;
    int c;

    while ((c = peek(p, 0)) >= '0' && c <= '9') {
        v = v > 100000000u ? v : v * 10 + (uint32_t)(c - '0');
        p->pos++;
        any = true;
    }
    *out = v;
    return any;
}

/* Term :: Assertion | Atom Quantifier? ; appends to the alternative cat. */
static bool parse_term(parser *p, node *cat)
{
    size_t start = p->pos, qpos;
    int c = peek(p, 0), d = peek(p, 1);
    node *atom, *rep;
    uint32_t min, max;

    if (c == '^' || c == '$') {
        p->pos++;
        atom = node_new(p, c == '^' ? N_BOL : N_EOL, start);
        return atom && node_push(p, cat, atom);
    }
    if (c == '(' && d == '?') {
        int e = peek(p, 2), f = peek(p, 3);
        if (e == '=' || e == '!') {
            fail(p->err, start, "unsupported: lookahead (?%c...)", e);
            return false;
        }
        if (e == '<' && (f == '=' || f == '!')) {
            fail(p->err, start, "unsupported: lookbehind (?<%c...)", f);
            return false;
        }
    }
    atom = parse_atom(p);
    if (!atom)
        return false;

    qpos = p->pos;
    switch (peek(p, 0)) {
    case '*': min = 0; max = REPEAT_INF; p->pos++; break;
    case '+': min = 1; max = REPEAT_INF; p->pos++; break;
    case '?': min = 0; max = 1; p->pos++; break;
    case '{':
        p->pos++;
        if (!parse_count(p, &min))
            goto incomplete;
        max = min;
        if (peek(p, 0) == ',') {
            p->pos++;
            if (!parse_count(p, &max))
                max = REPEAT_INF;
        }
        if (peek(p, 0) != '}')
            goto incomplete;
        p->pos++;
        if (min > max) {
            fail(p->err, qpos, "numbers out of order in {} quantifier");
            goto err;
        }
        if (min > MAX_REPEAT || (max != REPEAT_INF && max > MAX_REPEAT)) {
            fail(p->err, qpos, "pattern too complex: repetition count above %u", MAX_REPEAT);
            goto err;
        }
        break;
    default:
        return node_push(p, cat, atom);
    }
    /* Lazy quantifiers pick a different match but not whether one exists. */
    if (peek(p, 0) == '?')
        p->pos++;
    rep = node_new(p, N_REPEAT, qpos);
    if (!rep)
        goto err;
    rep->min = min;
    rep->max = max;
    if (!node_push(p, rep, atom)) { /* atom freed by node_push */
        node_free(rep);
        return false;
    }
    return node_push(p, cat, rep);
incomplete:
    fail(p->err, qpos, "incomplete quantifier: { must be {n}, {n,} or {n,m} (write \\{ for the character)");
err:
    node_free(atom);
    return false;
}

static node *parse_alternative(parser *p)
{
    node *cat = node_new(p, N_CAT, p->pos);
    int c;

    if (!cat)
        return NULL;
    while ((c = peek(p, 0)) >= 0 && c != '|' && c != ')') {
        if (!parse_term(p, cat)) {
            node_free(cat);
            return NULL;
        }
    }
    return cat;
}

static node *parse_disjunction(parser *p)
{
    node *alt, *first = parse_alternative(p);

    if (!first || peek(p, 0) != '|')
        return first;
    alt = node_new(p, N_ALT, first->offset);
    if (!alt) {
        node_free(first);
        return NULL;
    }
    if (!node_push(p, alt, first))
        goto err;
    while (peek(p, 0) == '|') {
        node *next;
        p->pos++;
        next = parse_alternative(p);
        if (!next || !node_push(p, alt, next))
            goto err;
    }
    return alt;
err:
    node_free(alt);
    return NULL;
}

/* ---- NFA over bytes ---------------------------------------------------- */

typedef enum { S_BYTE, S_SPLIT, S_BOL, S_EOL, S_MATCH } nstate_kind;

typedef struct {
    uint8_t kind, lo, hi; /* S_BYTE consumes one byte in lo..hi */
    uint32_t out, out1;   /* out1 only for S_SPLIT */
} nstate;

typedef struct {
    nstate *s;
    size_t n, cap;
    errsink *err;
} nfa;

static uint32_t nfa_add(nfa *m, nstate_kind kind, uint8_t lo, uint8_t hi, uint32_t out,
                        uint32_t out1, size_t offset)
{
    nstate *s;

    if (m->n >= MAX_NFA_STATES) {
        fail(m->err, offset, "pattern too complex: more than %u NFA states", MAX_NFA_STATES);
        return NONE;
    }
    s = grow(m->s, &m->cap, m->n + 1, sizeof *s);
    if (!s) {
        fail(m->err, offset, "out of memory");
        return NONE;
    }
    m->s = s;
    s[m->n].kind = (uint8_t)kind;
    s[m->n].lo = lo;
    s[m->n].hi = hi;
    s[m->n].out = out;
    s[m->n].out1 = out1;
    return (uint32_t)m->n++;
}

/* A UTF-8 byte sequence pattern: byte i lies in lo[i]..hi[i]. */
typedef struct {
    uint8_t lo[4], hi[4];
    int len;
} u8seq;

typedef struct {
    u8seq *q;
    size_t n, cap;
} u8seqs;

static int utf8_encode(uint32_t c, uint8_t *b)
{
    if (c < 0x80) {
        b[0] = (uint8_t)c;
        return 1;
    }
    if (c < 0x800) {
        b[0] = (uint8_t)(0xC0 | c >> 6);
        b[1] = (uint8_t)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        b[0] = (uint8_t)(0xE0 | c >> 12);
        b[1] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
        b[2] = (uint8_t)(0x80 | (c & 0x3F));
        return 3;
    }
    b[0] = (uint8_t)(0xF0 | c >> 18);
    b[1] = (uint8_t)(0x80 | (c >> 12 & 0x3F));
    b[2] = (uint8_t)(0x80 | (c >> 6 & 0x3F));
    b[3] = (uint8_t)(0x80 | (c & 0x3F));
    return 4;
}

/* The input is valid UTF-8, so after lead byte E0 only A0..BF can follow,
 * after ED only 80..9F, after F0 only 90..BF, after F4 only 80..8F. A
 * sequence that takes all of those (and any continuation bytes after)
 * may as well take 80..BF: it then looks like its neighbours E1.., EE..,
 * F1.., which keeps byte classes and DFA states fewer, e.g. for `.`. */
static void widen_second_byte(u8seq *q)
{
    static const struct {
        uint8_t lead, lo, hi;
    } narrow[] = {{0xE0, 0xA0, 0xBF}, {0xED, 0x80, 0x9F}, {0xF0, 0x90, 0xBF}, {0xF4, 0x80, 0x8F}};

    if (q->len < 3 || q->lo[0] != q->hi[0])
        return;
    for (int i = 2; i < q->len; i++)
        if (q->lo[i] != 0x80 || q->hi[i] != 0xBF)
            return;
    for (size_t k = 0; k < sizeof narrow / sizeof *narrow; k++) {
        if (q->lo[0] == narrow[k].lead && q->lo[1] == narrow[k].lo && q->hi[1] == narrow[k].hi) {
            q->lo[1] = 0x80;
            q->hi[1] = 0xBF;
        }
    }
}

/* Splits lo..hi into byte-range sequences (the utf8-ranges algorithm of
 * RE2 and Go): first at the encoded-length boundaries, then until every
 * byte position varies independently, so each sequence is a plain
 * product of byte ranges. Surrogates never occur in UTF-8 and are cut. */
static bool utf8_ranges(u8seqs *out, uint32_t lo, uint32_t hi)
{
    static const uint32_t len_max[] = {0x7F, 0x7FF, 0xFFFF};
    u8seq *q;

    if (lo > hi)
        return true;
    if (lo <= 0xDFFF && hi >= 0xD800) {
        if (lo < 0xD800 && !utf8_ranges(out, lo, 0xD7FF))
            return false;
        return hi <= 0xDFFF || utf8_ranges(out, 0xE000, hi);
    }
    for (int i = 0; i < 3; i++)
        if (lo <= len_max[i] && hi > len_max[i])
            return utf8_ranges(out, lo, len_max[i]) && utf8_ranges(out, len_max[i] + 1, hi);
    if (hi > 0x7F) {
        for (int i = 1; i < 4; i++) {
            uint32_t m = (1u << (6 * i)) - 1;
            if ((lo & ~m) != (hi & ~m)) {
                if ((lo & m) != 0)
                    return utf8_ranges(out, lo, lo | m) && utf8_ranges(out, (lo | m) + 1, hi);
                if ((hi & m) != m)
                    return utf8_ranges(out, lo, (hi & ~m) - 1) && utf8_ranges(out, hi & ~m, hi);
            }
        }
    }
    q = grow(out->q, &out->cap, out->n + 1, sizeof *q);
    if (!q)
        return false;
    out->q = q;
    q += out->n++;
    q->len = utf8_encode(lo, q->lo);
    utf8_encode(hi, q->hi);
    widen_second_byte(q);
    return true;
}

/* Each compile function builds backwards: given the state to continue
 * with, it returns the entry state of its piece (or NONE on error). */
static uint32_t compile_set(nfa *m, const node *x, uint32_t next)
{
    u8seqs seqs = {0};
    struct memo {
        uint8_t lo, hi;
        uint32_t out, id;
    } *memo = NULL;
    size_t nmemo = 0, capmemo = 0;
    uint32_t entry = NONE;

    for (size_t i = 0; i < x->set.n; i++) {
        if (!utf8_ranges(&seqs, x->set.r[i].lo, x->set.r[i].hi)) {
            fail(m->err, x->offset, "out of memory");
            goto done;
        }
    }
    if (seqs.n == 0) { /* empty set, e.g. [] : a state that never matches */
        entry = nfa_add(m, S_BYTE, 1, 0, NONE, NONE, x->offset);
        goto done;
    }
    for (size_t i = 0; i < seqs.n; i++) {
        uint32_t t = next;
        /* Sequences share tails (mostly continuation bytes): reuse states
         * with the same range and successor to keep the NFA small. */
        for (int b = seqs.q[i].len - 1; b >= 0 && t != NONE; b--) {
            uint8_t lo = seqs.q[i].lo[b], hi = seqs.q[i].hi[b];
            size_t k;
            for (k = 0; k < nmemo; k++)
                if (memo[k].lo == lo && memo[k].hi == hi && memo[k].out == t)
                    break;
            if (k < nmemo) {
                t = memo[k].id;
                continue;
            }
            struct memo *mm = grow(memo, &capmemo, nmemo + 1, sizeof *mm);
            if (!mm) {
                fail(m->err, x->offset, "out of memory");
                t = NONE;
                break;
            }
            memo = mm;
            memo[nmemo].lo = lo;
            memo[nmemo].hi = hi;
            memo[nmemo].out = t;
            t = memo[nmemo].id = nfa_add(m, S_BYTE, lo, hi, t, NONE, x->offset);
            nmemo++;
        }
        if (t == NONE) {
            entry = NONE;
            goto done;
        }
        entry = entry == NONE ? t : nfa_add(m, S_SPLIT, 0, 0, t, entry, x->offset);
        if (entry == NONE)
            goto done;
    }
done:
    free(seqs.q);
    free(memo);
    return entry;
}

static uint32_t compile_node(nfa *m, const node *x, uint32_t next)
{
    uint32_t t = next, entry = NONE, s, body;

    switch (x->kind) {
    case N_CAT:
        for (size_t i = x->nkids; i-- > 0 && t != NONE;)
            t = compile_node(m, x->kids[i], t);
        return t;
    case N_ALT:
        for (size_t i = x->nkids; i-- > 0;) {
            t = compile_node(m, x->kids[i], next);
            if (t == NONE)
                return NONE;
            entry = entry == NONE ? t : nfa_add(m, S_SPLIT, 0, 0, t, entry, x->offset);
            if (entry == NONE)
                return NONE;
        }
        return entry;
    case N_SET:
        return compile_set(m, x, next);
    case N_BOL:
    case N_EOL:
        return nfa_add(m, x->kind == N_BOL ? S_BOL : S_EOL, 0, 0, next, NONE, x->offset);
    case N_REPEAT:
        break;
    }
    /* x{min,max}: min copies, then either a loop (x*) or max-min nested
     * optional copies x(x(x)?)? so that skipping any of them ends it. */
    uint32_t min = x->min;
    if (x->max == REPEAT_INF) {
        s = nfa_add(m, S_SPLIT, 0, 0, NONE, next, x->offset);
        if (s == NONE || (body = compile_node(m, x->kids[0], s)) == NONE)
            return NONE;
        m->s[s].out = body;
        t = s;
        if (min > 0) { /* x+ : enter the loop through its body */
            t = body;
            min--;
        }
    } else {
        for (uint32_t k = 0; k < x->max - x->min; k++) {
            if ((body = compile_node(m, x->kids[0], t)) == NONE)
                return NONE;
            if ((t = nfa_add(m, S_SPLIT, 0, 0, body, next, x->offset)) == NONE)
                return NONE;
        }
    }
    for (uint32_t k = 0; k < min && t != NONE; k++)
        t = compile_node(m, x->kids[0], t);
    return t;
}

/* ---- DFA by subset construction ---------------------------------------- */

enum { ALLOW_BOL = 1, ALLOW_EOL = 2 };

/* A DFA state is the set of NFA byte states it may be in, plus whether the
 * input may end here (that needs $ edges, so it is computed, not stored). */
typedef struct {
    size_t off, n; /* ids in the pool */
    bool end;
    uint32_t hash;
} dstate;

typedef struct {
    const nfa *m;
    uint32_t start;
    errsink *err;
    uint32_t *mark, gen, *stack, *ids, *seeds;
    uint8_t cls[256], rep[256];
    unsigned ncls;
    uint32_t *pool;
    size_t npool, cappool;
    dstate *st;
    size_t nst, capst;
    uint32_t *table; /* open addressing: state index + 1, 0 = empty */
    size_t tcap;
    uint32_t *delta; /* nst x ncls */
    size_t capdelta;
    unsigned long long work; /* against SUBSET_BUDGET */
} builder;

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;

    return x < y ? -1 : x > y;
}

/* Follows epsilon edges (and the allowed assertions) from the seeds.
 * Collects the byte states reached into b->ids (sorted) when n is not
 * NULL; returns whether the match state was reached. */
static bool closure(builder *b, const uint32_t *seeds, size_t nseeds, unsigned allow, size_t *n)
{
    size_t sp = 0, k = 0;
    bool match = false;

    if (++b->gen == 0) {
        memset(b->mark, 0, b->m->n * sizeof *b->mark);
        b->gen = 1;
    }
#define PUSH(id)                                                                                   \
    do {                                                                                           \
        uint32_t id_ = (id);                                                                       \
        if (b->mark[id_] != b->gen) {                                                              \
            b->mark[id_] = b->gen;                                                                 \
            b->stack[sp++] = id_;                                                                  \
            b->work++;                                                                             \
        }                                                                                          \
    } while (0)
    for (size_t i = 0; i < nseeds; i++)
        PUSH(seeds[i]);
    while (sp > 0) {
        uint32_t id = b->stack[--sp];
        const nstate *x = &b->m->s[id];
        switch ((nstate_kind)x->kind) {
        case S_BYTE:
            if (n && x->lo <= x->hi)
                b->ids[k++] = id;
            break;
        case S_MATCH:
            match = true;
            break;
        case S_SPLIT:
            PUSH(x->out1);
            PUSH(x->out);
            break;
        case S_BOL:
            if (allow & ALLOW_BOL)
                PUSH(x->out);
            break;
        case S_EOL:
            if (allow & ALLOW_EOL)
                PUSH(x->out);
            break;
        }
    }
#undef PUSH
    if (n) {
        qsort(b->ids, k, sizeof *b->ids, cmp_u32); /* canonical order */
        *n = k;
    }
    return match;
}

static uint32_t hash_ids(const uint32_t *ids, size_t n, bool end)
{
    uint32_t h = 2166136261u ^ (uint32_t)end;

    for (size_t i = 0; i < n; i++)
        h = (h ^ ids[i]) * 16777619u;
    return h;
}

static bool same_state(const builder *b, const dstate *d, const uint32_t *ids, size_t n, bool end)
{
    return d->n == n && d->end == end && memcmp(b->pool + d->off, ids, n * sizeof *ids) == 0;
}

static bool rehash(builder *b)
{
    size_t cap = b->tcap ? b->tcap * 2 : 1024;
    uint32_t *t = calloc(cap, sizeof *t);

    if (!t)
        return false;
    for (size_t i = 0; i < b->nst; i++) {
        if (i == 1)
            continue; /* the match state has no set */
        size_t h = b->st[i].hash & (cap - 1);
        while (t[h])
            h = (h + 1) & (cap - 1);
        t[h] = (uint32_t)i + 1;
    }
    free(b->table);
    b->table = t;
    b->tcap = cap;
    return true;
}

static void too_complex(builder *b)
{
    fail(b->err, 0, "pattern too complex: the DFA needs more than %u states (or too many NFA "
                    "states per DFA state)", MAX_SUBSET_STATES);
}

/* Finds or adds the state (ids, end); returns its index or NONE. */
static uint32_t intern(builder *b, size_t n, bool end)
{
    const uint32_t *ids = b->ids;
    uint32_t h = hash_ids(ids, n, end), *d;
    size_t slot;
    dstate *st;

    if (b->tcap) {
        for (slot = h & (b->tcap - 1); b->table[slot]; slot = (slot + 1) & (b->tcap - 1))
            if (same_state(b, &b->st[b->table[slot] - 1], ids, n, end))
                return b->table[slot] - 1;
    }
    b->work += n;
    if (b->nst >= MAX_SUBSET_STATES || b->work > SUBSET_BUDGET) {
        too_complex(b);
        return NONE;
    }
    st = grow(b->st, &b->capst, b->nst + 1, sizeof *st);
    if (st)
        b->st = st;
    uint32_t *pool = st ? grow(b->pool, &b->cappool, b->npool + n, sizeof *pool) : NULL;
    if (pool)
        b->pool = pool;
    d = pool ? grow(b->delta, &b->capdelta, (b->nst + 1) * b->ncls, sizeof *d) : NULL;
    if (!d) {
        fail(b->err, 0, "out of memory");
        return NONE;
    }
    b->delta = d;
    memcpy(b->pool + b->npool, ids, n * sizeof *ids);
    st = &b->st[b->nst];
    st->off = b->npool;
    st->n = n;
    st->end = end;
    st->hash = h;
    b->npool += n;
    b->nst++;
    if (b->nst * 2 > b->tcap) {
        if (!rehash(b)) {
            fail(b->err, 0, "out of memory");
            return NONE;
        }
    } else {
        for (slot = h & (b->tcap - 1); b->table[slot]; slot = (slot + 1) & (b->tcap - 1))
            ;
        b->table[slot] = (uint32_t)b->nst;
    }
    return (uint32_t)b->nst - 1;
}

/* Byte classes: bytes that no NFA range tells apart behave the same. */
static void byte_classes(builder *b)
{
    bool cut[257] = {false};

    for (size_t i = 0; i < b->m->n; i++) {
        const nstate *x = &b->m->s[i];
        if (x->kind == S_BYTE && x->lo <= x->hi) {
            cut[x->lo] = true;
            cut[x->hi + 1] = true;
        }
    }
    b->ncls = 0;
    for (int c = 0; c < 256; c++) {
        if (c > 0 && cut[c])
            b->ncls++;
        if (c == 0 || cut[c])
            b->rep[b->ncls] = (uint8_t)c;
        b->cls[c] = (uint8_t)b->ncls;
    }
    b->ncls++;
}

/* Builds the DFA. State 0 is the empty set (no match possible), state 1
 * means "matched" (the NFA reached its match state: .test() is true
 * whatever follows). Returns the start state, or NONE on error. */
static uint32_t subset_construction(builder *b, bool *start_matches)
{
    size_t n;
    uint32_t start;
    bool end;

    byte_classes(b);
    b->mark = calloc(b->m->n, sizeof *b->mark);
    b->stack = malloc(b->m->n * sizeof *b->stack);
    b->ids = malloc(b->m->n * sizeof *b->ids);
    b->seeds = malloc((b->m->n + 1) * sizeof *b->seeds);
    if (!b->mark || !b->stack || !b->ids || !b->seeds) {
        fail(b->err, 0, "out of memory");
        return NONE;
    }
    /* State 0 is the empty set; state 1 is added by hand and kept out of
     * the hash table, since reaching the match state goes to 1 directly. */
    if (intern(b, 0, false) == NONE)
        return NONE;
    {
        dstate *st = grow(b->st, &b->capst, 2, sizeof *st);
        uint32_t *d = grow(b->delta, &b->capdelta, 2 * b->ncls, sizeof *d);
        if (!st || !d) {
            fail(b->err, 0, "out of memory");
            return NONE;
        }
        b->st = st;
        b->delta = d;
        st[1].off = 0;
        st[1].n = 0;
        st[1].end = true;
        st[1].hash = 0;
        b->nst = 2;
    }
    for (unsigned c = 0; c < b->ncls; c++) {
        b->delta[c] = 0;
        b->delta[b->ncls + c] = 1;
    }

    /* At position 0, ^ holds; the input may also end right away. */
    b->seeds[0] = b->start;
    *start_matches = closure(b, b->seeds, 1, ALLOW_BOL, NULL);
    if (*start_matches)
        return 1;
    end = closure(b, b->seeds, 1, ALLOW_BOL | ALLOW_EOL, NULL);
    closure(b, b->seeds, 1, ALLOW_BOL, &n);
    start = intern(b, n, end);
    if (start == NONE)
        return NONE;

    for (size_t i = 2; i < b->nst; i++) {
        for (unsigned c = 0; c < b->ncls; c++) {
            size_t ns = 0;
            uint32_t to;
            uint8_t byte = b->rep[c];
            for (size_t k = 0; k < b->st[i].n; k++) {
                const nstate *x = &b->m->s[b->pool[b->st[i].off + k]];
                if (x->lo <= byte && byte <= x->hi)
                    b->seeds[ns++] = x->out;
            }
            /* Unanchored search: a match may also start after this byte
             * (^ no longer holds there). */
            b->seeds[ns++] = b->start;
            if (closure(b, b->seeds, ns, 0, NULL)) {
                to = 1;
            } else {
                end = closure(b, b->seeds, ns, ALLOW_EOL, NULL);
                closure(b, b->seeds, ns, 0, &n);
                to = intern(b, n, end);
                if (to == NONE)
                    return NONE;
            }
            b->delta[i * b->ncls + c] = to;
            if (b->work > SUBSET_BUDGET) {
                too_complex(b);
                return NONE;
            }
        }
    }
    return start;
}

/* ---- DFA simplification --------------------------------------------------- */

typedef struct {
    size_t n;       /* states; 0 = no match possible, 1 = matched */
    unsigned k;     /* byte classes */
    uint32_t *next; /* n x k */
    bool *end;      /* accepts if the input ends here */
    uint32_t start;
    uint8_t cls[256];
} dfa;

/* Keeps the states reachable from start, renumbered in BFS order after
 * 0 and 1, with transitions mapped through map[] first. */
static bool dfa_compact(dfa *d, const uint32_t *map)
{
    uint32_t *order = malloc(d->n * sizeof *order), *num = malloc(d->n * sizeof *num);
    uint32_t *next = NULL;
    bool *end = NULL;
    size_t n = 2;

    if (!order || !num)
        goto oom;
    for (size_t i = 0; i < d->n; i++)
        num[i] = NONE;
    order[0] = 0;
    order[1] = 1;
    num[0] = 0;
    num[1] = 1;
    uint32_t s0 = map[d->start];
    if (num[s0] == NONE) {
        num[s0] = (uint32_t)n;
        order[n++] = s0;
    }
    for (size_t i = 2; i < n; i++) {
        for (unsigned c = 0; c < d->k; c++) {
            uint32_t t = map[d->next[order[i] * d->k + c]];
            if (num[t] == NONE) {
                num[t] = (uint32_t)n;
                order[n++] = t;
            }
        }
    }
    next = malloc(n * d->k * sizeof *next);
    end = malloc(n * sizeof *end);
    if (!next || !end)
        goto oom;
    for (size_t i = 0; i < n; i++) {
        end[i] = i == 1 || (i > 1 && d->end[order[i]]);
        for (unsigned c = 0; c < d->k; c++)
            next[i * d->k + c] = i < 2 ? (uint32_t)i : num[map[d->next[order[i] * d->k + c]]];
    }
    d->start = num[s0];
    free(d->next);
    free(d->end);
    d->next = next;
    d->end = end;
    d->n = n;
    free(order);
    free(num);
    return true;
oom:
    free(order);
    free(num);
    free(next);
    free(end);
    return false;
}

/* Folds states that can never accept into 0 and states that accept
 * whatever follows into 1, so the loop can stop early either way. */
static bool dfa_fold(dfa *d)
{
    size_t n = d->n, k = d->k, ne = n * k;
    size_t *first = calloc(n + 1, sizeof *first);
    uint32_t *pred = malloc(ne * sizeof *pred), *queue = malloc(n * sizeof *queue);
    uint32_t *map = malloc(n * sizeof *map);
    bool *live = calloc(n, sizeof *live), *univ = calloc(n, sizeof *univ), ok = false;
    size_t qh = 0, qt = 0;

    if (!first || !pred || !queue || !map || !live || !univ)
        goto done;
    /* Reverse edges (with multiplicity) in CSR form. */
    for (size_t e = 0; e < ne; e++)
        first[d->next[e] + 1]++;
    for (size_t i = 0; i < n; i++)
        first[i + 1] += first[i];
    {
        size_t *fill = malloc(n * sizeof *fill);
        if (!fill)
            goto done;
        memcpy(fill, first, n * sizeof *fill);
        for (size_t e = 0; e < ne; e++)
            pred[fill[d->next[e]]++] = (uint32_t)(e / k);
        free(fill);
    }
    /* live: can reach a state where the input may end accepted */
    for (size_t i = 1; i < n; i++)
        if (d->end[i]) {
            live[i] = true;
            queue[qt++] = (uint32_t)i;
        }
    while (qh < qt) {
        uint32_t s = queue[qh++];
        for (size_t j = first[s]; j < first[s + 1]; j++)
            if (!live[pred[j]]) {
                live[pred[j]] = true;
                queue[qt++] = pred[j];
            }
    }
    /* universal: accepts here and every successor is universal (greatest
     * fixpoint: start from all accepting states, drop offenders) */
    qh = qt = 0;
    for (size_t i = 1; i < n; i++)
        univ[i] = d->end[i];
    for (size_t i = 1; i < n; i++) {
        for (size_t c = 0; c < k && univ[i]; c++) {
            if (!univ[d->next[i * k + c]]) {
                univ[i] = false;
                queue[qt++] = (uint32_t)i;
            }
        }
    }
    while (qh < qt) {
        uint32_t s = queue[qh++];
        for (size_t j = first[s]; j < first[s + 1]; j++) {
            uint32_t p = pred[j];
            if (univ[p]) {
                univ[p] = false;
                queue[qt++] = p;
            }
        }
    }
    for (size_t i = 0; i < n; i++)
        map[i] = univ[i] ? 1 : !live[i] ? 0 : (uint32_t)i;
    map[0] = 0;
    map[1] = 1;
    ok = dfa_compact(d, map);
done:
    free(first);
    free(pred);
    free(queue);
    free(map);
    free(live);
    free(univ);
    return ok;
}

/* Moore partition refinement: split blocks by (block, successor blocks)
 * until stable. Quadratic in the worst case, so it is given a budget; a DFA
 * left unminimised is larger but still correct. */
static bool dfa_minimise(dfa *d)
{
    size_t n = d->n, k = d->k, w = k + 1, nb = 0, cap = 1;
    uint32_t *blk = malloc(n * sizeof *blk), *nblk = malloc(n * sizeof *nblk);
    uint32_t *sig = malloc(n * w * sizeof *sig), *tab = NULL;
    unsigned long long work = 0;
    bool ok = false;

    if (!blk || !nblk || !sig)
        goto done;
    while (cap < 2 * n)
        cap *= 2;
    tab = malloc(cap * sizeof *tab);
    if (!tab)
        goto done;
    for (size_t i = 0; i < n; i++)
        blk[i] = i < 2 ? (uint32_t)i : d->end[i] ? 2 : 3;
    for (;;) {
        size_t nnb = 0;
        work += n * w;
        if (work > MINIMISE_BUDGET) {
            ok = true; /* give up, keep the DFA as it is */
            goto done;
        }
        for (size_t i = 0; i < n; i++) {
            sig[i * w] = blk[i];
            for (size_t c = 0; c < k; c++)
                sig[i * w + 1 + c] = blk[d->next[i * k + c]];
        }
        memset(tab, 0xFF, cap * sizeof *tab);
        for (size_t i = 0; i < n; i++) {
            uint32_t h = hash_ids(sig + i * w, w, false);
            size_t slot = h & (cap - 1);
            while (tab[slot] != NONE && memcmp(sig + tab[slot] * w, sig + i * w, w * sizeof *sig) != 0)
                slot = (slot + 1) & (cap - 1);
            if (tab[slot] == NONE) {
                tab[slot] = (uint32_t)i;
                nblk[i] = (uint32_t)nnb++;
            } else {
                nblk[i] = nblk[tab[slot]];
            }
        }
        memcpy(blk, nblk, n * sizeof *blk);
        if (nnb == nb)
            break;
        nb = nnb;
    }
    /* Map each state to the first state of its block (blocks are numbered
     * in state order, so 0 and 1 stay themselves) and keep those. */
    for (size_t i = 0; i < n; i++)
        nblk[i] = NONE;
    for (size_t i = 0; i < n; i++) {
        if (nblk[blk[i]] == NONE)
            nblk[blk[i]] = (uint32_t)i;
        blk[i] = nblk[blk[i]];
    }
    ok = dfa_compact(d, blk);
done:
    free(blk);
    free(nblk);
    free(sig);
    free(tab);
    return ok;
}

/* Merges byte classes whose columns are equal in the final table. */
static bool dfa_merge_classes(dfa *d)
{
    unsigned map[256], first[256], nk = 0;
    uint32_t hash[256], *next;

    for (unsigned c = 0; c < d->k; c++) {
        hash[c] = 2166136261u;
        for (size_t i = 0; i < d->n; i++)
            hash[c] = (hash[c] ^ d->next[i * d->k + c]) * 16777619u;
    }
    for (unsigned c = 0; c < d->k; c++) {
        unsigned j;
        for (j = 0; j < nk; j++) {
            unsigned f = first[j];
            size_t i = 0;
            if (hash[f] != hash[c])
                continue;
            while (i < d->n && d->next[i * d->k + c] == d->next[i * d->k + f])
                i++;
            if (i == d->n)
                break;
        }
        if (j == nk)
            first[nk++] = c;
        map[c] = j;
    }
    if (nk == d->k)
        return true;
    next = malloc(d->n * nk * sizeof *next);
    if (!next)
        return false;
    for (unsigned c = 0; c < d->k; c++)
        for (size_t i = 0; i < d->n; i++)
            next[i * nk + map[c]] = d->next[i * d->k + c];
    for (int b = 0; b < 256; b++)
        d->cls[b] = (uint8_t)map[d->cls[b]];
    free(d->next);
    d->next = next;
    d->k = nk;
    return true;
}

/* ---- public API ----------------------------------------------------------- */

struct pattern {
    char *source;
    int constant; /* 0 or 1: matches nothing / everything; -1: use the DFA */
    dfa d;
};

void pattern_free(pattern *p)
{
    if (!p)
        return;
    free(p->source);
    free(p->d.next);
    free(p->d.end);
    free(p);
}

static void builder_free(builder *b)
{
    free(b->mark);
    free(b->stack);
    free(b->ids);
    free(b->seeds);
    free(b->pool);
    free(b->st);
    free(b->table);
    free(b->delta);
}

pattern *pattern_compile(const char *src, char *errbuf, size_t errsize, size_t *erroffset)
{
    errsink err = {errbuf, errsize, 0, false};
    parser p = {0};
    nfa m = {0};
    builder b = {0};
    node *ast = NULL;
    pattern *pat = NULL;
    uint32_t match, entry, start;
    bool start_matches = false;

    if (errbuf && errsize)
        errbuf[0] = '\0';
    if (!src) {
        fail(&err, 0, "no pattern");
        goto done;
    }
    p.src = src;
    p.len = strlen(src);
    p.err = &err;
    ast = parse_disjunction(&p);
    if (ast && p.pos < p.len) /* parse_disjunction stops only at ')' */
        fail(&err, p.pos, "unmatched ')'");
    if (err.failed)
        goto done;

    m.err = &err;
    match = nfa_add(&m, S_MATCH, 0, 0, NONE, NONE, 0);
    entry = match == NONE ? NONE : compile_node(&m, ast, match);
    if (entry == NONE)
        goto done;

    b.m = &m;
    b.start = entry;
    b.err = &err;
    start = subset_construction(&b, &start_matches);
    if (start == NONE)
        goto done;

    pat = calloc(1, sizeof *pat);
    if (!pat || !(pat->source = malloc(p.len + 1))) {
        fail(&err, 0, "out of memory");
        goto done;
    }
    memcpy(pat->source, src, p.len + 1);
    pat->constant = -1;
    if (start_matches) {
        pat->constant = 1;
        goto done;
    }
    /* Hand the tables over from the builder to the DFA. */
    pat->d.n = b.nst;
    pat->d.k = b.ncls;
    pat->d.next = b.delta;
    b.delta = NULL;
    pat->d.end = malloc(b.nst * sizeof *pat->d.end);
    if (!pat->d.end) {
        fail(&err, 0, "out of memory");
        goto done;
    }
    for (size_t i = 0; i < b.nst; i++)
        pat->d.end[i] = b.st[i].end;
    pat->d.start = start;
    memcpy(pat->d.cls, b.cls, sizeof b.cls);
    if (!dfa_fold(&pat->d) || !dfa_minimise(&pat->d) || !dfa_merge_classes(&pat->d)) {
        fail(&err, 0, "out of memory");
        goto done;
    }
    if (pat->d.start < 2)
        pat->constant = (int)pat->d.start;
    else if (pat->d.n > MAX_DFA_STATES || pat->d.n * pat->d.k > MAX_TABLE_CELLS)
        fail(&err, 0, "pattern too complex: DFA of %zu states x %u byte classes (at most %u states, %u cells)",
             pat->d.n, pat->d.k, MAX_DFA_STATES, MAX_TABLE_CELLS);
done:
    node_free(ast);
    free(p.names);
    free(m.s);
    builder_free(&b);
    if (err.failed) {
        pattern_free(pat);
        pat = NULL;
        if (erroffset)
            *erroffset = err.offset;
    }
    return pat;
}

/* ---- C emission ----------------------------------------------------------- */

/* The source pattern as it reads in a regex, made safe for a C comment:
 * no comment delimiters, no trigraph line splice, ASCII only. Every
 * substitution (\x2F for a slash, \xHH, \u{...}) means the same in the
 * pattern language, so the comment still shows an equivalent regex. */
static void emit_comment_pattern(FILE *out, const char *s)
{
    size_t n = strlen(s);

    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t after = i + 1;
        if (c == '\\' && i + 1 < n && s[i + 1] == '/')
            after = i + 2;
        if (c == '/' || after == i + 2) {
            bool risky = (i > 0 && s[i - 1] == '*') || (after < n && s[after] == '*') ||
                         (i >= 2 && s[i - 1] == '?' && s[i - 2] == '?');
            if (risky) {
                fputs("\\x2F", out);
                i = after - 1;
                continue;
            }
        }
        if (c == '\\' && i + 1 < n) {
            /* The escaped character goes out as is (valid escapes are
             * printable ASCII), so \\x and the like keep their meaning. */
            unsigned char e = (unsigned char)s[i + 1];
            if (e >= 0x20 && e < 0x7F) {
                fputc('\\', out);
                fputc(e, out);
                i++;
                continue;
            }
        }
        if (c >= 0x20 && c < 0x7F) {
            fputc(c, out);
        } else if (c < 0x80) {
            fprintf(out, "\\x%02X", c);
        } else {
            /* decode the (valid) UTF-8 sequence */
            uint32_t cp = c >= 0xF0 ? c & 0x07u : c >= 0xE0 ? c & 0x0Fu : c & 0x1Fu;
            size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            for (size_t j = 1; j < len && i + j < n; j++)
                cp = cp << 6 | ((unsigned char)s[i + j] & 0x3Fu);
            fprintf(out, "\\u{%X}", (unsigned)cp);
            i += len - 1;
        }
    }
}

/* Comma-separated values, 16 to a line; trailing comma only if asked. */
static void emit_values(FILE *out, const char *indent, const uint32_t *v, size_t n, int width,
                        bool trailing_comma)
{
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0)
            fprintf(out, "%s%s", i ? "\n" : "", indent);
        else
            fputc(' ', out);
        fprintf(out, "%*u%s", width, (unsigned)v[i], i + 1 < n || trailing_comma ? "," : "");
    }
}

void pattern_emit_c(const pattern *p, const char *fn, FILE *out)
{
    const dfa *d = &p->d;
    const char *type = d->n <= 256 ? "uint8_t" : "uint16_t";
    int width = d->n <= 10 ? 1 : d->n <= 100 ? 2 : d->n <= 1000 ? 3 : d->n <= 10000 ? 4 : 5;
    uint32_t cls[256];

    fputs("/* Pattern: ", out);
    emit_comment_pattern(out, p->source);
    fputs("\n * Searched anywhere in s (like RegExp.prototype.test with the u flag);\n", out);
    if (p->constant >= 0) {
        fprintf(out, " * it %s. */\n", p->constant ? "matches every string" : "matches no string");
        fprintf(out, "static bool %s(const char *s, size_t len)\n{\n", fn);
        fprintf(out, "    (void)s;\n    (void)len;\n    return %s;\n}\n", p->constant ? "true" : "false");
        return;
    }
    fprintf(out,
            " * a DFA of %zu states over %u byte classes reads each byte once.\n"
            " * State 0: no match possible any more; state 1: matched. */\n",
            d->n, d->k);
    fprintf(out, "static bool %s(const char *s, size_t len)\n{\n", fn);
    fprintf(out, "    /* byte -> byte class */\n    static const uint8_t %s_cls[256] = {\n", fn);
    for (int b = 0; b < 256; b++)
        cls[b] = d->cls[b];
    emit_values(out, "        ", cls, 256, d->k <= 10 ? 1 : d->k <= 100 ? 2 : 3, true);
    fputs("\n    };\n", out);
    fprintf(out, "    /* state x byte class -> state */\n    static const %s %s_next[%zu][%u] = {\n", type,
            fn, d->n, d->k);
    for (size_t i = 0; i < d->n; i++) {
        fputs("        {", out);
        if (d->k > 16)
            fputc('\n', out);
        emit_values(out, d->k > 16 ? "            " : "", d->next + i * d->k, d->k, width, false);
        fprintf(out, "%s}, /* %zu */\n", d->k > 16 ? "\n        " : "", i);
    }
    fputs("    };\n", out);
    fprintf(out, "    /* whether the input may end in this state */\n    static const bool %s_end[%zu] = {\n",
            fn, d->n);
    for (size_t i = 0; i < d->n; i++)
        fprintf(out, "%s%d,", i % 32 == 0 ? (i ? "\n        " : "        ") : " ", d->end[i] ? 1 : 0);
    fputs("\n    };\n", out);
    fprintf(out,
            "    unsigned st = %u;\n"
            "    size_t i;\n"
            "\n"
            "    for (i = 0; i < len; i++) {\n"
            "        st = %s_next[st][%s_cls[(unsigned char)s[i]]];\n"
            "        if (st < 2)\n"
            "            return st == 1;\n"
            "    }\n"
            "    return %s_end[st];\n"
            "}\n",
            (unsigned)d->start, fn, fn, fn);
}

/* The same walk as the emitted matcher, for checking @default and @const
 * values at generation time. */
bool pattern_match(const pattern *p, const char *s, size_t len)
{
    if (p->constant >= 0)
        return p->constant == 1;
    const dfa *d = &p->d;
    uint32_t st = d->start;
    for (size_t i = 0; i < len; i++) {
        st = d->next[(size_t)st * d->k + d->cls[(unsigned char)s[i]]];
        if (st < 2)
            return st == 1;
    }
    return d->end[st];
}
