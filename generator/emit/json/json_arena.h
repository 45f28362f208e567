/* schemac generator: a bump allocator for the cJSON trees the JSON outputs
 * are built from (the canonical schemas, the dialect documents).
 *
 * Those trees are made of many small nodes and strings, built, printed and
 * dropped whole: malloc and free of each node cost as much as building the
 * trees. Between json_arena_enter and json_arena_leave every cJSON
 * allocation comes from the arena and cJSON's frees do nothing; the memory
 * goes back all at once with json_arena_release. So a tree made inside an
 * arena must not outlive it, and a tree made outside (the model's values)
 * must not be deleted inside one (it would leak). */
#ifndef SCHEMAC_GENERATOR_JSON_ARENA_H
#define SCHEMAC_GENERATOR_JSON_ARENA_H

typedef struct json_arena {
    struct arena_block *blocks; /* newest first */
    char *next, *end;           /* the free room of the newest block */
} json_arena;

/* cJSON allocates from a until the matching leave; calls nest (the
 * innermost arena serves). */
void json_arena_enter(json_arena *a);
void json_arena_leave(void);

/* Frees everything allocated from a, which stays usable (empty). */
void json_arena_release(json_arena *a);

#endif /* SCHEMAC_GENERATOR_JSON_ARENA_H */
