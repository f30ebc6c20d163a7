/*
 * bench_skb.c - the Aug 2009 thread's question, natively: building a
 * packet with skb_put/skb_push static inline with BUG_ON (the patch)
 * against out of line calling skb_over_panic/skb_under_panic (2.6.31), on
 * an sk_buff stand-in and a head buffer in the simulated machine's arena,
 * with the machine code of each variant measured from the binary.
 *
 * Code size: every function of a variant lives alone in its own named
 * section, and the linker's __start_<section>/__stop_<section> symbols
 * give its exact size in this very binary (ELF toolchains; elsewhere the
 * size is n/a and the model uses nominal sizes, and says so). The BUG_ON
 * of the inline variant is __builtin_trap() (ud2 on x86, as BUG() is);
 * the set-up guarantees that no check ever fires.
 */
#include "bench_impl.h"

#include <stddef.h>
#include <stdio.h>
#include <string.h>

/* The fields skb_put/skb_push touch, as 2.6.31 keeps them on 64-bit
 * (NET_SKBUFF_DATA_USES_OFFSET: tail and end are offsets from head). */
struct bskb {
	uint32_t len, data_len;
	uint32_t tail, end;
	unsigned char *head, *data;
};

#define NOPS 4 /* checked operations per packet: one put, three pushes */

#if defined(__GNUC__) && defined(__ELF__)
#define HAVE_SECTIONS 1
#if defined(__clang__)
#define IN_SECTION(s) __attribute__((noinline, used, section(s)))
#else
#define IN_SECTION(s) __attribute__((noinline, noclone, used, section(s)))
#endif
extern const unsigned char __start_skl_bench_inl[], __stop_skl_bench_inl[];
extern const unsigned char __start_skl_bench_ool[], __stop_skl_bench_ool[];
extern const unsigned char __start_skl_bench_put[], __stop_skl_bench_put[];
extern const unsigned char __start_skl_bench_push[], __stop_skl_bench_push[];
extern const unsigned char __start_skl_bench_panic[], __stop_skl_bench_panic[];
#define TRAP() __builtin_trap()
#define RETURN_ADDRESS() __builtin_return_address(0)
#else
#define HAVE_SECTIONS 0
#define IN_SECTION(s) SKL__NOINLINE
#define TRAP() ((void)0)
#define RETURN_ADDRESS() ((void *)0)
#endif

static SKL__ALWAYS_INLINE void put_word(unsigned char *p, uint32_t v)
{
	memcpy(p, &v, 4);
}

/* ---- the patch: static inline with BUG_ON --------------------------------------- */

static SKL__ALWAYS_INLINE unsigned char *skb_put_inline(struct bskb *skb, unsigned int len)
{
	unsigned char *tmp = skb->head + skb->tail; /* __skb_put: skb_tail_pointer */
	if (SKL__UNLIKELY(skb->data_len))	    /* SKB_LINEAR_ASSERT */
		TRAP();
	skb->tail += len;
	skb->len += len;
	if (SKL__UNLIKELY(skb->tail > skb->end)) /* BUG_ON(skb->tail > skb->end) */
		TRAP();
	return tmp;
}

static SKL__ALWAYS_INLINE unsigned char *skb_push_inline(struct bskb *skb, unsigned int len)
{
	skb->data -= len; /* __skb_push */
	skb->len += len;
	if (SKL__UNLIKELY(skb->data < skb->head)) /* BUG_ON(skb->data < skb->head) */
		TRAP();
	return skb->data;
}

IN_SECTION("skl_bench_inl") static void build_inline(struct bskb *skb, const uint32_t *lens, uint32_t word)
{
	put_word(skb_put_inline(skb, lens[0]), word);  /* payload */
	put_word(skb_push_inline(skb, lens[1]), word); /* tcphdr */
	put_word(skb_push_inline(skb, lens[2]), word); /* iphdr */
	put_word(skb_push_inline(skb, lens[3]), word); /* ethhdr */
}

/* ---- 2.6.31: out of line, panicking through skb_over_panic ------------------------ */

IN_SECTION("skl_bench_panic") static void skb_over_panic(struct bskb *skb, int sz, void *here)
{
	/* printk(KERN_EMERG "skb_over_panic: text:%p len:%d put:%d ...") then BUG() */
	((volatile struct bskb *)skb)->data_len = (uint32_t)sz + (here != NULL);
	TRAP();
}

