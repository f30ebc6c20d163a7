/*
 * reorg.c - a struct reorganised as `pahole --reorganize` does it
 * (dwarves' reorganize.c, class__reorganize(): members moved to fill
 * holes, bitfields demoted to smaller types), on a copy made by
 * skl_edit_copy(). Candidate orders are laid out with the layout engine
 * and the best one kept, so the result is what gcc would lay out; never
 * changes a record of the type database.
 */
#include "sklab/edit.h"
#include "sklab/layout.h"

#include "types_impl.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_CANDIDATES 48

/* One unit that moves as a whole: a member, or a run of bitfields. */
typedef struct unit {
	int first, n;	/* members [first, first + n) of the original record */
	unsigned align; /* the key the alignment order sorts by */
	int bitfields;	/* a run of bitfields */
	int present;	/* in the layout for this config */
	uint64_t size;	/* bytes (a bitfield run: its bits / 8, rounded up) */
	char label[160];
} unit;

typedef struct reorg {
	skl_typedb *db;
	const skl_type *src;
	const skl_reorg_opts *o;
	unit *u;
	int nu;
	skl_error *err;
} reorg;

typedef struct cand {
	int *order; /* nu unit indices */
	int demote;
	char method[64];
	uint64_t size, lines, hole_bytes, bit_hole_bits;
	int holes, moves;
	skl_type *type;
} cand;

static int is_record(const skl_type *t)
{
	return t && (t->kind == SKL_K_STRUCT || t->kind == SKL_K_UNION);
}

/* 1 when rec (through its unnamed records, as C11 looks names up) has name. */
static int holds(const skl_type *rec, const char *name, size_t len)
{
	int i;
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		if (m->name && strlen(m->name) == len && !strncmp(m->name, name, len))
			return 1;
		if (!m->name && is_record(m->type) && !m->type->tag && holds(m->type, name, len))
			return 1;
	}
	return 0;
}

static const char *first_name(const skl_type *rec)
{
	int i;
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		const char *n;
		if (m->name)
			return m->name;
		if (is_record(m->type) && !m->type->tag && (n = first_name(m->type)))
			return n;
	}
	return NULL;
}

static int build_units(reorg *r)
{
	const skl_type *rec = r->src;
	int i = 0;
	r->u = skl_calloc((size_t)(rec->nmembers ? rec->nmembers : 1), sizeof(unit));
	if (!r->u)
		return skl_errorf(r->err, "out of memory");
	while (i < rec->nmembers) {
		unit *u = &r->u[r->nu++];
		const skl_member *m = &rec->members[i];
		int j, named = 0;
		u->first = i;
		u->n = 1;
		u->bitfields = m->bits >= 0;
		if (u->bitfields)
			while (i + u->n < rec->nmembers && rec->members[i + u->n].bits >= 0)
				u->n++;
		for (j = i; j < i + u->n; j++) {
			const skl_member *x = &rec->members[j];
			uint64_t size;
			unsigned a = 1;
			skl_error e;
			int v = x->cond ? skl_config_eval(x->cond, r->o->config, &e) : 1;
			if (v > 0 && (x->bits != 0 || !u->bitfields))
				u->present = 1;
			if (v <= 0 || (u->bitfields && !x->name))
				continue;
			if (skl_type_size_align(x->type, r->o->abi, r->o->config, &size, &a, &e) < 0)
				return skl_errorf(r->err, "member '%s': %s", x->name ? x->name : "(anonymous)", e.msg);
			if (x->aligned > a)
				a = x->aligned;
			if (!u->bitfields)
				u->size = size;
			else
				u->size += ((uint64_t)x->bits + 7) / 8;
			if (a > u->align)
				u->align = a;
			named += x->name != NULL;
		}
		if (!u->align)
			u->align = 1;
		if (m->name && u->bitfields && named > 1)
			snprintf(u->label, sizeof(u->label), "%s (and the %d bitfields after it)", m->name, named - 1);
		else if (m->name)
			snprintf(u->label, sizeof(u->label), "%s", m->name);
		else if (is_record(m->type) && first_name(m->type))
			snprintf(u->label, sizeof(u->label), "the unnamed %s holding %s",
				 m->type->kind == SKL_K_UNION ? "union" : "struct", first_name(m->type));
		else
			snprintf(u->label, sizeof(u->label), "member %d", i + 1);
		i += u->n;
	}
	return 0;
}

