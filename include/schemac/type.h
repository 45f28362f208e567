/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: the generic functions of a generated type. Code
 * generated with `schemac --optimize=size` describes each @schema or
 * @tool struct T with a constant descriptor, `extern const sc_type
 * T_descriptor;` in its header, and its functions (T_decode, T_validate,
 * T_encode, ...) are static inline calls of these with it:
 *
 *     T_decode(arena, json, len, &value, &err)
 *     == sc_decode(&T_descriptor, arena, json, len, &value, &err)
 *
 * Each takes the type first, then what T's function takes, with a T
 * behind void pointers; results, errors and limits are T's function's
 * (docs/generated-api.md). Passing a value of another type than the
 * descriptor's is undefined, as a wrong cast would be: prefer T's typed
 * functions. */
#ifndef SCHEMAC_TYPE_H
#define SCHEMAC_TYPE_H

#include <stddef.h>

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A generated type's descriptor: opaque, only ever passed by address. */
typedef struct sc_table_struct sc_type;

/* T_decode and T_decode_all: json[0..len) into *out, T's values in the
 * arena, under its limits. */
SC_API int sc_decode(const sc_type *type, sc_arena *arena, const char *json, size_t len, void *out,
                     sc_error *err) SC_NODISCARD;
SC_API int sc_decode_all(const sc_type *type, sc_arena *arena, const char *json, size_t len, void *out,
                         sc_errors *errs) SC_NODISCARD;
/* T_from_cjson and T_from_cjson_all: the same from a cJSON tree. */
SC_API int sc_from_cjson(const sc_type *type, sc_arena *arena, const cJSON *node, void *out,
                         sc_error *err) SC_NODISCARD;
SC_API int sc_from_cjson_all(const sc_type *type, sc_arena *arena, const cJSON *node, void *out,
                             sc_errors *errs) SC_NODISCARD;
/* T_validate_within and T_validate_all_within: a value built in C, under
 * limits (NULL: the defaults). */
SC_API int sc_validate(const sc_type *type, const void *value, const sc_limits *limits,
                       sc_error *err) SC_NODISCARD;
SC_API int sc_validate_all(const sc_type *type, const void *value, const sc_limits *limits,
                           sc_errors *errs) SC_NODISCARD;
/* T_to_cjson_within and T_encode_within: validated, then as a cJSON tree
 * (free with cJSON_Delete) or JSON text (free with sc_free_string); NULL
 * on failure, said in *err. limits and err may be NULL. */
SC_API cJSON *sc_to_cjson(const sc_type *type, const void *value, const sc_limits *limits, sc_error *err);
SC_API char *sc_encode(const sc_type *type, const void *value, const sc_limits *limits, sc_error *err);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_TYPE_H */
