/*
 * files.c - the one way a scenario reads a file of its own: a name
 * relative to the scenario's folder (or the run's output folder), checked
 * before anything is opened, resolved, and refused when it leaves that
 * folder (a "..", an absolute path, a symbolic link pointing out), is not
 * a regular file, or is larger than the caller allows. docs/limits.md
 * says the rules; sklab.cheader and sklab.pcap_read use them.
 */
#define _XOPEN_SOURCE 700
#include "lua_impl.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef PATH_MAX
#define PATH_MAX 4096
#endif

/* The name's own rules, before any file is looked at: NULL when fine,
 * else why not. */
static const char *bad_name(const char *name)
{
	const char *p = name, *seg;
	if (!*name)
		return "it is empty";
	if (strlen(name) > 200)
		return "it is longer than 200 characters";
	if (name[0] == '/')
		return "an absolute path is not allowed";
	for (seg = p; *p; p++) {
		unsigned char c = (unsigned char)*p;
		if (c < 0x20 || c == 0x7f || c == '\\')
			return "it holds a control character or a backslash";
		if (c == '/') {
			if (p == seg)
				return "it has an empty path component";
			if ((p - seg == 2 && seg[0] == '.' && seg[1] == '.'))
				return "'..' is not allowed";
			seg = p + 1;
		}
	}
	if (p == seg)
		return "it ends with '/'";
	if (p - seg == 2 && seg[0] == '.' && seg[1] == '.')
		return "'..' is not allowed";
	return NULL;
}

char *skl__scenario_read(lua_State *L, int arg, const char *name, int where, size_t max, size_t *len)
{
	skl_lua *rt = skl__rt(L);
	const char *dir = where == SKL__FILE_OUTPUT ? rt->out_dir : rt->script_dir;
	const char *folder = where == SKL__FILE_OUTPUT ? "the run's output folder" : "the scenario's folder";
	char root[PATH_MAX], path[PATH_MAX + 256], real[PATH_MAX];
	const char *why = bad_name(name);
	struct stat st;
	size_t rl, got = 0;
	char *buf;
	int fd;

	if (why)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "'%s': %s (a scenario reads only files in %s, by a relative name)",
					      name, why, folder));
	if (!dir || !*dir)
		skl__argerror(L, arg,
			      lua_pushfstring(L, "'%s': this run has no %s%s", name,
					      where == SKL__FILE_OUTPUT ? "output folder" : "scenario folder",
					      where == SKL__FILE_OUTPUT ? " (run with --frames DIR)" : ""));
	if (!realpath(dir, root))
		skl__argerror(L, arg,
			      lua_pushfstring(L, "'%s': %s is not readable (%s)", name, folder, strerror(errno)));
	snprintf(path, sizeof(path), "%s/%s", root, name);
	if (!realpath(path, real))
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': no such file in %s", name, folder));
	rl = strlen(root);
	if (strncmp(real, root, rl) || (real[rl] != '/' && strcmp(root, "/")))
		skl__argerror(L, arg,
			      lua_pushfstring(L, "'%s': it leads out of %s (a symbolic link?); refused", name, folder));
	fd = open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': cannot open it (%s)", name, strerror(errno)));
	if (fstat(fd, &st) < 0 || !S_ISREG(st.st_mode)) {
		close(fd);
		skl__argerror(L, arg, lua_pushfstring(L, "'%s': not a regular file", name));
	}
	if ((uint64_t)st.st_size > max) {
		close(fd);
		skl__argerror(L, arg,
			      lua_pushfstring(L, "'%s': %I bytes, more than the %I this call reads", name,
					      (lua_Integer)st.st_size, (lua_Integer)max));
	}
	buf = skl_malloc((size_t)st.st_size + 1);
	if (!buf) {
		close(fd);
		skl__error(L, "out of memory");
	}
	while (got < (size_t)st.st_size) {
		ssize_t n = read(fd, buf + got, (size_t)st.st_size - got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		got += (size_t)n;
	}
	close(fd);
	buf[got] = '\0';
	*len = got;
	return buf;
}