/* Stable: units by decreasing alignment; bitfield runs kept out (want_bf 0)
 * or in (1). */
static int by_align(const reorg *r, int *out, int want_bf)
{
	unsigned a;
	int n = 0, i;
	for (a = 1u << 20; a; a >>= 1)
		for (i = 0; i < r->nu; i++)
			if (r->u[i].align == a && (want_bf || !r->u[i].bitfields))
				out[n++] = i;
	return n;
}

/* Members by decreasing alignment, with all bitfield runs where the slot
 * for alignment `slot` begins (0 = at the end). */
static void order_slot(const reorg *r, int *out, unsigned slot)
{
	int *tmp = out + r->nu; /* scratch: the caller gives 2 * nu */
	int n = by_align(r, tmp, 0), i, k = 0, j = 0;
	for (i = 0; i <= n; i++) {
		if (i == n || (slot && r->u[tmp[i]].align < slot && j == 0)) {
			int b;
			if (!j)
				for (b = 0; b < r->nu; b++)
					if (r->u[b].bitfields)
						out[k++] = b;
			j = 1;
		}
		if (i < n)
			out[k++] = tmp[i];
	}
	if (!j) {
		int b;
		for (b = 0; b < r->nu; b++)
			if (r->u[b].bitfields)
				out[k++] = b;
	}
}

/* The unit holding a path's member, -1 when none does. */
static int unit_of(const reorg *r, const char *name)
{
	const char *dot = strchr(name, '.');
	size_t len = dot ? (size_t)(dot - name) : strlen(name);
	int i, j;
	for (i = 0; i < r->nu; i++)
		for (j = r->u[i].first; j < r->u[i].first + r->u[i].n; j++) {
			const skl_member *m = &r->src->members[j];
			if (m->name ? strlen(m->name) == len && !strncmp(m->name, name, len)
				    : is_record(m->type) && !m->type->tag && holds(m->type, name, len))
				return i;
		}
	return -1;
}

/* Each path's units together, by decreasing alignment within it; paths in
 * the given order (sorted 0) or by their largest alignment (1); then the
 * rest by decreasing alignment (sorted 0 or 1) or where they were (2, the
 * fewest moves). */
static void order_paths(const reorg *r, int *out, int sorted)
{
	int *taken = out + r->nu, *grp = out + 2 * r->nu; /* scratch: 3 * nu + npaths */
	int *gorder = out + 3 * r->nu;
	int k = 0, p, i, g;
	unsigned a;
	memset(taken, 0, (size_t)r->nu * sizeof(int));
	for (i = 0; i < r->nu; i++)
		grp[i] = -1;
	for (p = 0; p < r->o->npaths; p++)
		for (i = 0; i < r->o->npath_members[p]; i++) {
			int x = unit_of(r, r->o->paths[p][i]);
			if (x >= 0 && grp[x] < 0)
				grp[x] = p;
		}
	for (p = 0; p < r->o->npaths; p++)
		gorder[p] = p;
	if (sorted == 1) {
		unsigned *gmax = skl_calloc((size_t)r->o->npaths + 1, sizeof(unsigned));
		if (gmax) {
			for (i = 0; i < r->nu; i++)
				if (grp[i] >= 0 && r->u[i].align > gmax[grp[i]])
					gmax[grp[i]] = r->u[i].align;
			for (p = 1; p < r->o->npaths; p++) {
				int v = gorder[p], q = p;
				while (q > 0 && gmax[gorder[q - 1]] < gmax[v]) {
					gorder[q] = gorder[q - 1];
					q--;
				}
				gorder[q] = v;
			}
			skl_free(gmax);
		}
	}
	for (g = 0; g < r->o->npaths; g++)
		for (a = 1u << 20; a; a >>= 1)
			for (i = 0; i < r->nu; i++)
				if (grp[i] == gorder[g] && r->u[i].align == a && !taken[i])
					taken[i] = 1, out[k++] = i;
	for (a = 1u << 20; a; a >>= 1)
		for (i = 0; i < r->nu; i++)
			if (grp[i] < 0 && (sorted == 2 || r->u[i].align == a) && !taken[i])
				taken[i] = 1, out[k++] = i;
}

