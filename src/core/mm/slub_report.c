/*
 * slub_report.c - SLUB's debug checks and its reports, as mm/slub.c
 * prints them with slab_debug: red zones, poison, padding and the free
 * pointer checked (check_object()), objects and slabs described
 * (print_trailer(), print_slab_info(), the alloc/free tracks), the
 * "BUG cache (Tainted: ...): ..." banner, the FIX lines and the taint. The
 * allocator calling them is slub.c; addresses are the simulated ones,
 * unhashed (as with no_hash_pointers).
 */
#include "slub_impl.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static unsigned W_of(const skl_kernel *k)
{
	return skl__slub_machine(k) ? skl__slub_machine(k)->p.word : 8;
}

/* 2.6.31 prints its reports its own way (mm/slub.c of 2.6.31:
 * slab_bug(), print_page_info(), print_track(), print_trailer(),
 * print_section(), check_bytes_and_report()): no taint in the banner, an
 * "INFO: " before each description line, the page flags as a number,
 * " %02x" hex dumps after "%8s 0x%p:", and the trailer inside the
 * overwrite report. */
static int era_2631(const skl_kernel *k)
{
	return skl__slub_machine(k) && skl__slub_machine(k)->p.era == SKL_SLUB_ERA_2_6_31;
}

/* ---- reports ------------------------------------------------------------------------ */

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void
skl__slub_rp(report *r, const char *fmt, ...)
{
	char line[1024];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(line, sizeof(line), fmt, ap);
	va_end(ap);
	skl_buf_append(&r->b, line, strlen(line));
	r->any = 1;
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void
skl__slub_rp_found(report *r, const char *fmt, ...)
{
	va_list ap;
	if (r->found[0])
		return;
	va_start(ap, fmt);
	vsnprintf(r->found, sizeof(r->found), fmt, ap);
	va_end(ap);
}

/* The report becomes an SKL_EV_BUG event, and err gets its first line
 * worth quoting (not a separator) followed by what sklab found, in
 * parentheses. -1 when there was a report. */
int skl__slub_rp_finish_report(report *r, skl_addr addr, skl_error *err)
{
	int had = r->any;
	if (had) {
		const char *s = r->b.data;
		while (s && *s) {
			const char *e = strchr(s, '\n');
			size_t n = e ? (size_t)(e - s) : strlen(s);
			if (n && s[0] != '=' && s[0] != '-') {
				if (err && r->found[0])
					skl_errorf(err, "%.*s (%s)", (int)(n > 240 ? 240 : n), s, r->found);
				else if (err)
					skl_errorf(err, "%.*s", (int)(n > 400 ? 400 : n), s);
				break;
			}
			s = e ? e + 1 : s + n;
		}
		skl_kernel_event(r->k, SKL_EV_BUG, r->c ? r->c->name : "", addr, 0, r->b.data ? r->b.data : "");
		if (r->c && skl__slub_real_cache(r->c)->priv)
			((slub_cache *)skl__slub_real_cache(r->c)->priv)->errors++;
	}
	if (r->b.data)
		skl_buf_free(&r->b);
	return had ? -1 : 0;
}

/* An operation that went well reported nothing: nothing to finish. */
unsigned skl__slub_ptr_digits(const skl_kernel *k)
{
	return W_of(k) * 2;
}

/* %p with no_hash_pointers: the address zero-padded to the word width */
const char *skl__slub_pstr(const skl_kernel *k, skl_addr a, char *buf, size_t n)
{
	snprintf(buf, n, "%0*llx", (int)skl__slub_ptr_digits(k), (unsigned long long)a);
	return buf;
}

/* models print_tainted(): "Not tainted", or one column per taint flag
 * (20 of them in 6.18) with 'G' for a GPL-only kernel, 'B' (TAINT_BAD_PAGE)
 * in column 6 and 'W' (TAINT_WARN) in column 10 */
static const char *tainted(const slub_machine *m, char *buf, size_t n)
{
	char cols[21];
	if (!m->tainted)
		return "Not tainted";
	memset(cols, ' ', 20);
	cols[20] = '\0';
	cols[0] = 'G';
	if (m->tainted & TAINT_BAD_PAGE)
		cols[5] = 'B';
	if (m->tainted & TAINT_WARN)
		cols[9] = 'W';
	snprintf(buf, n, "Tainted: %s", cols);
	return buf;
}

void skl__slub_slab_bug(report *r, const skl_cache *c, const char *fmt, ...)
{
	char msg[512], t[40];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	skl__slub_rp(r, "=============================================================================\n");
	if (era_2631(r->k))
		skl__slub_rp(r, "BUG %s: %s\n", c ? c->name : "<unknown>", msg);
	else
		skl__slub_rp(r, "BUG %s (%s): %s\n", c ? c->name : "<unknown>",
			     tainted(skl__slub_machine(r->k), t, sizeof(t)), msg);
	skl__slub_rp(r, "-----------------------------------------------------------------------------\n\n");
}

/* skl__slub_add_taint(TAINT_BAD_PAGE) and the WARN_ON() that follows SLUB's reports */
void skl__slub_add_taint(report *r)
{
	skl__slub_machine(r->k)->tainted |= TAINT_BAD_PAGE | TAINT_WARN;
}

/* a WARN() alone (wrong cache, not a kmalloc allocation) */
void skl__slub_add_taint_warn(report *r)
{
	skl__slub_machine(r->k)->tainted |= TAINT_WARN;
}

/* struct slab lives in the memmap: vmemmap (x86_64) or mem_map (32-bit) */
static const unsigned long long PAGE_OFFSET_64 = 0xffff888000000000ull, VMEMMAP_64 = 0xffffea0000000000ull;
static const unsigned long long PAGE_OFFSET_32 = 0xc0000000ull, MEM_MAP_32 = 0xc1000000ull;

uint64_t skl__slub_pfn_of(const skl_kernel *k, skl_addr a)
{
	unsigned shift = ilog2_u(k->prof.page_size);
	uint64_t base = W_of(k) == 8 ? PAGE_OFFSET_64 : PAGE_OFFSET_32;
	if (a < base)
		return (a - k->va_base) >> shift;
	return (a - base) >> shift;
}

skl_addr skl__slub_page_struct(const skl_kernel *k, skl_addr a)
{
	return W_of(k) == 8 ? VMEMMAP_64 + skl__slub_pfn_of(k, a) * 64 : MEM_MAP_32 + skl__slub_pfn_of(k, a) * 32;
}

/* %pGp of a slab's head page. The field layout is that of a typical x86_64
 * distribution kernel (NUMA, NUMA balancing, SPARSEMEM_VMEMMAP): zone at
 * bit 51, lastcpupid at bit 30; 32-bit kernels: zone at bit 30. */
void skl__slub_page_flags(const skl_kernel *k, const slub_slab *s, char *buf, size_t n)
{
	uint64_t phys = skl__slub_pfn_of(k, s->base) * k->prof.page_size;
	unsigned zone;
	uint64_t v = 0;
	char names[64] = "";
	if (s->list == SL_PARTIAL) {
		v |= 1u << 9;
		strcat(names, "workingset|");
	}
	if (s->order) {
		v |= 1u << 6;
		strcat(names, "head|");
	}
	if (W_of(k) == 8) {
		zone = phys < (16u << 20) ? 0 : (phys < ((uint64_t)4 << 30) ? 1 : 2);
		v |= (uint64_t)zone << 51 | (uint64_t)0x1fffff << 30;
		snprintf(buf, n, "0x%llx(%snode=0|zone=%u|lastcpupid=0x1fffff)", (unsigned long long)v, names, zone);
	} else {
		zone = phys < (16u << 20) ? 0 : (phys < (896u << 20) ? 1 : 2);
		v |= (uint64_t)zone << 30;
		snprintf(buf, n, "0x%llx(%szone=%u)", (unsigned long long)v, names, zone);
	}
}

/* 2.6.31's print_section(): "%8s 0x%p: ", " %02x" a byte, the last line
 * padded with "   " a missing byte, then " " and the bytes isgraph()
 * (so a space prints '.') */
static void print_section_2631(report *r, const char *text, skl_addr a, unsigned len)
{
	unsigned i, j;
	char pb[32], name[16];
	size_t tl = strlen(text);
	while (tl && text[tl - 1] == ' ')
		tl--;
	snprintf(name, sizeof(name), "%.*s", (int)tl, text);
	for (i = 0; i < len; i += 16) {
		unsigned n = len - i < 16 ? len - i : 16;
		const uint8_t *b = skl__bytes(r->k, a + i, n);
		char line[96];
		size_t lx = 0;
		for (j = 0; j < 16; j++) {
			unsigned v = b && j < n ? b[j] : 0;
			lx += (size_t)snprintf(line + lx, sizeof(line) - lx, j < n ? " %02x" : "   ", v);
		}
		line[lx++] = ' ';
		for (j = 0; j < 16; j++) {
			unsigned v = b && j < n ? b[j] : 0;
			line[lx++] = j >= n ? ' ' : (v > 0x20 && v < 0x7f) ? (char)v : '.';
		}
		line[lx] = '\0';
		skl__slub_rp(r, "%8s 0x%s: %s\n", name, skl__slub_pstr(r->k, a + i, pb, sizeof(pb)), line);
	}
}

/* models skl__slub_print_section(): print_hex_dump(DUMP_PREFIX_ADDRESS, 16, 1, ascii) */
void skl__slub_print_section(report *r, const char *text, skl_addr a, unsigned len)
{
	unsigned i, j;
	char pb[32];
	if (era_2631(r->k)) {
		print_section_2631(r, text, a, len);
		return;
	}
	for (i = 0; i < len; i += 16) {
		unsigned n = len - i < 16 ? len - i : 16;
		const uint8_t *b = skl__bytes(r->k, a + i, n);
		char line[80];
		size_t lx = 0;
		for (j = 0; j < n; j++) {
			unsigned v = b ? b[j] : 0;
			lx += (size_t)snprintf(line + lx, sizeof(line) - lx, j + 1 < n ? "%02x " : "%02x", v);
		}
		while (lx < 49)
			line[lx++] = ' ';
		for (j = 0; j < n; j++) {
			unsigned v = b ? b[j] : 0;
			line[lx++] = (v >= 0x20 && v < 0x7f) ? (char)v : '.';
		}
		line[lx] = '\0';
		skl__slub_rp(r, "%s%s: %s\n", text, skl__slub_pstr(r->k, a + i, pb, sizeof(pb)), line);
	}
}

/* page->flags of a 2.6.31 slab page, as print_page_info()'s "%04lx"
 * gives them (include/linux/page-flags.h, mm.h of 2.6.31): PG_error (1,
 * PG_slub_debug: a debug cache's slab), PG_active (6, PG_slub_frozen: a
 * CPU's slab), PG_slab (7), PG_head (14: several pages); the zone above
 * them at bit 62 on x86_64 (no NUMA node bits, SPARSEMEM_VMEMMAP keeps no
 * section bits), at bit 30 on 32-bit. */
static uint64_t page_flags_2631(const skl_kernel *k, const slub_slab *s)
{
	uint64_t phys = skl__slub_pfn_of(k, s->base) * k->prof.page_size;
	const slub_cache *sc = s->cache ? s->cache->priv : NULL;
	uint64_t v = 1u << 7, zone;
	if (sc && (sc->g.flags & DEBUG_FLAGS))
		v |= 1u << 1;
	if (s->cpu >= 0)
		v |= 1u << 6;
	if (s->order)
		v |= 1u << 14;
	if (W_of(k) == 8) {
		zone = phys < (16u << 20) ? 0 : (phys < ((uint64_t)4 << 30) ? 1 : 2);
		return v | zone << 62;
	}
	zone = phys < (16u << 20) ? 0 : (phys < (896u << 20) ? 1 : 2);
	return v | zone << 30;
}

void skl__slub_print_slab_info(report *r, const slub_slab *s)
{
	char a[32], f[32], flags[128];
	if (era_2631(r->k)) {
		skl__slub_rp(r, "INFO: Slab 0x%s objects=%u used=%u fp=0x%s flags=0x%04llx\n",
			     skl__slub_pstr(r->k, skl__slub_page_struct(r->k, s->base), a, sizeof(a)), s->objects,
			     s->inuse, skl__slub_pstr(r->k, s->freelist, f, sizeof(f)),
			     (unsigned long long)page_flags_2631(r->k, s));
		return;
	}
	skl__slub_page_flags(r->k, s, flags, sizeof(flags));
	skl__slub_rp(r, "Slab 0x%s objects=%u used=%u fp=0x%s flags=%s\n",
		     skl__slub_pstr(r->k, skl__slub_page_struct(r->k, s->base), a, sizeof(a)), s->objects, s->inuse,
		     skl__slub_pstr(r->k, s->freelist, f, sizeof(f)), flags);
}

skl_addr skl__slub_track_at(const skl_kernel *k, const slub_cache *sc, skl_addr obj, int which)
{
	return obj + skl_slub_info_end(&skl__slub_machine(k)->p, &sc->g) +
	       (skl_addr)which * skl__slub_machine(k)->p.track_size;
}

static void read_track(skl_kernel *k, const slub_cache *sc, skl_addr obj, int which, track *t)
{
	slub_machine *m = skl__slub_machine(k);
	unsigned W = m->p.word, off = 0;
	const uint8_t *b = skl__bytes(k, skl__slub_track_at(k, sc, obj, which), m->p.track_size);
	memset(t, 0, sizeof(*t));
	if (!b)
		return;
	t->addr = skl__slub_get_word(m, b, W);
	off = W;
	if (m->p.era != SKL_SLUB_ERA_2_6_31) { /* 2.6.31's track has no depot handle */
		t->handle = (unsigned)skl__slub_get_word(m, b + off, 4);
		off += 4;
	}
	t->cpu = (unsigned)skl__slub_get_word(m, b + off, 4);
	t->pid = (unsigned)skl__slub_get_word(m, b + off + 4, 4);
	off = align_up(off + 8, W);
	t->when = skl__slub_get_word(m, b + off, W);
}

static uint64_t text_addr(const skl_kernel *k, unsigned fn)
{
	return (W_of(k) == 8 ? 0xffffffff81300000ull : 0xc1300000ull) + (uint64_t)fn * 0x400;
}

/* The simulated text address of caller id (1..SKL__CALLERS_MAX): one
 * 256-byte "function" per scenario line, past the allocator's own. */
static uint64_t caller_addr(const skl_kernel *k, unsigned id)
{
	return (W_of(k) == 8 ? 0xffffffff81400000ull : 0xc1400000ull) + (uint64_t)id * 0x100;
}

/* How the era prints a track's stack: none (before 3.2: struct track was
 * addr, cpu, pid, when), the saved addrs[] (3.2 to 5.16, CONFIG_STACKTRACE:
 * "\t%pS" each), or a stack depot handle (5.17 on, CONFIG_STACKDEPOT:
 * stack_depot_print(), else "object allocation/free stack trace missing"). */
enum { TRACK_NO_STACK, TRACK_ADDRS, TRACK_DEPOT };

static int track_stack_kind(const skl_kernel *k)
{
	unsigned ma = k->prof.version.major, mi = k->prof.version.minor;
	if (ma < 3 || (ma == 3 && mi < 2))
		return TRACK_NO_STACK;
	if (ma < 5 || (ma == 5 && mi < 17))
		return TRACK_ADDRS;
	return TRACK_DEPOT;
}

/* models set_track() (6.18 mm/slub.c, set_track_prepare() and
 * set_track_update()): which 0 = TRACK_ALLOC, 1 = TRACK_FREE. addr is
 * _RET_IP_ of the API entry: the caller, here the scenario line calling
 * (skl__kernel_caller()); the stack saved is that API function (fn:
 * skl__slub_track_fn) called from there, kept in the handle as fn + 1.
 * With no caller known, addr names the API function and no stack is
 * saved (handle 0). */
void skl__slub_set_track(skl_kernel *k, const slub_cache *sc, skl_addr obj, int which, unsigned fn)
{
	slub_machine *m = skl__slub_machine(k);
	unsigned W = m->p.word, off, caller;
	uint8_t *b = skl__bytes(k, skl__slub_track_at(k, sc, obj, which), m->p.track_size);
	if (!b)
		return;
	caller = skl__kernel_caller(k);
	memset(b, 0, m->p.track_size);
	skl__slub_put_word(m, b, W, caller ? caller_addr(k, caller) : text_addr(k, fn));
	off = W;
	if (m->p.era != SKL_SLUB_ERA_2_6_31) { /* 2.6.31's track has no depot handle */
		if (caller && track_stack_kind(k) != TRACK_NO_STACK)
			skl__slub_put_word(m, b + W, 4, fn + 1);
		off += 4;
	}
	skl__slub_put_word(m, b + off, 4, k->cpu);
	skl__slub_put_word(m, b + off + 4, 4, 1); /* pid 1 */
	skl__slub_put_word(m, b + align_up(off + 8, W), W, m->jiffies);
}

/* The name %pS gives a track's address: an API function or a caller. */
static const char *track_sym(const skl_kernel *k, uint64_t addr, char *buf, size_t n)
{
	uint64_t base = caller_addr(k, 0);
	unsigned i;
	for (i = 0; i < sizeof(skl__slub_track_fn) / sizeof(skl__slub_track_fn[0]); i++)
		if (addr == text_addr(k, i))
			return skl__slub_track_fn[i];
	if (addr > base && (addr - base) % 0x100 == 0 && (addr - base) / 0x100 <= SKL__CALLERS_MAX) {
		const char *name = skl__kernel_caller_name(k, (unsigned)((addr - base) / 0x100));
		if (name)
			return name;
	}
	snprintf(buf, n, "0x%llx", (unsigned long long)addr);
	return buf;
}

/* models print_track() (6.18 mm/slub.c): nothing for a track never set
 * (addr 0); "<what> in <addr as %pS> age= cpu= pid=", then the saved stack
 * one frame a line (stack_depot_print()'s " %pS"), or with a depot and no
 * handle "object allocation/free stack trace missing". */
static void print_track(report *r, const char *what, const track *t)
{
	slub_machine *m = skl__slub_machine(r->k);
	int kind = track_stack_kind(r->k);
	char sym[64], csym[64];
	const char *who = track_sym(r->k, t->addr, sym, sizeof(sym));
	if (!t->addr)
		return;
	skl__slub_rp(r, "%s%s in %s age=%llu cpu=%u pid=%u\n", era_2631(r->k) ? "INFO: " : "", what, who,
		     (unsigned long long)(m->jiffies - t->when), t->cpu, t->pid);
	if (kind == TRACK_NO_STACK)
		return;
	if (t->handle && t->handle <= sizeof(skl__slub_track_fn) / sizeof(skl__slub_track_fn[0])) {
		const char *indent = kind == TRACK_DEPOT ? " " : "\t";
		skl__slub_rp(r, "%s%s\n", indent, skl__slub_track_fn[t->handle - 1]);
		skl__slub_rp(r, "%s%s\n", indent, track_sym(r->k, t->addr, csym, sizeof(csym)));
	} else if (kind == TRACK_DEPOT) {
		skl__slub_rp(r, "object allocation/free stack trace missing\n");
	}
}

void skl__slub_print_tracking(report *r, const slub_cache *sc, skl_addr obj)
{
	track t;
	if (!(sc->g.flags & SKL_SLAB_STORE_USER))
		return;
	read_track(r->k, sc, obj, 0, &t);
	print_track(r, "Allocated", &t);
	read_track(r->k, sc, obj, 1, &t);
	print_track(r, "Freed", &t);
}

unsigned skl__slub_size_from_object(const slub_cache *sc)
{
	return (sc->g.flags & SKL_SLAB_RED_ZONE) ? sc->g.size - sc->g.red_left_pad : sc->g.size;
}

/* The offset of the padding after the metadata (check_pad_bytes()). */
unsigned skl__slub_pad_offset(const skl_kernel *k, const slub_cache *sc)
{
	unsigned off = skl_slub_info_end(&skl__slub_machine(k)->p, &sc->g);
	if (sc->g.flags & SKL_SLAB_STORE_USER)
		off += 2 * skl__slub_machine(k)->p.track_size;
	if (sc->g.orig_size)
		off += 4;
	return off;
}

/* models print_trailer() */
static void print_trailer(report *r, const slub_cache *sc, const slub_slab *s, skl_addr p)
{
	char a[32], f[32];
	unsigned off, len;
	skl__slub_print_tracking(r, sc, p);
	skl__slub_print_slab_info(r, s);
	skl__slub_rp(r, "%sObject 0x%s @offset=%llu fp=0x%s\n\n", era_2631(r->k) ? "INFO: " : "",
		     skl__slub_pstr(r->k, p, a, sizeof(a)), (unsigned long long)(p - s->base),
		     skl__slub_pstr(r->k, skl__slub_get_fp(r->k, sc, p), f, sizeof(f)));
	if ((sc->g.flags & SKL_SLAB_RED_ZONE) && !era_2631(r->k)) /* 2.6.31 has no left red zone */
		skl__slub_print_section(r, "Redzone  ", p - sc->g.red_left_pad, sc->g.red_left_pad);
	else if (p > s->base + 16)
		skl__slub_print_section(r, "Bytes b4 ", p - 16, 16);
	len = sc->g.object_size < r->k->prof.page_size ? sc->g.object_size : r->k->prof.page_size;
	skl__slub_print_section(r, "Object   ", p, len);
	if (sc->g.flags & SKL_SLAB_RED_ZONE)
		skl__slub_print_section(r, "Redzone  ", p + sc->g.object_size, sc->g.inuse - sc->g.object_size);
	off = skl__slub_pad_offset(r->k, sc);
	if (off != skl__slub_size_from_object(sc))
		skl__slub_print_section(r, "Padding  ", p + off, skl__slub_size_from_object(sc) - off);
}

/* models skl__slub_object_err() */
void skl__slub_object_err(report *r, const slub_cache *sc, const slub_slab *s, skl_addr obj, const char *reason)
{
	char a[32];
	skl__slub_slab_bug(r, r->c, "%s", reason);
	if (!obj || !skl__slub_valid_pointer(sc, s, obj)) {
		skl__slub_print_slab_info(r, s);
		skl__slub_rp(r, "Invalid pointer 0x%s\n", skl__slub_pstr(r->k, obj, a, sizeof(a)));
	} else {
		print_trailer(r, sc, s, obj);
	}
	skl__slub_add_taint(r);
}

/* models skl__slub_slab_err(): the BUG header and the slab line */
void skl__slub_slab_err(report *r, const slub_slab *s, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	skl__slub_slab_bug(r, r->c, "%s", msg);
	skl__slub_print_slab_info(r, s);
	skl__slub_add_taint(r);
}

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
void
skl__slub_slab_fix(report *r, const char *fmt, ...)
{
	char msg[512];
	va_list ap;
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	skl__slub_rp(r, "FIX %s: %s\n", r->c->name, msg);
}

/* models check_bytes_and_report() (6.15+ wording) */
static int check_bytes(report *r, const slub_cache *sc, const slub_slab *s, skl_addr obj, const char *what,
		       skl_addr start, unsigned value, unsigned bytes, int obj_print)
{
	const uint8_t *b;
	unsigned i, fault, end;
	char a1[32], a2[32];
	if (!bytes)
		return 1;
	b = skl__bytes(r->k, start, bytes);
	if (!b)
		return 1;
	for (i = 0; i < bytes && b[i] == value; i++)
		;
	if (i == bytes)
		return 1;
	fault = i;
	end = bytes;
	while (end > fault && b[end - 1] == value)
		end--;
	skl__slub_pstr(r->k, obj, a1, sizeof(a1));
	if (!strcmp(what, "Left Redzone"))
		skl__slub_rp_found(r, "a write before object 0x%s hit its left red zone", a1);
	else if (!strcmp(what, "Right Redzone"))
		skl__slub_rp_found(r, "a write past the %u bytes of object 0x%s hit its right red zone",
				   sc->g.object_size, a1);
	else if (!strcmp(what, "kmalloc Redzone"))
		skl__slub_rp_found(r, "a write past the %u bytes kmalloc() was asked for in object 0x%s",
				   (unsigned)(start - obj), a1);
	else if (!strcmp(what, "Poison") || !strcmp(what, "End Poison"))
		skl__slub_rp_found(r, "object 0x%s was written to after it was freed", a1);
	else
		skl__slub_rp_found(r, "the padding after object 0x%s was overwritten", a1);
	if (era_2631(r->k)) {
		/* 2.6.31 check_bytes_and_report(): slab_bug("%s overwritten"),
		 * the INFO line, print_trailer(), restore_bytes() (its message
		 * ends in "\n", so slab_fix() leaves a blank line) */
		const char *name = !strcmp(what, "Right Redzone") ? "Redzone"
				   : !strcmp(what, "End Poison")  ? "Poison"
								  : what;
		skl__slub_slab_bug(r, r->c, "%s overwritten", name);
		skl__slub_rp(r, "INFO: 0x%s-0x%s. First byte 0x%x instead of 0x%x\n",
			     skl__slub_pstr(r->k, start + fault, a1, sizeof(a1)),
			     skl__slub_pstr(r->k, start + end - 1, a2, sizeof(a2)), b[fault], value);
		print_trailer(r, sc, s, obj);
		skl__slub_add_taint(r);
		skl__slub_slab_fix(r, "Restoring 0x%s-0x%s=0x%x\n", skl__slub_pstr(r->k, start + fault, a1, sizeof(a1)),
				   skl__slub_pstr(r->k, start + end - 1, a2, sizeof(a2)), value);
		skl__slub_fill(r->k, start + fault, (int)value, end - fault);
		return 0;
	}
	skl__slub_rp(r, "[%s overwritten] 0x%s-0x%s @offset=%llu. First byte 0x%x instead of 0x%x\n", what,
		     skl__slub_pstr(r->k, start + fault, a1, sizeof(a1)),
		     skl__slub_pstr(r->k, start + end - 1, a2, sizeof(a2)),
		     (unsigned long long)(start + fault - s->base), b[fault], value);
	if (obj_print)
		skl__slub_object_err(r, sc, s, obj, "Object corrupt");
	skl__slub_slab_fix(r, "Restoring %s 0x%s-0x%s=0x%x", what, skl__slub_pstr(r->k, start + fault, a1, sizeof(a1)),
			   skl__slub_pstr(r->k, start + end - 1, a2, sizeof(a2)), value);
	skl__slub_fill(r->k, start + fault, (int)value, end - fault);
	return 0;
}

unsigned skl__slub_get_orig_size(skl_kernel *k, const slub_cache *sc, skl_addr obj)
{
	slub_machine *m = skl__slub_machine(k);
	const uint8_t *b;
	unsigned v;
	if (!sc->g.orig_size)
		return sc->g.object_size;
	b = skl__bytes(k, obj + skl_slub_info_end(&m->p, &sc->g) + 2 * m->p.track_size, 4);
	v = b ? (unsigned)skl__slub_get_word(m, b, 4) : sc->g.object_size;
	return v > sc->g.object_size ? sc->g.object_size : v;
}

void skl__slub_set_orig_size(skl_kernel *k, const slub_cache *sc, skl_addr obj, unsigned n)
{
	slub_machine *m = skl__slub_machine(k);
	uint8_t *b;
	if (!sc->g.orig_size)
		return;
	b = skl__bytes(k, obj + skl_slub_info_end(&m->p, &sc->g) + 2 * m->p.track_size, 4);
	if (b)
		skl__slub_put_word(m, b, 4, n);
}

/* models check_pad_bytes() */
static int check_pad_bytes(report *r, const slub_cache *sc, const slub_slab *s, skl_addr p)
{
	unsigned off = skl__slub_pad_offset(r->k, sc);
	if (skl__slub_size_from_object(sc) == off)
		return 1;
	return check_bytes(r, sc, s, p, "Object padding", p + off, POISON_INUSE, skl__slub_size_from_object(sc) - off,
			   1);
}

/* models skl__slub_check_object(): val is SLUB_RED_ACTIVE for an allocated object */
int skl__slub_check_object(report *r, const slub_cache *sc, slub_slab *s, skl_addr p, unsigned val)
{
	const skl_slub_geom *g = &sc->g;
	skl_addr endobject = p + g->object_size;
	int ret = 1;
	if (g->flags & SKL_SLAB_RED_ZONE) {
		if (!check_bytes(r, sc, s, p, "Left Redzone", p - g->red_left_pad, val, g->red_left_pad, ret))
			ret = 0;
		if (!check_bytes(r, sc, s, p, "Right Redzone", endobject, val, g->inuse - g->object_size, ret))
			ret = 0;
		if (g->orig_size && val == SLUB_RED_ACTIVE) {
			unsigned os = skl__slub_get_orig_size(r->k, sc, p);
			if (g->object_size > os &&
			    !check_bytes(r, sc, s, p, "kmalloc Redzone", p + os, val, g->object_size - os, ret))
				ret = 0;
		}
	} else if ((g->flags & SKL_SLAB_POISON) && g->object_size < g->inuse) {
		if (!check_bytes(r, sc, s, p, "Alignment padding", endobject, POISON_INUSE, g->inuse - g->object_size,
				 ret))
			ret = 0;
	}
	if (g->flags & SKL_SLAB_POISON) {
		if (val != SLUB_RED_ACTIVE && g->object_poison) {
			if (g->object_size > 1 &&
			    !check_bytes(r, sc, s, p, "Poison", p, POISON_FREE, g->object_size - 1, ret))
				ret = 0;
			if (!check_bytes(r, sc, s, p, "End Poison", p + g->object_size - 1, POISON_END, 1, ret))
				ret = 0;
		}
		if (!check_pad_bytes(r, sc, s, p))
			ret = 0;
	}
	if ((g->offset >= g->inuse || val != SLUB_RED_ACTIVE) &&
	    !skl__slub_valid_pointer(sc, s, skl__slub_get_fp(r->k, sc, p))) {
		char a[32];
		skl__slub_rp_found(r, "the free pointer of object 0x%s does not point to an object of its slab",
				   skl__slub_pstr(r->k, p, a, sizeof(a)));
		skl__slub_object_err(r, sc, s, p, "Freepointer corrupt");
		skl__slub_set_fp(r->k, sc, p, 0);
		ret = 0;
	}
	return ret;
}

/* models skl__slub_init_object() */
void skl__slub_init_object(skl_kernel *k, const slub_cache *sc, skl_addr p, unsigned val)
{
	const skl_slub_geom *g = &sc->g;
	unsigned poison_size = g->object_size;
	if (g->flags & SKL_SLAB_RED_ZONE) {
		skl__slub_fill(k, p - g->red_left_pad, (int)val, g->red_left_pad);
		if (g->orig_size && val == SLUB_RED_ACTIVE)
			poison_size = skl__slub_get_orig_size(k, sc, p);
	}
	if (g->object_poison && poison_size) {
		skl__slub_fill(k, p, POISON_FREE, poison_size - 1);
		skl__slub_fill(k, p + poison_size - 1, POISON_END, 1);
	}
	if (g->flags & SKL_SLAB_RED_ZONE)
		skl__slub_fill(k, p + poison_size, (int)val, g->inuse - poison_size);
}
