/*
 * test_btf.c - the BTF importer against BTF files it writes itself and
 * against the running kernel's BTF, checked member by member against
 * pahole's own reading of the same file.
 *
 *   test_btf synthetic   small BTF files made with libbpf's writer
 *   test_btf errors      missing, truncated and corrupt files, unknown names
 *   test_btf kernel      /sys/kernel/btf/vmlinux against `pahole -C NAME`
 *   test_btf kernel NAME...   only those structs, with every diff shown
 *   test_btf write FILE  writes the synthetic BTF file, to look at
 *
 * Exits 77 (skipped) with the reason when libbpf, the kernel's BTF or
 * pahole is missing.
 */
#define _POSIX_C_SOURCE 200809L /* popen, strdup, access */

#include "sklab/btf.h"
#include "sklab/layout.h"
#include "sklab/pahole.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef SKLAB_TEST_LIBBPF
#include <bpf/btf.h>
#include <linux/btf.h>
#endif

#define SKIP 77
#define VMLINUX "/sys/kernel/btf/vmlinux"

static int checks, failures;

#define CHECK(cond, ...)                                                                                               \
	do {                                                                                                           \
		checks++;                                                                                              \
		if (!(cond)) {                                                                                         \
			failures++;                                                                                    \
			printf("FAIL %s:%d: ", __FILE__, __LINE__);                                                    \
			printf(__VA_ARGS__);                                                                           \
			printf("\n");                                                                                  \
		}                                                                                                      \
	} while (0)

/* ---- pahole text ------------------------------------------------------------ */

/* One line of pahole output that carries an offset comment. */
typedef struct mline {
	char name[160];
	long off;
	int bit; /* -1 when not a bitfield */
	long size;
} mline;

typedef struct mlist {
	mline *v;
	int n, cap;
	long size; /* from the footer, -1 if absent */
} mlist;

static void mlist_free(mlist *m)
{
	free(m->v);
	memset(m, 0, sizeof(*m));
}

/* The member name a declaration ends with: "x", "(*fn)(int)", "arr[3]",
 * "} name", "b:3", "x __attribute__((__aligned__(8)))". */
static void decl_name(const char *decl, size_t len, char *out, size_t outsz)
{
	char d[1024];
	char *p, *e;
	if (len >= sizeof(d))
		len = sizeof(d) - 1;
	memcpy(d, decl, len);
	d[len] = '\0';
	e = d + strlen(d);
	while (e > d && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == ';'))
		*--e = '\0';
	if ((p = strstr(d, " __attribute__")))
		*p = '\0';
	p = d;
	while (*p == '\t')
		p++;
	if (*p == '}') {
		p++;
		while (*p == ' ')
			p++;
		snprintf(out, outsz, "%s", p);
		return;
	}
	if ((e = strstr(p, "(*"))) {
		char *c = strchr(e, ')');
		snprintf(out, outsz, "%.*s", c ? (int)(c - e - 2) : 0, e + 2);
		return;
	}
	e = p + strlen(p);
	/* a bitfield's ":N" */
	{
		char *colon = strrchr(p, ':');
		if (colon && colon[1] && strspn(colon + 1, "0123456789") == strlen(colon + 1))
			e = colon;
	}
	*e = '\0';
	if ((e = strchr(p, '[')))
		*e = '\0';
	e = p + strlen(p);
	while (e > p && e[-1] != ' ' && e[-1] != '*' && e[-1] != '\t')
		e--;
	snprintf(out, outsz, "%s", e);
}

static int mlist_parse(const char *text, mlist *m)
{
	const char *line = text;
	memset(m, 0, sizeof(*m));
	m->size = -1;
	while (*line) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line) : strlen(line);
		const char *c = NULL, *p;
		long sz;
		/* the last comment on the line, if it ends the line */
		for (p = line; p + 2 <= line + len; p++)
			if (p[0] == '/' && p[1] == '*')
				c = p;
		if (!strncmp(line, "\t/* size: ", 10))
			m->size = atol(line + 10);
		if (c && len >= 2 && line[len - 2] == '*' && line[len - 1] == '/' && c > line) {
			long off;
			int bit = -1, k = 0;
			char tail[64];
			size_t tl = (size_t)(line + len - c);
			if (tl < sizeof(tail)) {
				memcpy(tail, c, tl);
				tail[tl] = '\0';
				if (sscanf(tail, "/* %ld:%d %ld */%n", &off, &bit, &sz, &k) == 3 && k) {
				} else if (bit = -1, k = 0, sscanf(tail, "/* %ld %ld */%n", &off, &sz, &k) == 2 && k) {
				} else {
					k = 0;
				}
				if (k) {
					mline *ml;
					if (m->n == m->cap) {
						int nc = m->cap ? m->cap * 2 : 64;
						mline *d = realloc(m->v, (size_t)nc * sizeof(*d));
						if (!d)
							return -1;
						m->v = d;
						m->cap = nc;
					}
					ml = &m->v[m->n++];
					decl_name(line, (size_t)(c - line), ml->name, sizeof(ml->name));
					ml->off = off;
					ml->bit = bit;
					ml->size = sz;
				}
			}
		}
		line += len + (nl ? 1 : 0);
	}
	return 0;
}