/* Each path's units together where its first unit was, the rest in place:
 * the fewest moves that bring a path into one run. Within a path, the
 * units keep their order (by_align 0) or go by decreasing alignment (1). */
static void order_paths_in_place(const reorg *r, int *out, int by_align)
{
	int *taken = out + r->nu, *grp = out + 2 * r->nu; /* scratch, as order_paths */
	int k = 0, p, i, j;
	unsigned a;
	memset(taken, 0, (size_t)r->nu * sizeof(int));
	for (i = 0; i < r->nu; i++)
		grp[i] = -1;
	for (p = 0; p < r->o->npaths; p++)
		for (i = 0; i < r->o->npath_members[p]; i++) {
			int x = unit_of(r, r->o->paths[p][i]);
			if (x >= 0 && grp[x] < 0)
				grp[x] = p;
		}
	for (i = 0; i < r->nu; i++) {
		if (taken[i])
			continue;
		if (grp[i] < 0) {
			taken[i] = 1, out[k++] = i;
			continue;
		}
		for (a = by_align ? 1u << 20 : 1; a; a = by_align ? a >> 1 : 0)
			for (j = i; j < r->nu; j++)
				if (grp[j] == grp[i] && !taken[j] && (!by_align || r->u[j].align == a))
					taken[j] = 1, out[k++] = j;
	}
}

/* The fewest moves that turn the original order into `order`: the units
 * of a longest subsequence of `order` that is still in the original order
 * stay where they are; each other unit, in the new order, is moved after
 * the unit it follows there ("move X to start" when it leads). Done in
 * that order, each move keeps the pairs placed before it, so the list
 * ends in `order`. Only units in the layout count. */
static int count_moves(const reorg *r, const int *order, char **text, int max)
{
	int *seq = skl_calloc((size_t)r->nu + 1, sizeof(int)), *tail = skl_calloc((size_t)r->nu + 1, sizeof(int));
	int *link = skl_calloc((size_t)r->nu + 1, sizeof(int)), *keep = skl_calloc((size_t)r->nu + 1, sizeof(int));
	int n = 0, k = 0, len = 0, i, prev = -1, rc = -1;
	if (!seq || !tail || !link || !keep)
		goto out;
	for (i = 0; i < r->nu; i++)
		if (r->u[order[i]].present)
			seq[k++] = order[i];
	/* patience sorting over the original indices: tail[l] is the position
	 * in seq ending the best subsequence of length l + 1 found so far */
	for (i = 0; i < k; i++) {
		int lo = 0, hi = len;
		while (lo < hi) {
			int mid = (lo + hi) / 2;
			if (seq[tail[mid]] < seq[i])
				lo = mid + 1;
			else
				hi = mid;
		}
		link[i] = lo ? tail[lo - 1] : -1;
		tail[lo] = i;
		if (lo == len)
			len++;
	}
	for (i = len ? tail[len - 1] : -1; i >= 0; i = link[i])
		keep[i] = 1;
	for (i = 0; i < k; i++) {
		int x = seq[i];
		if (!keep[i]) {
			if (text && n < max) {
				char buf[400];
				if (prev < 0)
					snprintf(buf, sizeof(buf), "move %s to start", r->u[x].label);
				else
					snprintf(buf, sizeof(buf), "move %s after %s", r->u[x].label, r->u[prev].label);
				if (!(text[n] = skl_strdup(buf)))
					goto out;
			}
			n++;
		}
		prev = x;
	}
	rc = n;
out:
	skl_free(seq);
	skl_free(tail);
	skl_free(link);
	skl_free(keep);
	return rc;
}

/* The smallest integer type of t's signedness that holds `bits`, or NULL
 * when t is no plain integer or is already that small. models
 * reorganize.c's class__demote_bitfields(). */
