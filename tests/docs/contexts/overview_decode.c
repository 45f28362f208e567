/* docs/overview.md's decode example, in a function given the JSON text.
 * doc-test headers: samples/url/url_tool.h */
#include <stdio.h>

#include "url_tool.schemac.h"

void use(const char *url, const url_part *parts, size_t parts_count, int32_t max_results);

void example(const char *json, size_t len);
void example(const char *json, size_t len)
{
@FRAGMENT@
}
