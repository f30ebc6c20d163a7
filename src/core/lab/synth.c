/*
 * synth.c - synthetic work for the cache model's benchmarks (synth.h):
 * the compact trace, the program-like trace generator and the native
 * workload, shared by `sklab bench --self` and tests/cachesim/bench_cache.
 */
#include "sklab/synth.h"

#include "sklab/common.h"

#include <stdlib.h>
#include <string.h>

int skl_synth_push(skl_synth_trace *t, uint64_t addr, unsigned size, int kind)
{
	if (t->n == t->cap) {
		size_t nc = t->cap ? t->cap * 2 : (size_t)1 << 20;
		uint64_t *na = nc > SIZE_MAX / sizeof(*na) ? NULL : skl_realloc(t->a, nc * sizeof(*na));
		if (!na) {
			t->oom = 1;
			return -1;
		}
		t->a = na;
		t->cap = nc;
	}
	if (size < 1)
		size = 1;
	if (size > 64)
		size = 64;
	t->a[t->n++] = SKL_CACHESIM_WORD(addr, size, kind);
	return 0;
}

void skl_synth_free(skl_synth_trace *t)
{
	skl_free(t->a);
	t->a = NULL;
	t->n = t->cap = 0;
}

int skl_synth_push_lackey(skl_synth_trace *t, const char *line)
{
	const char *q = line + 2;
	int kind;
	uint64_t a = 0;
	unsigned sz = 0;
	if (line[0] == 'I' && line[1] == ' ')
		kind = SKL_CACHESIM_IFETCH;
	else if (line[0] == ' ' && (line[1] == 'L' || line[1] == 'M'))
		kind = SKL_CACHESIM_READ;
	else if (line[0] == ' ' && line[1] == 'S')
		kind = SKL_CACHESIM_WRITE;
	else
		return 0;
	while (*q == ' ')
		q++;
	for (; *q && *q != ','; q++)
		a = a * 16 + (uint64_t)(*q <= '9' ? *q - '0' : (*q | 32) - 'a' + 10);
	if (*q == ',')
		for (q++; *q >= '0' && *q <= '9'; q++)
			sz = sz * 10 + (unsigned)(*q - '0');
	return skl_synth_push(t, a, sz, kind);
}

uint64_t skl_synth_xorshift(uint64_t *s)
{
	uint64_t v = *s;
	v ^= v << 13;
	v ^= v >> 7;
	v ^= v << 17;
	return *s = v;
}

/*
 * 256 functions of 256 B to 4 KiB over 1 MiB of code, called with a skewed
 * choice (most calls go to a few); basic blocks of 3 to 10 instructions of 1
 * to 8 bytes; blocks end in a loop back (55%), a fall through (25%), a call
 * (10%) or a return (10%). Data: stack (30%), hot 16 KiB (40%), warm 256 KiB
 * (10%), cold 32 MiB (2%), sequential sweeps over 8 MiB (18%).
 */
int skl_synth_program(skl_synth_trace *t, size_t n, uint64_t seed)
{
	uint64_t s = seed | 1, fstart[256], flen[256], stack[64], sweep = 0;
	uint64_t pc, loop_head, fend, fends[64], sp = 0x7ffff000;
	unsigned depth = 0, f, left;
	for (f = 0; f < 256; f++) {
		fstart[f] = 0x400000 + (uint64_t)f * 4096 + (skl_synth_xorshift(&s) % 64) * 16;
		flen[f] = 256 + skl_synth_xorshift(&s) % 3840;
	}
	pc = loop_head = fstart[0];
	fend = fstart[0] + flen[0];
	left = 3 + (unsigned)(skl_synth_xorshift(&s) % 8);
	while (t->n < n) {
		uint64_t r = skl_synth_xorshift(&s), d = r >> 32;
		unsigned isz = 1 + (unsigned)(r % 8);
		if (skl_synth_push(t, pc, isz, SKL_CACHESIM_IFETCH))
			return -1;
		pc += isz;
		if (d % 100 < 45) { /* a data access of this instruction */
			unsigned sz = 1u << ((d >> 8) % 4), k = (unsigned)((d >> 12) % 100);
			int kind = (d >> 20) % 100 < 30 ? SKL_CACHESIM_WRITE : SKL_CACHESIM_READ;
			uint64_t a;
			if (k < 30)
				a = sp - 8 * ((d >> 24) % 32);
			else if (k < 70)
				a = 0x10000000 + ((d >> 24) % 16384);
			else if (k < 80)
				a = 0x20000000 + ((d >> 14) % (256 * 1024));
			else if (k < 82)
				a = 0x40000000 + (skl_synth_xorshift(&s) % (32u << 20));
			else
				a = 0x30000000 + (sweep += 8) % (8u << 20);
			if (t->n < n && skl_synth_push(t, a, sz, kind))
				return -1;
		}
		if (--left)
			continue;
		left = 3 + (unsigned)(r >> 60 & 7);
		switch ((r >> 40) % 20) {
		case 0:
		case 1: /* call */
			if (depth < 64) {
				fends[depth] = fend;
				stack[depth++] = pc;
				f = (unsigned)((skl_synth_xorshift(&s) % 256) * ((r >> 48) % 256) / 256) %
				    256; /* skewed */
				pc = loop_head = fstart[f];
				fend = fstart[f] + flen[f];
				sp -= 64;
			}
			break;
		case 2:
		case 3: /* return */
			if (depth) {
				pc = loop_head = stack[--depth];
				fend = fends[depth];
				sp += 64;
			}
			break;
		case 4:
		case 5:
		case 6:
		case 7:
		case 8: /* fall through, to the function's end at most */
			if (pc >= fend)
				pc = loop_head;
			break;
		default: /* loop back */
			pc = loop_head;
			if ((r >> 50) % 8 == 0)
				loop_head = pc + (r >> 53) % 64;
			break;
		}
	}
	return 0;
}

