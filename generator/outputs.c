/* schemac generator: writing the outputs of a run (see outputs.h). */
#define _POSIX_C_SOURCE 200809L
#include "outputs.h"

#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "strbuf.h"

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
                fprintf(stderr, "schemac: error: cannot create directory '%s': %s\n", dir, strerror(errno));
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

/* True when the file at path holds exactly text. */
static bool same_content(const char *path, const char *text)
{
    FILE *f = fopen(path, "rb");
    if (f == NULL)
        return false;
    size_t len = strlen(text);
    bool same = true;
    char buf[8192];
    size_t pos = 0;
    size_t got;
    while (same && (got = fread(buf, 1, sizeof buf, f)) > 0) {
        same = pos + got <= len && memcmp(buf, text + pos, got) == 0;
        pos += got;
    }
    same = same && !ferror(f) && pos == len;
    fclose(f);
    return same;
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

int outputs_write(const output_set *set)
{
    for (size_t i = 0; i < set->count; i++) {
        const output_file *f = &set->files[i];
        if (make_parent_dirs(f->path) != 0)
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