IN_SECTION("skl_bench_panic") static void skb_under_panic(struct bskb *skb, int sz, void *here)
{
	((volatile struct bskb *)skb)->data_len = (uint32_t)sz + (here != NULL);
	TRAP();
}

IN_SECTION("skl_bench_put") static unsigned char *skb_put_ool(struct bskb *skb, unsigned int len)
{
	unsigned char *tmp = skb->head + skb->tail;
	if (SKL__UNLIKELY(skb->data_len)) /* SKB_LINEAR_ASSERT */
		TRAP();
	skb->tail += len;
	skb->len += len;
	if (SKL__UNLIKELY(skb->tail > skb->end))
		skb_over_panic(skb, (int)len, RETURN_ADDRESS());
	return tmp;
}

IN_SECTION("skl_bench_push") static unsigned char *skb_push_ool(struct bskb *skb, unsigned int len)
{
	skb->data -= len;
	skb->len += len;
	if (SKL__UNLIKELY(skb->data < skb->head))
		skb_under_panic(skb, (int)len, RETURN_ADDRESS());
	return skb->data;
}

IN_SECTION("skl_bench_ool") static void build_ool(struct bskb *skb, const uint32_t *lens, uint32_t word)
{
	put_word(skb_put_ool(skb, lens[0]), word);
	put_word(skb_push_ool(skb, lens[1]), word);
	put_word(skb_push_ool(skb, lens[2]), word);
	put_word(skb_push_ool(skb, lens[3]), word);
}

/* ---- code sizes ---------------------------------------------------------------------- */

typedef struct code_sizes {
	int measured;
	uint64_t inl, ool, put, push, panic;
} code_sizes;

static void measure_code(code_sizes *cs)
{
#if HAVE_SECTIONS
	cs->measured = 1;
	cs->inl = (uint64_t)(__stop_skl_bench_inl - __start_skl_bench_inl);
	cs->ool = (uint64_t)(__stop_skl_bench_ool - __start_skl_bench_ool);
	cs->put = (uint64_t)(__stop_skl_bench_put - __start_skl_bench_put);
	cs->push = (uint64_t)(__stop_skl_bench_push - __start_skl_bench_push);
	cs->panic = (uint64_t)(__stop_skl_bench_panic - __start_skl_bench_panic);
#else
	/* nominal sizes for the model only */
	cs->measured = 0;
	cs->inl = 128;
	cs->ool = 96;
	cs->put = 48;
	cs->push = 32;
	cs->panic = 32;
#endif
}

/* ---- the workload -------------------------------------------------------------------- */

typedef struct skb_st {
	struct bskb *skb;
	skl_addr skb_a, head_a, stack_a;
	uint32_t reserve, end;
	uint32_t lens[NOPS];
	uint64_t sum;
} skb_st;

#define HEAD_SIZE 1024
#define SHINFO 320 /* room left for skb_shared_info after end */
#define RESERVE 128

static SKL__ALWAYS_INLINE void skb_reset(struct bskb *skb, uint32_t reserve)
{
	skb->data = skb->head + reserve; /* skb_reserve on an empty skb */
	skb->tail = reserve;
	skb->len = 0;
}

static void run_inline(void *vst, uint64_t n)
{
	skb_st *st = vst;
	uint64_t i;
	for (i = 0; i < n; i++) {
		skb_reset(st->skb, st->reserve);
		build_inline(st->skb, st->lens, (uint32_t)i);
	}
	st->sum += st->skb->len;
}

static void run_ool(void *vst, uint64_t n)
{
	skb_st *st = vst;
	uint64_t i;
	for (i = 0; i < n; i++) {
		skb_reset(st->skb, st->reserve);
		build_ool(st->skb, st->lens, (uint32_t)i);
	}
	st->sum += st->skb->len;
}

/* Simulated text: the variant's functions one after the other, 64-byte aligned. */
typedef struct text_map {
	uint64_t inl, ool, put, push;
} text_map;

static uint64_t align64(uint64_t v)
{
	return (v + 63) & ~(uint64_t)63;
}

/* Replays one packet: the reset, then each checked operation's loads and
 * stores of the sk_buff fields and the word written into the new area; the
 * variant's code as 16-byte fetch blocks; and for calls the return
 * address pushed and popped on the stack. */
