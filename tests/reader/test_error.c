/* sc_error: codes, messages, JSON Pointer paths. */
#include <string.h>

#include "schemac/error.h"
#include "test.h"

static void strerror_should_name_every_code(void)
{
    CHECK_STR(sc_strerror(SC_OK), "no error");
    CHECK_STR(sc_strerror(SC_ERR_DUPLICATE_KEY), "duplicate key");
    CHECK_STR(sc_strerror(SC_ERR_ARGUMENT), "invalid argument");
    for (int c = 0; c < SC_ERR_COUNT_; c++)
        CHECK(sc_strerror(c) != NULL && sc_strerror(c)[0] != '\0');
    CHECK_STR(sc_strerror(-1), "unknown error");
    CHECK_STR(sc_strerror(SC_ERR_COUNT_), "unknown error");
}

static void fail_should_record_and_return_the_code(void)
{
    sc_error err;

    sc_error_clear(&err);
    CHECK(err.code == SC_OK && err.path[0] == '\0' && err.keyword == NULL);
    CHECK(sc_fail(&err, SC_ERR_CONSTRAINT, "maximum", "must be <= %d", 100) == SC_ERR_CONSTRAINT);
    CHECK(err.code == SC_ERR_CONSTRAINT);
    CHECK_STR(err.keyword, "maximum");
    CHECK_STR(err.message, "must be <= 100");
    CHECK(sc_fail(NULL, SC_ERR_TYPE, "type", "x") == SC_ERR_TYPE);
    sc_error_clear(NULL);
}

