/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: what generated sources call besides schemac/type.h's
 * entry points and schemac/table.h's descriptors. For generated code only;
 * applications call the generated T_* functions. Nothing here reads the
 * JSON reader's state: generated code never sees sc_reader's layout
 * (schemac/reader.h), which can change without regenerating anyone's code. */
#ifndef SCHEMAC_SUPPORT_H
#define SCHEMAC_SUPPORT_H

#include <cJSON.h>

#include "export.h"
#include "arena.h"
#include "error.h"
#include "type.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Adds context to err->message: "must be >= 0 (when kind is \"circle\")".
 * Returns err->code. */
SC_API int sc_error_note(sc_error *err, const char *fmt, ...) SC_PRINTF(2, 3);

/* A tool's arguments, for the generated invoke: decoded as type into out;
 * when they fail, again for every error, up to SC_TOOL_MAX_ERRORS, into a
 * list in the arena: *err is the first and err->all the list. flags: the
 * call's; with SC_CALL_NULL_IS_ABSENT a copy of args is decoded, without
 * the nulls of members that may be absent and are not @nullable. */
SC_API int sc_tool_decode_args(sc_arena *arena, const cJSON *args, unsigned flags,
                               const sc_type *type, void *out, sc_error *err) SC_NODISCARD;

#ifdef __cplusplus
}
#endif

#endif /* SCHEMAC_SUPPORT_H */