/* ---- running pahole -------------------------------------------------------- */

static char *run(const char *cmd)
{
	FILE *p = popen(cmd, "r");
	char *buf = NULL;
	size_t len = 0, cap = 0, n;
	char chunk[4096];
	if (!p)
		return NULL;
	while ((n = fread(chunk, 1, sizeof(chunk), p)) > 0) {
		if (len + n + 1 > cap) {
			cap = (len + n + 1) * 2;
			buf = realloc(buf, cap);
			if (!buf)
				break;
		}
		memcpy(buf + len, chunk, n);
		len += n;
	}
	if (buf)
		buf[len] = '\0';
	else
		buf = calloc(1, 1);
	pclose(p);
	return buf;
}

static int have_pahole(void)
{
	char *v = run("pahole --version 2>/dev/null");
	int ok = v && v[0] == 'v';
	free(v);
	return ok;
}

static char *pahole_text(const char *file, const char *name)
{
	char cmd[1024];
	/* pahole 1.24 reports newer BTF kinds on stderr: not our business */
	snprintf(cmd, sizeof(cmd), "pahole -F btf -C '%s' '%s' 2>/dev/null", name, file);
	return run(cmd);
}

static char *sklab_text(const char *file, const char *name, skl_error *err)
{
	skl_typedb *db = skl_typedb_new();
	skl_type *t;
	skl_layout *l;
	skl_buf b;
	skl_sink s;
	char *r = NULL;
	skl_buf_init(&b);
	if (skl_btf_import(db, file, name, &t, err) < 0)
		goto out;
	l = skl_layout_compute(t, skl_abi_find("x86_64"), NULL, 64, err);
	if (!l)
		goto out;
	s = skl_buf_sink(&b);
	skl_pahole_write(l, &s, NULL);
	skl_layout_free(l);
	r = strdup(b.data ? b.data : "");
out:
	skl_buf_free(&b);
	skl_typedb_free(db);
	return r;
}

static int count_lines(const char *s)
{
	int n = 0;
	for (; *s; s++)
		n += *s == '\n';
	return n;
}

/* Lines of a that b lacks, counting duplicates, as a measure of closeness. */
static int differing_lines(const char *a, const char *b)
{
	int n = 0;
	const char *la = a;
	while (*la) {
		const char *nl = strchr(la, '\n');
		size_t len = nl ? (size_t)(nl - la) : strlen(la);
		const char *lb = b, *found = NULL;
		while (*lb) {
			const char *nb = strchr(lb, '\n');
			size_t lenb = nb ? (size_t)(nb - lb) : strlen(lb);
			if (lenb == len && !memcmp(la, lb, len)) {
				found = lb;
				break;
			}
			lb += lenb + (nb ? 1 : 0);
		}
		if (!found)
			n++;
		la += len + (nl ? 1 : 0);
	}
	return n;
}

static void show_diff(const char *name, const char *theirs, const char *ours)
{
	char fa[64], fb[64], cmd[256];
	FILE *f;
	snprintf(fa, sizeof(fa), "btf-diff-pahole.txt");
	snprintf(fb, sizeof(fb), "btf-diff-sklab.txt");
	if ((f = fopen(fa, "w"))) {
		fputs(theirs, f);
		fclose(f);
	}
	if ((f = fopen(fb, "w"))) {
		fputs(ours, f);
		fclose(f);
	}
	printf("---- unified diff for %s (pahole, then sklab) ----\n", name);
	fflush(stdout);
	snprintf(cmd, sizeof(cmd), "diff -u %s %s", fa, fb);
	if (system(cmd) == -1)
		printf("(diff could not be run)\n");
	printf("---- end of diff ----\n");
	fflush(stdout);
	remove(fa);
	remove(fb);
}

/*
 * Compares one struct: every member's name, offset, size and bit offset
 * and the struct's size must agree; the text is compared too and its
 * distance reported. 1 when the members agree, 0 when not, -1 when pahole
 * does not know the name.
 */
