/* schemac: --print-schema */
/* JSON names: @name, enum prefixes, @ignore and @count. */
#include <stddef.h>

typedef enum { HTTP_METHOD_GET, HTTP_METHOD_POST, /** @name DELETE */ HTTP_METHOD_DELETE } http_method;
typedef enum { ALONE } single;

/** A request. @tool send-request */
typedef struct {
    /** @name method */
    http_method m;
    single s;
    /** @ignore */
    void *internal;
    /** @count n */
    int *values;
    unsigned n;
} request;
