/* The MCP server of docs/overview.md: the arguments of its prompt and of its
 * resource template, beside url_tool.h's tool. */
#ifndef URL_SERVER_H
#define URL_SERVER_H

/** Explain the parts of a URL. @prompt explain_url */
typedef struct {
    /** The URL to explain. @maxLength 2048 */
    char *url;
} explain_url_args;

/** A scheme's default port. @resource "port://{scheme}" */
typedef struct {
    /** The scheme: http or https. @pattern ^https?$ */
    char *scheme;
} port_args;

#endif /* URL_SERVER_H */