int skl_synth_workload(long iters, uint64_t *sum)
{
	enum { HOT = 1024, WARM = 65536, BIG = 1 << 22 };
	uint32_t *hot = calloc(HOT, 4), *warm = calloc(WARM, 4), *big = calloc(BIG, 4);
	uint64_t s = 88172645463325252ULL, acc = 0;
	long i;
	if (!hot || !warm || !big) {
		free(hot);
		free(warm);
		free(big);
		return 1;
	}
	for (i = 0; i < iters; i++) {
		uint64_t v = skl_synth_xorshift(&s);
		hot[v % HOT] += (uint32_t)i;
		acc += warm[(v >> 16) % WARM];
		acc += big[(size_t)i % BIG];
		if ((i & 7) == 0)
			acc += big[(v >> 32) % BIG];
	}
	*sum = acc;
	free(hot);
	free(warm);
	free(big);
	return 0;
}

/* ---- the floor ------------------------------------------------------------ */

typedef struct floor_level {
	uint64_t *tags;
	uint64_t set_mask;
	unsigned assoc, shift;
} floor_level;

static int floor_init(floor_level *f, const skl_cachesim_level *c)
{
	uint64_t n, i;
	memset(f, 0, sizeof(*f));
	if (!c->line || !c->assoc || (c->line & (c->line - 1)) || c->size % ((uint64_t)c->assoc * c->line))
		return -1;
	n = c->size / c->line;
	if ((n / c->assoc) & (n / c->assoc - 1))
		return -1;
	f->assoc = c->assoc;
	f->set_mask = n / c->assoc - 1;
	while ((1ULL << f->shift) < c->line)
		f->shift++;
	f->tags = n > SIZE_MAX / sizeof(*f->tags) ? NULL : skl_malloc((size_t)n * sizeof(*f->tags));
	if (!f->tags)
		return -1;
	for (i = 0; i < n; i++)
		f->tags[i] = UINT64_MAX; /* no line is UINT64_MAX: lines are at least 2 bytes */
	return 0;
}

/* 1 when the level held every line of the access */
static inline int floor_access(floor_level *f, uint64_t addr, unsigned size)
{
	uint64_t line = addr >> f->shift, last = (addr + size - 1) >> f->shift;
	int hit = 1;
	for (; line <= last; line++) {
		uint64_t *t = f->tags + (size_t)(line & f->set_mask) * f->assoc;
		unsigned w;
		if (t[0] == line)
			continue;
		for (w = 1; w < f->assoc && t[w] != line; w++)
			;
		if (w == f->assoc) { /* a miss: the least recently used goes */
			hit = 0;
			w--;
		}
		for (; w; w--) /* the tags before it down one, as cg_sim.c does */
			t[w] = t[w - 1];
		t[0] = line;
	}
	return hit;
}

int skl_synth_floor_run(const skl_cachesim_level lv[3], const skl_synth_trace *t, skl_synth_floor *out)
{
	floor_level f[3];
	size_t k;
	int i, rc = 0;
	memset(out, 0, sizeof(*out));
	memset(f, 0, sizeof(f));
	for (i = 0; i < 3; i++)
		if (lv[i].line < 2 || floor_init(&f[i], &lv[i]) < 0)
			rc = -1;
	for (k = 0; !rc && k < t->n; k++) {
		uint64_t x = t->a[k], addr = SKL_SYNTH_ADDR(x);
		unsigned kind = (unsigned)SKL_SYNTH_KIND(x), size = SKL_SYNTH_SIZE(x);
		int first = kind == SKL_CACHESIM_IFETCH ? 0 : 1;
		if (kind > SKL_CACHESIM_IFETCH || addr + (size - 1) < addr)
			continue;
		out->refs[first][kind]++;
		if (floor_access(&f[first], addr, size))
			continue;
		out->misses[first][kind]++;
		out->refs[2][kind]++;
		if (!floor_access(&f[2], addr, size))
			out->misses[2][kind]++;
	}
	for (i = 0; i < 3; i++)
		skl_free(f[i].tags);
	return rc;
}
