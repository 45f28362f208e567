/* docs/tools.md's declarations of a tool's generated names, at file scope
 * after the generated ones for the T of t_tool.h: a redeclaration (or a
 * typedef of another type) that differs fails.
 * doc-test headers: t_tool.h */
#include "t_tool.schemac.h"

#define OUT t_output
@FRAGMENT@
