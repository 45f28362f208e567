/* schemac generator: writing the outputs of a run (see outputs.h). */
#define _POSIX_C_SOURCE 200809L
#include "cli/outputs.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "util/strbuf.h"

char *path_join(const char *dir, const char *name)
{
    if (dir == NULL || dir[0] == '\0' || strcmp(dir, ".") == 0)
        return xstrdup(name);
    size_t len = strlen(dir);
    while (len > 1 && dir[len - 1] == '/')
        len--;
    if (len == 1 && dir[0] == '/')
        return xasprintf("/%s", name);
    return xasprintf("%.*s/%s", (int)len, dir, name);
}

void outputs_add(output_set *set, char *path, char *text)
{
    set->files = xrealloc(set->files, (set->count + 1) * sizeof *set->files);
    set->files[set->count++] = (output_file){path, text};
}

void outputs_print(const output_set *set, FILE *out)
{
    for (size_t i = 0; i < set->count; i++)
        fprintf(out, "%s\n", set->files[i].path);
}

/* mkdir -p of the directory part of path. */
static int make_parent_dirs(const char *path)
{
    char *dir = xstrdup(path);
    char *slash = strrchr(dir, '/');
    int rc = 0;
    if (slash != NULL && slash != dir) {
        *slash = '\0';
        for (char *p = dir + 1; rc == 0; p++) {
            if (*p != '/' && *p != '\0')
                continue;
            char saved = *p;
            *p = '\0';
            if (mkdir(dir, 0777) != 0 && errno != EEXIST) {
                fprintf(stderr, "schemac: error: cannot create directory '%s': %s\n", dir,
                        strerror(errno));
                rc = -1;
            }
            *p = saved;
            if (saved == '\0')
                break;
        }
    }
    free(dir);
    return rc;
}

/* True when the file at path holds exactly text. A file of another size
 * is not read at all; one of the same size is compared a block at a time
 * (a run over a header of 500 structs compares 1,250 files, mostly
 * unchanged, one of them 14 MB: reading it whole into fresh memory cost
 * more in page faults than the comparison). */
static bool same_content(const char *path, const char *text)
{
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return false;
    size_t len = strlen(text);
    struct stat st;
    bool same = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && (uintmax_t)st.st_size == len;
    size_t pos = 0;
    static char block[1 << 16];
    ssize_t got;
    while (same && (got = read(fd, block, sizeof block)) > 0) {
        /* a file that grew since fstat shows as more bytes than text has */
        same = (size_t)got <= len - pos && memcmp(block, text + pos, (size_t)got) == 0;
        pos += (size_t)got;
    }
    close(fd);
    return same && pos == len;
}

/* Writes through a temporary file renamed over path, so a reader (or an
 * interrupted run) never sees half a file. */
static int write_replacing(const char *path, const char *text)
{
    char *tmp = xasprintf("%s.XXXXXX", path);
    int fd = mkstemp(tmp);
    if (fd < 0) {
        fprintf(stderr, "schemac: error: cannot write '%s': %s\n", path, strerror(errno));
        free(tmp);
        return -1;
    }
    /* mkstemp creates 0600; give the file the mode fopen would. */
    mode_t mask = umask(0);
    umask(mask);
    bool ok = fchmod(fd, 0666 & ~mask) == 0;
    FILE *f = fdopen(fd, "wb");
    if (f == NULL) {
        close(fd);
        ok = false;
    } else {
        size_t len = strlen(text);
        ok = fwrite(text, 1, len, f) == len && ok;
        ok = fclose(f) == 0 && ok;
    }
    ok = ok && rename(tmp, path) == 0;
    if (!ok) {
        fprintf(stderr, "schemac: error: cannot write '%s': %s\n", path, strerror(errno));
        unlink(tmp);
    }
    free(tmp);
    return ok ? 0 : -1;
}

/* Length of the directory part of path ("dir/" included), 0 for none. */
static size_t dir_len(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash != NULL ? (size_t)(slash - path) + 1 : 0;
}

int outputs_write(const output_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        const output_file *f = &set->files[i];
        /* outputs come grouped by directory: make each once, not per file */
        const char *prev = i > 0 ? set->files[i - 1].path : NULL;
        bool same_dir = prev != NULL && dir_len(prev) == dir_len(f->path) &&
                        strncmp(prev, f->path, dir_len(f->path)) == 0;
        if (!same_dir && make_parent_dirs(f->path) != 0)
            return -1;
        if (same_content(f->path, f->text))
            continue;
        if (write_replacing(f->path, f->text) != 0)
            return -1;
    }
    return 0;
}

void outputs_free(output_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        free(set->files[i].path);
        free(set->files[i].text);
    }
    free(set->files);
    set->files = NULL;
    set->count = 0;
}