static skl_type *demoted(skl_typedb *db, const skl_type *t, int bits, const skl_abi *abi)
{
	const skl_type *b = skl_type_resolve(t);
	static const char *const names[2][4] = {
	    {"unsigned char", "unsigned short", "unsigned int", "unsigned long long"},
	    {"signed char", "short", "int", "long long"}};
	uint64_t old, size;
	unsigned a;
	skl_error e;
	int k;
	if (!b || b->kind != SKL_K_BASE || b->base == SKL_B_BOOL || b->base == SKL_B_VOID)
		return NULL;
	if (b->base != SKL_B_CHAR && b->base != SKL_B_SHORT && b->base != SKL_B_INT && b->base != SKL_B_LONG &&
	    b->base != SKL_B_LLONG)
		return NULL;
	if (skl_type_size_align(t, abi, NULL, &old, &a, &e) < 0)
		return NULL;
	for (k = 0; k < 4; k++) {
		skl_type *n = skl_type_base(db, names[b->is_signed ? 1 : 0][k]);
		if (!n || skl_type_size_align(n, abi, NULL, &size, &a, &e) < 0)
			return NULL;
		if (size * 8 >= (uint64_t)bits)
			return size < old ? n : NULL;
	}
	return NULL;
}

/* A copy laid out in c's order (demoted when c->demote); its size, holes,
 * path lines. -1 with err set. */
static int evaluate(reorg *r, cand *c, char **demotions, int *ndemoted)
{
	skl_type *copy = skl_edit_copy(r->db, r->src, r->err);
	skl_member *m;
	skl_layout *l;
	int i, j, k = 0, p;
	if (!copy)
		return -1;
	m = skl_calloc((size_t)(copy->nmembers ? copy->nmembers : 1), sizeof(*m));
	if (!m)
		return skl_errorf(r->err, "out of memory");
	for (i = 0; i < r->nu; i++)
		for (j = 0; j < r->u[c->order[i]].n; j++)
			m[k++] = copy->members[r->u[c->order[i]].first + j];
	memcpy(copy->members, m, (size_t)k * sizeof(*m));
	skl_free(m);
	if (ndemoted)
		*ndemoted = 0;
	if (c->demote)
		for (i = 0; i < copy->nmembers; i++) {
			skl_member *x = &copy->members[i];
			skl_type *nt;
			if (x->bits <= 0 || !(nt = demoted(r->db, x->type, x->bits, r->o->abi)))
				continue;
			if (demotions && ndemoted && *ndemoted < SKL_REORG_MAX_MOVES) {
				char from[128], to[128], buf[400];
				skl_type_name(x->type, from, sizeof(from));
				skl_type_name(nt, to, sizeof(to));
				snprintf(buf, sizeof(buf), "demote %s from %s to %s", x->name ? x->name : "(padding)",
					 from, to);
				if (!(demotions[*ndemoted] = skl_strdup(buf)))
					return skl_errorf(r->err, "out of memory");
				(*ndemoted)++;
			}
			x->type = nt;
		}
	l = skl_layout_compute(copy, r->o->abi, r->o->config, r->o->cacheline, r->err);
	if (!l)
		return -1;
	c->size = l->size;
	c->holes = l->holes;
	c->hole_bytes = l->sum_holes + l->padding;
	c->bit_hole_bits = l->sum_bit_holes;
	c->lines = 0;
	for (p = 0; p < r->o->npaths; p++) {
		/* lines of path p: the union of its members' line ranges */
		uint64_t seen[64];
		int ns = 0;
		for (i = 0; i < r->o->npath_members[p]; i++) {
			int f = skl_layout_find(l, r->o->paths[p][i]);
			uint64_t ln;
			if (f < 0)
				continue;
			for (ln = l->fields[f].cl_first; ln <= l->fields[f].cl_last; ln++) {
				for (j = 0; j < ns && seen[j] != ln; j++)
					;
				if (j == ns && ns < 64)
					seen[ns++] = ln;
			}
		}
		c->lines += (uint64_t)ns;
	}
	skl_layout_free(l);
	c->type = copy;
	return 0;
}

/* Hole filling from the original order, as class__reorganize() does: the
 * first hole that a later member fits (its alignment and size, from the
 * units' own sizes) gets the largest such member moved in front of the
 * member after the hole; the move is kept when the real layout gets
 * smaller or loses hole bytes, and no path touches more lines. From the
 * original order, or (from_order) from the order c holds. -1 with err set. */
