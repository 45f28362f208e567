/* One decoder type of the differential run: what decode_driver.c needs to
 * decode, validate and encode a T. The types live in two translation units
 * (decode_driver.c and codecs_more.c) because the headers they include
 * define types of the same name (`spot` in shapes.h and in nullable.h). */
#ifndef DIFFERENTIAL_CODEC_H
#define DIFFERENTIAL_CODEC_H

#include <stddef.h>

#include <schemac/schemac.h>

typedef struct codec {
    const char *type;
    size_t size;
    int (*decode)(sc_arena *arena, const char *json, size_t len, void *out, sc_error *err);
    int (*validate)(const void *value, sc_error *err);
    char *(*encode)(const void *value);
} codec;

#define CODEC(T)                                                                                   \
    static int T##_dec(sc_arena *a, const char *j, size_t n, void *out, sc_error *e)              \
    {                                                                                              \
        return T##_decode(a, j, n, (T *)out, e);                                                   \
    }                                                                                              \
    static int T##_val(const void *v, sc_error *e)                                                 \
    {                                                                                              \
        return T##_validate((const T *)v, e);                                                      \
    }                                                                                              \
    static char *T##_enc(const void *v)                                                            \
    {                                                                                              \
        return T##_encode((const T *)v);                                                           \
    }

#define CODEC_ENTRY(T) {#T, sizeof(T), T##_dec, T##_val, T##_enc}

/* codecs_more.c: the types of tests/decode/{nullable,any,shapes_union,maps,recursive}.h */
extern const codec more_codecs[];
extern const size_t more_codecs_count;

#endif /* DIFFERENTIAL_CODEC_H */
