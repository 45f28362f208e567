/* Decode throughput of generated decoders against cJSON.
 *
 * For four documents (a ~200 B tool call, a ~2 KB order, a ~100 KB batch
 * of 800 accounts, and the order with every object's keys in reverse of
 * the declared order, as other programs and LLMs may write them; all
 * built here deterministically and valid against bench_types.h) it times, in the same process and
 * interleaved round by round: cJSON:  cJSON_ParseWithLength + cJSON_Delete (syntax only, a tree);
 *   skip:   the project's own reader skipping the document (sc_skip_value +
 *           sc_reader_finish: full syntax, UTF-8 and duplicate-key checks,
 *           nothing built): the floor a decoder built on the reader has;
 *   decode: T_decode into the struct, every constraint checked, then
 *           sc_arena_reset (what a request loop does);
 *   all:    the same with T_decode_all (all-errors mode, room for 16 errors),
 *           to show what collecting costs a document that has none.
 * Each round runs one method in a loop for at least --round-ms; the table
 * shows the median over the rounds in ns per document. It also compares
 * the bytes cJSON allocates for its tree with sc_arena_used() after one
 * decode.
 *
 * Before timing, every document must decode, and the decoded struct must
 * encode back to a tree equal to cJSON's tree of the input: a decoder that
 * fails or skips work cannot report a fast number. Exit status 1 then.
 *
 * Usage: bench_decode [--quick] [--rounds N] [--round-ms MS] [--doc D] [--print D]
 *                     [--calls N --method cjson|skip|decode|all|validate|encode --doc D]
 * --quick: 3 short rounds (CI: checks that it runs, not the speed).
 * --doc 0|1|2|3: time only that document (for perf record).
 * --calls N: after the checks, run one method N times on document --doc and
 * exit, timing nothing (bench/callgrind.sh counts instructions this way);
 * validate and encode (not timed) decode the document once, then run
 * T_validate or T_encode on the value N times.
 * --print 0|1|2|3: write that document to stdout and exit (to inspect it or
 * check it against the emitted schema with another validator). */
#define _POSIX_C_SOURCE 200809L

#include <cJSON.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_types.schemac.h"
#include <schemac/reader.h> /* skip_loop: sc_skip_value, as generated code calls it */

#ifndef BENCH_BUILDTYPE
#define BENCH_BUILDTYPE "unknown"
#endif

#ifdef __clang__
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown compiler"
#endif

#define MAX_ROUNDS 101
#define DOCS 4

/* ---- a growable text buffer to build the documents ---- */

typedef struct {
    char *p;
    size_t len, cap;
} text;

static void die(const char *what)
{
    fprintf(stderr, "bench_decode: %s\n", what);
    exit(1);
}

static void appendf(text *t, const char *fmt, ...) SC_PRINTF(2, 3);
static void appendf(text *t, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(t->p ? t->p + t->len : NULL, t->p ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0)
            die("vsnprintf failed");
        if (t->p && (size_t)n < t->cap - t->len) {
            t->len += (size_t)n;
            return;
        }
        size_t cap = t->cap ? t->cap : 256;
        while (cap - t->len <= (size_t)n)
            cap *= 2;
        char *p = realloc(t->p, cap);
        if (!p)
            die("out of memory");
        t->p = p;
        t->cap = cap;
    }
}

/* A fixed LCG: the same documents on every machine and run. */
static uint32_t rng_state = 12345u;
static uint32_t rng(void)
{
    rng_state = rng_state * 1664525u + 1013904223u;
    return rng_state >> 8;
}

static uint32_t pick(uint32_t n)
{
    return rng() % n;
}

/* value / 10^decimals printed exactly (numbers as senders write them). */
static void append_fixed(text *t, long value, int decimals)
{
    long scale = 1;
    for (int i = 0; i < decimals; i++)
        scale *= 10;
    long mag = value < 0 ? -value : value;
    appendf(t, "%s%ld.%0*ld", value < 0 ? "-" : "", mag / scale, decimals, mag % scale);
}

/* ---- the three documents ---- */

