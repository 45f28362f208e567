/* Part of libschemac (pkg-config schemac, CMake schemac::runtime, meson dependency('schemac')).
 *
 * schemac runtime: what the runtime's shared libraries export. Each
 * library is built with hidden visibility (-fvisibility=hidden), so a
 * function is part of its API and ABI exactly when an installed header
 * declares it with the library's macro:
 *
 *     SC_API            libschemac            (schemac/schemac.h and the headers it names)
 *     SC_VALIDATE_API   libschemac-validate   (schemac/validate.h)
 *     SC_MCP_API        libschemac-mcp        (schemac/mcp*.h, provider.h, tool_manifest.h)
 *     SC_MCP_REDIS_API  libschemac-mcp-redis  (schemac/mcp_redis.h)
 *
 * tests/abi checks that the exported symbols of each library (nm -D) are
 * exactly these declarations, both ways (docs/internals.md, "Runtime").
 *
 * GCC and Clang: default visibility on the declaration, the one mark an
 * ELF or Mach-O library needs, for its own build and for its users alike.
 * Windows (MSVC, MinGW, Cygwin): dllexport while the library itself is
 * built (its meson target defines SCHEMAC_BUILDING_<LIBRARY>); dllimport
 * for a program linking the DLL that defines SCHEMAC_DLL; nothing
 * otherwise, which a static link needs and a DLL's functions (the runtime
 * exports no variables) also take, through the import library. Other
 * compilers: nothing. SCHEMAC_STATIC (a program linking the static
 * libraries) makes every macro expand to nothing on any compiler. */
#ifndef SCHEMAC_EXPORT_H
#define SCHEMAC_EXPORT_H

#if defined(SCHEMAC_STATIC)
#define SC_EXPORT_
#define SC_IMPORT_
#elif defined(_WIN32) || defined(__CYGWIN__)
#define SC_EXPORT_ __declspec(dllexport)
#if defined(SCHEMAC_DLL)
#define SC_IMPORT_ __declspec(dllimport)
#else
#define SC_IMPORT_
#endif
#elif (defined(__GNUC__) && __GNUC__ >= 4) || defined(__clang__)
#define SC_EXPORT_ __attribute__((visibility("default")))
#define SC_IMPORT_ __attribute__((visibility("default")))
#else
#define SC_EXPORT_
#define SC_IMPORT_
#endif

#if defined(SCHEMAC_BUILDING_LIBSCHEMAC)
#define SC_API SC_EXPORT_
#else
#define SC_API SC_IMPORT_
#endif

#if defined(SCHEMAC_BUILDING_LIBSCHEMAC_VALIDATE)
#define SC_VALIDATE_API SC_EXPORT_
#else
#define SC_VALIDATE_API SC_IMPORT_
#endif

#if defined(SCHEMAC_BUILDING_LIBSCHEMAC_MCP)
#define SC_MCP_API SC_EXPORT_
#else
#define SC_MCP_API SC_IMPORT_
#endif

#if defined(SCHEMAC_BUILDING_LIBSCHEMAC_MCP_REDIS)
#define SC_MCP_REDIS_API SC_EXPORT_
#else
#define SC_MCP_REDIS_API SC_IMPORT_
#endif

#endif /* SCHEMAC_EXPORT_H */
