/* The codec table a differential driver links with driver_main.c. */
#ifndef SCHEMAC_TESTS_DRIVER_H
#define SCHEMAC_TESTS_DRIVER_H

#include "codec.h"

/* The table entry of the generated type named type, or NULL. */
const codec *find_codec(const char *type);

/* Whether two decoded values of type are the same where encode cannot tell
 * them apart (which variant of an untagged union holds a value, a float to
 * the bit); NULL when the table has no such comparison for type. */
typedef int (*same_fn)(const void *a, const void *b);
same_fn find_same(const char *type);

#endif /* SCHEMAC_TESTS_DRIVER_H */
