/* schemac generator: a cJSON tree as deterministic JSON text, the one
 * printer of every document the generator writes (schemas, dialects, the
 * values the keyword table states). */
#include "util/json_print.h"

#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "util/strbuf.h"

/* The printer writes straight into its buffers' free room, each token after
 * one check for space: token by token through sb_putc/sb_puts it cost as
 * much as building the trees. One walk can write the pretty and the compact
 * text together: they differ only in the whitespace between tokens. */

typedef struct printer {
    strbuf *pretty;  /* NULL: compact only */
    strbuf *compact; /* NULL: pretty only */
} printer;

/* Room for n more bytes at the end of sb (and the NUL sb_take leaves). */
static char *room(strbuf *sb, size_t n)
{
    if (sb->len + n + 1 > sb->cap)
        sb_reserve(sb, n);
    return sb->data + sb->len;
}

static void put_raw(strbuf *sb, const char *s, size_t n)
{
    memcpy(room(sb, n), s, n);
    sb->len += n;
}

/* A token, the same in both texts. */
static void put(const printer *pr, const char *s, size_t n)
{
    if (pr->pretty != NULL)
        put_raw(pr->pretty, s, n);
    if (pr->compact != NULL)
        put_raw(pr->compact, s, n);
}

/* s as a JSON string into sb: the control characters other than \n \r \t \b
 * \f as \u00XX, every other byte as itself. */
static void escape_into(strbuf *sb, const char *s)
{
    static const char hex[] = "0123456789abcdef";
    static bool plain[256]; /* written as itself; a table, as most bytes are */
    if (!plain['a'])
        for (int c = 0x20; c < 256; c++)
            plain[c] = c != '"' && c != '\\';
    size_t n = strlen(s);
    char *out = room(sb, 6 * n + 2); /* \u00XX is the longest form of a byte */
    char *o = out;
    *o++ = '"';
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (plain[c]) {
            *o++ = (char)c;
            continue;
        }
        *o++ = '\\';
        switch (c) {
        case '"':
            *o++ = '"';
            break;
        case '\\':
            *o++ = '\\';
            break;
        case '\n':
            *o++ = 'n';
            break;
        case '\r':
            *o++ = 'r';
            break;
        case '\t':
            *o++ = 't';
            break;
        case '\b':
            *o++ = 'b';
            break;
        case '\f':
            *o++ = 'f';
            break;
        default:
            memcpy(o, "u00", 3);
            o[3] = hex[c >> 4];
            o[4] = hex[c & 15];
            o += 5;
        }
    }
    *o++ = '"';
    sb->len += (size_t)(o - out);
}

static void put_string(const printer *pr, const char *s)
{
    strbuf *first = pr->pretty != NULL ? pr->pretty : pr->compact;
    size_t before = first->len;
    escape_into(first, s);
    if (pr->pretty != NULL && pr->compact != NULL)
        put_raw(pr->compact, pr->pretty->data + before, pr->pretty->len - before);
}

/* A JSON number as sb_put_json_number writes it: integers as integers,
 * others in their shortest exact form. */
static void put_number(const printer *pr, double v)
{
    char text[40];
    size_t n;
    if (v == (double)(long long)v && v >= -9007199254740992.0 && v <= 9007199254740992.0) {
        long long i = (long long)v;
        unsigned long long u = i < 0 ? 0ULL - (unsigned long long)i : (unsigned long long)i;
        char digits[24];
        size_t nd = 0;
        do {
            digits[nd++] = (char)('0' + u % 10);
            u /= 10;
        } while (u != 0);
        n = 0;
        if (i < 0)
            text[n++] = '-';
        while (nd > 0)
            text[n++] = digits[--nd];
    } else {
        format_shortest_double(text, v);
        n = strlen(text);
    }
    put(pr, text, n);
}

/* A line break and depth levels of two spaces, in the pretty text only. */
static void newline(const printer *pr, int depth)
{
    if (pr->pretty == NULL)
        return;
    size_t n = 1 + 2 * (size_t)depth;
    char *o = room(pr->pretty, n);
    o[0] = '\n';
    memset(o + 1, ' ', n - 1);
    pr->pretty->len += n;
}

static void print_value(const printer *pr, const cJSON *v, int depth)
{
    if (cJSON_IsObject(v) || cJSON_IsArray(v)) {
        bool object = cJSON_IsObject(v);
        if (v->child == NULL) {
            put(pr, object ? "{}" : "[]", 2);
            return;
        }
        put(pr, object ? "{" : "[", 1);
        for (const cJSON *item = v->child; item != NULL; item = item->next) {
            newline(pr, depth + 1);
            if (object) {
                put_string(pr, item->string);
                put(pr, ":", 1);
                if (pr->pretty != NULL)
                    put_raw(pr->pretty, " ", 1);
            }
            print_value(pr, item, depth + 1);
            if (item->next != NULL)
                put(pr, ",", 1);
        }
        newline(pr, depth);
        put(pr, object ? "}" : "]", 1);
    } else if (cJSON_IsString(v)) {
        put_string(pr, v->valuestring);
    } else if (cJSON_IsNumber(v)) {
        put_number(pr, v->valuedouble);
    } else if (cJSON_IsTrue(v)) {
        put(pr, "true", 4);
    } else if (cJSON_IsFalse(v)) {
        put(pr, "false", 5);
    } else {
        put(pr, "null", 4);
    }
}

/* Ends a printed text: pretty ones with a line break. The buffer gives
 * back its unused room: thousands of texts are kept to the end of the run,
 * and fresh memory costs page faults. */
static char *finish(strbuf *sb, bool pretty)
{
    if (pretty)
        put_raw(sb, "\n", 1);
    room(sb, 0)[0] = '\0';
    size_t size = sb->len + 1;
    return xrealloc(sb_take(sb), size);
}

char *json_print(const cJSON *doc, int pretty)
{
    strbuf sb;
    sb_init(&sb);
    printer pr = {pretty ? &sb : NULL, pretty ? NULL : &sb};
    print_value(&pr, doc, 0);
    return finish(&sb, pretty);
}

void json_print_both(const cJSON *doc, char **pretty, char **compact)
{
    strbuf p, c;
    sb_init(&p);
    sb_init(&c);
    printer pr = {&p, &c};
    print_value(&pr, doc, 0);
    *pretty = finish(&p, true);
    *compact = finish(&c, false);
}
