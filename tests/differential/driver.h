/* The codec table a differential driver links with driver_main.c. */
#ifndef SCHEMAC_TESTS_DRIVER_H
#define SCHEMAC_TESTS_DRIVER_H

#include "codec.h"

/* The table entry of the generated type named type, or NULL. */
const codec *find_codec(const char *type);

#endif /* SCHEMAC_TESTS_DRIVER_H */