static char *build_tool_call(size_t *len)
{
    text t = {0};
    appendf(&t,
            "{\"url\":\"https://api.example.com/v2/search?q=schema%%20decoder&page=3&per_page=50\","
            "\"method\":\"post\",\"reply_to\":\"alerts@ops.example.org\","
            "\"request_id\":\"6f1c2a9e-3b7d-4e8a-9c10-2d5e7f8a9b0c\",\"timeout_s\":30,"
            "\"follow_redirects\":true}");
    *len = t.len;
    return t.p;
}

static char *build_order(size_t *len)
{
    static const char *const items[] = {"Stainless steel widget, 40 mm, pack of 12",
                                        "Oak desk organiser with three drawers",
                                        "USB-C cable, braided, 2 m",
                                        "Caf\xC3\xA9 au lait mug, 350 ml",
                                        "Replacement filter cartridge",
                                        "Ergonomic mouse \\u2013 left-handed",
                                        "A4 notebook, dotted, 120 pages",
                                        "LED desk lamp with dimmer"};
    text t = {0};
    long total = 0;

    appendf(&t, "{\"id\":\"0b7e5c3a-91d2-4f6b-8a3e-5c2d1f0e9a7b\",\"title\":\"Office supplies, "
                "quarterly restock\",\"author\":{\"name\":\"Ada Lovelace\",\"email\":"
                "\"ada.lovelace@example.com\",\"host\":\"shop-eu-1.example.com\",\"created_at\":"
                "\"2024-05-17T09:42:13.250Z\"},\"lines\":[");
    for (int i = 0; i < 12; i++) {
        long quantity = 1 + (long)pick(20), cents = 199 + (long)pick(20000),
             discount = (long)pick(30);
        total += quantity * cents * (100 - discount) / 100;
        appendf(
            &t,
            "%s{\"sku\":\"%c%c%c-%04u\",\"description\":\"%s\",\"quantity\":%ld,\"unit_price\":",
            i ? "," : "", 'A' + (int)pick(26), 'A' + (int)pick(26), 'A' + (int)pick(26),
            (unsigned)pick(10000), items[pick(8)], quantity);
        append_fixed(&t, cents, 2);
        appendf(&t, ",\"discount\":");
        append_fixed(&t, discount, 2);
        appendf(&t, "}");
    }
    appendf(&t, "],\"total\":");
    append_fixed(&t, total, 2);
    appendf(&t, ",\"currency\":\"EUR\",\"notes\":\"Deliver to the side entrance between 9:00 and "
                "17:00; the loading bay is closed on Fridays.\\nCall the front desk on arrival. "
                "Invoices go to accounts@example.com, quoting the order id and the cost centre "
                "(CC-4471). Partial deliveries are fine, but please ship the lamps together.\"}");
    *len = t.len;
    return t.p;
}

static char *build_batch(size_t *len, size_t count)
{
    static const char *const first[] = {"Ada",    "Grace",   "Alan", "Edsger",   "Barbara",
                                        "Donald", "Frances", "Ken",  "Margaret", "Dennis"};
    static const char *const last[] = {"Lovelace", "Hopper", "Turing",   "Dijkstra", "Liskov",
                                       "Knuth",    "Allen",  "Thompson", "Hamilton", "Ritchie"};
    static const char *const states[] = {"active", "idle", "suspended", "closed"};
    static const char *const labels[] = {"beta",  "eu-west", "us-east", "vip",
                                         "trial", "team-a",  "legacy",  "b2b"};
    text t = {0};

    appendf(&t, "{\"page\":7,\"accounts\":[");
    for (size_t i = 0; i < count; i++) {
        appendf(&t, "%s{\"id\":%zu,\"name\":\"%s %s\",\"state\":\"%s\",\"score\":", i ? "," : "",
                100000 + i, first[pick(10)], last[pick(10)], states[pick(4)]);
        append_fixed(&t, (long)pick(10001), 2);
        appendf(&t, ",\"loc\":{\"lat\":");
        append_fixed(&t, (long)pick(1800001) - 900000, 4);
        appendf(&t, ",\"lon\":");
        append_fixed(&t, (long)pick(3600001) - 1800000, 4);
        appendf(&t, "},\"labels\":[");
        /* 0..3 distinct labels: consecutive entries of the pool */
        uint32_t n = pick(4), start = pick(8);
        for (uint32_t k = 0; k < n; k++)
            appendf(&t, "%s\"%s\"", k ? "," : "", labels[(start + k) % 8]);
        appendf(&t, "]}");
    }
    appendf(&t, "]}");
    *len = t.len;
    return t.p;
}

