/* schemac generator, C emitter: a pattern's matcher.
 *
 * Writes the minimised DFA of a compiled pattern (pattern_dfa, from the
 * pattern engine runtime/pattern) as one self-contained C11 function: a byte ->
 * byte class table, a state x class -> state table and a "may end here"
 * table, plus a loop that reads each byte of the input once (linear time,
 * no backtracking, no regex library at run time). The pattern itself goes
 * into the comment above it, made safe for a C comment. pattern_match runs
 * the same loop over the same tables at generation time (the engine's
 * match.c), so @default and
 * @const values are checked exactly as the generated decoder will check
 * them.
 */
#include "emit/c/emit_c_pattern.h"

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

/* The source pattern as it reads in a regex, made safe for a C comment:
 * no comment delimiters, no trigraph line splice, ASCII only. Every
 * substitution (\x2F for a slash, \xHH, \u{...}) means the same in the
 * pattern language, so the comment still shows an equivalent regex. */
static void emit_comment_pattern(strbuf *out, const char *s)
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
                sb_puts(out, "\\x2F");
                i = after - 1;
                continue;
            }
        }
        if (c == '\\' && i + 1 < n) {
            /* The escaped character goes out as is (valid escapes are
             * printable ASCII), so \\x and the like keep their meaning. */
            unsigned char e = (unsigned char)s[i + 1];
            if (e >= 0x20 && e < 0x7F) {
                sb_putc(out, '\\');
                sb_putc(out, (char)e);
                i++;
                continue;
            }
        }
        if (c >= 0x20 && c < 0x7F) {
            sb_putc(out, (char)c);
        } else if (c < 0x80) {
            sb_printf(out, "\\x%02X", c);
        } else {
            /* decode the (valid) UTF-8 sequence */
            uint32_t cp = c >= 0xF0 ? c & 0x07u : c >= 0xE0 ? c & 0x0Fu : c & 0x1Fu;
            size_t len = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : 2;
            for (size_t j = 1; j < len && i + j < n; j++)
                cp = cp << 6 | ((unsigned char)s[i + j] & 0x3Fu);
            sb_printf(out, "\\u{%X}", (unsigned)cp);
            i += len - 1;
        }
    }
}

/* Comma-separated values, 16 to a line; trailing comma only if asked. */
static void emit_values(strbuf *out, const char *indent, const uint32_t *v, size_t n, int width,
                        bool trailing_comma)
{
    for (size_t i = 0; i < n; i++) {
        if (i % 16 == 0) {
            if (i)
                sb_putc(out, '\n');
            sb_puts(out, indent);
        } else {
            sb_putc(out, ' ');
        }
        /* "%*u" by hand: the tables are most of a matcher's text */
        char digits[12];
        int len = 0;
        for (uint32_t x = v[i]; len == 0 || x > 0; x /= 10)
            digits[len++] = (char)('0' + x % 10);
        for (int pad = len; pad < width; pad++)
            sb_putc(out, ' ');
        while (len > 0)
            sb_putc(out, digits[--len]);
        if (i + 1 < n || trailing_comma)
            sb_putc(out, ',');
    }
}

void emit_c_pattern(const pattern *p, const char *fn, strbuf *out)
{
    const pattern_dfa dfa = pattern_dfa_of(p);
    const pattern_dfa *d = &dfa;
    const char *type = d->n <= 256 ? "uint8_t" : "uint16_t";
    int width = d->n <= 10 ? 1 : d->n <= 100 ? 2 : d->n <= 1000 ? 3 : d->n <= 10000 ? 4 : 5;
    uint32_t cls[256];

    sb_puts(out, "/* Pattern: ");
    emit_comment_pattern(out, d->source);
    sb_puts(out, "\n * Searched anywhere in s_ (like RegExp.prototype.test with the u flag);\n");
    if (d->constant >= 0) {
        sb_printf(out, " * it %s. */\n",
                  d->constant ? "matches every string" : "matches no string");
        sb_printf(out, "static bool %s(const char *s_, size_t len_)\n{\n", fn);
        sb_printf(out, "    (void)s_;\n    (void)len_;\n    return %s;\n}\n",
                  d->constant ? "true" : "false");
        return;
    }
    sb_printf(out,
              " * a DFA of %zu states over %u byte classes reads each byte once.\n"
              " * State 0: no match possible any more; state 1: matched. */\n",
              d->n, d->k);
    sb_printf(out, "static bool %s(const char *s_, size_t len_)\n{\n", fn);
    sb_printf(out, "    /* byte -> byte class */\n    static const uint8_t %s_cls[256] = {\n", fn);
    for (int b = 0; b < 256; b++)
        cls[b] = d->cls[b];
    emit_values(out, "        ", cls, 256, d->k <= 10 ? 1 : d->k <= 100 ? 2 : 3, true);
    sb_puts(out, "\n    };\n");
    sb_printf(out,
              "    /* state x byte class -> state */\n    static const %s %s_next[%zu][%u] = {\n",
              type, fn, d->n, d->k);
    for (size_t i = 0; i < d->n; i++) {
        sb_puts(out, "        {");
        if (d->k > 16)
            sb_putc(out, '\n');
        emit_values(out, d->k > 16 ? "            " : "", d->next + i * d->k, d->k, width, false);
        sb_printf(out, "%s}, /* %zu */\n", d->k > 16 ? "\n        " : "", i);
    }
    sb_puts(out, "    };\n");
    sb_printf(out,
              "    /* whether the input may end in this state */\n    static const bool "
              "%s_end[%zu] = {\n",
              fn, d->n);
    for (size_t i = 0; i < d->n; i++)
        sb_printf(out, "%s%d,", i % 32 == 0 ? (i ? "\n        " : "        ") : " ",
                  d->end[i] ? 1 : 0);
    sb_puts(out, "\n    };\n");
    sb_printf(out,
              "    unsigned st_ = %u;\n"
              "    size_t i_;\n"
              "\n"
              "    for (i_ = 0; i_ < len_; i_++) {\n"
              "        st_ = %s_next[st_][%s_cls[(unsigned char)s_[i_]]];\n"
              "        if (st_ < 2)\n"
              "            return st_ == 1;\n"
              "    }\n"
              "    return %s_end[st_];\n"
              "}\n",
              (unsigned)d->start, fn, fn, fn);
}
