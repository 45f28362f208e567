/* libschemac-validate: the format idn-hostname, an internationalized host
 * name by IDNA2008: labels separated by ".", U+3002, U+FF0E or U+FF61,
 * each an LDH label (letters, digits, inner hyphens, no "--" in the third
 * and fourth positions), an A-label ("xn--" and Punycode, RFC 3492, that
 * decodes to a valid U-label and encodes back to itself) or a U-label:
 *
 * - RFC 5891 section 4.2.3: no leading or trailing hyphen, no "--" in the
 *   third and fourth positions, no combining mark first;
 * - RFC 5892: every code point PVALID, or CONTEXTJ/CONTEXTO with its rule
 *   of appendix A met (ZERO WIDTH (NON-)JOINER after a virama, or the
 *   non-joiner between joining letters; MIDDLE DOT between two "l"; the
 *   Greek KERAIA before a Greek letter; the Hebrew GERESH and GERSHAYIM
 *   after a Hebrew letter; KATAKANA MIDDLE DOT with a Hiragana, Katakana
 *   or Han character in the label; Arabic-Indic digits not mixed with
 *   Extended Arabic-Indic ones);
 * - RFC 5893: in a name with a right-to-left label, every label meets the
 *   Bidi rule;
 * - at most 63 octets a label and 253 the name, counted in A-label form
 *   (RFC 1034, RFC 5890 section 2.3.2.1); no empty label, so no trailing
 *   dot.
 *
 * Not checked: that a U-label is in NFC (no normalization tables here; the
 * test suite asks it of no label). idna_tables.h (from idna_tables.py) has
 * the properties of each code point and says how some are derived. */
#include "formats.h"
#include "idna_tables.h"

#include <string.h>

enum { DISALLOWED = 0, PVALID = 1, CONTEXTJ = 2, CONTEXTO = 3 };
enum { GREEK = 1, HEBREW = 2, HIRAGANA_KATAKANA_HAN = 3 };
enum { JOIN_T = 1, JOIN_D = 2, JOIN_R = 3 };
enum { MAX_NAME = 253, MAX_LABEL = 63 };

static uint16_t props(int32_t cp)
{
    size_t lo = 0, hi = sizeof idna_rows / sizeof idna_rows[0];
    while (hi - lo > 1) { /* the last row starting at or before cp */
        size_t mid = lo + (hi - lo) / 2;
        if (idna_rows[mid].start <= (uint32_t)cp)
            lo = mid;
        else
            hi = mid;
    }
    return idna_rows[lo].value;
}

static unsigned idna_class(int32_t cp)
{
    return props(cp) & 3u;
}
static unsigned bidi(int32_t cp)
{
    return props(cp) >> 2 & 15u;
}
static bool is_mark(int32_t cp)
{
    return props(cp) >> 6 & 1u;
}
static bool is_virama(int32_t cp)
{
    return props(cp) >> 7 & 1u;
}
static unsigned script(int32_t cp)
{
    return props(cp) >> 8 & 3u;
}
static unsigned joining(int32_t cp)
{
    return props(cp) >> 10 & 3u;
}

/* ---- Punycode (RFC 3492 section 6) ---- */

enum { BASE = 36, TMIN = 1, TMAX = 26, SKEW = 38, DAMP = 700, INITIAL_BIAS = 72, INITIAL_N = 128 };
#define PUNY_MAX 0x7FFFFFFFu /* the overflow bound the RFC's 32-bit arithmetic keeps */

static uint32_t adapt(uint32_t delta, uint32_t points, bool first)
{
    delta = first ? delta / DAMP : delta / 2;
    delta += delta / points;
    uint32_t k = 0;
    while (delta > ((BASE - TMIN) * TMAX) / 2) {
        delta /= BASE - TMIN;
        k += BASE;
    }
    return k + (BASE - TMIN + 1) * delta / (delta + SKEW);
}

static uint32_t threshold(uint32_t k, uint32_t bias)
{
    return k <= bias ? TMIN : k >= bias + TMAX ? TMAX : k - bias;
}

