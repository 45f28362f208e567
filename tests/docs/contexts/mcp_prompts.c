/* docs/mcp.md's prompt table, at file scope: the values it names and the
 * handler's definition around it, and a use of the table. */
#include <stddef.h>

#include <schemac/mcp.h>

static const char *const languages[] = {"c", "go", "python", NULL};

@FRAGMENT@

static int review(sc_mcp_context *ctx, const sc_mcp_prompt *prompt, const cJSON *args, cJSON *messages,
                  sc_error *err)
{
    (void)ctx, (void)prompt, (void)args, (void)err;
    return sc_mcp_prompt_message(messages, "user", sc_mcp_text_content("Review it"));
}

const sc_mcp_prompt *doc_prompts(void)
{
    return prompts;
}
