/* schemac generator: depfile emitter. */
#include "emit/emit_depfile.h"

#include "util/strbuf.h"

static void put_path(strbuf *sb, const char *path)
{
    for (const char *p = path; *p; p++) {
        if (*p == ' ' || *p == '#')
            sb_putc(sb, '\\');
        else if (*p == '$')
            sb_putc(sb, '$');
        sb_putc(sb, *p);
    }
}

char *emit_depfile_with(const model *m, const char *target, const char *const *extra, size_t nextra)
{
    strbuf sb;
    sb_init(&sb);
    put_path(&sb, target);
    sb_puts(&sb, ":");
    for (size_t i = 0; i < m->nfiles + nextra; i++) {
        sb_puts(&sb, " \\\n  ");
        put_path(&sb, i < m->nfiles ? m->files[i] : extra[i - m->nfiles]);
    }
    sb_puts(&sb, "\n");
    return sb_take(&sb);
}

char *emit_depfile(const model *m, const char *target)
{
    return emit_depfile_with(m, target, NULL, 0);
}
