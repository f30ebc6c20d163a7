/*
 * outfile.h - every file sklab writes, written one way: each write
 * checked, and a file replaced whole or not at all.
 *
 *   - a regular file, a symlink or a name not yet there: the data goes to
 *     NAME.tmp.<pid> beside it (skl_tmp_create: new, never through a
 *     symlink), renamed over NAME only when every write, the flush and
 *     the close succeeded; on any error the temporary is removed, NAME is
 *     left as it was and the error names NAME and the reason
 *   - a FIFO or a character device (a pipe to a reader, /dev/null,
 *     /dev/stdout): written in place, opened O_WRONLY with neither O_CREAT
 *     nor O_TRUNC, so it is never replaced by a regular file; a FIFO with
 *     no reader is refused rather than waited for
 *   - a directory, a block device or a socket at NAME: refused
 *
 * For tests only: when the environment holds SKLAB_FAIL_WRITES=TEXT, the
 * writes of every file whose name contains TEXT fail as on a full disk
 * (ENOSPC), so the error paths of each writer can be run.
 */
#ifndef SKLAB_OUTFILE_H
#define SKLAB_OUTFILE_H

#include "sklab/common.h"

#include <stdint.h>

typedef struct skl_outfile {
	void *fp;     /* the FILE * written to; NULL once committed or aborted */
	int dirfd;    /* name (and tmp) relative to it; AT_FDCWD for paths */
	int in_place; /* a FIFO or a device: no temporary */
	int err;      /* the errno of the first failed write through the sink */
	char name[4096];
	char tmp[4200];
} skl_outfile;

/* Opens name (relative to dirfd) for writing as above. 0, or -1 with err
 * set ("cannot write NAME: reason") and nothing left behind. */
int skl_outfile_open(skl_outfile *f, int dirfd, const char *name, skl_error *err);

/* A sink writing to f that remembers the first failed write. */
skl_sink skl_outfile_sink(skl_outfile *f);

/* Ends f: flushed, closed and renamed into place when every write
 * succeeded. 0, with *bytes (may be NULL) the file's size; or -1 with err
 * set ("cannot write NAME: No space left on device") and the temporary
 * removed. f is closed either way. */
int skl_outfile_commit(skl_outfile *f, uint64_t *bytes, skl_error *err);

/* Ends f with nothing put in place (the temporary removed). */
void skl_outfile_abort(skl_outfile *f);

/* Whether paths a and b name the same file, under any spelling: the same
 * device and inode when both exist, else the same directory (device and
 * inode) and the same last component. 0 when either is NULL. */
int skl_same_file(const char *a, const char *b);

#endif
