/* schemac validate -r PREFIX=DIR: the schemas of a folder in the registry,
 * each at PREFIX followed by its path under DIR, so that a "$ref" to
 * PREFIX... resolves without any network access. */
#define _POSIX_C_SOURCE 200809L /* opendir */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "schemac/json.h"
#include "validate_cmd/validate_cmd_internal.h"

static char *join(const char *a, const char *sep, const char *b)
{
    size_t na = strlen(a), ns = strlen(sep), nb = strlen(b);
    char *s = malloc(na + ns + nb + 1);
    if (s == NULL) {
        fputs("schemac validate: out of memory\n", stderr);
        exit(VCMD_USAGE);
    }
    memcpy(s, a, na);
    memcpy(s + na, sep, ns);
    memcpy(s + na + ns, b, nb + 1);
    return s;
}

static int add_file(sc_schema_registry *reg, const char *uri, const char *path)
{
    sc_arena arena;
    sc_error err;
    const char *text;
    size_t len;
    char msg[1024];

    sc_arena_init(&arena, NULL);
    memset(&err, 0, sizeof err);
    int rc = sc_read_file(&arena, path, &text, &len, &err);
    if (rc == 0) {
        rc = sc_schema_registry_add(reg, uri, text, len, &err);
        if (rc != 0)
            sc_error_format_at(path, text, len, &err, msg, sizeof msg);
    } else {
        sc_error_format_at(path, NULL, 0, &err, msg, sizeof msg);
    }
    if (rc != 0)
        fprintf(stderr, "schemac validate: %s\n", msg);
    sc_arena_release(&arena);
    return rc != 0 ? VCMD_USAGE : 0;
}

/* dir's files under uri_base (which ends in '/' or is empty), sorted. */
static int add_dir(sc_schema_registry *reg, const char *uri_base, const char *dir)
{
    struct dirent **names = NULL;
    int n = scandir(dir, &names, NULL, alphasort);
    int rc = 0;

    if (n < 0) {
        fprintf(stderr, "schemac validate: -r: cannot read the folder '%s'\n", dir);
        return VCMD_USAGE;
    }
    for (int i = 0; i < n; i++) {
        const char *name = names[i]->d_name;
        if (rc == 0 && name[0] != '.') {
            char *path = join(dir, "/", name);
            struct stat st;
            if (stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
                char *sub = join(uri_base, name, "/");
                rc = add_dir(reg, sub, path);
                free(sub);
            } else if (strlen(name) > 5 && strcmp(name + strlen(name) - 5, ".json") == 0) {
                char *uri = join(uri_base, "", name);
                rc = add_file(reg, uri, path);
                free(uri);
            }
            free(path);
        }
        free(names[i]);
    }
    free(names);
    return rc;
}

int vcmd_add_remotes(sc_schema_registry *reg, const char *prefix, const char *dir)
{
    size_t n = strlen(prefix);
    /* "http://localhost:1234" is taken as "http://localhost:1234/" */
    char *base = join(prefix, n > 0 && prefix[n - 1] != '/' ? "/" : "", "");
    int rc = add_dir(reg, base, dir);
    free(base);
    return rc;
}
