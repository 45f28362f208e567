/* schemac: --list ../../../samples/url/url_tool.h */
/* The tools of the url sample as a table. */