static int digit_value(char c)
{
    if (c >= 'a' && c <= 'z')
        return c - 'a';
    if (c >= 'A' && c <= 'Z')
        return c - 'A';
    if (c >= '0' && c <= '9')
        return c - '0' + 26;
    return -1;
}

/* Decodes in[0..n) into out[0..cap): the code point count, or -1. */
static int puny_decode(const int32_t *in, size_t n, int32_t *out, size_t cap)
{
    /* the basic code points: those before the last delimiter, if any */
    size_t b = 0, count = 0;
    for (size_t j = 0; j < n; j++)
        if (in[j] == '-')
            b = j;
    if (b > cap)
        return -1;
    for (size_t j = 0; j < b; j++)
        out[count++] = in[j];
    if (b > 0)
        b++;
    uint32_t cp = INITIAL_N, i = 0, bias = INITIAL_BIAS;
    for (size_t at = b; at < n;) {
        uint32_t old = i, w = 1;
        for (uint32_t k = BASE;; k += BASE) {
            int d = at < n && in[at] < 0x80 ? digit_value((char)in[at]) : -1;
            at++;
            if (d < 0 || (uint32_t)d > (PUNY_MAX - i) / w)
                return -1;
            i += (uint32_t)d * w;
            uint32_t t = threshold(k, bias);
            if ((uint32_t)d < t)
                break;
            if (w > PUNY_MAX / (BASE - t))
                return -1;
            w *= BASE - t;
        }
        bias = adapt(i - old, (uint32_t)count + 1, old == 0);
        if (i / (count + 1) > PUNY_MAX - cp)
            return -1;
        cp += i / (uint32_t)(count + 1);
        i %= (uint32_t)(count + 1);
        if (cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF) || count == cap)
            return -1;
        memmove(out + i + 1, out + i, (count - i) * sizeof *out);
        out[i++] = (int32_t)cp;
        count++;
    }
    return (int)count;
}

/* Encodes cps[0..n), writing at most cap characters to buf: the length of
 * the whole encoding, or -1 on overflow. */
static int puny_encode(const int32_t *cps, size_t n, char *buf, size_t cap)
{
    size_t out = 0;
#define EMIT(c)                                                                                    \
    do {                                                                                           \
        if (out < cap)                                                                             \
            buf[out] = (c);                                                                        \
        out++;                                                                                     \
    } while (0)
    for (size_t j = 0; j < n; j++)
        if (cps[j] < 0x80)
            EMIT((char)cps[j]);
    size_t h = out, basic = out;
    if (basic > 0)
        EMIT('-');
    uint32_t cp = INITIAL_N, delta = 0, bias = INITIAL_BIAS;
    while (h < n) {
        uint32_t m = 0x10FFFF;
        for (size_t j = 0; j < n; j++)
            if ((uint32_t)cps[j] >= cp && (uint32_t)cps[j] < m)
                m = (uint32_t)cps[j];
        if (m - cp > (PUNY_MAX - delta) / (h + 1))
            return -1;
        delta += (m - cp) * (uint32_t)(h + 1);
        cp = m;
        for (size_t j = 0; j < n; j++) {
            if ((uint32_t)cps[j] < cp && ++delta > PUNY_MAX)
                return -1;
            if ((uint32_t)cps[j] != cp)
                continue;
            uint32_t q = delta;
            for (uint32_t k = BASE;; k += BASE) {
                uint32_t t = threshold(k, bias);
                if (q < t)
                    break;
                uint32_t d = t + (q - t) % (BASE - t);
                EMIT((char)(d < 26 ? 'a' + d : '0' + d - 26));
                q = (q - t) / (BASE - t);
            }
            EMIT((char)(q < 26 ? 'a' + q : '0' + q - 26));
            bias = adapt(delta, (uint32_t)h + 1, h == basic);
            delta = 0;
            h++;
        }
        delta++;
        cp++;
    }
#undef EMIT
    return (int)out;
}

/* ---- a U-label (RFC 5891 4.2.3, RFC 5892) ---- */

/* Appendix A.1: ZERO WIDTH NON-JOINER between a letter joining to the
 * left (D; L has no letter here) and one joining to the right (R, D),
 * transparent ones between. */
