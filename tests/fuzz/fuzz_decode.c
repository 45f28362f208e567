/* One fuzz target for every generated decoder (see README.md).
 *
 * The first byte of an input picks the decoder (byte % 6: '0' kitchen,
 * '1' tolerant, '2' parse_url_input, '3' calculator_input, '4' query and
 * '5' value_doc, the untagged unions; compiled with
 * -DFUZZ_CODECS='"FILE"', the codecs[] table FILE defines instead:
 * fuzz_descriptors.py's random headers); the rest is the
 * JSON text, handed over in a heap buffer of exactly its length (not
 * NUL-terminated) so ASan sees any read past it. Every input is checked
 * against these invariants, and a violation abort()s with a message:
 *
 *  1. decode never crashes or reads out of bounds (the sanitizers);
 *  2. on success T_validate passes;
 *  3. decode -> T_encode -> decode -> T_encode gives identical bytes, the
 *     second decode gives the same value as the first (T_to_cjson trees
 *     equal, numbers compared exactly: "T_encode gives a document that
 *     decodes to the same value"), and T_to_cjson gives the value that
 *     T_encode's text parses to;
 *  4. T_from_cjson of cJSON_Parse(encoded) decodes to the same encoding;
 *  5. on failure err.code is the returned code (never SC_ERR_ARGUMENT, and
 *     never SC_ERR_NOMEM from an allocator that cannot fail), the message
 *     is non-empty valid UTF-8, err.path is a valid JSON Pointer ("" or
 *     "/..." with ~ only as ~0 or ~1), err.offset lies within the input;
 *  6. a decode into a small buffer arena gives the same result as the heap
 *     arena (code, path, keyword, message, offset; or the same encoding) or
 *     fails with SC_ERR_NOMEM, never anything else;
 *  7. all memory is returned: the heap arena runs over a counting
 *     allocator, and after sc_arena_release allocations == frees; cJSON's
 *     hooks count the same way for encode, to_cjson and from_cjson;
 *  8. decoding the same input again after sc_arena_reset gives the same
 *     result (the reset arena is reused correctly);
 *  9. T_decode_all returns T_decode's code, its first error is T_decode's
 *     and every error it lists explains itself (5); on success its value
 *     encodes as T_decode's and T_validate_all finds no error.
 *
 * Every arena carries the same limits (set_fuzz_limits), low enough that a
 * fuzzer's input of a few kilobytes reaches each of them.
 *
 * The decode's output struct starts filled with garbage, not zeros: a
 * decode that succeeds must have set every member it reports.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "codec.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* Inputs seen, by the code their heap-arena decode returned (0: decoded),
 * for the plain driver's summary. */
unsigned long fuzz_decode_results[SC_ERR_COUNT_];

/* ---- the decoders, behind one signature ---- */

#ifdef FUZZ_CODECS
#include FUZZ_CODECS
#else
#include "calculator.schemac.h"
#include "kitchen.schemac.h"
#include "untagged.schemac.h"
#include "url_tool.schemac.h"

CODEC(kitchen)
CODEC(tolerant)
CODEC(parse_url_input)
CODEC(calculator_input)
CODEC(query)
CODEC(value_doc)

static const codec codecs[] = {
    CODEC_ENTRY(kitchen),          CODEC_ENTRY(tolerant), CODEC_ENTRY(parse_url_input),
    CODEC_ENTRY(calculator_input), CODEC_ENTRY(query),    CODEC_ENTRY(value_doc),
};
#endif
#define NCODECS (sizeof codecs / sizeof *codecs)

/* ---- failing loudly ---- */

static const codec *current;
static const char *current_json;
static size_t current_len;

static void violated(int invariant, const char *what, const sc_error *err)
{
    fprintf(stderr, "\nfuzz_decode: invariant %d violated (%s): %s\n", invariant,
            current ? current->type : "?", what);
    if (err != NULL)
        fprintf(stderr, "  err: code %d (%s) keyword %s offset %zu path '%.*s' message '%.*s'\n",
                err->code, sc_strerror(err->code), err->keyword ? err->keyword : "-", err->offset,
                (int)sizeof err->path, err->path, (int)sizeof err->message, err->message);
    if (current_json != NULL) {
        fprintf(stderr, "  input (%zu bytes): ", current_len);
        for (size_t i = 0; i < current_len && i < 512; i++) {
            unsigned char c = (unsigned char)current_json[i];
            if (c >= 0x20 && c < 0x7F && c != '\\')
                fputc(c, stderr);
            else
                fprintf(stderr, "\\x%02X", c);
        }
        fputc('\n', stderr);
    }
    abort();
}