static void model_packet(skl__bmodel *m, const skb_st *st, int ool, const code_sizes *cs, const text_map *t,
			 uint64_t stack, unsigned w)
{
	const uint64_t s = st->skb_a;
	uint64_t data = st->reserve, tail = st->reserve;
	int i;
	/* skb_reserve */
	skl__bmodel_access(m, s + offsetof(struct bskb, data), w, SKL_CACHESIM_WRITE);
	skl__bmodel_access(m, s + offsetof(struct bskb, tail), 4, SKL_CACHESIM_WRITE);
	skl__bmodel_access(m, s + offsetof(struct bskb, len), 4, SKL_CACHESIM_WRITE);
	skl__bmodel_fetch(m, ool ? t->ool : t->inl, ool ? cs->ool : cs->inl);
	for (i = 0; i < NOPS; i++) {
		int put = i == 0;
		if (ool) {
			skl__bmodel_access(m, stack, w, SKL_CACHESIM_WRITE); /* call */
			skl__bmodel_fetch(m, put ? t->put : t->push, put ? cs->put : cs->push);
		}
		if (put) {
			skl__bmodel_access(m, s + offsetof(struct bskb, head), w, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, tail), 4, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, data_len), 4, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, tail), 4, SKL_CACHESIM_WRITE);
			skl__bmodel_access(m, s + offsetof(struct bskb, len), 4, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, len), 4, SKL_CACHESIM_WRITE);
			skl__bmodel_access(m, s + offsetof(struct bskb, end), 4, SKL_CACHESIM_READ);
			skl__bmodel_access(m, st->head_a + tail, 4, SKL_CACHESIM_WRITE);
			tail += st->lens[0];
		} else {
			data -= st->lens[i];
			skl__bmodel_access(m, s + offsetof(struct bskb, data), w, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, data), w, SKL_CACHESIM_WRITE);
			skl__bmodel_access(m, s + offsetof(struct bskb, len), 4, SKL_CACHESIM_READ);
			skl__bmodel_access(m, s + offsetof(struct bskb, len), 4, SKL_CACHESIM_WRITE);
			skl__bmodel_access(m, s + offsetof(struct bskb, head), w, SKL_CACHESIM_READ);
			skl__bmodel_access(m, st->head_a + data, 4, SKL_CACHESIM_WRITE);
		}
		if (ool)
			skl__bmodel_access(m, stack, w, SKL_CACHESIM_READ); /* ret */
	}
	skl__bmodel_op_end(m);
}

static int skb_variant(const skl_bench_opts *o, int ool, skl_kernel *k, skb_st *st, const code_sizes *cs,
		       skl_bench_result *r, skl_error *err)
{
	skl_bench_variant *v = skl__bench_add(r);
	skl__bmodel m;
	text_map t;
	unsigned w = o->profile->abi->size[SKL_B_PTR];
	int is64 = w == 8;
	uint64_t text = is64 ? 0xffffffff81000000ull : 0xc0100000ull;
	uint64_t stack = st->stack_a;
	uint64_t i, warm = 16, ops = 256;

	(void)k;
	if (!v)
		return skl_errorf(err, "out of memory");
	t.inl = text;
	t.ool = align64(t.inl + cs->inl);
	t.put = align64(t.ool + cs->ool);
	t.push = align64(t.put + cs->put);
	snprintf(v->name, sizeof(v->name), "%s", ool ? "out_of_line" : "inline");
	snprintf(v->unit, sizeof(v->unit), "packet");
	snprintf(v->what, sizeof(v->what), "skb_put+3 skb_push, %s (%d call sites)",
		 ool ? "out of line, skb_over_panic" : "inline, BUG_ON", NOPS);
	if (ool)
		snprintf(v->note, sizeof(v->note),
			 "2.6.31: skb_put %llu B and skb_push %llu B out of line, panics %llu B; the caller %llu B",
			 (unsigned long long)cs->put, (unsigned long long)cs->push, (unsigned long long)cs->panic,
			 (unsigned long long)cs->ool);
	else
		snprintf(
		    v->note, sizeof(v->note),
		    "the Aug 2009 patch: skb_put/skb_push static inline with BUG_ON (ud2), %llu B for %d call sites",
		    (unsigned long long)cs->inl, NOPS);
	if (cs->measured) {
		v->code_bytes = (long long)(ool ? cs->ool + cs->put + cs->push + cs->panic : cs->inl);
		v->code_caller = (long long)(ool ? cs->ool : cs->inl);
		v->code_shared = v->code_bytes - v->code_caller;
		v->code_sites = NOPS;
		snprintf(v->code_how, sizeof(v->code_how),
			 "bytes between the linker's __start_/__stop_ symbols of sections holding only this variant's "
			 "functions: %s",
			 ool ? "caller + skb_put + skb_push + the two panics"
			     : "the caller with its 4 inlined call sites");
	} else {
		v->code_bytes = -1;
		snprintf(v->code_how, sizeof(v->code_how),
			 "n/a: needs an ELF toolchain (linker __start_/__stop_ section symbols); the model uses "
			 "nominal sizes");
	}

	if (skl__bmodel_init(&m, o, &v->model, err) < 0)
		return -1;
	for (i = 0; i < warm + ops; i++) {
		if (i == warm)
			skl__bmodel_start(&m);
		model_packet(&m, st, ool, cs, &t, stack, w);
	}
	skl__bmodel_finish(&m, ops, &v->model);
	skl__bmodel_free(&m);
	return 0;
}