static int compare_one(const char *file, const char *name, int *identical, int *show_diffs)
{
	skl_error err;
	char *theirs = pahole_text(file, name), *ours;
	mlist a, b;
	int i, ok = 1;
	*identical = 0;
	if (!theirs || !theirs[0]) {
		free(theirs);
		return -1;
	}
	ours = sklab_text(file, name, &err);
	if (!ours) {
		printf("  %-28s import failed: %s\n", name, err.msg);
		free(theirs);
		return 0;
	}
	mlist_parse(theirs, &a);
	mlist_parse(ours, &b);
	if (a.size != b.size) {
		printf("  %-28s size %ld in pahole, %ld in sklab\n", name, a.size, b.size);
		ok = 0;
	}
	if (a.n != b.n) {
		printf("  %-28s %d member lines in pahole, %d in sklab\n", name, a.n, b.n);
		ok = 0;
	}
	for (i = 0; i < a.n && i < b.n; i++) {
		mline *x = &a.v[i], *y = &b.v[i];
		if (strcmp(x->name, y->name) || x->off != y->off || x->size != y->size || x->bit != y->bit) {
			printf("  %-28s member %d: pahole '%s' %ld:%d %ld, sklab '%s' %ld:%d %ld\n", name, i, x->name,
			       x->off, x->bit, x->size, y->name, y->off, y->bit, y->size);
			ok = 0;
			break;
		}
	}
	*identical = !strcmp(theirs, ours);
	if (*identical) {
		printf("  %-28s members ok, text identical (%d lines)\n", name, count_lines(theirs));
	} else {
		printf("  %-28s members %s, text: %d of %d lines differ\n", name, ok ? "ok" : "DIFFER",
		       differing_lines(theirs, ours), count_lines(theirs));
		if (*show_diffs) {
			show_diff(name, theirs, ours);
			*show_diffs = *show_diffs > 1 ? 2 : 0; /* one, unless asked for all */
		}
	}
	mlist_free(&a);
	mlist_free(&b);
	free(theirs);
	free(ours);
	return ok;
}

/* ---- the running kernel ---------------------------------------------------- */

/* Must match pahole member for member: the sockets first. */
/* clang-format off */
static const char *const kernel_required[] = {
	"tcp_sock", "sock", "sock_common", "inet_sock", "inet_connection_sock", "sk_buff",
	"skb_shared_info", "udp_sock", "unix_sock", "request_sock",
};

/* Compared and reported too; all of them agree member for member. */
static const char *const kernel_more[] = {
	"tcp_request_sock", "inet_request_sock", "inet_timewait_sock", "tcp_timewait_sock", "raw_sock",
	"socket", "socket_wq", "proto", "proto_ops", "sk_buff_head", "msghdr", "iphdr", "tcphdr", "udphdr",
	"ipv6hdr", "sockaddr_in", "sockaddr_in6", "in6_addr", "flowi", "flowi4", "dst_entry", "rtable",
	"net_device", "netdev_queue", "napi_struct", "page", "folio", "task_struct", "mm_struct", "file",
	"inode", "dentry", "super_block", "kmem_cache", "hrtimer", "timer_list", "list_head", "hlist_node",
	"rb_node", "spinlock", "qspinlock", "mutex", "wait_queue_head", "sk_filter", "bpf_prog", "cred",
	"tcp_options_received", "minmax", "tcp_rack", "inet_connection_sock_af_ops", "netns_ipv4", "net",
	"xdp_buff", "skb_frag", "ubuf_info", "sk_psock", "ipv6_pinfo", "netlink_sock", "packet_sock",
	"sk_buff_fclones", "page_pool", "io_uring_sqe", "bpf_attr", "perf_event_attr", "siginfo",
	"sigaction", "kiocb", "iov_iter", "neighbour", "fib_info", "in_device", "__kernel_timex",
	"leaf_0x2_reg", "ioam6_hdr", "ioam6_trace_hdr", "fred_ss", "numa_drop_counters", "udp_tunnel_info",
};
/* clang-format on */

static int test_kernel(int argc, char **argv)
{
	int i, all_ok = 1, n_ok = 0, n_ident = 0, n = 0, show = 1;
	const char *const *names;
	int nnames, nreq;
	if (access(VMLINUX, R_OK) != 0) {
		printf("skip: %s is not readable (%s)\n", VMLINUX, strerror(errno));
		return SKIP;
	}
	if (!have_pahole()) {
		printf("skip: pahole is not installed\n");
		return SKIP;
	}
	if (argc > 0) {
		names = (const char *const *)argv;
		nnames = nreq = argc;
		show = 2;
	} else {
		names = kernel_required;
		nnames = nreq = (int)(sizeof(kernel_required) / sizeof(*kernel_required));
	}
	printf("kernel BTF against pahole, member by member:\n");
	for (i = 0; i < nnames; i++, n++) {
		int ident, r = compare_one(VMLINUX, names[i], &ident, &show);
		if (r < 0) {
			printf("  %-28s not in this kernel's BTF\n", names[i]);
			CHECK(i >= nreq || argc == 0 ? 1 : 0, "%s: not in BTF", names[i]);
			continue;
		}
		CHECK(r == 1, "%s: members differ from pahole", names[i]);
		all_ok &= r == 1;
		n_ok += r == 1;
		n_ident += ident;
	}
	if (argc == 0) {
		for (i = 0; i < (int)(sizeof(kernel_more) / sizeof(*kernel_more)); i++) {
			int ident, r = compare_one(VMLINUX, kernel_more[i], &ident, &show);
			if (r < 0) {
				printf("  %-28s not in this kernel's BTF\n", kernel_more[i]);
				continue;
			}
			n++;
			CHECK(r == 1, "%s: members differ from pahole", kernel_more[i]);
			n_ok += r == 1;
			n_ident += ident;
		}
	}
	printf("%d structs: %d agree member for member, %d byte-identical text\n", n, n_ok, n_ident);
	(void)all_ok;
	return 0;
}