#define CHECK(invariant, cond, err)                                                                \
    do {                                                                                           \
        if (!(cond))                                                                               \
            violated(invariant, #cond, err);                                                       \
    } while (0)

/* ---- counting allocators ---- */

typedef struct counter {
    size_t allocs, frees;
} counter;

static void *count_alloc(void *ctx, size_t size)
{
    void *p = malloc(size);
    if (p != NULL)
        ((counter *)ctx)->allocs++;
    return p;
}

static void count_free(void *ctx, void *ptr)
{
    if (ptr != NULL)
        ((counter *)ctx)->frees++;
    free(ptr);
}

/* cJSON's hooks are process-global: one counter for them. */
static counter cjson_count;

static void *cjson_malloc(size_t size)
{
    return count_alloc(&cjson_count, size);
}

static void cjson_free(void *ptr)
{
    count_free(&cjson_count, ptr);
}

static void install_cjson_hooks(void)
{
    static int installed;
    if (!installed) {
        cJSON_Hooks hooks = {cjson_malloc, cjson_free};
        cJSON_InitHooks(&hooks);
        installed = 1;
    }
}

/* ---- limits ---- */

/* The limits of every arena here: within reach of a few kilobytes of
 * input (strings, arrays, objects), the default depth (the corpus nests
 * at and past it), and bytes enough for the three decodes of one input
 * that share the heap arena (its value, the re-decode of its encoding,
 * T_from_cjson's). The encoding of a decoded value stays within them. */
static void set_fuzz_limits(sc_arena *arena)
{
    static const sc_limits limits = {
        .max_bytes = (size_t)8 << 20,
        .max_input = (size_t)64 << 10,
        .max_string = 1024,
        .max_items = 256,
        .max_members = 256,
    };
    sc_arena_set_limits(arena, &limits);
}

/* ---- checks ---- */

/* Invariant 5: a failed decode explains itself. */
static void check_failure(int rc, const sc_error *err, size_t len, int heap)
{
    CHECK(5, rc > 0 && rc < SC_ERR_COUNT_, err);
    CHECK(5, err->code == rc, err);
    CHECK(5, rc != SC_ERR_ARGUMENT, err);
    if (heap)
        CHECK(5, rc != SC_ERR_NOMEM, err); /* the counting allocator never fails */
    const char *mend = memchr(err->message, '\0', sizeof err->message);
    CHECK(5, mend != NULL, err);
    CHECK(5, mend > err->message, err);
    CHECK(5, sc_utf8_valid(err->message, (size_t)(mend - err->message)), err);
    const char *pend = memchr(err->path, '\0', sizeof err->path);
    CHECK(5, pend != NULL, err);
    CHECK(5, err->path[0] == '\0' || err->path[0] == '/', err);
    CHECK(5, sc_utf8_valid(err->path, (size_t)(pend - err->path)), err);
    for (const char *p = err->path; p < pend; p++)
        if (*p == '~')
            CHECK(5, p[1] == '0' || p[1] == '1', err);
    CHECK(5, err->keyword == NULL || err->keyword[0] != '\0', err);
    CHECK(5, err->offset <= len, err);
}

static int same_error(const sc_error *a, const sc_error *b)
{
    return a->code == b->code && a->offset == b->offset && strcmp(a->path, b->path) == 0 &&
           strcmp(a->message, b->message) == 0 &&
           (a->keyword == b->keyword ||
            (a->keyword != NULL && b->keyword != NULL && strcmp(a->keyword, b->keyword) == 0));
}

/* a and b hold the same value: cJSON_Compare, but numbers exactly (it
 * allows a relative error of DBL_EPSILON). Members are in declaration
 * order in both trees. */
static int same_tree(const cJSON *a, const cJSON *b)
{
    if (a == NULL || b == NULL)
        return a == b;
    if ((a->type & 0xFF) != (b->type & 0xFF))
        return 0;
    if (cJSON_IsNumber(a))
        return a->valuedouble == b->valuedouble;
    if (cJSON_IsString(a))
        return strcmp(a->valuestring, b->valuestring) == 0;
    if (cJSON_IsArray(a) || cJSON_IsObject(a)) {
        const cJSON *x = a->child, *y = b->child;
        for (; x != NULL && y != NULL; x = x->next, y = y->next) {
            if (cJSON_IsObject(a) && strcmp(x->string, y->string) != 0)
                return 0;
            if (!same_tree(x, y))
                return 0;
        }
        return x == NULL && y == NULL;
    }
    return 1; /* null, true, false */
}

/* A fresh output struct full of garbage. */
static void *garbage(size_t size)
{
    void *p = malloc(size);
    if (p == NULL)
        abort();
    memset(p, 0xA5, size);
    return p;
}

/* Invariants 2-4 for a successful decode; returns the encoding (sc_free_string). */
static char *check_success(const codec *k, const void *value, sc_arena *arena)
{
    sc_error err;

    CHECK(2, k->validate(value, &err) == 0, &err);
    CHECK(2, err.code == 0, &err);

    char *first = k->encode(value);
    CHECK(3, first != NULL, NULL);
    size_t flen = strlen(first);
    CHECK(3, sc_utf8_valid(first, flen), NULL);

    cJSON *tree = k->to_cjson(value), *parsed = cJSON_Parse(first);
    CHECK(3, tree != NULL, NULL);
    CHECK(3, parsed != NULL, NULL);
    CHECK(3, same_tree(tree, parsed), NULL);
    cJSON_Delete(parsed);
    cJSON_Delete(tree);

    void *again = garbage(k->size);
    int rc = k->decode(arena, first, flen, again, &err);
    if (rc != 0)
        fprintf(stderr, "encoded: %s\n", first);
    CHECK(3, rc == 0, &err);
    char *second = k->encode(again);
    if (second == NULL || strcmp(first, second) != 0)
        fprintf(stderr, "encoded: %s\nre-encoded: %s\n", first, second ? second : "(null)");
    CHECK(3, second != NULL && strcmp(first, second) == 0, NULL);
    sc_free_string(second);
    cJSON *t1 = k->to_cjson(value), *t2 = k->to_cjson(again);
    if (!same_tree(t1, t2)) {
        fprintf(stderr, "encoded: %s\nvalue decoded (%%.17g): ", first);
        for (const cJSON *m = t1 ? t1->child : NULL, *n = t2 ? t2->child : NULL; m && n;
             m = m->next, n = n->next)
            if (cJSON_IsNumber(m) && m->valuedouble != n->valuedouble)
                fprintf(stderr, "%s: %.17g became %.17g; ", m->string ? m->string : "?",
                        m->valuedouble, n->valuedouble);
        fputc('\n', stderr);
    }
    CHECK(3, same_tree(t1, t2), NULL);
    cJSON_Delete(t1);
    cJSON_Delete(t2);
    free(again);

    tree = cJSON_Parse(first);
    CHECK(4, tree != NULL, NULL);
    again = garbage(k->size);
    rc = k->from_cjson(arena, tree, again, &err);
    if (rc != 0)
        fprintf(stderr, "encoded: %s\n", first);
    CHECK(4, rc == 0, &err);
    char *third = k->encode(again);
    if (third == NULL || strcmp(first, third) != 0)
        fprintf(stderr, "encoded: %s\nfrom cJSON: %s\n", first, third ? third : "(null)");
    CHECK(4, third != NULL && strcmp(first, third) == 0, NULL);
    sc_free_string(third);
    cJSON_Delete(tree);
    free(again);
    return first;
}

/* Invariant 6: a buffer arena of size bytes (its own heap block, so ASan
 * sees an overrun) agrees with the heap arena or runs out of memory. */
static void check_buffer_arena(const codec *k, const char *json, size_t len, size_t size,
                               int heap_rc, const sc_error *heap_err, const char *heap_enc)
{
    unsigned char *buf = malloc(size);
    void *out = garbage(k->size);
    sc_arena arena;
    sc_error err;

    if (buf == NULL)
        abort();
    sc_arena_init_buffer(&arena, buf, size);
    set_fuzz_limits(&arena);
    int rc = k->decode(&arena, json, len, out, &err);
    if (rc == SC_ERR_NOMEM) {
        check_failure(rc, &err, len, 0);
    } else if (rc != 0) {
        check_failure(rc, &err, len, 0);
        CHECK(6, heap_rc == rc, &err);
        CHECK(6, same_error(heap_err, &err), &err);
    } else {
        CHECK(6, heap_rc == 0, &err);
        char *enc = k->encode(out);
        CHECK(6, enc != NULL && strcmp(enc, heap_enc) == 0, NULL);
        sc_free_string(enc);
    }
    sc_arena_release(&arena);
    free(out);
    free(buf);
}

/* Invariant 9: the all-errors mode agrees with the first-error mode, in
 * the same arena. */
static void check_all_errors(const codec *k, sc_arena *arena, const char *json, size_t len, int rc,
                             const sc_error *first, const char *enc)
{
    sc_error items[16];
    sc_errors errs;
    void *out = garbage(k->size);

    sc_errors_init(&errs, items, sizeof items / sizeof *items);
    int rc_all = k->decode_all(arena, json, len, out, &errs);
    CHECK(9, rc_all == rc, errs.count > 0 ? &items[0] : NULL);
    if (rc != 0) {
        CHECK(9, errs.count > 0, NULL);
        CHECK(9, same_error(&items[0], first), &items[0]);
        for (size_t i = 0; i < errs.count; i++)
            check_failure(items[i].code, &items[i], len, 1);
    } else {
        CHECK(9, errs.count == 0, NULL);
        char *again = k->encode(out);
        CHECK(9, again != NULL && strcmp(again, enc) == 0, NULL);
        sc_free_string(again);
        sc_errors_init(&errs, items, sizeof items / sizeof *items);
        CHECK(9, k->validate_all(out, &errs) == 0, errs.count > 0 ? &items[0] : NULL);
        CHECK(9, errs.count == 0, NULL);
    }
    free(out);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1)
        return 0;
    install_cjson_hooks();
    const codec *k = &codecs[data[0] % NCODECS];
    size_t len = size - 1;
    char *json = malloc(len > 0 ? len : 1);
    if (json == NULL)
        abort();
    if (len > 0)
        memcpy(json, data + 1, len);
    current = k;
    current_json = json;
    current_len = len;

    counter heap = {0, 0};
    sc_allocator allocator = {count_alloc, count_free, &heap};
    size_t cjson_allocs = cjson_count.allocs, cjson_frees = cjson_count.frees;
    sc_arena arena;
    sc_error err;
    void *out = garbage(k->size);
    char *enc = NULL;

    sc_arena_init(&arena, &allocator);
    set_fuzz_limits(&arena);
    int rc = k->decode(&arena, json, len, out, &err);
    if (rc != 0) {
        check_failure(rc, &err, len, 1);
    } else {
        CHECK(1, err.code == 0, &err);
        enc = check_success(k, out, &arena);
    }
    fuzz_decode_results[rc]++;

    /* Invariant 8: the same again in the reset arena. */
    sc_arena_reset(&arena);
    {
        void *again = garbage(k->size);
        sc_error err2;
        int rc2 = k->decode(&arena, json, len, again, &err2);
        CHECK(8, rc2 == rc, &err2);
        if (rc2 != 0) {
            CHECK(8, same_error(&err, &err2), &err2);
        } else {
            char *enc2 = k->encode(again);
            CHECK(8, enc2 != NULL && strcmp(enc, enc2) == 0, NULL);
            sc_free_string(enc2);
        }
        free(again);
    }
    check_all_errors(k, &arena, json, len, rc, &err, enc);
    sc_arena_release(&arena);
    CHECK(7, heap.allocs == heap.frees, NULL);

    check_buffer_arena(k, json, len, 256, rc, &err, enc);
    check_buffer_arena(k, json, len, 4096, rc, &err, enc);

    sc_free_string(enc);
    free(out);
    free(json);
    current_json = NULL;
    CHECK(7, cjson_count.allocs - cjson_allocs == cjson_count.frees - cjson_frees, NULL);
    return 0;
}