static bool joins_around(const int32_t *cp, size_t n, size_t i)
{
    size_t j = i;
    while (j > 0 && joining(cp[j - 1]) == JOIN_T)
        j--;
    if (j == 0 || joining(cp[j - 1]) != JOIN_D)
        return false;
    size_t k = i + 1;
    while (k < n && joining(cp[k]) == JOIN_T)
        k++;
    return k < n && (joining(cp[k]) == JOIN_D || joining(cp[k]) == JOIN_R);
}

static bool label_has(const int32_t *cp, size_t n, int32_t lo, int32_t hi)
{
    for (size_t j = 0; j < n; j++)
        if (cp[j] >= lo && cp[j] <= hi)
            return true;
    return false;
}

static bool context_ok(const int32_t *cp, size_t n, size_t i)
{
    int32_t c = cp[i];
    bool before = i > 0, after = i + 1 < n;
    switch (c) {
    case 0x200C:
        return (before && is_virama(cp[i - 1])) || joins_around(cp, n, i);
    case 0x200D:
        return before && is_virama(cp[i - 1]);
    case 0x00B7:
        return before && after && cp[i - 1] == 'l' && cp[i + 1] == 'l';
    case 0x0375:
        return after && script(cp[i + 1]) == GREEK;
    case 0x05F3:
    case 0x05F4:
        return before && script(cp[i - 1]) == HEBREW;
    case 0x30FB:
        for (size_t j = 0; j < n; j++)
            if (script(cp[j]) == HIRAGANA_KATAKANA_HAN)
                return true;
        return false;
    default:
        if (c >= 0x0660 && c <= 0x0669)
            return !label_has(cp, n, 0x06F0, 0x06F9);
        if (c >= 0x06F0 && c <= 0x06F9)
            return !label_has(cp, n, 0x0660, 0x0669);
        return false; /* a CONTEXTO code point without a rule */
    }
}

static bool hyphens_ok(const int32_t *cp, size_t n)
{
    return n > 0 && cp[0] != '-' && cp[n - 1] != '-' && !(n >= 4 && cp[2] == '-' && cp[3] == '-');
}

static bool ulabel_valid(const int32_t *cp, size_t n)
{
    if (!hyphens_ok(cp, n) || is_mark(cp[0]))
        return false;
    for (size_t i = 0; i < n; i++) {
        unsigned k = idna_class(cp[i]);
        if (k == DISALLOWED || (k != PVALID && !context_ok(cp, n, i)))
            return false;
    }
    return true;
}

/* ---- the Bidi rule (RFC 5893 section 2) ---- */

static bool is_rtl(unsigned b)
{
    return b == IDNA_BIDI_R || b == IDNA_BIDI_AL || b == IDNA_BIDI_AN;
}

static bool bidi_ok(const int32_t *cp, size_t n)
{
    unsigned first = bidi(cp[0]);
    bool rtl = first == IDNA_BIDI_R || first == IDNA_BIDI_AL;
    if (!rtl && first != IDNA_BIDI_L)
        return false; /* rule 1 */
    bool en = false, an = false;
    size_t last = n; /* the last character that is not NSM */
    for (size_t i = 0; i < n; i++) {
        unsigned b = bidi(cp[i]);
        bool common = b == IDNA_BIDI_EN || b == IDNA_BIDI_ES || b == IDNA_BIDI_CS ||
                      b == IDNA_BIDI_ET || b == IDNA_BIDI_ON || b == IDNA_BIDI_BN ||
                      b == IDNA_BIDI_NSM;
        if (rtl ? !(common || is_rtl(b)) : !(common || b == IDNA_BIDI_L))
            return false; /* rules 2 and 5 */
        en |= b == IDNA_BIDI_EN;
        an |= b == IDNA_BIDI_AN;
        if (b != IDNA_BIDI_NSM)
            last = i;
    }
    if (last == n)
        return false;
    unsigned end = bidi(cp[last]);
    if (rtl)
        return (end == IDNA_BIDI_R || end == IDNA_BIDI_AL || end == IDNA_BIDI_EN ||
                end == IDNA_BIDI_AN) &&
               !(en && an);                           /* rules 3 and 4 */
    return end == IDNA_BIDI_L || end == IDNA_BIDI_EN; /* rule 6 */
}