/* ---- without libbpf ------------------------------------------------------------ */

static int test_unavailable(void)
{
	skl_typedb *db = skl_typedb_new();
	skl_type *t = (skl_type *)db;
	skl_error err;
	int r = skl_btf_import(db, NULL, "tcp_sock", &t, &err);
	CHECK(r == -1, "import without libbpf must fail");
	CHECK(t == NULL, "out must be cleared");
	CHECK(!strcmp(err.msg, "BTF support is not built in (libbpf was not found at build time)"), "message: %s",
	      err.msg);
	skl_typedb_free(db);
	return failures ? 1 : 0;
}

#ifdef SKLAB_TEST_LIBBPF

/* ---- BTF files made here --------------------------------------------------- */

#define SYN_FILE "btf-synthetic.btf"

typedef struct ids {
	int i_int, i_uint, i_char, i_uchar, i_ulong, i_long, i_ssize, i_bool;
} ids;

/* Writes a BTF file of small structs covering what the importer infers:
 * member and record alignment, packing, ':0', qualifiers, function
 * pointers, enums, unions, anonymous members. */
static int write_synthetic(const char *path)
{
	struct btf *b = btf__new_empty();
	ids t;
	int am, pk, al, bf, q2, o2, po, u1, u2, e1, an, names, fp, cc, ccp, ccpp, vol, cint, u32, ptr_am, pp_am;
	int fnp, fn, fp2i, fp2o, fp2op, ssz, arr0, anon_s, nest, cls;
	const void *raw;
	__u32 size;
	FILE *f;
	if (!b)
		return -1;
	t.i_int = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	t.i_uint = btf__add_int(b, "unsigned int", 4, 0);
	t.i_char = btf__add_int(b, "char", 1, 0);
	t.i_uchar = btf__add_int(b, "unsigned char", 1, 0);
	t.i_ulong = btf__add_int(b, "long unsigned int", 8, 0);
	t.i_long = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	t.i_ssize = btf__add_int(b, "ssizetype", 8, BTF_INT_SIGNED);
	t.i_bool = btf__add_int(b, "_Bool", 1, BTF_INT_BOOL);

	/* struct am { int a; int b __aligned(64); } */
	am = btf__add_struct(b, "am", 128);
	btf__add_field(b, "a", t.i_int, 0, 0);
	btf__add_field(b, "b", t.i_int, 64 * 8, 0);

	/* struct pk { char c; int x; } __packed */
	pk = btf__add_struct(b, "pk", 5);
	btf__add_field(b, "c", t.i_char, 0, 0);
	btf__add_field(b, "x", t.i_int, 8, 0);

	/* struct al { int a; } __aligned(16) */
	al = btf__add_struct(b, "al", 16);
	btf__add_field(b, "a", t.i_int, 0, 0);

	/* struct bf { unsigned a:3; unsigned :0; unsigned b:3; bool c:1; } */
	bf = btf__add_struct(b, "bf", 8);
	btf__add_field(b, "a", t.i_uint, 0, 3);
	btf__add_field(b, "b", t.i_uint, 32, 3);
	btf__add_field(b, "c", t.i_bool, 35, 1);

	/* struct q2 { long x; long y __aligned(32); }: pahole guesses 64 for it */
	q2 = btf__add_struct(b, "q2", 64);
	btf__add_field(b, "x", t.i_long, 0, 0);
	btf__add_field(b, "y", t.i_long, 32 * 8, 0);

	/* struct o2 { int a; struct q2 q; }: q at 32 shows q2 is aligned 32 */
	o2 = btf__add_struct(b, "o2", 96);
	btf__add_field(b, "a", t.i_int, 0, 0);
	btf__add_field(b, "q", q2, 32 * 8, 0);

	/* struct po { char c; struct al a; } __packed */
	po = btf__add_struct(b, "po", 17);
	btf__add_field(b, "c", t.i_char, 0, 0);
	btf__add_field(b, "a", al, 8, 0);

	/* union u1 { int i; char c[5]; }  and  union u2 { char c[3]; } __aligned(4) */
	{
		int c5 = btf__add_array(b, t.i_int, t.i_char, 5);
		int c3 = btf__add_array(b, t.i_int, t.i_char, 3);
		u1 = btf__add_union(b, "u1", 8);
		btf__add_field(b, "i", t.i_int, 0, 0);
		btf__add_field(b, "c", c5, 0, 0);
		u2 = btf__add_union(b, "u2", 4);
		btf__add_field(b, "c", c3, 0, 0);
	}

	/* enum e1 { E_A, E_B = 5 } as a bitfield and as a member */
	e1 = btf__add_enum(b, "e1", 4);
	btf__add_enum_value(b, "E_A", 0);
	btf__add_enum_value(b, "E_B", 5);

	/* struct an { int a; union { int x; long y; }; struct { char p; char q; } s; e1 k:4; } */
	anon_s = btf__add_union(b, NULL, 8);
	btf__add_field(b, "x", t.i_int, 0, 0);
	btf__add_field(b, "y", t.i_long, 0, 0);
	nest = btf__add_struct(b, NULL, 2);
	btf__add_field(b, "p", t.i_char, 0, 0);
	btf__add_field(b, "q", t.i_char, 8, 0);
	an = btf__add_struct(b, "an", 24);
	btf__add_field(b, "a", t.i_int, 0, 0);
	btf__add_field(b, NULL, anon_s, 64, 0);
	btf__add_field(b, "s", nest, 128, 0);
	btf__add_field(b, "k", e1, 144, 4);

	/* the names pahole gives types */
	cc = btf__add_const(b, t.i_char);
	ccp = btf__add_ptr(b, cc);			/* const char * */
	ccpp = btf__add_ptr(b, btf__add_const(b, ccp)); /* const char * const * */
	ptr_am = btf__add_ptr(b, am);
	pp_am = btf__add_ptr(b, ptr_am); /* struct am ** */
	fn = btf__add_func_proto(b, 0);	 /* void (int, const char *, ...) */
	btf__add_func_param(b, "", t.i_int);
	btf__add_func_param(b, "", ccp);
	btf__add_func_param(b, "", 0);
	fnp = btf__add_ptr(b, fn);
	fp2i = btf__add_func_proto(b, t.i_int); /* int (int) */
	btf__add_func_param(b, "", t.i_int);
	fp2o = btf__add_func_proto(b, btf__add_ptr(b, fp2i)); /* int (*(void))(int) */
	fp2op = btf__add_ptr(b, fp2o);
	vol = btf__add_volatile(b, t.i_int);
	cint = btf__add_const(b, t.i_int);
	u32 = btf__add_typedef(b, "u32", t.i_uint);
	ssz = t.i_ssize;
	arr0 = btf__add_array(b, t.i_int, t.i_char, 0);
	fp = fnp;
	names = btf__add_struct(b, "names", 80);
	btf__add_field(b, "pp", ccpp, 0, 0);
	btf__add_field(b, "ipp", pp_am, 64, 0);
	btf__add_field(b, "fn", fp, 128, 0);
	btf__add_field(b, "fp2", fp2op, 192, 0);
	btf__add_field(b, "ci", cint, 256, 0);
	btf__add_field(b, "v", vol, 288, 0);
	btf__add_field(b, "t", u32, 320, 0);
	btf__add_field(b, "z", arr0, 352, 0);
	btf__add_field(b, "s", ssz, 384, 0);
	btf__add_field(b, "ul", t.i_ulong, 448, 0);
	btf__add_field(b, "uc", t.i_uchar, 512, 0);
	btf__add_field(b, "flex", arr0, 520, 0);

	/* two different 'struct tw' (as vmlinux has four 'struct workspace'), both held by value */
	{
		int tw1 = btf__add_struct(b, "tw", 4), tw2, tw2p, twins;
		btf__add_field(b, "a", t.i_int, 0, 0);
		tw2 = btf__add_struct(b, "tw", 8);
		btf__add_field(b, "b", t.i_long, 0, 0);
		tw2p = btf__add_ptr(b, tw2);
		twins = btf__add_struct(b, "twins", 24);
		btf__add_field(b, "x", tw1, 0, 0);
		btf__add_field(b, "y", tw2, 64, 0);
		btf__add_field(b, "p", tw2p, 128, 0);
		(void)twins;
	}

	/* struct cls { struct am a; struct pk p; struct al l; } uses the others by value */
	cls = btf__add_struct(b, "cls", 192);
	btf__add_field(b, "a", am, 0, 0);
	btf__add_field(b, "p", pk, 128 * 8, 0);
	btf__add_field(b, "l", al, 144 * 8, 0);
	(void)u1;
	(void)u2;
	(void)o2;
	(void)po;
	(void)bf;
	(void)an;
	(void)names;
	(void)cls;

	raw = btf__raw_data(b, &size);
	f = raw ? fopen(path, "wb") : NULL;
	if (!f || fwrite(raw, 1, size, f) != size) {
		if (f)
			fclose(f);
		btf__free(b);
		return -1;
	}
	fclose(f);
	btf__free(b);
	return 0;
}

