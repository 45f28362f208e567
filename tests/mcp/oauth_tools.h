/* The tools, prompt and resource of oauth_server.c (tests/mcp/oauth.mjs):
 * one of each with @scopes, and whoami without, which tells its caller
 * what the verified token said (sc_mcp_principal_of) and the trace
 * context it came with (sc_mcp_trace). */
#ifndef OAUTH_TOOLS_H
#define OAUTH_TOOLS_H

/**
 * What the access token of this call says of its holder.
 * @schema
 */
typedef struct {
    /** The token's sub, or "" */
    char *subject;
    /** client_id or azp, or "" */
    char *client_id;
    /** The granted scopes, space separated */
    char *scopes;
    /** The token's iss, or "" */
    char *issuer;
    /** The call's traceparent (sc_mcp_trace), or "" */
    char *traceparent;
} whoami_output;

/**
 * Tell who the caller is.
 * @tool whoami
 * @effect readonly
 * @output whoami_output
 */
typedef struct {
    /** Anything. @optional */
    char *note;
} whoami_input;

/**
 * Write a file (pretends to).
 * @tool write_file
 * @scopes files:read files:write
 */
typedef struct {
    /** Which file. @maxLength 256 */
    char *path;
} write_file_input;

/**
 * Review a change.
 * @prompt review
 * @scopes reviews
 */
typedef struct {
    /** The change. */
    char *change;
} review_args;

/**
 * A file.
 * @resource "file:///{name}"
 * @scopes files:read
 */
typedef struct {
    /** Its name. */
    char *name;
} file_args;

#endif