/* The end of the value at p, in a document built above (no white space). */
static const char *value_end(const char *p)
{
    if (*p == '"') {
        for (p++; *p != '"'; p++)
            if (*p == '\\')
                p++;
        return p + 1;
    }
    if (*p == '{' || *p == '[') { /* keys and values, each followed by ':' or ',' */
        for (p++; *p != '}' && *p != ']';)
            if (*(p = value_end(p)) == ':' || *p == ',')
                p++;
        return p + 1;
    }
    while (*p != ',' && *p != '}' && *p != ']' && *p != '\0')
        p++;
    return p;
}

/* Appends the value at p (a document built above) with every object's
 * members in reverse order, the bytes of each key and scalar unchanged;
 * returns the end of the value. */
static const char *append_reversed(text *t, const char *p)
{
    enum { MAX_MEMBERS = 16 };
    if (*p == '{') {
        const char *member[MAX_MEMBERS];
        int n = 0;
        for (p++; *p != '}'; n++) {
            if (n == MAX_MEMBERS)
                die("append_reversed: too many members");
            member[n] = p;
            if (*(p = value_end(value_end(p) + 1)) == ',')
                p++;
        }
        appendf(t, "{");
        for (int i = n - 1; i >= 0; i--) {
            const char *colon = value_end(member[i]);
            appendf(t, "%s%.*s:", i < n - 1 ? "," : "", (int)(colon - member[i]), member[i]);
            append_reversed(t, colon + 1);
        }
        appendf(t, "}");
        return p + 1;
    }
    if (*p == '[') {
        appendf(t, "[");
        for (p++; *p != ']';) {
            if (*p == ',') {
                appendf(t, ",");
                p++;
            }
            p = append_reversed(t, p);
        }
        appendf(t, "]");
        return p + 1;
    }
    const char *end = value_end(p);
    appendf(t, "%.*s", (int)(end - p), p);
    return end;
}

static char *build_reversed(const char *json, size_t *len)
{
    text t = {0};
    append_reversed(&t, json);
    *len = t.len;
    return t.p;
}

/* ---- clocks and statistics ---- */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_double);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* ---- counting allocators: cJSON's tree and the arena's blocks ---- */

/* The size lives in a header aligned like malloc's own result. */
#define HDR sizeof(max_align_t)

typedef struct {
    size_t live, peak, calls;
} counter;

static counter cjson_count;

static void *counted_malloc(counter *c, size_t n)
{
    unsigned char *p = malloc(HDR + n);
    if (!p)
        return NULL;
    memcpy(p, &n, sizeof n);
    c->live += n;
    c->calls++;
    if (c->live > c->peak)
        c->peak = c->live;
    return p + HDR;
}

static void counted_free(counter *c, void *ptr)
{
    size_t n;
    if (!ptr)
        return;
    unsigned char *p = (unsigned char *)ptr - HDR;
    memcpy(&n, p, sizeof n);
    c->live -= n;
    free(p);
}

static void *cjson_malloc(size_t n)
{
    return counted_malloc(&cjson_count, n);
}

static void cjson_free(void *ptr)
{
    counted_free(&cjson_count, ptr);
}

static void *arena_malloc(void *ctx, size_t n)
{
    return counted_malloc(ctx, n);
}

static void arena_free(void *ctx, void *ptr)
{
    counted_free(ctx, ptr);
}

/* ---- one document: verification, memory, timing ---- */