/* ---- the name ---- */

/* The label's code points (as a U-label: an A-label decoded, an LDH label
 * in lower case) into u, its A-label length into *alen; false when the
 * label is not valid. */
static bool label_valid(const int32_t *cp, size_t n, int32_t *u, size_t *un, size_t *alen)
{
    bool ascii = true;
    for (size_t j = 0; j < n; j++)
        ascii &= cp[j] < 0x80;
    char enc[MAX_LABEL];
    if (!ascii) {
        int len = puny_encode(cp, n, enc, sizeof enc);
        if (len < 0 || !ulabel_valid(cp, n))
            return false;
        memcpy(u, cp, n * sizeof *cp);
        *un = n;
        *alen = 4 + (size_t)len;
        return true;
    }
    for (size_t j = 0; j < n; j++) {
        int32_t c = cp[j];
        if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
              c == '-'))
            return false;
        u[j] = c >= 'A' && c <= 'Z' ? c + ('a' - 'A') : c;
    }
    *un = n;
    *alen = n;
    if (!(n >= 4 && u[0] == 'x' && u[1] == 'n' && u[2] == '-' && u[3] == '-'))
        return hyphens_ok(u, n);
    /* an A-label: Punycode of a U-label that is not all ASCII, and the
     * encoding of that U-label (no other spelling of it); read in lower
     * case, as RFC 5891 section 5.3 says */
    int32_t dec[MAX_LABEL];
    int dn = puny_decode(u + 4, n - 4, dec, sizeof dec / sizeof *dec);
    if (dn <= 0 || !label_has(dec, (size_t)dn, 0x80, 0x10FFFF) || !ulabel_valid(dec, (size_t)dn))
        return false;
    int len = puny_encode(dec, (size_t)dn, enc, sizeof enc);
    if (len != (int)n - 4)
        return false;
    for (size_t j = 0; j < (size_t)len; j++)
        if (enc[j] != (char)u[4 + j])
            return false;
    memcpy(u, dec, (size_t)dn * sizeof *dec);
    *un = (size_t)dn;
    return true;
}

static bool is_dot(int32_t c)
{
    return c == '.' || c == 0x3002 || c == 0xFF0E || c == 0xFF61;
}

bool sv_idn_hostname_valid(const char *s, size_t len)
{
    /* every label as a U-label, one after the other, for the Bidi rule:
     * no more code points than A-label characters, so MAX_NAME at most */
    int32_t all[MAX_NAME];
    size_t starts[MAX_NAME / 2 + 2], nlabels = 0, used = 0, total = 0;
    bool rtl = false;
    size_t i = 0;
    for (;;) {
        int32_t cp[MAX_LABEL + 1];
        size_t n = 0;
        int32_t c = -1;
        while (i < len) {
            c = pattern_utf8_next(s, len, &i);
            if (c < 0)
                return false;
            if (is_dot(c))
                break;
            if (n == MAX_LABEL)
                return false; /* even as an A-label it would be too long */
            cp[n++] = c;
        }
        int32_t u[MAX_LABEL];
        size_t un, alen;
        if (n == 0 || !label_valid(cp, n, u, &un, &alen) || alen > MAX_LABEL)
            return false;
        total += alen + (nlabels > 0);
        if (total > MAX_NAME || used + un > MAX_NAME)
            return false;
        starts[nlabels++] = used;
        memcpy(all + used, u, un * sizeof *u);
        used += un;
        for (size_t j = 0; j < un; j++)
            rtl |= is_rtl(bidi(u[j]));
        if (i == len && !is_dot(c))
            break;
        if (i == len)
            return false; /* a trailing dot: an empty last label */
    }
    starts[nlabels] = used;
    for (size_t k = 0; rtl && k < nlabels; k++)
        if (!bidi_ok(all + starts[k], starts[k + 1] - starts[k]))
            return false;
    return true;
}
