/* A document whose first member fails a constraint, for the tests of the
 * rule that a malformed document is reported as malformed (issue 43,
 * item 8): whatever follows the failing member goes in extra. */
#ifndef SYNTAX_FIRST_H
#define SYNTAX_FIRST_H

#include <stdint.h>

#include <cJSON.h>

/** A service's settings. @schema */
typedef struct {
    /** @minLength 1 */
    char *name;
    /** @minimum 1 @maximum 65535 */
    int32_t port;
    /** Anything after the failing member. @optional */
    cJSON *extra;
} service_doc;

#endif /* SYNTAX_FIRST_H */