typedef struct {
    const char *name;
    char *json;
    size_t len;
    /* Decodes n times, resetting the arena before each decode (so the last
     * value stays readable); returns 0 or the error code. */
    int (*decode_loop)(sc_arena *arena, const char *json, size_t len, long n, sc_error *err);
    /* The same with T_decode_all. */
    int (*decode_all_loop)(sc_arena *arena, const char *json, size_t len, long n);
    /* Decodes once into the arena and returns the value as a cJSON tree
     * (through the generated encoder), or NULL with err set. */
    cJSON *(*decode_to_cjson)(sc_arena *arena, const char *json, size_t len, sc_error *err);
    /* The array member and its length, checked beyond the round trip. */
    const char *items_member;
    int expect_items;
    /* Decodes once, then validates (encodes) the value n times. */
    int (*validate_loop)(sc_arena *arena, const char *json, size_t len, long n);
    int (*encode_loop)(sc_arena *arena, const char *json, size_t len, long n);
} document;

static volatile size_t sink; /* keeps results observable */

#define DECODE_FUNCS(T, ITEMS)                                                                     \
    static int T##_loop(sc_arena *arena, const char *json, size_t len, long n, sc_error *err)      \
    {                                                                                              \
        for (long i = 0; i < n; i++) {                                                             \
            T value;                                                                               \
            sc_arena_reset(arena);                                                                 \
            int rc = T##_decode(arena, json, len, &value, err);                                    \
            if (rc != 0)                                                                           \
                return rc;                                                                         \
            sink += (size_t)(ITEMS);                                                               \
        }                                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int T##_all_loop(sc_arena *arena, const char *json, size_t len, long n)                 \
    {                                                                                              \
        static sc_error items[16];                                                                 \
        sc_errors errs;                                                                            \
        sc_errors_init(&errs, items, 16);                                                          \
        for (long i = 0; i < n; i++) {                                                             \
            T value;                                                                               \
            sc_arena_reset(arena);                                                                 \
            int rc = T##_decode_all(arena, json, len, &value, &errs);                              \
            if (rc != 0)                                                                           \
                return rc;                                                                         \
            sink += (size_t)(ITEMS);                                                               \
        }                                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static cJSON *T##_tree(sc_arena *arena, const char *json, size_t len, sc_error *err)           \
    {                                                                                              \
        T value;                                                                                   \
        if (T##_decode(arena, json, len, &value, err) != 0)                                        \
            return NULL;                                                                           \
        if (T##_validate(&value, err) != 0)                                                        \
            return NULL;                                                                           \
        sink = (size_t)(ITEMS);                                                                    \
        return T##_to_cjson(&value);                                                               \
    }                                                                                              \
    static int T##_validate_loop(sc_arena *arena, const char *json, size_t len, long n)            \
    {                                                                                              \
        T value;                                                                                   \
        sc_error err;                                                                              \
        sc_arena_reset(arena);                                                                     \
        if (T##_decode(arena, json, len, &value, &err) != 0)                                       \
            return 1;                                                                              \
        for (long i = 0; i < n; i++)                                                               \
            if (T##_validate(&value, &err) != 0)                                                   \
                return 1;                                                                          \
        return 0;                                                                                  \
    }                                                                                              \
    static int T##_encode_loop(sc_arena *arena, const char *json, size_t len, long n)              \
    {                                                                                              \
        T value;                                                                                   \
        sc_error err;                                                                              \
        sc_arena_reset(arena);                                                                     \
        if (T##_decode(arena, json, len, &value, &err) != 0)                                       \
            return 1;                                                                              \
        for (long i = 0; i < n; i++) {                                                             \
            char *text = T##_encode(&value);                                                       \
            if (text == NULL)                                                                      \
                return 1;                                                                          \
            sink += strlen(text);                                                                  \
            sc_free_string(text);                                                                  \
        }                                                                                          \
        return 0;                                                                                  \
    }

DECODE_FUNCS(fetch_call, value.timeout_s)
DECODE_FUNCS(order_doc, value.lines_count)
DECODE_FUNCS(account_batch, value.accounts_count)

static int cjson_loop(const char *json, size_t len, long n)
{
    for (long i = 0; i < n; i++) {
        cJSON *tree = cJSON_ParseWithLength(json, len);
        if (!tree)
            return 1;
        sink += (size_t)tree->type;
        cJSON_Delete(tree);
    }
    return 0;
}

/* The floor: the reader alone, skipping the whole document. */
static int skip_loop(sc_arena *arena, const char *json, size_t len, long n)
{
    for (long i = 0; i < n; i++) {
        sc_reader r;
        sc_error err;
        sc_arena_reset(arena); /* escaped keys are unescaped into it */
        sc_reader_init(&r, json, len, arena, &err);
        if (sc_skip_value(&r) != 0 || sc_reader_finish(&r) != 0)
            return 1;
        sink += (size_t)(r.p - r.begin);
    }
    return 0;
}

enum { METHOD_CJSON, METHOD_DECODE, METHOD_SKIP, METHOD_ALL, METHODS };
/* --calls only, not timed: */
enum { METHOD_VALIDATE = METHODS, METHOD_ENCODE, CALL_METHODS };
static const char *const method_names[CALL_METHODS] = {"cjson", "decode",   "skip",
                                                       "all",   "validate", "encode"};

static int run_method(const document *d, sc_arena *arena, int which, long n)
{
    sc_error err;
    switch (which) {
    case METHOD_CJSON:
        return cjson_loop(d->json, d->len, n);
    case METHOD_DECODE:
        return d->decode_loop(arena, d->json, d->len, n, &err);
    case METHOD_ALL:
        return d->decode_all_loop(arena, d->json, d->len, n);
    case METHOD_VALIDATE:
        return d->validate_loop(arena, d->json, d->len, n);
    case METHOD_ENCODE:
        return d->encode_loop(arena, d->json, d->len, n);
    default:
        return skip_loop(arena, d->json, d->len, n);
    }
}

static int count_children(const cJSON *node, const char *member)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(node, member));
}

/* Every decode succeeds and loses nothing: decode -> encode gives a tree
 * equal (cJSON_Compare) to cJSON's own parse of the input. */
static void verify(const document *d, sc_arena *arena)
{
    sc_error err;
    char msg[600];
    cJSON *expected = cJSON_ParseWithLength(d->json, d->len);
    if (!expected) {
        fprintf(stderr, "bench_decode: %s: cJSON rejects the document\n", d->name);
        exit(1);
    }
    cJSON *got = d->decode_to_cjson(arena, d->json, d->len, &err);
    if (!got) {
        sc_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "bench_decode: %s: decode failed: %s (%s, offset %zu)\n", d->name, msg,
                sc_strerror(err.code), err.offset);
        exit(1);
    }
    /* The timed loop's own code path must succeed too. */
    if (d->decode_loop(arena, d->json, d->len, 1, &err) != 0) {
        sc_error_format(&err, msg, sizeof msg);
        fprintf(stderr, "bench_decode: %s: decode failed: %s\n", d->name, msg);
        exit(1);
    }
    if (d->decode_all_loop(arena, d->json, d->len, 1) != 0) {
        fprintf(stderr, "bench_decode: %s: all-errors decode failed\n", d->name);
        exit(1);
    }
    if (skip_loop(arena, d->json, d->len, 1) != 0) {
        fprintf(stderr, "bench_decode: %s: the reader rejects the document\n", d->name);
        exit(1);
    }
    if (!cJSON_Compare(expected, got, 1)) {
        fprintf(stderr, "bench_decode: %s: decoded value differs from the input\n", d->name);
        exit(1);
    }
    if (d->items_member && count_children(got, d->items_member) != d->expect_items) {
        fprintf(stderr, "bench_decode: %s: wrong item count\n", d->name);
        exit(1);
    }
    cJSON_Delete(got);
    cJSON_Delete(expected);
}

typedef struct {
    size_t cjson_bytes, cjson_allocs;
    size_t arena_used, arena_heap;
} memory;

static memory measure_memory(const document *d)
{
    memory m = {0};
    sc_error err;

    cJSON_Hooks hooks = {cjson_malloc, cjson_free};
    memset(&cjson_count, 0, sizeof cjson_count);
    cJSON_InitHooks(&hooks);
    cJSON *tree = cJSON_ParseWithLength(d->json, d->len);
    m.cjson_bytes = cjson_count.live;
    m.cjson_allocs = cjson_count.calls;
    cJSON_Delete(tree);
    cJSON_InitHooks(NULL); /* back to malloc/free for everything else */
    if (!tree || cjson_count.live != 0)
        die("cJSON memory accounting failed");

    counter blocks = {0};
    sc_allocator alloc = {arena_malloc, arena_free, &blocks};
    sc_arena arena;
    sc_arena_init(&arena, &alloc);
    if (d->decode_loop(&arena, d->json, d->len, 1, &err) != 0)
        die("decode failed");
    m.arena_used = sc_arena_used(&arena);
    m.arena_heap = blocks.peak;
    sc_arena_release(&arena);
    return m;
}

typedef struct {
    double ns[METHODS];     /* medians, per document */
    double spread[METHODS]; /* (max - min) / median */
} timing;

/* Iterations of one method that take about round_ns. */
static long calibrate(const document *d, sc_arena *arena, int which, double round_ns)
{
    long n = 1;
    for (;;) {
        double t0 = now_ns();
        int rc = run_method(d, arena, which, n);
        double dt = now_ns() - t0;
        if (rc != 0)
            die("a document stopped decoding");
        if (dt >= round_ns / 8 || n > (1L << 30))
            return (long)(round_ns / (dt / (double)n)) + 1;
        n *= 2;
    }
}

static timing measure_time(const document *d, sc_arena *arena, int rounds, double round_ns)
{
    double per[METHODS][MAX_ROUNDS];
    long n[METHODS];
    timing t;

    for (int m = 0; m < METHODS; m++)
        n[m] = calibrate(d, arena, m, round_ns);
    for (int r = 0; r < rounds; r++) {
        /* Rotate which method goes first so none always gets the warmer
         * caches or the quieter moment. */
        for (int k = 0; k < METHODS; k++) {
            int which = (r + k) % METHODS;
            double t0 = now_ns();
            int rc = run_method(d, arena, which, n[which]);
            double dt = now_ns() - t0;
            if (rc != 0)
                die("a document stopped decoding");
            per[which][r] = dt / (double)n[which];
        }
    }
    for (int m = 0; m < METHODS; m++) {
        t.ns[m] = median(per[m], rounds);
        t.spread[m] = (per[m][rounds - 1] - per[m][0]) / t.ns[m];
    }
    return t;
}

int main(int argc, char **argv)
{
    int rounds = 11;
    double round_ms = 50;
    int print = -1, only = -1, method = -1;
    long calls = 0;

    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--quick") == 0) {
            rounds = 3;
            round_ms = 2;
        } else if (strcmp(argv[i], "--rounds") == 0 && i + 1 < argc) {
            rounds = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--round-ms") == 0 && i + 1 < argc) {
            round_ms = atof(argv[++i]);
        } else if (strcmp(argv[i], "--print") == 0 && i + 1 < argc) {
            print = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--doc") == 0 && i + 1 < argc) {
            only = atoi(argv[++i]);
        } else if (strcmp(argv[i], "--calls") == 0 && i + 1 < argc) {
            calls = atol(argv[++i]);
        } else if (strcmp(argv[i], "--method") == 0 && i + 1 < argc) {
            const char *name = argv[++i];
            for (int m = 0; m < CALL_METHODS; m++)
                if (strcmp(name, method_names[m]) == 0)
                    method = m;
            if (method < 0)
                die("--method must be cjson, skip, decode, all, validate or encode");
        } else {
            fprintf(stderr,
                    "usage: %s [--quick] [--rounds N] [--round-ms MS] [--doc D] [--print D]\n"
                    "       [--calls N --method cjson|skip|decode|all|validate|encode --doc D]\n",
                    argv[0]);
            return 2;
        }
    }
    if (rounds < 1 || rounds > MAX_ROUNDS || !(round_ms > 0) || print >= DOCS || only >= DOCS)
        die("--rounds must be 1..101, --round-ms > 0, --doc and --print 0..3");
    if (calls < 0 || (calls > 0 && (method < 0 || only < 0)))
        die("--calls N needs --method and --doc");

    document docs[DOCS] = {
        {"tool call", NULL, 0, fetch_call_loop, fetch_call_all_loop, fetch_call_tree, NULL, 0,
         fetch_call_validate_loop, fetch_call_encode_loop},
        {"order", NULL, 0, order_doc_loop, order_doc_all_loop, order_doc_tree, "lines", 12,
         order_doc_validate_loop, order_doc_encode_loop},
        {"batch", NULL, 0, account_batch_loop, account_batch_all_loop, account_batch_tree,
         "accounts", 800, account_batch_validate_loop, account_batch_encode_loop},
        {"order rev", NULL, 0, order_doc_loop, order_doc_all_loop, order_doc_tree, "lines", 12,
         order_doc_validate_loop, order_doc_encode_loop},
    };
    docs[0].json = build_tool_call(&docs[0].len);
    docs[1].json = build_order(&docs[1].len);
    docs[2].json = build_batch(&docs[2].len, 800);
    docs[3].json = build_reversed(docs[1].json, &docs[3].len);

    if (print >= 0) {
        fwrite(docs[print].json, 1, docs[print].len, stdout);
        for (int i = 0; i < DOCS; i++)
            free(docs[i].json);
        return 0;
    }

    sc_arena arena;
    sc_arena_init(&arena, NULL);
    for (int i = 0; i < DOCS; i++)
        verify(&docs[i], &arena);

    if (calls > 0) {
        /* Nothing timed or printed: callgrind counts the instructions. */
        int rc = run_method(&docs[only], &arena, method, calls);
        sc_arena_release(&arena);
        for (int i = 0; i < DOCS; i++)
            free(docs[i].json);
        return rc != 0;
    }

    printf("schemac decode vs cJSON: %s build, %s, median of %d rounds of >= %g ms\n\n",
           BENCH_BUILDTYPE, COMPILER, rounds, round_ms);
    printf("%-10s %7s  %12s %11s %13s %10s  %10s %9s %8s %8s  %8s  %s\n", "document", "bytes",
           "cJSON ns/doc", "skip ns/doc", "decode ns/doc", "all ns/doc", "skip/cJSON", "dec/cJSON",
           "dec/skip", "all/dec", "dec MB/s", "spread cJSON/skip/dec/all");
    memory mem[DOCS];
    for (int i = 0; i < DOCS; i++) {
        const document *d = &docs[i];
        mem[i] = measure_memory(d);
        if (only >= 0 && i != only)
            continue;
        timing t = measure_time(d, &arena, rounds, round_ms * 1e6);
        double cj = t.ns[METHOD_CJSON], sk = t.ns[METHOD_SKIP], de = t.ns[METHOD_DECODE],
               al = t.ns[METHOD_ALL];
        printf(
            "%-10s %7zu  %12.0f %11.0f %13.0f %10.0f  %10.2f %9.2f %8.2f %8.2f  %8.0f  %3.0f%% / %.0f%% / "
            "%.0f%% / %.0f%%\n",
            d->name, d->len, cj, sk, de, al, sk / cj, de / cj, de / sk, al / de,
            (double)d->len / de * 1e3, t.spread[METHOD_CJSON] * 100, t.spread[METHOD_SKIP] * 100,
            t.spread[METHOD_DECODE] * 100, t.spread[METHOD_ALL] * 100);
    }

    printf("\nmemory for one document (bytes requested; malloc's own overhead not counted)\n");
    printf("%-10s %12s %14s %12s %14s\n", "document", "cJSON tree", "cJSON mallocs", "arena used",
           "arena blocks");
    for (int i = 0; i < DOCS; i++)
        printf("%-10s %12zu %14zu %12zu %14zu\n", docs[i].name, mem[i].cjson_bytes,
               mem[i].cjson_allocs, mem[i].arena_used, mem[i].arena_heap);

    sc_arena_release(&arena);
    for (int i = 0; i < DOCS; i++)
        free(docs[i].json);
    return 0;
}
