/* One table entry per generated type, for tests that drive many types
 * through the same code: the generated functions behind void pointers.
 * Wrappers, not casts of the functions themselves: calling a function
 * through a pointer of another type is undefined. */
#ifndef SCHEMAC_TESTS_CODEC_H
#define SCHEMAC_TESTS_CODEC_H

#include <stddef.h>

#include <schemac/schemac.h>

typedef struct codec {
    const char *type;
    size_t size;
    int (*decode)(sc_arena *arena, const char *json, size_t len, void *out, sc_error *err);
    int (*validate)(const void *value, sc_error *err);
    char *(*encode)(const void *value);
    cJSON *(*to_cjson)(const void *value);
    int (*from_cjson)(sc_arena *arena, const cJSON *node, void *out, sc_error *err);
    int (*decode_all)(sc_arena *arena, const char *json, size_t len, void *out, sc_errors *errs);
    int (*validate_all)(const void *value, sc_errors *errs);
    char *(*encode_ex)(const void *value, sc_error *err);
    int (*from_cjson_all)(sc_arena *arena, const cJSON *node, void *out, sc_errors *errs);
} codec;

/* The wrappers of type T; CODEC_ENTRY(T) is its table entry. */
#define CODEC(T)                                                                                   \
    static int T##_dec(sc_arena *a, const char *j, size_t n, void *out, sc_error *e)               \
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
    }                                                                                              \
    static cJSON *T##_to_tree(const void *v)                                                       \
    {                                                                                              \
        return T##_to_cjson((const T *)v);                                                         \
    }                                                                                              \
    static int T##_from_tree(sc_arena *a, const cJSON *node, void *out, sc_error *e)               \
    {                                                                                              \
        return T##_from_cjson(a, node, (T *)out, e);                                               \
    }                                                                                              \
    static int T##_dec_all(sc_arena *a, const char *j, size_t n, void *out, sc_errors *e)          \
    {                                                                                              \
        return T##_decode_all(a, j, n, (T *)out, e);                                               \
    }                                                                                              \
    static int T##_val_all(const void *v, sc_errors *e)                                            \
    {                                                                                              \
        return T##_validate_all((const T *)v, e);                                                  \
    }                                                                                              \
    static char *T##_enc_ex(const void *v, sc_error *e)                                            \
    {                                                                                              \
        return T##_encode_ex((const T *)v, e);                                                     \
    }                                                                                              \
    static int T##_from_tree_all(sc_arena *a, const cJSON *node, void *out, sc_errors *e)          \
    {                                                                                              \
        return T##_from_cjson_all(a, node, (T *)out, e);                                           \
    }

#define CODEC_ENTRY(T)                                                                             \
    {                                                                                              \
#T, sizeof(T), T##_dec, T##_val, T##_enc, T##_to_tree, T##_from_tree, T##_dec_all,         \
            T##_val_all, T##_enc_ex, T##_from_tree_all                                             \
    }

#endif /* SCHEMAC_TESTS_CODEC_H */