static skl_layout *lay(skl_typedb *db, const char *file, const char *name, skl_type **tp)
{
	skl_error err;
	skl_type *t;
	skl_layout *l;
	if (skl_btf_import(db, file, name, &t, &err) < 0) {
		CHECK(0, "import %s: %s", name, err.msg);
		return NULL;
	}
	l = skl_layout_compute(t, skl_abi_find("x86_64"), NULL, 64, &err);
	CHECK(l != NULL, "layout %s: %s", name, l ? "" : err.msg);
	CHECK(skl_type_note(t) == NULL, "%s: %s", name, skl_type_note(t) ? skl_type_note(t) : "");
	if (tp)
		*tp = t;
	return l;
}

static const skl_field *field(const skl_layout *l, const char *path)
{
	int i = skl_layout_find(l, path);
	CHECK(i >= 0, "%s has no field %s", l->name, path);
	return i >= 0 ? &l->fields[i] : NULL;
}

static void expect_at(const skl_layout *l, const char *path, uint64_t bit_pos)
{
	const skl_field *f = field(l, path);
	if (f)
		CHECK(f->bit_pos == bit_pos, "%s.%s at bit %llu, want %llu", l->name, path,
		      (unsigned long long)f->bit_pos, (unsigned long long)bit_pos);
}

