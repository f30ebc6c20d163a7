/*
 * outfile.c - checked writes through a temporary, special files in place
 * (outfile.h). Allocates nothing; the only state is the skl_outfile.
 */
#define _POSIX_C_SOURCE 200809L
#include "sklab/outfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef O_CLOEXEC
#define O_CLOEXEC 0
#endif

/* The injected write failure of tests (SKLAB_FAIL_WRITES): fd's writes
 * go to /dev/full from here on. */
static void inject_failure(int fd, const char *name)
{
	const char *want = getenv("SKLAB_FAIL_WRITES");
	int full;
	if (!want || !*want || !strstr(name, want))
		return;
	full = open("/dev/full", O_WRONLY | O_CLOEXEC);
	if (full >= 0) {
		dup2(full, fd);
		close(full);
	}
}

static int fail(skl_error *err, const char *name, int e)
{
	return skl_errorf(err, "cannot write %s: %s", name,
			  e == ENAMETOOLONG ? "the name is too long" : strerror(e ? e : EIO));
}

int skl_outfile_open(skl_outfile *f, int dirfd, const char *name, skl_error *err)
{
	struct stat st;
	int fd;
	memset(f, 0, sizeof(*f));
	f->dirfd = dirfd;
	if ((size_t)snprintf(f->name, sizeof(f->name), "%s", name) >= sizeof(f->name))
		return fail(err, name, ENAMETOOLONG);
	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) == 0 && !S_ISREG(st.st_mode) && !S_ISLNK(st.st_mode)) {
		if (S_ISDIR(st.st_mode))
			return skl_errorf(err, "cannot write %s: it is a directory", name);
		if (!S_ISFIFO(st.st_mode) && !S_ISCHR(st.st_mode))
			return skl_errorf(err, "cannot write %s: not a regular file, a FIFO or a character device",
					  name);
		/* in place; O_NONBLOCK so that a FIFO with no reader fails (ENXIO) */
		fd = openat(dirfd, name, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
		if (fd < 0)
			return errno == ENXIO ? skl_errorf(err, "cannot write %s: a FIFO with no reader", name)
					      : fail(err, name, errno);
		fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
		f->in_place = 1;
	} else {
		fd = skl_tmp_create(dirfd, name, f->tmp, sizeof(f->tmp));
		if (fd < 0)
			return fail(err, name, errno);
	}
	inject_failure(fd, name);
	f->fp = fdopen(fd, "wb");
	if (!f->fp) {
		int e = errno;
		close(fd);
		if (!f->in_place)
			unlinkat(dirfd, f->tmp, 0);
		return fail(err, name, e);
	}
	return 0;
}

static void outfile_write(void *ud, const char *s, size_t n)
{
	skl_outfile *f = ud;
	/* a failed flush inside fwrite may still count n written: the
	 * stream's error flag, read while errno is the write's, tells */
	errno = 0;
	if (f->fp && (fwrite(s, 1, n, f->fp) != n || ferror((FILE *)f->fp)) && !f->err)
		f->err = errno ? errno : EIO;
}

skl_sink skl_outfile_sink(skl_outfile *f)
{
	skl_sink s;
	s.write = outfile_write;
	s.ud = f;
	return s;
}

void skl_outfile_abort(skl_outfile *f)
{
	if (!f->fp)
		return;
	fclose(f->fp);
	f->fp = NULL;
	if (!f->in_place)
		unlinkat(f->dirfd, f->tmp, 0);
}

int skl_outfile_commit(skl_outfile *f, uint64_t *bytes, skl_error *err)
{
	FILE *fp = f->fp;
	long size;
	int e = f->err;
	if (!fp)
		return fail(err, f->name, e);
	errno = 0;
	if (fflush(fp) != 0 && !e)
		e = errno ? errno : EIO;
	if (ferror(fp) && !e)
		e = errno ? errno : EIO;
	size = ftell(fp);
	errno = 0;
	if (fclose(fp) != 0 && !e)
		e = errno ? errno : EIO;
	f->fp = NULL;
	if (!e && !f->in_place && renameat(f->dirfd, f->tmp, f->dirfd, f->name) != 0)
		e = errno ? errno : EIO;
	if (e) {
		if (!f->in_place)
			unlinkat(f->dirfd, f->tmp, 0);
		return fail(err, f->name, e);
	}
	if (bytes)
		*bytes = size > 0 ? (uint64_t)size : 0;
	return 0;
}

/* The directory part of path into dir ("." when none) and its last component. */
static const char *split(const char *path, char *dir, size_t dirsz)
{
	const char *slash = strrchr(path, '/');
	size_t n;
	if (!slash) {
		snprintf(dir, dirsz, ".");
		return path;
	}
	n = (size_t)(slash - path);
	if (n == 0)
		n = 1; /* "/x": the root */
	snprintf(dir, dirsz, "%.*s", (int)(n < dirsz ? n : dirsz - 1), path);
	return slash + 1;
}

int skl_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	char da[4096], db[4096];
	const char *na, *nb;
	if (!a || !b)
		return 0;
	if (stat(a, &sa) == 0 && stat(b, &sb) == 0)
		return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
	na = split(a, da, sizeof(da));
	nb = split(b, db, sizeof(db));
	if (strcmp(na, nb) != 0 || stat(da, &sa) != 0 || stat(db, &sb) != 0)
		return 0;
	return sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}
