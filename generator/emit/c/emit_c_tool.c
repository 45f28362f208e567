/* schemac generator: the tool table: each @tool's descriptor and the invoke
 * function that decodes (sc_tool_decode_args, which also drops the nulls
 * of OpenAI's strict mode), calls the handler and encodes. */
#include "emit/c/emit_c_internal.h"
#include "emit/c/emit_c_table.h"

#include <stdlib.h>
#include <string.h>

#include "emit/json/emit_dialects.h"

/* The @output struct of a tool, when the header tags it @schema (so it has
 * a public validate and to_cjson); NULL otherwise. */
const struct_def *tool_output(const model *m, const struct_def *s)
{
    return model_schema_struct(m, s->output_type);
}

bool is_tool(const struct_def *s)
{
    return s->opted_in && s->tool_name != NULL;
}

void emit_tool_declarations(strbuf *sb, const model *m, const struct_def *s)
{
    const struct_def *out = tool_output(m, s);
    char *tool = comment_text(s->tool_name);
    sb_printf(sb,
              "/* The tool \"%s\": its descriptor, the handler it calls and a binding of the\n"
              " * two for sc_tool_call (schemac/tool.h). */\n",
              tool);
    free(tool);
    sb_printf(sb, "extern const sc_tool %s_tool;\n", s->name);
    if (out != NULL)
        sb_printf(
            sb,
            "typedef int (*%s_handler)(sc_arena *arena_, const %s *in_, %s *out_, void *ctx_, sc_error *err_);\n",
            s->name, s->c_type, out->c_type);
    else
        sb_printf(
            sb,
            "typedef int (*%s_handler)(sc_arena *arena_, const %s *in_, cJSON **out_, void *ctx_, sc_error *err_);\n",
            s->name, s->c_type);
    sb_printf(sb, "sc_tool_binding %s_bind(%s_handler handler_, void *ctx_);\n\n", s->name,
              s->name);
}

void emit_mcp_arguments_declarations(strbuf *sb, const struct_def *s)
{
    bool prompt = s->prompt_name != NULL;
    char *what = comment_text(prompt ? s->prompt_name : s->resource_uri);
    sb_printf(sb,
              "/* The MCP %s \"%s\": its %s, and its %s decoded and checked into a\n"
              " * %s for sc_mcp_arguments (schemac/mcp.h: %s). */\n",
              prompt ? "prompt" : "resource template", what, prompt ? "name" : "URI template",
              prompt ? "arguments" : "variables", s->c_type,
              prompt ? "SC_MCP_PROMPT" : "SC_MCP_RESOURCE_TEMPLATE");
    free(what);
    sb_printf(sb, "extern const char %s_%s[];\n", s->name, prompt ? "prompt_name" : "resource_uri");
    sb_printf(sb, "extern const char %s_scopes[]; /* @scopes, or \"\" */\n", s->name);
    sb_printf(
        sb,
        "int %s_mcp_arguments(sc_arena *arena_, const cJSON *arguments_, void **value_, sc_error *err_) "
        "SC_NODISCARD;\n\n",
        s->name);
}