static void fail_should_truncate_long_messages_safely(void)
{
    char big[1000];
    sc_error err;

    memset(big, 'm', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    sc_fail(&err, SC_ERR_CONSTRAINT, NULL, "%s", big);
    CHECK(strlen(err.message) == SC_ERROR_MESSAGE_MAX - 1);
}

static void fail_at_should_point_at_the_value(void)
{
    sc_error err;
    char buf[128];

    sc_error_clear(&err);
    CHECK(sc_fail_at(&err, SC_ERR_HANDLER, "/dates/2", "no such day: %d", 31) == SC_ERR_HANDLER);
    CHECK(err.code == SC_ERR_HANDLER && err.keyword == NULL);
    CHECK_STR(err.path, "/dates/2");
    sc_error_format(&err, buf, sizeof buf);
    CHECK_STR(buf, "/dates/2: no such day: 31");
    sc_fail_at(&err, SC_ERR_HANDLER, "", "at the root");
    sc_error_format(&err, buf, sizeof buf);
    CHECK_STR(buf, "at the root");
    CHECK(sc_fail_at(NULL, SC_ERR_HANDLER, "/x", "no error to fill") == SC_ERR_HANDLER);
}

static void push_key_should_build_a_json_pointer_from_the_leaf_up(void)
{
    sc_error err;

    sc_fail(&err, SC_ERR_CONSTRAINT, "enum", "must be one of: a, b");
    CHECK(sc_error_push_index(&err, 1) == SC_ERR_CONSTRAINT);
    CHECK(sc_error_push_key(&err, "parts") == SC_ERR_CONSTRAINT);
    CHECK_STR(err.path, "/parts/1");
    sc_error_push_key(&err, "");
    CHECK_STR(err.path, "//parts/1");
}

static void push_key_should_escape_tilde_and_slash(void)
{
    sc_error err;

    sc_fail(&err, SC_ERR_TYPE, "type", "must be a string");
    sc_error_push_key(&err, "a/b~c");
    CHECK_STR(err.path, "/a~1b~0c");
    sc_error_push_key(&err, "~1");
    CHECK_STR(err.path, "/~01/a~1b~0c");
    CHECK(sc_error_push_key(NULL, "x") != 0);
    CHECK(sc_error_push_index(NULL, 0) != 0);
}

static void push_key_should_keep_a_valid_path_when_it_overflows(void)
{
    sc_error err;
    char seg[200];

    /* Many short segments: the deepest ones are dropped whole. */
    sc_fail(&err, SC_ERR_TYPE, "type", "must be a string");
    for (int i = 0; i < 200; i++) {
        sc_error_push_index(&err, (size_t)i);
        CHECK(strlen(err.path) < SC_ERROR_PATH_MAX);
    }
    /* The root side is complete: "/199/198/..." */
    CHECK(strncmp(err.path, "/199/198/197/", 13) == 0);
    /* It ends on a whole segment (a number), never a cut one. */
    {
        size_t n = strlen(err.path);
        const char *last = strrchr(err.path, '/');
        CHECK(n > 200);
        CHECK(last && last[1] != '\0');
        CHECK(strcmp(last + 1, "1") != 0 || 1);
        /* the kept segments are consecutive indices from 199 downwards */
        {
            char expect[SC_ERROR_PATH_MAX + 16];
            size_t e = 0;
            for (int i = 199; e < n; i--)
                e += (size_t)snprintf(expect + e, sizeof expect - e, "/%d", i);
            expect[n] = '\0';
            CHECK_STR(err.path, expect);
            CHECK(e == n); /* it ended exactly at a segment boundary */
        }
    }

    /* A key too long for any path leaves its ancestors only. */
    memset(seg, 'k', sizeof seg - 1);
    seg[sizeof seg - 1] = '\0';
    sc_fail(&err, SC_ERR_TYPE, "type", "x");
    sc_error_push_key(&err, "leaf");
    sc_error_push_key(&err, seg); /* 200 bytes: fits */
    CHECK(strlen(err.path) == 1 + 199 + 5);
    sc_error_push_key(&err, seg); /* would be 405: "/kkk.../kkk..." */
    CHECK(strlen(err.path) == 200);
    CHECK(strchr(err.path + 1, '/') == NULL);
    {
        char huge[600];
        memset(huge, '/', sizeof huge - 1); /* escapes to 1198 bytes */
        huge[sizeof huge - 1] = '\0';
        sc_fail(&err, SC_ERR_TYPE, "type", "x");
        sc_error_push_key(&err, huge);
        CHECK_STR(err.path, "");
        sc_error_push_key(&err, "parent");
        CHECK_STR(err.path, "/parent");
    }
    /* Escapes are never cut in half: "~" at the boundary. */
    {
        char tildes[140];
        memset(tildes, '~', sizeof tildes - 1); /* 278 bytes escaped */
        tildes[sizeof tildes - 1] = '\0';
        sc_fail(&err, SC_ERR_TYPE, "type", "x");
        sc_error_push_key(&err, tildes);
        CHECK_STR(err.path, "");
        memset(tildes, '~', 100);
        tildes[100] = '\0';
        sc_error_push_key(&err, tildes);
        sc_error_push_key(&err, tildes);
        CHECK(strlen(err.path) == 201);
        CHECK(err.path[200] == '0');
    }
}

static void format_should_prefix_the_path(void)
{
    sc_error err;
    char buf[64];

    sc_fail(&err, SC_ERR_CONSTRAINT, "minItems", "must have at least 1 item");
    sc_error_format(&err, buf, sizeof buf);
    CHECK_STR(buf, "must have at least 1 item");
    sc_error_push_key(&err, "parts");
    sc_error_format(&err, buf, sizeof buf);
    CHECK_STR(buf, "/parts: must have at least 1 item");
    sc_error_format(&err, buf, 8);
    CHECK_STR(buf, "/parts:");
    sc_error_format(&err, buf, 0); /* no write */
    sc_fail(&err, SC_ERR_NOMEM, NULL, NULL);
    sc_error_format(&err, buf, sizeof buf);
    CHECK_STR(buf, "out of memory");
    sc_error_format(NULL, buf, sizeof buf);
    CHECK_STR(buf, "no error");
}

int main(void)
{
    RUN(strerror_should_name_every_code);
    RUN(fail_should_record_and_return_the_code);
    RUN(fail_should_truncate_long_messages_safely);
    RUN(fail_at_should_point_at_the_value);
    RUN(push_key_should_build_a_json_pointer_from_the_leaf_up);
    RUN(push_key_should_escape_tilde_and_slash);
    RUN(push_key_should_keep_a_valid_path_when_it_overflows);
    RUN(format_should_prefix_the_path);
    return TEST_RESULT();
}
