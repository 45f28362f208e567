/* docs/mcp.md's table entry of a @prompt struct (review_args of
 * samples/mcp-everything/everything.h), at file scope, with its handler.
 * doc-test headers: samples/mcp-everything/everything.h */
#include <schemac/mcp.h>

#include "everything.schemac.h"

static int review(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *args, cJSON *messages,
                  sc_error *err);

@FRAGMENT@

static int review(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *args, cJSON *messages,
                  sc_error *err)
{
    (void)prompt, (void)args, (void)err;
    const review_args *in = sc_mcp_arguments(ctx);
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content(in->code));
}

const sc_mcp_prompt *doc_prompts(void)
{
    return prompts;
}
