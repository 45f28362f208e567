/* docs/generated-api.md's declarations of the generated names, at file
 * scope after the generated ones for the T of t_type.h: a redeclaration
 * that differs from what schemac declares fails.
 * doc-test headers: t_type.h */
#include "t_type.schemac.h"

@FRAGMENT@