int skl__bench_skb_put(const skl_bench_opts *o, skl_bench_result *r, skl_error *err)
{
	skl_kernel *k;
	skl_cache *c;
	skl_cache_opts co;
	skb_st st;
	code_sizes cs;
	unsigned char *headp;
	int rc = -1;

	memset(&st, 0, sizeof(st));
	measure_code(&cs);
	k = skl__bench_kernel(o->profile, 0, err);
	if (!k)
		return -1;
	memset(&co, 0, sizeof(co));
	co.flags = SKL_SLAB_HWCACHE_ALIGN;
	c = skl_cache_create(k, "skbuff_head_cache", 232, &co, err); /* 2.6.31's sizeof(struct sk_buff) */
	if (!c)
		goto out;
	st.skb_a = skl_cache_alloc(c, 1, err);
	st.head_a = skl_kmalloc(k, HEAD_SIZE, err);
	st.stack_a = skl_pages_alloc(k, 1); /* a kernel stack: THREAD_SIZE of two pages */
	if (!st.skb_a || !st.head_a || !st.stack_a) {
		if (!err || !err->msg[0])
			skl_errorf(err, "skb_put_inline: the simulated machine ran out of memory");
		goto out;
	}
	st.stack_a += 2ull * o->profile->page_size - 64; /* the return-address slot near the top */
	st.skb = skl_kernel_bytes(k, st.skb_a, sizeof(struct bskb));
	headp = skl_kernel_bytes(k, st.head_a, HEAD_SIZE);
	if (!st.skb || !headp || ((uintptr_t)st.skb & (_Alignof(struct bskb) - 1))) {
		skl_errorf(err, "skb_put_inline: the sk_buff stand-in cannot be placed");
		goto out;
	}
	memset(st.skb, 0, sizeof(*st.skb));
	st.skb->head = headp;
	st.skb->end = HEAD_SIZE - SHINFO;
	st.reserve = RESERVE;
	st.lens[0] = 100; /* payload */
	st.lens[1] = 20;  /* tcphdr */
	st.lens[2] = 20;  /* iphdr */
	st.lens[3] = 14;  /* ethhdr */
	/* no check may fire: headroom and tailroom are enough for every packet */
	if (st.lens[1] + st.lens[2] + st.lens[3] > st.reserve || st.reserve + st.lens[0] > st.skb->end) {
		skl_errorf(err, "skb_put_inline: packet does not fit its buffer");
		goto out;
	}
	snprintf(r->layouts, sizeof(r->layouts), "sk_buff stand-in (len, data_len, tail, end, head, data)");
	snprintf(
	    r->notes, sizeof(r->notes),
	    "Per packet: skb_reserve(%u), skb_put(%u), skb_push(%u), skb_push(%u), skb_push(%u), writing a word into "
	    "each new area. The model fetches the variant's code in 16-byte blocks and pushes and pops a return "
	    "address for each out-of-line call; one packet fits every cache, so steady-state misses are 0 and the "
	    "difference is accesses and fetch blocks. The 2009 trade-off: inline grows every call site (vmlinux "
	    "+692 KB), out of line pays a call.",
	    st.reserve, st.lens[0], st.lens[1], st.lens[2], st.lens[3]);
	if (skb_variant(o, 0, k, &st, &cs, r, err) < 0 || skb_variant(o, 1, k, &st, &cs, r, err) < 0)
		goto out;
	if (!o->model_only) { /* in turn, sample by sample: the host's drift falls on both */
		skl__bench_job jobs[2] = {{run_inline, &st, &r->variants[0]}, {run_ool, &st, &r->variants[1]}};
		skl__bench_time_jobs(o, 2, jobs, 0, NULL);
	}
	rc = 0;
out:
	skl_kernel_free(k);
	return rc;
}
