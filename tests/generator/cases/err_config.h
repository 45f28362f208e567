/* schemac: --print-schema */
/* @config must name a @schema struct of the header, on a @tool struct. */
typedef struct { int limit; } settings;
/** @tool fetch @config settings */
typedef struct { char *url; } fetch_args;
/** @schema @config fetch_args */
typedef struct { int x; } not_a_tool;
