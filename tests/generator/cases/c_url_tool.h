/* schemac: -o OUT ../../../samples/url/url_tool.h */
/* The generated C of the url sample. */
