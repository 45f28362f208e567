/* Members, types and enumerators named like the parameters and locals of
 * generated functions had they no trailing underscore (v, err, full, seen,
 * depth, value, out, r, rc, n, items, ...): generated code must still
 * compile cleanly (compile_generated.sh, -Wshadow), whether a name shows up
 * in a comment, a string, a member access or as a type. */
#ifndef PARAM_NAMES_H
#define PARAM_NAMES_H

#include <stddef.h>
#include <stdint.h>

/** @schema */
typedef struct {
    char *seen;
    char *full;
    char *v;
    char *err;
    /** @minimum 0 */
    int32_t depth;
    char *value;
    char *out;
    char *r;
    /** @maxLength 3 @pattern ^[a-z]*$ */
    char *rc;
    char *n;
    int32_t *items;
    size_t items_count;
} watcher;

/* Every name generated code would use for a local without its underscore
 * (generator/check/check_names.c), as a type or as an enumerator. */
typedef struct {
    int32_t x;
} args;
typedef struct {
    int32_t x;
} arena;
typedef struct {
    int32_t x;
} binding;
typedef struct {
    int32_t x;
} cap;
typedef struct {
    int32_t x;
} chars;
typedef struct {
    int32_t x;
} copy;
typedef struct {
    int32_t x;
} count;
typedef struct {
    int32_t x;
} ctx;
typedef struct {
    int32_t x;
} depth;
typedef struct {
    int32_t x;
} dup;
typedef struct {
    int32_t x;
} err;
typedef struct {
    int32_t x;
} flags;
typedef struct {
    int32_t x;
} found;
typedef struct {
    int32_t x;
} full;
typedef struct {
    int32_t x;
} handler;
typedef struct {
    int32_t x;
} i;
typedef struct {
    int32_t x;
} in;
typedef struct {
    int32_t x;
} item;
typedef struct {
    int32_t x;
} items;
typedef struct {
    int32_t x;
} json;
typedef struct {
    int32_t x;
} key;
typedef struct {
    int32_t x;
} len;
typedef struct {
    int32_t x;
} list;
typedef struct {
    int32_t x;
} local;
typedef enum {
    map,
    member,
    more,
    n,
    name,
    next,
    node,
    number,
    o,
    out,
    probe,
    r,
    rc,
    result,
    s,
    seen,
    skipped,
    st,
    text,
    tree,
    v,
    value,
    which
} local_names;

/** @schema */
typedef struct {
    args args_member;
    arena arena_member;
    binding binding_member;
    cap cap_member;
    chars chars_member;
    copy copy_member;
    count count_member;
    ctx ctx_member;
    depth depth_member;
    dup dup_member;
    err err_member;
    flags flags_member;
    found found_member;
    full full_member;
    handler handler_member;
    i i_member;
    in in_member;
    item item_member;
    items items_member;
    json json_member;
    key key_member;
    len len_member;
    list list_member;
    local local_member;
    local_names which_name;
} registry;

/* Every file-scope name generated code used to declare for watcher,
 * registry and local_names before its static names took the sc_gen_
 * prefix (issue 18 item 6b), declared here as typedefs, enumerators (of an
 * enum nested in a struct too), functions and variables: the generated
 * code must still compile (compile_generated.sh). */
typedef int read_watcher;
typedef int check_watcher;
int build_watcher(void);
extern int any_read_watcher;
typedef int any_check_watcher;
enum { any_build_watcher, decode_watcher_text, decode_all_watcher_text };
typedef int watcher_members;
int member_watcher(const char *key, size_t len);
typedef int watcher_keys;
typedef struct {
    enum { check_watcher_rc, check_watcher_rc_text, check_watcher_items, match_watcher_rc } kind;
} old_names;
typedef int check_watcher_depth;
typedef int name_local_names;
int read_local_names(int);
extern const char *check_local_names;
typedef int build_local_names;
typedef int read_registry;
typedef int check_registry;
typedef int build_registry;
typedef int registry_keys;
typedef int registry_members;
typedef int member_registry;
typedef int read_args;
typedef int check_args;
typedef int build_args;
typedef int args_keys;
typedef int args_members;
typedef int member_args;

#endif /* PARAM_NAMES_H */