/* The pahole text of l has a top-level member line "type name;" with
 * pahole's 26-wide type column. */
static void expect_decl(const skl_layout *l, const char *type, const char *name)
{
	skl_buf b;
	skl_sink s;
	char want[512];
	skl_buf_init(&b);
	s = skl_buf_sink(&b);
	skl_pahole_write(l, &s, NULL);
	snprintf(want, sizeof(want), "\n\t%-26s %s;", type, name);
	CHECK(b.data && strstr(b.data, want), "%s: no line \"%s\" in\n%s", l->name, want + 2, b.data ? b.data : "");
	skl_buf_free(&b);
}

static int test_synthetic(void)
{
	skl_typedb *db = skl_typedb_new();
	skl_layout *l;
	skl_type *t;
	if (write_synthetic(SYN_FILE) < 0) {
		printf("FAIL: cannot write %s\n", SYN_FILE);
		return 1;
	}

	if ((l = lay(db, SYN_FILE, "am", &t))) {
		expect_at(l, "b", 64 * 8);
		CHECK(l->size == 128, "am: size %llu", (unsigned long long)l->size);
		CHECK(l->aligned_attr == 64, "am: aligned %u", l->aligned_attr);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "struct pk", NULL))) {
		expect_at(l, "x", 8);
		CHECK(l->size == 5 && l->packed, "pk: size %llu packed %d", (unsigned long long)l->size, l->packed);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "al", NULL))) {
		CHECK(l->size == 16 && l->aligned_attr == 16 && l->padding == 12, "al: size %llu aligned %u",
		      (unsigned long long)l->size, l->aligned_attr);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "bf", NULL))) {
		expect_at(l, "a", 0);
		expect_at(l, "b", 32);
		expect_at(l, "c", 35);
		CHECK(l->size == 8, "bf: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}
	/* q2 alone: pahole's guess of 64 is kept; inside o2 it must give way */
	if ((l = lay(db, SYN_FILE, "q2", NULL))) {
		expect_at(l, "y", 32 * 8);
		CHECK(l->aligned_attr == 64, "q2 alone: aligned %u, want pahole's 64", l->aligned_attr);
		skl_layout_free(l);
	}
	{
		skl_typedb *db2 = skl_typedb_new();
		if ((l = lay(db2, SYN_FILE, "o2", NULL))) {
			expect_at(l, "q", 32 * 8);
			CHECK(l->size == 96, "o2: size %llu", (unsigned long long)l->size);
			skl_layout_free(l);
		}
		skl_typedb_free(db2);
	}
	if ((l = lay(db, SYN_FILE, "po", NULL))) {
		expect_at(l, "a", 8);
		CHECK(l->size == 17 && l->packed, "po: size %llu packed %d", (unsigned long long)l->size, l->packed);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "union u1", NULL))) {
		CHECK(l->size == 8 && l->is_union, "u1: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "u2", NULL))) {
		/* aligned(2) is the least that gives 4 bytes; pahole guesses the same */
		CHECK(l->size == 4 && l->aligned_attr == 2, "u2: size %llu aligned %u", (unsigned long long)l->size,
		      l->aligned_attr);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "an", NULL))) {
		expect_at(l, "x", 64);
		expect_at(l, "y", 64);
		expect_at(l, "s.q", 136);
		expect_at(l, "k", 144);
		expect_decl(l, "enum e1", "k:4");
		CHECK(l->size == 24, "an: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}
	if ((l = lay(db, SYN_FILE, "names", NULL))) {
		expect_decl(l, "const char  * const *", "pp");
		expect_decl(l, "struct am * *", "ipp");
		expect_decl(l, "void", "(*fn)(int, const char  *, ...)");
		expect_decl(l, "int ()(int) *", "(*fp2)(void)");
		expect_decl(l, "const int", "ci");
		expect_decl(l, "volatile int ", "v");
		expect_decl(l, "u32", "t");
		expect_decl(l, "char", "z[0]");
		expect_decl(l, "ssizetype", "s");
		expect_decl(l, "long unsigned int", "ul");
		expect_decl(l, "unsigned char", "uc");
		expect_decl(l, "char", "flex[]");
		expect_at(l, "flex", 520);
		CHECK(l->size == 80, "names: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}
	/* the records cls holds come in complete, and a second import reuses them */
	if ((l = lay(db, SYN_FILE, "cls", NULL))) {
		expect_at(l, "p", 128 * 8);
		expect_at(l, "l", 144 * 8);
		CHECK(l->size == 192, "cls: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}

	if ((l = lay(db, SYN_FILE, "twins", NULL))) {
		const skl_field *y = field(l, "y");
		expect_at(l, "y", 64);
		CHECK(y && y->size == 8, "twins.y: the second struct tw is 8 bytes, got %llu",
		      y ? (unsigned long long)y->size : 0ULL);
		expect_decl(l, "struct tw", "x");
		expect_decl(l, "struct tw", "y");
		expect_decl(l, "struct tw *", "p");
		CHECK(l->size == 24, "twins: size %llu", (unsigned long long)l->size);
		skl_layout_free(l);
	}

	/* pahole reads the same file: compare what it prints */
	if (have_pahole()) {
		static const char *const all[] = {"am", "pk", "al",    "bf",	"q2", "o2",
						  "po", "an", "names", "twins", "cls"};
		int i, show = 1;
		printf("synthetic BTF against pahole:\n");
		for (i = 0; i < (int)(sizeof(all) / sizeof(*all)); i++) {
			int ident, r = compare_one(SYN_FILE, all[i], &ident, &show);
			CHECK(r == 1, "%s: members differ from pahole", all[i]);
		}
	} else {
		printf("pahole is not installed: synthetic structs not compared with it\n");
	}
	skl_typedb_free(db);
	remove(SYN_FILE);
	return failures ? 1 : 0;
}

/* ---- files that are not BTF -------------------------------------------------- */

static int write_bytes(const char *path, const void *p, size_t n)
{
	FILE *f = fopen(path, "wb");
	int ok = f && fwrite(p, 1, n, f) == n;
	if (f)
		fclose(f);
	return ok ? 0 : -1;
}

static void expect_error(const char *path, const char *name, const char *want)
{
	skl_typedb *db = skl_typedb_new();
	skl_type *t = (skl_type *)db;
	skl_error err;
	int r = skl_btf_import(db, path, name, &t, &err);
	CHECK(r == -1, "%s: import of %s should fail", path, name);
	CHECK(t == NULL, "%s: out not cleared", path);
	if (r == -1) {
		CHECK(strstr(err.msg, want) != NULL, "%s: message '%s' lacks '%s'", path, err.msg, want);
		printf("  %-26s -> %s\n", path ? path : "(default)", err.msg);
	}
	skl_typedb_free(db);
}

/* BTF that libbpf accepts but no C compiler could produce: a struct that
 * holds itself, a typedef of itself, a struct smaller than its member. */
static int write_broken(const char *path)
{
	struct btf *b = btf__new_empty();
	const void *raw;
	__u32 size;
	int i_int, i_long, self, td;
	int ok;
	if (!b)
		return -1;
	i_int = btf__add_int(b, "int", 4, BTF_INT_SIGNED);
	i_long = btf__add_int(b, "long int", 8, BTF_INT_SIGNED);
	self = btf__add_struct(b, "self", 8);
	btf__add_field(b, "a", i_int, 0, 0);
	btf__add_field(b, "me", self, 32, 0);
	td = (int)btf__type_cnt(b); /* the id the next type gets */
	btf__add_typedef(b, "loop_t", td);
	btf__add_struct(b, "holds_loop", 4);
	btf__add_field(b, "x", td, 0, 0);
	btf__add_struct(b, "small", 4);
	btf__add_field(b, "l", i_long, 0, 0);
	raw = btf__raw_data(b, &size);
	ok = raw && write_bytes(path, raw, size) == 0;
	btf__free(b);
	return ok ? 0 : -1;
}

static int test_errors(void)
{
	FILE *f;
	long n;
	char *data;
	char want[512];
	if (write_synthetic(SYN_FILE) < 0) {
		printf("FAIL: cannot write %s\n", SYN_FILE);
		return 1;
	}
	f = fopen(SYN_FILE, "rb");
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	data = malloc((size_t)n);
	if (fread(data, 1, (size_t)n, f) != (size_t)n)
		n = 0;
	fclose(f);
	CHECK(n > 64, "synthetic file too small");

	printf("files that are not BTF:\n");
	expect_error("btf-missing.btf", "am", "cannot read BTF from btf-missing.btf: No such file or directory");
	/* cut in the header, in the types, and in the strings */
	write_bytes("btf-trunc-8.btf", data, 8);
	expect_error("btf-trunc-8.btf", "am", "btf-trunc-8.btf is not a valid BTF file (truncated or corrupt");
	write_bytes("btf-trunc-half.btf", data, (size_t)n / 2);
	expect_error("btf-trunc-half.btf", "am", "is not a valid BTF file (truncated or corrupt");
	write_bytes("btf-trunc-1.btf", data, (size_t)n - 1);
	expect_error("btf-trunc-1.btf", "am", "is not a valid BTF file (truncated or corrupt");
	/* a type pointing past the end */
	{
		char *bad = malloc((size_t)n);
		const struct btf_header *h = (const struct btf_header *)data;
		struct btf_type *first;
		memcpy(bad, data, (size_t)n);
		first = (struct btf_type *)(bad + h->hdr_len + h->type_off);
		/* the first type is "int": make it a pointer to type 99999 */
		first->info = (__u32)BTF_KIND_PTR << 24; /* kind in bits 24-28, no members */
		first->type = 99999;
		write_bytes("btf-badref.btf", bad, (size_t)n);
		expect_error("btf-badref.btf", "am", "is not a valid BTF file");
		free(bad);
	}
	write_bytes("btf-text.btf", "this is not BTF at all\n", 23);
	expect_error("btf-text.btf", "am", "btf-text.btf is not a BTF file (neither raw BTF nor an ELF file");
	write_bytes("btf-empty.btf", "", 0);
	expect_error("btf-empty.btf", "am", "btf-empty.btf is empty, not a BTF file");

	printf("types no compiler makes:\n");
	CHECK(write_broken("btf-broken.btf") == 0, "cannot write btf-broken.btf");
	expect_error("btf-broken.btf", "self", "btf-broken.btf: BTF type 3 (struct self): struct self contains itself");
	expect_error("btf-broken.btf", "holds_loop", "btf-broken.btf: BTF type 4 is part of a loop");
	{
		/* imported, with a note saying the layout could not be reproduced */
		skl_typedb *db = skl_typedb_new();
		skl_type *t;
		skl_error err;
		int r = skl_btf_import(db, "btf-broken.btf", "small", &t, &err);
		CHECK(r == 0, "small: %s", r ? err.msg : "");
		if (r == 0) {
			CHECK(skl_type_note(t) && strstr(skl_type_note(t), "BTF layout not reproduced"),
			      "small: note '%s'", skl_type_note(t) ? skl_type_note(t) : "(none)");
			printf("  %-26s -> note: %s\n", "btf-broken.btf small",
			       skl_type_note(t) ? skl_type_note(t) : "");
		}
		skl_typedb_free(db);
	}
	remove("btf-broken.btf");

	printf("names that are not there:\n");
	snprintf(want, sizeof(want), "no struct or union named 'nosuch' in BTF file %s", SYN_FILE);
	expect_error(SYN_FILE, "nosuch", want);
	snprintf(want, sizeof(want), "no struct or union named 'am' in BTF file %s", SYN_FILE);
	expect_error(SYN_FILE, "union am", want);
	snprintf(want, sizeof(want), "no struct or union named 'e1' in BTF file %s", SYN_FILE);
	expect_error(SYN_FILE, "e1", want);
	expect_error(SYN_FILE, "struct ", "is not a struct or union name");
	if (access(VMLINUX, R_OK) == 0)
		expect_error(NULL, "x", "no struct or union named 'x' in BTF file " VMLINUX);

	remove("btf-trunc-8.btf");
	remove("btf-trunc-half.btf");
	remove("btf-trunc-1.btf");
	remove("btf-badref.btf");
	remove("btf-text.btf");
	remove("btf-empty.btf");
	remove(SYN_FILE);
	free(data);
	return failures ? 1 : 0;
}

#endif /* SKLAB_TEST_LIBBPF */

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "kernel";
	int r;
	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!skl_btf_available()) {
		r = test_unavailable();
		if (r)
			return r;
		printf("skip: sklab was built without libbpf (BTF import always fails, as it should)\n");
		return SKIP;
	}
	if (!strcmp(mode, "kernel")) {
		r = test_kernel(argc - 2, argv + 2);
	}
#ifdef SKLAB_TEST_LIBBPF
	else if (!strcmp(mode, "synthetic")) {
		r = test_synthetic();
	} else if (!strcmp(mode, "write") && argc > 2) {
		return write_synthetic(argv[2]) < 0 ? 1 : 0;
	} else if (!strcmp(mode, "errors")) {
		r = test_errors();
	}
#else
	else if (!strcmp(mode, "synthetic") || !strcmp(mode, "errors")) {
		printf("skip: the test was built without libbpf's BTF writer\n");
		return SKIP;
	}
#endif
	else {
		fprintf(stderr, "usage: test_btf [synthetic | errors | kernel [NAME...] | write FILE]\n");
		return 2;
	}
	if (r == SKIP)
		return SKIP;
	printf("%d passed, %d failed\n", checks - failures, failures);
	return failures ? 1 : r;
}
