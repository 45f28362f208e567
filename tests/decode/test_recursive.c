/* Recursive types: values built in C may contain cycles, which validate
 * and encode must refuse instead of looping; deep documents are refused by
 * the reader's depth limit. */
#include <stdio.h>
#include <string.h>

#include "recursive.schemac.h"

static int failures;

static void expect(int ok, const char *what)
{
    printf("%s - %s\n", ok ? "ok" : "not ok", what);
    if (!ok)
        failures++;
}

int main(void)
{
    sc_arena arena;
    sc_error err;
    sc_arena_init(&arena, NULL);

    const char *doc = "{\"text\":\"a\",\"replies\":[{\"text\":\"b\",\"replies\":[]},"
                      "{\"text\":\"c\",\"replies\":[{\"text\":\"d\",\"replies\":[]}]}]}";
    comment c;
    expect(comment_decode(&arena, doc, strlen(doc), &c, &err) == 0, "a thread decodes");
    expect(c.replies_count == 2 && strcmp(c.replies[1].replies[0].text, "d") == 0,
           "nested replies are filled");
    char *text = comment_encode(&c);
    expect(text != NULL && strcmp(text, doc) == 0, "a thread encodes back to the same text");
    sc_free_string(text);

    const char *bad = "{\"text\":\"a\",\"replies\":[{\"text\":\"\",\"replies\":[]}]}";
    expect(comment_decode(&arena, bad, strlen(bad), &c, &err) == SC_ERR_CONSTRAINT &&
               strcmp(err.path, "/replies/0/text") == 0,
           "a nested constraint is reported at its path");

    char deep[4000];
    size_t n = 0;
    for (int i = 0; i < 100; i++)
        n += (size_t)snprintf(deep + n, sizeof deep - n, "{\"text\":\"x\",\"replies\":[");
    expect(comment_decode(&arena, deep, n, &c, &err) == SC_ERR_DEPTH,
           "a deep thread hits the depth limit");

    const char *list = "{\"list\":{\"value\":1,\"next\":{\"value\":2}}}";
    holder h;
    expect(holder_decode(&arena, list, strlen(list), &h, &err) == 0 && h.list->next->value == 2 &&
               h.list->next->next == NULL,
           "a linked list decodes");

    /* a cycle built in C */
    cell a = {1, NULL}, b = {2, &a};
    a.next = &b;
    holder cyclic = {&a};
    expect(holder_validate(&cyclic, &err) == SC_ERR_DEPTH, "validate refuses a cycle");
    expect(holder_encode(&cyclic) == NULL, "encode refuses a cycle");

    comment loop = {"x", NULL, 1};
    loop.replies = &loop;
    expect(comment_validate(&loop, &err) == SC_ERR_DEPTH, "validate refuses a self-reply");

    sc_arena_release(&arena);
    printf("%d failure(s)\n", failures);
    return failures ? 1 : 0;
}
