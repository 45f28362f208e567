/* sc_read_file: a whole file into the arena, refused over max_input before
 * it is read. */
#define _POSIX_C_SOURCE 200809L /* O_CLOEXEC */

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "schemac/json.h"

/* Room read at a time from what has no size to go by (a pipe). */
#define CHUNK ((size_t)16 << 10)

static int over_input(sc_error *err, size_t max)
{
    return sc_fail(err, SC_ERR_LIMIT, NULL,
                   "the document is longer than the limit of %zu bytes (max_input)", max);
}

static int out_of_memory(sc_arena *arena, sc_error *err)
{
    if (sc_arena_over_limit(arena))
        return sc_fail(err, SC_ERR_LIMIT, NULL,
                       "the document needs more memory than the limit of %zu bytes (max_bytes)",
                       sc_arena_limits(arena).max_bytes);
    return sc_fail(err, SC_ERR_NOMEM, NULL, "out of memory");
}

static int io_error(int fd, sc_error *err, const char *what, int errnum)
{
    if (fd >= 0)
        close(fd);
    return sc_fail(err, SC_ERR_ARGUMENT, NULL, "%s: %s", what, strerror(errnum));
}

int sc_read_file(sc_arena *arena, const char *path, const char **text, size_t *len, sc_error *err)
{
    sc_error local;
    struct stat st;
    size_t max, cap, n = 0;
    char *buf;
    int fd;

    if (err == NULL)
        err = &local;
    sc_error_clear(err);
    if (text != NULL)
        *text = NULL;
    if (len != NULL)
        *len = 0;
    if (arena == NULL || path == NULL || text == NULL || len == NULL)
        return sc_fail(err, SC_ERR_ARGUMENT, NULL, "arena, path, text and len must not be NULL");
    max = sc_arena_limits(arena).max_input;
    if (max > SIZE_MAX - 2)
        max = SIZE_MAX - 2; /* room for the byte past it and the NUL */
    do
        fd = open(path, O_RDONLY | O_CLOEXEC);
    while (fd < 0 && errno == EINTR);
    if (fd < 0)
        return io_error(fd, err, "cannot open the file", errno);
    if (fstat(fd, &st) != 0)
        return io_error(fd, err, "cannot read the file", errno);
    if (S_ISDIR(st.st_mode))
        return io_error(fd, err, "cannot read the file", EISDIR);
    if (S_ISREG(st.st_mode)) {
        if (st.st_size < 0 || (uintmax_t)st.st_size > max) {
            close(fd);
            return sc_fail(
                err, SC_ERR_LIMIT, NULL,
                "the document is %jd bytes long, over the limit of %zu bytes (max_input)",
                (intmax_t)st.st_size, max);
        }
        /* its size and one byte more, where a read meets the end at once
         * (or sees that the file grew) */
        cap = (size_t)st.st_size + 1;
    } else {
        cap = max + 1 < CHUNK ? max + 1 : CHUNK;
    }
    buf = sc_arena_alloc(arena, cap + 1);
    if (buf == NULL) {
        close(fd);
        return out_of_memory(arena, err);
    }
    for (;;) {
        ssize_t got;
        if (n == cap) {
            /* full: read on only while what was read is within max_input */
            size_t ncap;
            char *nbuf;
            if (n > max)
                break;
            ncap = cap <= (max + 1) / 2 ? cap * 2 : max + 1;
            nbuf = sc_arena_grow(arena, buf, cap + 1, ncap + 1);
            if (nbuf == NULL) {
                close(fd);
                return out_of_memory(arena, err);
            }
            buf = nbuf;
            cap = ncap;
        }
        got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0)
            return io_error(fd, err, "cannot read the file", errno);
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > max)
        return over_input(err, max);
    buf[n] = '\0';
    *text = buf;
    *len = n;
    return 0;
}
