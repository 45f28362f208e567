/* schemac generator: a bump allocator for cJSON trees. */
#include "emit/json/json_arena.h"

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#include <cJSON.h>

#include "util/strbuf.h"

enum { BLOCK_SIZE = 64 * 1024, MAX_DEPTH = 8 };

typedef struct arena_block {
    struct arena_block *next;
    max_align_t room[]; /* aligned for any node or string */
} arena_block;

/* The arenas entered, innermost last. The one module global left in the
 * generator's stages: cJSON's allocation hooks are global to the process
 * and take no context, so what they allocate from must be too. Empty
 * between an enter and its leave, it carries nothing from one run to the
 * next. */
static struct {
    json_arena *stack[MAX_DEPTH];
    int depth;
} active;

static void *arena_malloc(size_t size)
{
    json_arena *a = active.stack[active.depth - 1];
    size = (size + sizeof(max_align_t) - 1) / sizeof(max_align_t) * sizeof(max_align_t);
    if (size > (size_t)(a->end - a->next)) {
        size_t room = size > BLOCK_SIZE / 4 ? size : BLOCK_SIZE; /* a large one alone */
        arena_block *b = xmalloc(sizeof *b + room);
        b->next = a->blocks;
        a->blocks = b;
        a->next = (char *)b->room;
        a->end = a->next + room;
    }
    void *p = a->next;
    a->next += size;
    return p;
}

static void arena_free(void *p)
{
    (void)p; /* the arena's memory goes back all at once */
}

void json_arena_enter(json_arena *a)
{
    if (active.depth == MAX_DEPTH) {
        fputs("schemac: json arenas nested too deep\n", stderr);
        abort();
    }
    active.stack[active.depth++] = a;
    if (active.depth == 1) {
        cJSON_Hooks hooks = {arena_malloc, arena_free};
        cJSON_InitHooks(&hooks);
    }
}

void json_arena_leave(void)
{
    if (--active.depth == 0)
        cJSON_InitHooks(NULL); /* malloc and free again */
}

void json_arena_release(json_arena *a)
{
    while (a->blocks != NULL) {
        arena_block *b = a->blocks;
        a->blocks = b->next;
        free(b);
    }
    a->next = a->end = NULL;
}
