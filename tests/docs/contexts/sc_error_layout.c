/* docs/generated-api.md shows struct sc_error: the one shown must be the
 * one include/schemac declares, member for member.
 * doc-test headers: */
#include <stddef.h>

#include <schemac/schemac.h>

#define sc_error documented_sc_error
@FRAGMENT@
#undef sc_error

#define SAME(m)                                                                                                   \
    _Static_assert(offsetof(documented_sc_error, m) == offsetof(sc_error, m) &&                                   \
                       sizeof(((documented_sc_error *)0)->m) == sizeof(((sc_error *)0)->m),                       \
                   "sc_error." #m " is not as docs/generated-api.md shows it")
SAME(code);
SAME(keyword);
SAME(offset);
SAME(path);
SAME(message);
SAME(all);
SAME(level);
SAME(walk);
_Static_assert(sizeof(documented_sc_error) == sizeof(sc_error), "sc_error has members the docs do not show");