static int greedy(reorg *r, cand *c, int from_order)
{
	int n = r->nu, it, i, j;
	unsigned char *tried;
	cand t;
	if (n > 1024)
		return 0;
	tried = skl_calloc((size_t)n * (size_t)n, 1);
	if (!tried)
		return skl_errorf(r->err, "out of memory");
	for (i = 0; i < n && !from_order; i++)
		c->order[i] = i;
	memset(&t, 0, sizeof(t));
	t.order = c->order + n; /* scratch */
	if (evaluate(r, c, NULL, NULL) < 0)
		goto fail;
	for (it = 0; it < 4 * n; it++) {
		uint64_t off = 0;
		int moved = 0;
		for (i = 0; i < n && !moved; i++) {
			const unit *ui = &r->u[c->order[i]];
			uint64_t start;
			int best = -1;
			if (!ui->present)
				continue;
			start = ui->bitfields ? off : (off + ui->align - 1) / ui->align * ui->align;
			if (start > off)
				for (j = i + 1; j < n; j++) {
					const unit *uj = &r->u[c->order[j]];
					uint64_t at = (off + uj->align - 1) / uj->align * uj->align;
					if (!uj->present || uj->bitfields ||
					    tried[(size_t)c->order[i] * n + c->order[j]] || at + uj->size > start)
						continue;
					if (best < 0 || uj->size > r->u[c->order[best]].size)
						best = j;
				}
			if (best >= 0) {
				int x = c->order[best];
				tried[(size_t)c->order[i] * n + x] = 1;
				memcpy(t.order, c->order, (size_t)n * sizeof(int));
				memmove(t.order + i + 1, t.order + i, (size_t)(best - i) * sizeof(int));
				t.order[i] = x;
				if (evaluate(r, &t, NULL, NULL) < 0)
					goto fail;
				if ((t.size < c->size || (t.size == c->size && t.hole_bytes < c->hole_bytes)) &&
				    t.lines <= c->lines) {
					memcpy(c->order, t.order, (size_t)n * sizeof(int));
					c->size = t.size;
					c->hole_bytes = t.hole_bytes;
					c->lines = t.lines;
					moved = 1;
				}
				break;
			}
			off = start + ui->size;
		}
		if (!moved && i >= n)
			break;
	}
	skl_free(tried);
	return 0;
fail:
	skl_free(tried);
	return -1;
}

static int better(const cand *a, const cand *b)
{
	if (a->size != b->size)
		return a->size < b->size;
	if (a->lines != b->lines)
		return a->lines < b->lines;
	if (a->bit_hole_bits != b->bit_hole_bits) /* bits left in the same bytes */
		return a->bit_hole_bits < b->bit_hole_bits;
	if (a->moves != b->moves)
		return a->moves < b->moves;
	return a->demote < b->demote;
}

void skl_reorg_clear(skl_reorg *r)
{
	int i;
	for (i = 0; i < r->nmoves + r->ndemoted; i++)
		skl_free(r->moves[i]);
	skl_free(r->moves);
	memset(r, 0, sizeof(*r));
}

