/* docs/generated-api.md's declarations of the names generated for a
 * @prompt or @resource struct, after the generated ones for the T of
 * t_prompt.h (a @prompt: T_resource_uri is then a declaration of its own).
 * doc-test headers: t_prompt.h */
#include "t_prompt.schemac.h"

@FRAGMENT@