void emit_mcp_arguments(strbuf *sb, const struct_def *s)
{
    bool prompt = s->prompt_name != NULL;
    char *text = c_literal(prompt ? s->prompt_name : s->resource_uri);
    sb_printf(sb, "const char %s_%s[] = %s;\n", s->name, prompt ? "prompt_name" : "resource_uri",
              text);
    free(text);
    text = c_literal(s->scopes != NULL ? s->scopes : "");
    sb_printf(sb, "const char %s_scopes[] = %s;\n\n", s->name, text);
    free(text);
    sb_printf(
        sb,
        "int %s_mcp_arguments(sc_arena *arena_, const cJSON *arguments_, void **value_, sc_error *err_)\n{\n",
        s->name);
    emit_line(sb, 1, "%s *typed_ = (%s *)sc_arena_alloc(arena_, sizeof *typed_);", s->c_type,
              s->c_type);
    emit_line(sb, 1, "if (typed_ == NULL)");
    emit_line(sb, 2, "return sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
    emit_line(sb, 1, "*value_ = typed_;");
    char *descriptor = emit_table_name(s);
    emit_line(
        sb, 1,
        "return sc_tool_decode_args(arena_, arguments_, 0, &%s, typed_, err_); /* every error */",
        descriptor);
    free(descriptor);
    sb_puts(sb, "}\n\n");
}

static const char *effect_constant(tool_effect e)
{
    switch (e) {
    case EFFECT_READONLY:
        return "SC_EFFECT_READONLY";
    case EFFECT_MUTATING:
        return "SC_EFFECT_MUTATING";
    case EFFECT_DESTRUCTIVE:
        return "SC_EFFECT_DESTRUCTIVE";
    case EFFECT_NONE:
        break;
    }
    return "SC_EFFECT_UNSPECIFIED";
}

/* The dialects in sc_dialect's order (schemac/tool.h), the order of a
 * descriptor's texts: its values are the runtime ABI, so a new dialect goes
 * at the end of both. */
static const dialect runtime_order[] = {DIALECT_MCP,       DIALECT_OPENAI, DIALECT_OPENAI_STRICT,
                                        DIALECT_ANTHROPIC, DIALECT_GEMINI, DIALECT_XML};
_Static_assert(sizeof runtime_order / sizeof *runtime_order == DIALECT_COUNT,
               "a dialect sc_dialect lacks");

/* "sc_gen_text_T_openai_strict": the constant of tool n's text of d. */
static char *text_constant(const char *n, dialect d)
{
    char *name = xasprintf("sc_gen_text_%s_%s", n, dialect_name(d));
    for (char *c = name; *c; c++)
        if (*c == '-')
            *c = '_';
    return name;
}

void emit_tool(strbuf *sb, const model *m, const c_names *names, size_t index)
{
    const struct_def *s = m->structs[index];
    const struct_def *out = tool_output(m, s);
    const char *n = s->name;

    for (size_t i = 0; i < DIALECT_COUNT; i++) {
        char *name = text_constant(n, runtime_order[i]);
        const char *text = names->tool_texts != NULL
                               ? names->tool_texts[index * DIALECT_COUNT + runtime_order[i]]
                               : NULL;
        emit_text_constant(sb, true, name, text != NULL ? text : "");
        free(name);
    }
    sb_printf(sb, "static const char *const sc_gen_dialects_%s[] = {\n", n);
    for (size_t i = 0; i < DIALECT_COUNT; i++) {
        char *name = text_constant(n, runtime_order[i]);
        emit_line(sb, 1, "%s,", name);
        free(name);
    }
    sb_puts(sb, "};\n\n");

    sb_printf(
        sb,
        "static int sc_gen_invoke_%s(const sc_tool_binding *binding_, sc_arena *arena_, const cJSON *args_,\n"
        "    unsigned flags_, cJSON **result_, sc_error *err_)\n{\n",
        n);
    emit_line(sb, 1, "%s in_;", s->c_type);
    emit_line(sb, 1, out != NULL ? "%s out_;" : "cJSON *out_ = NULL;",
              out != NULL ? out->c_type : "");
    emit_line(sb, 1, "int rc_;");
    emit_line(sb, 1, "*result_ = NULL;");
    char *descriptor = emit_table_name(s);
    /* flags_: SC_CALL_NULL_IS_ABSENT drops nulls through the descriptor */
    emit_line(
        sb, 1,
        "rc_ = sc_tool_decode_args(arena_, args_, flags_, &%s, &in_, err_); /* every error, for the model */",
        descriptor);
    free(descriptor);
    emit_line(sb, 1, "if (rc_ != 0)");
    emit_line(sb, 2, "return rc_;");
    if (out != NULL)
        emit_line(sb, 1, "memset(&out_, 0, sizeof out_);");
    emit_line(
        sb, 1,
        "if (((%s_handler)binding_->handler)(arena_, &in_, &out_, binding_->ctx, err_) != 0) {", n);
    if (out == NULL)
        emit_line(sb, 2, "cJSON_Delete(out_);");
    emit_line(sb, 2, "if (err_->code == SC_OK)");
    emit_line(sb, 3, "return sc_fail(err_, SC_ERR_HANDLER, NULL, \"the tool failed\");");
    emit_line(sb, 2, "return err_->code;");
    emit_line(sb, 1, "}");
    if (out != NULL) {
        /* under the arena's limits, as the arguments were decoded */
        emit_line(sb, 1, "if (%s_validate_within(&out_, sc_arena_limits_of(arena_), err_) != 0) {",
                  out->name);
        emit_line(sb, 2, "/* the application's bug, not the model's: say so */");
        emit_line(sb, 2,
                  "sc_error_note(err_, \"%%s\", \"the tool's result breaks its output schema\");");
        emit_line(sb, 2, "err_->code = SC_ERR_OUTPUT;");
        emit_line(sb, 2, "return SC_ERR_OUTPUT;");
        emit_line(sb, 1, "}");
        /* validated just above: build it, rather than validate again in _to_cjson */
        emit_line(sb, 1, "if ((*result_ = sc_gen_build_%s(&out_, 0)) == NULL)", out->name);
        emit_line(sb, 2, "return sc_fail(err_, SC_ERR_NOMEM, NULL, \"out of memory\");");
    } else {
        emit_line(sb, 1, "*result_ = out_;");
    }
    emit_line(sb, 1, "return 0;");
    sb_puts(sb, "}\n\n");

    char *tool_name = c_literal(s->tool_name);
    char *description = c_literal(s->description != NULL ? s->description : "");
    char *version = s->version != NULL ? c_literal(s->version) : xstrdup("NULL");
    char *output_schema = out != NULL ? xasprintf("%s_schema_json", out->name) : xstrdup("NULL");
    const struct_def *config = model_schema_struct(m, s->config_type);
    char *config_schema =
        config != NULL ? xasprintf("%s_schema_json", config->name) : xstrdup("NULL");
    sb_printf(sb, "const sc_tool %s_tool = {\n", n);
    emit_line(sb, 1, ".name = %s,", tool_name);
    emit_line(sb, 1, ".description = %s,", description);
    emit_line(sb, 1, ".input_schema = %s_schema_json,", n);
    emit_line(sb, 1, ".output_schema = %s,", output_schema);
    emit_line(sb, 1, ".dialects = sc_gen_dialects_%s,", n);
    emit_line(sb, 1, ".dialect_count = %d,", DIALECT_COUNT);
    emit_line(sb, 1, ".effect = %s,", effect_constant(s->effect));
    emit_line(sb, 1, ".idempotent = %s,", s->idempotent ? "true" : "false");
    emit_line(sb, 1, ".version = %s,", version);
    emit_line(sb, 1, ".config_schema = %s,", config_schema);
    emit_line(sb, 1, ".invoke = sc_gen_invoke_%s,", n);
    static const char *const task_constants[] = {"SC_TASK_NONE", "SC_TASK_OPTIONAL",
                                                 "SC_TASK_REQUIRED"};
    if (s->task != 0)
        emit_line(sb, 1, ".task = %s,", task_constants[s->task]);
    if (s->task_explicit)
        emit_line(sb, 1, ".task_explicit = true,");
    if (s->scopes != NULL) {
        char *scopes = c_literal(s->scopes);
        emit_line(sb, 1, ".scopes = %s,", scopes);
        free(scopes);
    }
    sb_puts(sb, "};\n\n");
    free(config_schema);
    free(tool_name);
    free(description);
    free(version);
    free(output_schema);

    sb_printf(sb, "sc_tool_binding %s_bind(%s_handler handler_, void *ctx_)\n{\n", n, n);
    emit_line(sb, 1, "sc_tool_binding binding_;");
    emit_line(sb, 1, "binding_.tool = &%s_tool;", n);
    emit_line(sb, 1, "binding_.handler = (sc_handler)handler_;");
    emit_line(sb, 1, "binding_.ctx = ctx_;");
    emit_line(sb, 1, "return binding_;");
    sb_puts(sb, "}\n\n");
}