int skl_edit_reorganize(skl_typedb *db, const skl_type *t, const skl_reorg_opts *o, skl_reorg *out, skl_error *err)
{
	reorg r;
	cand c[MAX_CANDIDATES];
	int nc = 0, i, p, best = 0, rc = -1, has_bf = 0, base;
	static const unsigned slots[] = {1u << 20, 64, 32, 16, 8, 4, 2, 1, 0};
	memset(out, 0, sizeof(*out));
	memset(&r, 0, sizeof(r));
	memset(c, 0, sizeof(c));
	r.db = db;
	r.o = o;
	r.err = err;
	r.src = skl_type_resolve(t);
	if (!is_record(r.src) || !r.src->complete)
		return skl_errorf(err, "--reorganize takes a complete struct");
	if (build_units(&r) < 0)
		goto out;
	for (p = 0; p < o->npaths; p++)
		for (i = 0; i < o->npath_members[p]; i++)
			if (unit_of(&r, o->paths[p][i]) < 0) {
				skl_errorf(err, "path %d: no member '%s' in %s %s", p + 1, o->paths[p][i],
					   r.src->kind == SKL_K_UNION ? "union" : "struct",
					   r.src->tag ? r.src->tag : "(anonymous)");
				goto out;
			}
	for (i = 0; i < r.nu; i++)
		has_bf |= r.u[i].bitfields;
	/* the orders */
	for (i = 0; i < MAX_CANDIDATES; i++)
		if (!(c[i].order = skl_calloc((size_t)(4 * r.nu + o->npaths + 1), sizeof(int))))
			goto oom;
	for (i = 0; i < r.nu; i++)
		c[nc].order[i] = i;
	snprintf(c[nc++].method, sizeof(c[0].method), "original order");
	if (r.src->kind == SKL_K_STRUCT) {
		by_align(&r, c[nc].order, 1);
		snprintf(c[nc++].method, sizeof(c[0].method), "by alignment");
		for (i = 0; has_bf && i < (int)(sizeof(slots) / sizeof(slots[0])); i++) {
			order_slot(&r, c[nc].order, slots[i]);
			if (slots[i] == 0)
				snprintf(c[nc++].method, sizeof(c[0].method), "by alignment, bitfields last");
			else if (slots[i] == 1u << 20)
				snprintf(c[nc++].method, sizeof(c[0].method), "by alignment, bitfields first");
			else
				snprintf(c[nc++].method, sizeof(c[0].method), "by alignment, bitfields before %u-byte",
					 slots[i] / 2 ? slots[i] / 2 : 1);
		}
		if (o->npaths) {
			order_paths(&r, c[nc].order, 0);
			snprintf(c[nc++].method, sizeof(c[0].method), "paths together");
			order_paths(&r, c[nc].order, 1);
			snprintf(c[nc++].method, sizeof(c[0].method), "paths together, by alignment");
			order_paths(&r, c[nc].order, 2);
			snprintf(c[nc++].method, sizeof(c[0].method), "paths first, the rest in place");
			order_paths_in_place(&r, c[nc].order, 0);
			snprintf(c[nc++].method, sizeof(c[0].method), "paths where they start");
			order_paths_in_place(&r, c[nc].order, 1);
			snprintf(c[nc++].method, sizeof(c[0].method), "paths where they start, by alignment");
		}
	}
	if (r.src->kind == SKL_K_STRUCT) {
		if (greedy(&r, &c[nc], 0) < 0)
			goto out;
		snprintf(c[nc++].method, sizeof(c[0].method), "holes filled");
		for (i = 0; i < 2 && o->npaths; i++) {
			order_paths_in_place(&r, c[nc].order, i);
			if (greedy(&r, &c[nc], 1) < 0)
				goto out;
			snprintf(c[nc++].method, sizeof(c[0].method), "paths where they start%s, holes filled",
				 i ? " by alignment" : "");
		}
	}
	base = nc;
	for (i = 0; has_bf && i < base && nc < MAX_CANDIDATES; i++) {
		memcpy(c[nc].order, c[i].order, (size_t)r.nu * sizeof(int));
		c[nc].demote = 1;
		snprintf(c[nc++].method, sizeof(c[0].method), "%.40s, bitfields demoted", c[i].method);
	}
	for (i = 0; i < nc; i++) {
		if ((c[i].moves = count_moves(&r, c[i].order, NULL, 0)) < 0)
			goto oom;
		if (evaluate(&r, &c[i], NULL, NULL) < 0)
			goto out;
		if (i && better(&c[i], &c[best]))
			best = i;
	}
	/* the winner again, with its moves and demotions written out */
	out->moves = skl_calloc(2 * SKL_REORG_MAX_MOVES, sizeof(char *));
	if (!out->moves)
		goto oom;
	if ((out->nmoves = count_moves(&r, c[best].order, out->moves, SKL_REORG_MAX_MOVES)) < 0) {
		out->nmoves = 0;
		goto oom;
	}
	if (out->nmoves > SKL_REORG_MAX_MOVES)
		out->nmoves = SKL_REORG_MAX_MOVES;
	if (evaluate(&r, &c[best], out->moves + out->nmoves, &out->ndemoted) < 0)
		goto out;
	out->type = c[best].type;
	out->candidates = nc;
	snprintf(out->method, sizeof(out->method), "%s", c[best].method);
	rc = 0;
	goto out;
oom:
	skl_errorf(err, "out of memory");
out:
	for (i = 0; i < MAX_CANDIDATES; i++)
		skl_free(c[i].order);
	skl_free(r.u);
	return rc;
}
