/* schemac runtime: the public entry points of every generated type
 * (T_decode, T_decode_all, T_validate, T_validate_all, T_to_cjson_ex,
 * T_encode_ex), written once here; the generated ones pass their type's
 * read, check and build functions (schemac/support.h). */
#include <stddef.h>

#include "schemac/schemac.h"

int sc_decode_with(sc_arena *arena, const char *json, size_t len, void *out, sc_error *err, sc_read_fn read)
{
    sc_reader r;
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (arena == NULL || out == NULL || (json == NULL && len > 0))
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
    sc_reader_init(&r, json, len, arena, err);
    int rc = read(&r, out);
    if (rc == 0)
        rc = sc_reader_finish(&r);
    return rc;
}

int sc_decode_all_with(sc_arena *arena, const char *json, size_t len, void *out, sc_errors *errs, sc_read_fn read)
{
    sc_reader r;
    sc_error scratch;
    if (errs == NULL)
        return SC_ERR_ARGUMENT;
    if (arena == NULL || out == NULL || (json == NULL && len > 0)) {
        sc_errors_begin(errs, &scratch);
        sc_fail(&scratch, SC_ERR_ARGUMENT, NULL, "arena and out must not be NULL");
        return sc_errors_end(errs, &scratch);
    }
    sc_reader_init(&r, json, len, arena, &scratch);
    sc_reader_collect(&r, errs);
    return sc_reader_finish_all(&r, read(&r, out));
}

int sc_validate_with(const void *value, sc_error *err, sc_check_fn check)
{
    sc_error local;
    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (value == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "no value given");
    return check(value, err);
}

int sc_validate_all_with(const void *value, sc_errors *errs, sc_check_fn check)
{
    sc_error scratch;
    if (errs == NULL)
        return SC_ERR_ARGUMENT;
    sc_errors_begin(errs, &scratch);
    if (value == NULL)
        sc_fail(&scratch, SC_ERR_ARGUMENT, NULL, "no value given");
    else
        (void)check(value, &scratch);
    return sc_errors_end(errs, &scratch);
}

cJSON *sc_to_cjson_with(const void *value, sc_error *err, sc_check_fn check, sc_build_fn build)
{
    /* a value validate rejects may hold counts and pointers unsafe to follow */
    if (sc_validate_with(value, err, check) != 0)
        return NULL;
    cJSON *tree = build(value);
    if (tree == NULL)
        sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
    return tree;
}

char *sc_encode_with(const void *value, sc_error *err, sc_check_fn check, sc_build_fn build)
{
    cJSON *tree = sc_to_cjson_with(value, err, check, build);
    char *text = NULL;
    if (tree == NULL)
        return NULL;
    int rc = sc_print_json(tree, &text);
    if (rc != 0) {
        sc_fail(err, rc, NULL, "%s", sc_strerror(rc));
        text = NULL;
    }
    cJSON_Delete(tree);
    return text;
}

int sc_read_back(sc_arena *arena, const cJSON *tree, sc_read_fn read, void *out)
{
    char *text = NULL;
    sc_error err;
    int rc = sc_print_json(tree, &text);
    if (rc != 0)
        return rc;
    size_t len = 0;
    while (text[len] != '\0')
        len++;
    rc = sc_decode_with(arena, text, len, out, &err, read);
    sc_free_string(text);
    return rc;
}
