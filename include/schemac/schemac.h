/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: what applications include, and generated headers: the
 * arena, errors, checks, JSON helpers, tools and the generic functions of
 * generated types (schemac/type.h). The plumbing generated
 * sources need besides (the reader and its helpers, schemac/support.h and
 * schemac/reader.h) is not here: applications do not call it
 * (docs/generated-api.md, "Versions and ABI").
 *
 * Thread safety: the runtime has no global state of its own. Arenas,
 * readers and errors belong to one thread at a time; generated schema
 * strings are constants. cJSON's allocation hooks are process-global and
 * left to the application.
 */
#ifndef SCHEMAC_SCHEMAC_H
#define SCHEMAC_SCHEMAC_H

#include "export.h"
#include "arena.h"
#include "check.h"
#include "error.h"
#include "json.h"
#include "tool.h"
#include "type.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SCHEMAC_VERSION_MAJOR 0
#define SCHEMAC_VERSION_MINOR 2
#define SCHEMAC_VERSION_PATCH 0
#define SCHEMAC_VERSION_STRING "0.2.0"

/* Generated code refuses to compile against a runtime with another ABI. */
#define SCHEMAC_RUNTIME_ABI 6

/* The runtime's version string, as linked. */
SC_API const char *sc_version(void);

/* Frees a string returned by a generated T_encode or sc_print_json. */
SC_API void sc_free_string(char *s);

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_SCHEMAC_H */
