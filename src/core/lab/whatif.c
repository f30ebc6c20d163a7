/*
 * whatif.c - edits to a copy of a struct (add, remove, move, resize,
 * retype), and the before/after comparison a layout patch needs: size,
 * holes, cache lines, the lines named access paths touch, and the slab
 * cache's geometry. Reads declarations with the C reader (cparse), lays
 * out with the layout engine, sizes caches with skl_cache_geometry(); never
 * changes a record of the type database, never prints but through a sink.
 */
#include "sklab/whatif.h"

#include "sklab/cparse.h"
#include "sklab/pahole.h"
#include "sklab/json.h"
#include "types_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NO_LINE UINT64_MAX
#define DEFAULT_OBJECTS 10000
#define MAX_TOKENS 64

/* ---- parsing an edit ------------------------------------------------------ */

typedef struct toks {
	char buf[1024];
	char *t[MAX_TOKENS];
	int n;
} toks;

/* Splits s at white space; '...' and "..." group words. */
static int tokenize(const char *s, toks *tk, skl_error *err)
{
	size_t k = 0;
	tk->n = 0;
	while (*s) {
		while (*s && isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		if (tk->n == MAX_TOKENS)
			return skl_errorf(err, "more than %d words", MAX_TOKENS);
		tk->t[tk->n++] = tk->buf + k;
		while (*s && !isspace((unsigned char)*s)) {
			if (*s == '\'' || *s == '"') {
				char q = *s++;
				while (*s && *s != q) {
					if (k + 2 >= sizeof(tk->buf))
						return skl_errorf(err, "longer than %zu characters",
								  sizeof(tk->buf) - 2);
					tk->buf[k++] = *s++;
				}
				if (!*s)
					return skl_errorf(err, "a %c quote is not closed", q);
				s++;
				continue;
			}
			if (k + 2 >= sizeof(tk->buf))
				return skl_errorf(err, "longer than %zu characters", sizeof(tk->buf) - 2);
			tk->buf[k++] = *s++;
		}
		tk->buf[k++] = '\0';
	}
	return 0;
}

int skl_whatif_is_member_path(const char *s)
{
	int start = 1;
	if (!*s)
		return 0;
	for (; *s; s++) {
		if (*s == '.') {
			if (start)
				return 0;
			start = 1;
		} else if (isalpha((unsigned char)*s) || *s == '_' || (!start && isdigit((unsigned char)*s))) {
			start = 0;
		} else {
			return 0;
		}
	}
	return !start;
}

static void join(char *out, size_t outsz, char *const *t, int from, int to)
{
	int i;
	size_t n = 0;
	out[0] = '\0';
	for (i = from; i < to && n + 1 < outsz; i++)
		n += (size_t)snprintf(out + n, outsz - n, "%s%s", i > from ? " " : "", t[i]);
	if (n >= outsz)
		out[outsz - 1] = '\0';
}

static int member_arg(skl_edit *e, const char *s, char *dst, size_t dstsz, skl_error *err)
{
	if (!skl_whatif_is_member_path(s))
		return skl_errorf(err,
				  "edit '%s': '%s' is not a member name (a C identifier, or a dotted path such as "
				  "tp_pinfo.af_tcp)",
				  e->text, s);
	if (strlen(s) >= dstsz)
		return skl_errorf(err, "edit '%s': member name '%.40s...' is too long", e->text, s);
	snprintf(dst, dstsz, "%s", s);
	return 0;
}

int skl_edit_parse(const char *text, skl_edit *e, skl_error *err)
{
	toks tk;
	skl_error te;
	const char *verb;
	size_t n;
	memset(e, 0, sizeof(*e));
	while (*text && isspace((unsigned char)*text))
		text++;
	n = strlen(text);
	while (n && isspace((unsigned char)text[n - 1]))
		n--;
	if (n >= sizeof(e->text))
		return skl_errorf(err, "edit '%.40s...': longer than %zu characters", text, sizeof(e->text) - 1);
	memcpy(e->text, text, n);
	e->text[n] = '\0';
	if (!n)
		return skl_errorf(err, "empty edit: expected add, remove, move, resize or retype");
	memset(&tk, 0, sizeof(tk));
	if (tokenize(e->text, &tk, &te) < 0)
		return skl_errorf(err, "edit '%s': %s", e->text, te.msg);
	if (!tk.n)
		return skl_errorf(err, "empty edit: expected add, remove, move, resize or retype");
	verb = tk.t[0];
	if (!strcmp(verb, "add")) {
		int end = tk.n;
		e->op = SKL_EDIT_ADD;
		e->where = SKL_EDIT_AT_END;
		if (tk.n >= 3 && (!strcmp(tk.t[tk.n - 2], "after") || !strcmp(tk.t[tk.n - 2], "before"))) {
			e->where = tk.t[tk.n - 2][0] == 'a' ? SKL_EDIT_AFTER : SKL_EDIT_BEFORE;
			if (member_arg(e, tk.t[tk.n - 1], e->anchor, sizeof(e->anchor), err) < 0)
				return -1;
			end = tk.n - 2;
		} else if (tk.n >= 3 && (!strcmp(tk.t[tk.n - 2], "at") || !strcmp(tk.t[tk.n - 2], "to")) &&
			   (!strcmp(tk.t[tk.n - 1], "end") || !strcmp(tk.t[tk.n - 1], "start"))) {
			e->where = tk.t[tk.n - 1][0] == 'e' ? SKL_EDIT_AT_END : SKL_EDIT_AT_START;
			end = tk.n - 2;
		}
		join(e->arg, sizeof(e->arg), tk.t, 1, end);
		n = strlen(e->arg);
		while (n && (e->arg[n - 1] == ';' || isspace((unsigned char)e->arg[n - 1])))
			e->arg[--n] = '\0';
		if (!n)
			return skl_errorf(err,
					  "edit '%s': add what? expected add DECLARATION [after M | before M | at "
					  "start | at end], e.g. add 'struct ip_opt *opt' after protinfo",
					  e->text);
		return 0;
	}
	if (!strcmp(verb, "remove")) {
		e->op = SKL_EDIT_REMOVE;
		if (tk.n != 2)
			return skl_errorf(err, "edit '%s': expected remove MEMBER", e->text);
		return member_arg(e, tk.t[1], e->member, sizeof(e->member), err);
	}
	if (!strcmp(verb, "move")) {
		e->op = SKL_EDIT_MOVE;
		if (tk.n != 4)
			return skl_errorf(err,
					  "edit '%s': expected move MEMBER after|before MEMBER, or move MEMBER to "
					  "start|end",
					  e->text);
		if (member_arg(e, tk.t[1], e->member, sizeof(e->member), err) < 0)
			return -1;
		if (!strcmp(tk.t[2], "after") || !strcmp(tk.t[2], "before")) {
			e->where = tk.t[2][0] == 'a' ? SKL_EDIT_AFTER : SKL_EDIT_BEFORE;
			if (member_arg(e, tk.t[3], e->anchor, sizeof(e->anchor), err) < 0)
				return -1;
			if (!strcmp(e->member, e->anchor))
				return skl_errorf(err, "edit '%s': cannot move '%s' relative to itself", e->text,
						  e->member);
			return 0;
		}
		if ((!strcmp(tk.t[2], "to") || !strcmp(tk.t[2], "at")) &&
		    (!strcmp(tk.t[3], "start") || !strcmp(tk.t[3], "end"))) {
			e->where = tk.t[3][0] == 'e' ? SKL_EDIT_AT_END : SKL_EDIT_AT_START;
			return 0;
		}
		return skl_errorf(err,
				  "edit '%s': expected after MEMBER, before MEMBER, to start or to end after "
				  "'move %s', not '%s %s'",
				  e->text, e->member, tk.t[2], tk.t[3]);
	}
	if (!strcmp(verb, "resize") || !strcmp(verb, "retype")) {
		e->op = verb[2] == 's' ? SKL_EDIT_RESIZE : SKL_EDIT_RETYPE;
		if (tk.n < 3)
			return skl_errorf(
			    err, "edit '%s': expected %s", e->text,
			    e->op == SKL_EDIT_RESIZE
				? "resize MEMBER LENGTH (array), resize MEMBER :BITS (bitfield) or resize "
				  "MEMBER TYPE"
				: "retype MEMBER TYPE, e.g. retype saddr __u64");
		if (member_arg(e, tk.t[1], e->member, sizeof(e->member), err) < 0)
			return -1;
		join(e->arg, sizeof(e->arg), tk.t, 2, tk.n);
		return 0;
	}
	return skl_errorf(err, "edit '%s': unknown verb '%s' (expected add, remove, move, resize or retype)", e->text,
			  verb);
}

/* ---- copying a record ------------------------------------------------------ */

static int is_record(const skl_type *t)
{
	return t && (t->kind == SKL_K_STRUCT || t->kind == SKL_K_UNION);
}

/* An unnamed struct or union held by value: part of its parent, copied with it. */
static int is_inline_record(const skl_type *t)
{
	return is_record(t) && !t->tag;
}

static skl_type *copy_record(skl_typedb *db, const skl_type *src, int depth, skl_error *err)
{
	skl_type *t;
	int i;
	if (depth > 64) {
		skl_errorf(err, "unnamed structs and unions nested more than 64 deep");
		return NULL;
	}
	t = skl_type_record(db, src->kind, NULL); /* not registered: lookups never see it */
	if (!t)
		goto oom;
	if (src->tag && !(t->tag = skl_strdup(src->tag)))
		goto oom;
	if (src->note && !(t->note = skl_strdup(src->note)))
		goto oom;
	t->packed = src->packed;
	t->aligned = src->aligned;
	for (i = 0; i < src->nmembers; i++) {
		const skl_member *m = &src->members[i];
		skl_type *mt = m->type;
		if (is_inline_record(mt) && !(mt = copy_record(db, mt, depth + 1, err)))
			return NULL;
		if (skl_record_add(t, m->name, mt, m->bits, m->aligned, m->cond, err) < 0)
			return NULL;
		t->members[t->nmembers - 1].packed = m->packed;
	}
	t->complete = 1;
	return t;
oom:
	skl_errorf(err, "out of memory");
	return NULL;
}

skl_type *skl_whatif_copy(skl_typedb *db, const skl_type *t, skl_error *err)
{
	const skl_type *r = skl_type_resolve(t);
	if (!is_record(r)) {
		skl_errorf(err, "whatif edits a struct or union, not %s", t->tag ? t->tag : "an unnamed type");
		return NULL;
	}
	if (!r->complete) {
		skl_errorf(err, "%s %s is only declared, never defined", r->kind == SKL_K_UNION ? "union" : "struct",
			   r->tag ? r->tag : "(anonymous)");
		return NULL;
	}
	return copy_record(db, r, 0, err);
}

/* ---- finding members, and the names closest to a wrong one ------------------ */

typedef struct loc {
	skl_type *rec; /* the record holding it */
	int idx;
	skl_type *scope;      /* where C looks the name up: the root or a named member's record */
	char scope_name[160]; /* "struct sock", "tp_pinfo" */
} loc;

/* name among rec's members and, C11 style, its anonymous members' members. */
static int find_in(skl_type *rec, const char *name, size_t len, loc *out)
{
	int i;
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		if (m->name && strlen(m->name) == len && !strncmp(m->name, name, len)) {
			out->rec = rec;
			out->idx = i;
			return 1;
		}
	}
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		if (!m->name && is_inline_record(m->type) && find_in(m->type, name, len, out))
			return 1;
	}
	return 0;
}

static size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), i, j, row[130];
	if (la > 128 || lb > 128)
		return 1000;
	for (j = 0; j <= lb; j++)
		row[j] = j;
	for (i = 1; i <= la; i++) {
		size_t diag = row[0];
		row[0] = i;
		for (j = 1; j <= lb; j++) {
			size_t up = row[j], best = diag + (a[i - 1] != b[j - 1]);
			if (up + 1 < best)
				best = up + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			diag = up;
			row[j] = best;
		}
	}
	return row[lb];
}

typedef struct suggest {
	const char *want;
	char best[3][128];
	size_t dist[3];
	int n;
} suggest;

static void suggest_init(suggest *s, const char *want)
{
	memset(s, 0, sizeof(*s));
	s->want = want;
}

/* Considers cand (a path); its last component counts as well. */
static void suggest_try(suggest *s, const char *cand)
{
	const char *dot = strrchr(cand, '.');
	size_t d = edit_distance(s->want, cand), lw = strlen(s->want), limit, k;
	int i, j;
	if (dot && !strchr(s->want, '.')) {
		size_t d2 = edit_distance(s->want, dot + 1);
		if (d2 < d)
			d = d2;
	}
	limit = lw >= 6 ? 2 + lw / 8 : lw >= 3 ? 1 : 0;
	if (d > limit || !d)
		return;
	for (i = 0; i < s->n; i++)
		if (!strcmp(s->best[i], cand))
			return;
	for (i = 0; i < s->n && s->dist[i] <= d; i++)
		;
	if (i >= 3)
		return;
	k = s->n < 3 ? (size_t)s->n : 2;
	for (j = (int)k; j > i; j--) {
		memcpy(s->best[j], s->best[j - 1], sizeof(s->best[j]));
		s->dist[j] = s->dist[j - 1];
	}
	snprintf(s->best[i], sizeof(s->best[i]), "%s", cand);
	s->dist[i] = d;
	if (s->n < 3)
		s->n++;
}

/* " (did you mean 'a', 'b' or 'c'?)" or "". */
static void suggest_text(const suggest *s, char *out, size_t outsz)
{
	if (!s->n) {
		out[0] = '\0';
		return;
	}
	if (s->n == 1)
		snprintf(out, outsz, " (did you mean '%s'?)", s->best[0]);
	else if (s->n == 2)
		snprintf(out, outsz, " (did you mean '%s' or '%s'?)", s->best[0], s->best[1]);
	else
		snprintf(out, outsz, " (did you mean '%s', '%s' or '%s'?)", s->best[0], s->best[1], s->best[2]);
}

/* Every member path under rec (through unnamed records), as candidates. */
static void suggest_record(suggest *s, const skl_type *rec, const char *prefix, int depth)
{
	int i;
	char path[256];
	if (depth > 64)
		return;
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		if (m->name) {
			snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "", m->name);
			suggest_try(s, path);
		} else {
			snprintf(path, sizeof(path), "%s", prefix);
		}
		if (is_inline_record(m->type))
			suggest_record(s, m->type, path, depth + 1);
	}
}

static void record_name(const skl_type *rec, char *out, size_t outsz)
{
	snprintf(out, outsz, "%s %s", rec->kind == SKL_K_UNION ? "union" : "struct", rec->tag ? rec->tag : "{...}");
}

/* Resolves a member path in root. -1 with err set (the closest names). */
static int resolve(skl_type *root, const char *path, loc *out, skl_error *err)
{
	skl_type *rec = root;
	const char *p = path;
	char where[160], root_name[160];
	record_name(root, where, sizeof(where));
	record_name(root, root_name, sizeof(root_name));
	for (;;) {
		const char *dot = strchr(p, '.');
		size_t len = dot ? (size_t)(dot - p) : strlen(p);
		const skl_member *m;
		const skl_type *r;
		if (!find_in(rec, p, len, out)) {
			suggest s;
			char name[128], hint[420];
			snprintf(name, sizeof(name), "%.*s", (int)len, p);
			suggest_init(&s, rec == root ? path : name);
			suggest_record(&s, rec, "", 0);
			suggest_text(&s, hint, sizeof(hint));
			return skl_errorf(err, "no member '%s' in %s%s", name, where, hint);
		}
		out->scope = rec;
		snprintf(out->scope_name, sizeof(out->scope_name), "%s", where);
		if (!dot)
			return 0;
		m = &out->rec->members[out->idx];
		r = skl_type_resolve(m->type);
		if (!is_record(r)) {
			char tn[160];
			skl_type_name(m->type, tn, sizeof(tn));
			return skl_errorf(err, "'%.*s' is %s, not a struct or union: it has no member '%s'",
					  (int)(dot - path), path, tn, dot + 1);
		}
		if (!is_inline_record(m->type)) {
			char tn[160];
			skl_type_name(m->type, tn, sizeof(tn));
			return skl_errorf(err,
					  "'%.*s' is a %s, a type of its own: whatif changes %s's members and its "
					  "unnamed nested structs and unions, not other types (run whatif on %s)",
					  (int)(dot - path), path, tn, root_name, tn);
		}
		rec = m->type;
		snprintf(where, sizeof(where), "%.*s", (int)(dot - path), path);
		p = dot + 1;
	}
}

/* ---- changing the copy ----------------------------------------------------- */

static int insert_member(skl_type *rec, int idx, const skl_member *m, skl_error *err)
{
	if (rec->nmembers == rec->capmembers) {
		int nc = rec->capmembers ? rec->capmembers * 2 : 8;
		skl_member *d = skl_realloc(rec->members, (size_t)nc * sizeof(*d));
		if (!d)
			return skl_errorf(err, "out of memory");
		rec->members = d;
		rec->capmembers = nc;
	}
	memmove(&rec->members[idx + 1], &rec->members[idx], (size_t)(rec->nmembers - idx) * sizeof(*m));
	rec->members[idx] = *m;
	rec->nmembers++;
	return 0;
}

static void take_member(skl_type *rec, int idx, skl_member *out)
{
	*out = rec->members[idx];
	memmove(&rec->members[idx], &rec->members[idx + 1], (size_t)(rec->nmembers - idx - 1) * sizeof(*out));
	rec->nmembers--;
}

/* -1 with err set when m's name (or, for an anonymous record, a name inside
 * it) is already taken in scope. */
static int check_names(const loc *at, const skl_member *m, int depth, skl_error *err)
{
	loc l;
	int i;
	if (m->name) {
		if (find_in(at->scope, m->name, strlen(m->name), &l))
			return skl_errorf(err, "%s already has a member named '%s'", at->scope_name, m->name);
		return 0;
	}
	if (!is_inline_record(m->type) || depth > 64)
		return 0;
	for (i = 0; i < m->type->nmembers; i++)
		if (check_names(at, &m->type->members[i], depth + 1, err) < 0)
			return -1;
	return 0;
}

/* Where an add or move puts its member: the record and index. */
static int place(skl_type *root, const skl_edit *e, loc *out, skl_error *err)
{
	if (e->where == SKL_EDIT_AT_END || e->where == SKL_EDIT_AT_START) {
		out->rec = out->scope = root;
		record_name(root, out->scope_name, sizeof(out->scope_name));
		out->idx = e->where == SKL_EDIT_AT_END ? root->nmembers : 0;
		return 0;
	}
	if (resolve(root, e->anchor, out, err) < 0)
		return -1;
	if (e->where == SKL_EDIT_AFTER)
		out->idx++;
	return 0;
}

static int is_integer_type(const skl_type *t)
{
	const skl_type *r = skl_type_resolve(t);
	if (r->kind == SKL_K_ENUM)
		return 1;
	return r->kind == SKL_K_BASE && r->base != SKL_B_VOID && r->base < SKL_B_FLOAT;
}

static int parse_count(const char *s, uint64_t *out)
{
	char *end;
	unsigned long long v;
	int bracket = *s == '[';
	if (bracket)
		s++;
	if (!isdigit((unsigned char)*s))
		return -1;
	v = strtoull(s, &end, 10);
	if (bracket && *end++ != ']')
		return -1;
	if (*end || v > 0xffffffffull)
		return -1;
	*out = v;
	return 0;
}

static int apply_add(skl_typedb *db, skl_type *root, const skl_edit *e, skl_error *err)
{
	skl_cmember cm;
	skl_type *scratch;
	skl_member m;
	skl_error pe;
	loc at;
	if (skl_cparse_member_decl(db, e->arg, &cm, &pe) < 0)
		return skl_errorf(err, "cannot read the declaration '%s': %s", e->arg, pe.msg);
	if (!cm.name[0] && !(cm.bits >= 0 || is_inline_record(cm.type)))
		return skl_errorf(err, "the declaration '%s' names no member", e->arg);
	/* skl_record_add checks the bitfield and aligned(N) as the data loader's members are checked */
	scratch = skl_type_record(db, SKL_K_STRUCT, NULL);
	if (!scratch)
		return skl_errorf(err, "out of memory");
	if (skl_record_add(scratch, cm.name[0] ? cm.name : NULL, cm.type, cm.bits, cm.aligned, NULL, err) < 0)
		return -1;
	m = scratch->members[0];
	m.packed = cm.packed;
	scratch->nmembers = 0; /* the member (and its name) moves to the copy */
	if (place(root, e, &at, err) < 0 || check_names(&at, &m, 0, err) < 0 ||
	    insert_member(at.rec, at.idx, &m, err) < 0) {
		skl_free(m.name);
		return -1;
	}
	return 0;
}

/* t is target, or holds it in an unnamed record. */
static int holds(const skl_type *t, const skl_type *target, int depth)
{
	int i;
	if (!is_inline_record(t) || depth > 64)
		return 0;
	if (t == target)
		return 1;
	for (i = 0; i < t->nmembers; i++)
		if (holds(t->members[i].type, target, depth + 1))
			return 1;
	return 0;
}

static int apply_move(skl_type *root, const skl_edit *e, skl_error *err)
{
	loc from, to;
	skl_member m;
	if (resolve(root, e->member, &from, err) < 0)
		return -1;
	if (e->where == SKL_EDIT_AFTER || e->where == SKL_EDIT_BEFORE) {
		if (resolve(root, e->anchor, &to, err) < 0)
			return -1;
		if (to.rec == from.rec && to.idx == from.idx)
			return skl_errorf(err, "cannot move '%s' relative to itself", e->member);
		if (holds(from.rec->members[from.idx].type, to.rec, 0))
			return skl_errorf(err, "cannot move '%s' inside itself (next to '%s')", e->member, e->anchor);
	}
	take_member(from.rec, from.idx, &m);
	if (place(root, e, &to, err) < 0 || (to.scope != from.scope && check_names(&to, &m, 0, err) < 0)) {
		insert_member(from.rec, from.idx, &m, err); /* capacity is there: cannot fail */
		return -1;
	}
	return insert_member(to.rec, to.idx, &m, err);
}

static int apply_retype(skl_typedb *db, skl_member *m, const skl_edit *e, skl_error *err)
{
	skl_error pe;
	skl_type *t = skl_cparse_typename(db, e->arg, &pe);
	if (!t)
		return skl_errorf(err,
				  "cannot read the type '%s': %s (a C type name such as 'unsigned long long', "
				  "'void *' or 'char [16]')",
				  e->arg, pe.msg);
	if (skl_type_resolve(t)->kind == SKL_K_FUNC)
		return skl_errorf(err, "'%s' is a function type: a member can hold a pointer to one", e->arg);
	if (m->bits >= 0 && !is_integer_type(t))
		return skl_errorf(err, "'%s' is a bitfield: its type must be an integer type, not '%s'", e->member,
				  e->arg);
	m->type = t;
	return 0;
}

static int apply_resize(skl_typedb *db, skl_member *m, const skl_edit *e, skl_error *err)
{
	uint64_t count;
	char tn[160];
	skl_type_name(m->type, tn, sizeof(tn));
	if (e->arg[0] == ':') {
		char *end;
		long bits = strtol(e->arg + 1, &end, 10);
		if (e->arg[1] < '0' || e->arg[1] > '9' || *end || bits > 128)
			return skl_errorf(err, "':%s' is not a bitfield width (a number of bits, e.g. :3)", e->arg + 1);
		if (m->bits < 0)
			return skl_errorf(err, "'%s' is not a bitfield (it is %s): give an array length or a type",
					  e->member, tn);
		if (bits == 0 && m->name)
			return skl_errorf(err, "a named bitfield cannot have width 0");
		m->bits = (int)bits;
		return 0;
	}
	if (parse_count(e->arg, &count) == 0) {
		if (m->type->kind != SKL_K_ARRAY)
			return skl_errorf(err,
					  "'%s' is %s, not an array: give a type instead ('resize %s __u64') or :N "
					  "for a bitfield",
					  e->member, tn, e->member);
		m->type = skl_type_array(db, m->type->ref, count);
		return m->type ? 0 : skl_errorf(err, "out of memory");
	}
	return apply_retype(db, m, e, err);
}

int skl_whatif_apply(skl_typedb *db, skl_type *copy, const skl_edit *e, skl_error *err)
{
	loc l;
	skl_member *m;
	skl_type *r = (skl_type *)skl_type_resolve(copy);
	if (!is_record(r))
		return skl_errorf(err, "whatif edits a struct or union");
	switch (e->op) {
	case SKL_EDIT_ADD:
		return apply_add(db, r, e, err);
	case SKL_EDIT_MOVE:
		return apply_move(r, e, err);
	case SKL_EDIT_REMOVE: {
		skl_member gone;
		if (resolve(r, e->member, &l, err) < 0)
			return -1;
		take_member(l.rec, l.idx, &gone);
		skl_free(gone.name);
		skl_free(gone.cond);
		return 0;
	}
	case SKL_EDIT_RESIZE:
	case SKL_EDIT_RETYPE:
		if (resolve(r, e->member, &l, err) < 0)
			return -1;
		m = &l.rec->members[l.idx];
		return e->op == SKL_EDIT_RESIZE ? apply_resize(db, m, e, err) : apply_retype(db, m, e, err);
	}
	return skl_errorf(err, "unknown edit");
}

/* ---- access paths ------------------------------------------------------------ */

static void free_paths(skl_whatif_path *p, int n)
{
	int i, j;
	for (i = 0; i < n; i++) {
		for (j = 0; j < p[i].nmembers; j++)
			skl_free(p[i].members[j]);
		skl_free(p[i].members);
	}
	skl_free(p);
}

/* "NAME=m1,m2,..." into p. */
static int parse_path(const char *spec, skl_whatif_path *p, skl_error *err)
{
	const char *eq = strchr(spec, '='), *s;
	size_t i;
	if (!eq || eq == spec)
		return skl_errorf(err, "path '%s': expected NAME=member,member,... (e.g. lookup=daddr,next)", spec);
	if ((size_t)(eq - spec) >= sizeof(p->name))
		return skl_errorf(err, "path '%s': the name is longer than %zu characters", spec, sizeof(p->name) - 1);
	for (i = 0; spec + i < eq; i++)
		if (!isalnum((unsigned char)spec[i]) && spec[i] != '_' && spec[i] != '-')
			return skl_errorf(err, "path '%s': the name may hold letters, digits, _ and -", spec);
	snprintf(p->name, sizeof(p->name), "%.*s", (int)(eq - spec), spec);
	for (s = eq + 1;;) {
		const char *c = strchr(s, ',');
		size_t len = c ? (size_t)(c - s) : strlen(s);
		char name[128];
		char **d;
		while (len && isspace((unsigned char)*s))
			s++, len--;
		while (len && isspace((unsigned char)s[len - 1]))
			len--;
		if (!len)
			return skl_errorf(err, "path '%s': an empty member name", p->name);
		if (len >= sizeof(name))
			return skl_errorf(err, "path '%s': a member name is too long", p->name);
		snprintf(name, sizeof(name), "%.*s", (int)len, s);
		if (!skl_whatif_is_member_path(name))
			return skl_errorf(err, "path '%s': '%s' is not a member name", p->name, name);
		d = skl_realloc(p->members, (size_t)(p->nmembers + 1) * sizeof(*d));
		if (!d)
			return skl_errorf(err, "out of memory");
		p->members = d;
		if (!(p->members[p->nmembers] = skl_strdup(name)))
			return skl_errorf(err, "out of memory");
		p->nmembers++;
		if (!c)
			break;
		s = c + 1;
	}
	return 0;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
	return x < y ? -1 : x > y;
}

/* A layout's fields that share a plain name, for the "ambiguous" message. */
static int count_named(const skl_layout *l, const char *name)
{
	int i, n = 0;
	for (i = 0; i < l->nfields; i++)
		if (!strcmp(l->fields[i].name, name))
			n++;
	return n;
}

static int path_lines(const skl_layout *l, const skl_whatif_path *p, skl_whatif_lines *out, skl_error *err)
{
	int i, n = 0;
	uint64_t total = 0;
	out->first = skl_calloc((size_t)p->nmembers, sizeof(uint64_t));
	out->last = skl_calloc((size_t)p->nmembers, sizeof(uint64_t));
	if (!out->first || !out->last)
		return skl_errorf(err, "out of memory");
	for (i = 0; i < p->nmembers; i++) {
		int f = skl_layout_find(l, p->members[i]);
		if (f < 0) {
			out->first[i] = out->last[i] = NO_LINE;
			out->missing++;
			continue;
		}
		out->first[i] = l->fields[f].cl_first;
		out->last[i] = l->fields[f].cl_last;
		total += out->last[i] - out->first[i] + 1;
	}
	if (total > 1u << 20)
		return skl_errorf(err, "path '%s' spans more than %u cache lines", p->name, 1u << 20);
	out->lines = skl_calloc(total ? (size_t)total : 1, sizeof(uint64_t));
	if (!out->lines)
		return skl_errorf(err, "out of memory");
	for (i = 0; i < p->nmembers; i++) {
		uint64_t c;
		if (out->first[i] == NO_LINE)
			continue;
		for (c = out->first[i]; c <= out->last[i]; c++)
			out->lines[n++] = c;
	}
	qsort(out->lines, (size_t)n, sizeof(uint64_t), cmp_u64);
	out->nlines = 0;
	for (i = 0; i < n; i++)
		if (!out->nlines || out->lines[out->nlines - 1] != out->lines[i])
			out->lines[out->nlines++] = out->lines[i];
	return 0;
}

/* Every member of every path must be in the layout before or after. */
static int check_path(const skl_layout *a, const skl_layout *b, const skl_whatif_path *p, skl_error *err)
{
	int i, j;
	for (i = 0; i < p->nmembers; i++) {
		const char *name = p->members[i];
		suggest s;
		char hint[420];
		if ((skl_layout_find(a, name) < 0 && count_named(a, name) > 1) ||
		    (skl_layout_find(b, name) < 0 && count_named(b, name) > 1))
			return skl_errorf(err, "path '%s': more than one member is called '%s': give its dotted path",
					  p->name, name);
		if (skl_layout_find(a, name) >= 0 || skl_layout_find(b, name) >= 0)
			continue;
		suggest_init(&s, name);
		for (j = 0; j < a->nfields; j++)
			if (a->fields[j].name[0])
				suggest_try(&s, a->fields[j].path);
		for (j = 0; j < b->nfields; j++)
			if (b->fields[j].name[0])
				suggest_try(&s, b->fields[j].path);
		suggest_text(&s, hint, sizeof(hint));
		return skl_errorf(err, "path '%s': no member '%s' in %s, before or after the edits%s", p->name, name,
				  a->name, hint);
	}
	return 0;
}

void skl_whatif_format_lines(const skl_whatif_lines *p, char *out, size_t outsz)
{
	int i = 0;
	size_t n = 0;
	out[0] = '\0';
	if (!p->nlines) {
		snprintf(out, outsz, "-");
		return;
	}
	while (i < p->nlines && n + 1 < outsz) {
		int j = i;
		while (j + 1 < p->nlines && p->lines[j + 1] == p->lines[j] + 1)
			j++;
		if (j == i)
			n += (size_t)snprintf(out + n, outsz - n, "%s%llu", i ? "," : "",
					      (unsigned long long)p->lines[i]);
		else
			n += (size_t)snprintf(out + n, outsz - n, "%s%llu-%llu", i ? "," : "",
					      (unsigned long long)p->lines[i], (unsigned long long)p->lines[j]);
		i = j + 1;
	}
}

/* ---- the comparison ---------------------------------------------------------- */

static int side_slab(skl_whatif *w, const skl_whatif_opts *o, skl_whatif_side *s, const char *which, skl_error *err)
{
	skl_error ge;
	skl_cache_opts co = o->cache;
	uint64_t per;
	co.type = NULL;
	if (skl_cache_geometry(o->profile, o->cpus, o->debug, w->cache_name, (size_t)s->layout->size, &co, &s->slab,
			       &ge) < 0)
		return skl_errorf(err, "%s: a %llu-byte cache: %s", which, (unsigned long long)s->layout->size, ge.msg);
	per = s->slab.objs_per_slab ? s->slab.objs_per_slab : 1;
	s->slabs = (w->objects + per - 1) / per;
	s->bytes = s->slabs * s->slab.pages_per_slab * (uint64_t)w->page_size;
	return 0;
}

static void side_free(skl_whatif_side *s, int npaths)
{
	int i;
	skl_layout_free(s->layout);
	if (s->paths) {
		for (i = 0; i < npaths; i++) {
			skl_free(s->paths[i].lines);
			skl_free(s->paths[i].first);
			skl_free(s->paths[i].last);
		}
		skl_free(s->paths);
	}
}

void skl_whatif_free(skl_whatif *w)
{
	if (!w)
		return;
	side_free(&w->before, w->npaths);
	side_free(&w->after, w->npaths);
	free_paths(w->paths, w->npaths);
	skl_free(w->edits);
	skl_free(w);
}

skl_whatif *skl_whatif_run(skl_typedb *db, const skl_type *t, const skl_whatif_opts *o, skl_error *err)
{
	skl_whatif *w;
	const skl_profile *pr = o->profile;
	const char *config;
	unsigned cacheline;
	skl_type *copy;
	int i, j;
	if (!pr || !pr->abi) {
		skl_errorf(err, "whatif: no kernel profile");
		return NULL;
	}
	if (o->nedits < 0 || o->npaths < 0 || (o->nedits && !o->edits) || (o->npaths && !o->paths)) {
		skl_errorf(err, "whatif: bad edit or path list");
		return NULL;
	}
	w = skl_calloc(1, sizeof(*w));
	if (!w)
		goto oom;
	config = o->config ? o->config : pr->config;
	cacheline = o->cacheline ? o->cacheline : pr->cacheline;
	snprintf(w->profile, sizeof(w->profile), "%s", pr->name);
	snprintf(w->allocator, sizeof(w->allocator), "%s", pr->allocator);
	w->page_size = pr->page_size;
	w->cpus = o->cpus ? o->cpus : pr->cpus ? pr->cpus : 1;
	w->debug = o->debug;
	w->cache_flags = o->cache.flags;
	w->cache_align = o->cache.align;
	w->objects = o->objects ? o->objects : DEFAULT_OBJECTS;

	/* the paths */
	if (o->npaths) {
		w->paths = skl_calloc((size_t)o->npaths, sizeof(*w->paths));
		if (!w->paths)
			goto oom;
	}
	for (i = 0; i < o->npaths; i++) {
		w->npaths = i + 1;
		if (parse_path(o->paths[i], &w->paths[i], err) < 0)
			goto fail;
		for (j = 0; j < i; j++)
			if (!strcmp(w->paths[j].name, w->paths[i].name)) {
				skl_errorf(err, "path '%s' is given twice", w->paths[i].name);
				goto fail;
			}
	}
	if (o->nedits) {
		w->edits = skl_calloc((size_t)o->nedits, sizeof(*w->edits));
		if (!w->edits)
			goto oom;
		memcpy(w->edits, o->edits, (size_t)o->nedits * sizeof(*w->edits));
		w->nedits = o->nedits;
	}

	/* before */
	w->before.layout = skl_layout_compute(t, pr->abi, config, cacheline, err);
	if (!w->before.layout)
		goto fail;
	snprintf(w->label, sizeof(w->label), "%s", o->label ? o->label : w->before.layout->name);
	{
		const char *tag = skl_type_tag(skl_type_resolve(t));
		snprintf(w->cache_name, sizeof(w->cache_name), "%s",
			 o->cache_name ? o->cache_name
			 : tag	       ? tag
				       : "sklab_whatif");
	}

	/* the edits, on a copy */
	copy = skl_whatif_copy(db, t, err);
	if (!copy)
		goto fail;
	for (i = 0; i < o->nedits; i++) {
		skl_error ee;
		if (skl_whatif_apply(db, copy, &o->edits[i], &ee) < 0) {
			if (!strncmp(ee.msg, "edit '", 6))
				skl_errorf(err, "edit %d %s", i + 1, ee.msg + 5);
			else
				skl_errorf(err, "edit %d '%s': %s", i + 1, o->edits[i].text, ee.msg);
			goto fail;
		}
	}
	{
		skl_error le;
		w->after.layout = skl_layout_compute(copy, pr->abi, config, cacheline, &le);
		if (!w->after.layout) {
			skl_errorf(err, "after the edits, %s cannot be laid out: %s", w->before.layout->name, le.msg);
			goto fail;
		}
	}

	/* paths on both sides */
	if (w->npaths) {
		w->before.paths = skl_calloc((size_t)w->npaths, sizeof(skl_whatif_lines));
		w->after.paths = skl_calloc((size_t)w->npaths, sizeof(skl_whatif_lines));
		if (!w->before.paths || !w->after.paths)
			goto oom;
	}
	for (i = 0; i < w->npaths; i++) {
		if (check_path(w->before.layout, w->after.layout, &w->paths[i], err) < 0 ||
		    path_lines(w->before.layout, &w->paths[i], &w->before.paths[i], err) < 0 ||
		    path_lines(w->after.layout, &w->paths[i], &w->after.paths[i], err) < 0)
			goto fail;
	}

	/* the slab cache */
	if (side_slab(w, o, &w->before, "before", err) < 0 || side_slab(w, o, &w->after, "after the edits", err) < 0)
		goto fail;
	return w;
oom:
	skl_errorf(err, "out of memory");
fail:
	skl_whatif_free(w);
	return NULL;
}

/* ---- text -------------------------------------------------------------------- */

#define ROW_MAX 48

typedef struct row {
	char label[64], before[96], after[96], delta[32];
} row;

typedef struct table {
	row r[ROW_MAX];
	int n;
} table;

static void delta_text(char *out, size_t outsz, long long d)
{
	if (d)
		snprintf(out, outsz, "%+lld", d);
	else
		snprintf(out, outsz, "0");
}

static void add_num(table *t, const char *label, uint64_t a, uint64_t b)
{
	row *r;
	if (t->n == ROW_MAX)
		return;
	r = &t->r[t->n++];
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(r->before, sizeof(r->before), "%llu", (unsigned long long)a);
	snprintf(r->after, sizeof(r->after), "%llu", (unsigned long long)b);
	delta_text(r->delta, sizeof(r->delta), (long long)b - (long long)a);
}

static void add_text(table *t, const char *label, const char *a, const char *b, const char *d)
{
	row *r;
	if (t->n == ROW_MAX)
		return;
	r = &t->r[t->n++];
	snprintf(r->label, sizeof(r->label), "%s", label);
	snprintf(r->before, sizeof(r->before), "%s", a);
	snprintf(r->after, sizeof(r->after), "%s", b);
	snprintf(r->delta, sizeof(r->delta), "%s", d);
}

static const struct {
	unsigned flag;
	const char *name;
} flag_names[] = {{SKL_SLAB_HWCACHE_ALIGN, "SLAB_HWCACHE_ALIGN"},
		  {SKL_SLAB_TYPESAFE_BY_RCU, "SLAB_TYPESAFE_BY_RCU"},
		  {SKL_SLAB_CACHE_DMA, "SLAB_CACHE_DMA"},
		  {SKL_SLAB_RECLAIM_ACCOUNT, "SLAB_RECLAIM_ACCOUNT"},
		  {SKL_SLAB_ACCOUNT, "SLAB_ACCOUNT"},
		  {SKL_SLAB_NO_REAP, "SLAB_NO_REAP"},
		  {SKL_SLAB_MUST_HWCACHE_ALIGN, "SLAB_MUST_HWCACHE_ALIGN"}};

#define NFLAG_NAMES (sizeof(flag_names) / sizeof(flag_names[0]))

static void flags_text(const skl_whatif *w, char *out, size_t outsz)
{
	size_t n = 0, i;
	out[0] = '\0';
	for (i = 0; i < NFLAG_NAMES; i++)
		if ((w->cache_flags & flag_names[i].flag) && n + 1 < outsz)
			n += (size_t)snprintf(out + n, outsz - n, "%s%s", n ? ", " : "", flag_names[i].name);
	if (w->cache_align && n + 1 < outsz)
		n += (size_t)snprintf(out + n, outsz - n, "%salign %u", n ? ", " : "", w->cache_align);
	if (!n)
		snprintf(out, outsz, "no flags");
}

static void allocator_text(const skl_whatif *w, char *out, size_t outsz)
{
	if (!strcmp(w->allocator, "slab"))
		snprintf(out, outsz, "2.4 SLAB, %s%s", w->cpus > 1 ? "SMP" : "UP",
			 w->debug ? ", CONFIG_DEBUG_SLAB" : "");
	else if (!strcmp(w->allocator, "slub"))
		snprintf(out, outsz, "SLUB, %u CPU%s%s", w->cpus, w->cpus == 1 ? "" : "s",
			 w->debug ? ", slab_debug=FZPU" : "");
	else
		snprintf(out, outsz, "%s", w->allocator);
}

static void write_table(const skl_whatif *w, const skl_sink *out)
{
	table t;
	const skl_layout *a = w->before.layout, *b = w->after.layout;
	const skl_cache_info *sa = &w->before.slab, *sb = &w->after.slab;
	size_t wl = 0, wa = strlen("before"), wb = strlen("after"), wd = strlen("delta");
	char buf[96];
	int i, j;
	t.n = 0;
	add_num(&t, "size", a->size, b->size);
	add_num(&t, "alignment", a->align, b->align);
	add_num(&t, "members", (uint64_t)a->members, (uint64_t)b->members);
	add_num(&t, "holes", (uint64_t)a->holes, (uint64_t)b->holes);
	add_num(&t, "hole bytes", a->sum_holes, b->sum_holes);
	if (a->bit_holes || b->bit_holes)
		add_num(&t, "bit hole bits", a->sum_bit_holes, b->sum_bit_holes);
	add_num(&t, "padding", a->padding, b->padding);
	add_num(&t, "cache lines", a->cachelines, b->cachelines);
	for (i = 0; i < w->npaths; i++) {
		char la[96], lb[96], d[32], label[64];
		skl_whatif_format_lines(&w->before.paths[i], la, sizeof(la));
		skl_whatif_format_lines(&w->after.paths[i], lb, sizeof(lb));
		delta_text(d, sizeof(d), (long long)w->after.paths[i].nlines - (long long)w->before.paths[i].nlines);
		snprintf(label, sizeof(label), "lines of path %.40s", w->paths[i].name);
		add_text(&t, label, la, lb, d);
	}
	snprintf(buf, sizeof(buf), "cache %s", !strcmp(w->allocator, "slub") ? "slab_size" : "objsize");
	add_num(&t, buf, sa->size, sb->size);
	add_num(&t, "objects per slab", sa->objs_per_slab, sb->objs_per_slab);
	add_num(&t, "slab order", sa->order, sb->order);
	add_num(&t, "pages per slab", sa->pages_per_slab, sb->pages_per_slab);
	snprintf(buf, sizeof(buf), "slabs for %llu objects", (unsigned long long)w->objects);
	add_num(&t, buf, w->before.slabs, w->after.slabs);
	snprintf(buf, sizeof(buf), "bytes for %llu objects", (unsigned long long)w->objects);
	add_num(&t, buf, w->before.bytes, w->after.bytes);
	for (i = 0; i < t.n; i++) {
		size_t k;
		if ((k = strlen(t.r[i].label)) > wl)
			wl = k;
		if ((k = strlen(t.r[i].before)) > wa)
			wa = k;
		if ((k = strlen(t.r[i].after)) > wb)
			wb = k;
		if ((k = strlen(t.r[i].delta)) > wd)
			wd = k;
	}
	skl_sink_printf(out, "%-*s  %*s  %*s  %*s\n", (int)wl, "", (int)wa, "before", (int)wb, "after", (int)wd,
			"delta");
	for (i = 0; i < t.n; i++)
		skl_sink_printf(out, "%-*s  %*s  %*s  %*s\n", (int)wl, t.r[i].label, (int)wa, t.r[i].before, (int)wb,
				t.r[i].after, (int)wd, t.r[i].delta);

	/* what moved, path by path */
	for (i = 0; i < w->npaths; i++) {
		const skl_whatif_path *p = &w->paths[i];
		const skl_whatif_lines *pa = &w->before.paths[i], *pb = &w->after.paths[i];
		skl_sink_printf(out, "\npath %s (", p->name);
		for (j = 0; j < p->nmembers; j++)
			skl_sink_printf(out, "%s%s", j ? ", " : "", p->members[j]);
		skl_sink_printf(out, "): %d line%s before, %d after\n", pa->nlines, pa->nlines == 1 ? "" : "s",
				pb->nlines);
		for (j = 0; j < p->nmembers; j++) {
			char fa[48], fb[48];
			if (pa->first[j] == pb->first[j] && pa->last[j] == pb->last[j])
				continue;
			if (pa->first[j] == NO_LINE)
				snprintf(fa, sizeof(fa), "absent");
			else if (pa->first[j] == pa->last[j])
				snprintf(fa, sizeof(fa), "line %llu", (unsigned long long)pa->first[j]);
			else
				snprintf(fa, sizeof(fa), "lines %llu-%llu", (unsigned long long)pa->first[j],
					 (unsigned long long)pa->last[j]);
			if (pb->first[j] == NO_LINE)
				snprintf(fb, sizeof(fb), "removed");
			else if (pb->first[j] == pb->last[j])
				snprintf(fb, sizeof(fb), "line %llu", (unsigned long long)pb->first[j]);
			else
				snprintf(fb, sizeof(fb), "lines %llu-%llu", (unsigned long long)pb->first[j],
					 (unsigned long long)pb->last[j]);
			skl_sink_printf(out, "  %s: %s -> %s\n", p->members[j], fa, fb);
		}
	}
}

static void pahole_text(const skl_layout *l, skl_buf *b)
{
	skl_sink s = skl_buf_sink(b);
	skl_pahole_write(l, &s, NULL);
}

void skl_whatif_write_text(const skl_whatif *w, const skl_sink *out, skl_whatif_show show)
{
	const skl_layout *a = w->before.layout;
	char flags[256], alloc[96];
	int i;
	flags_text(w, flags, sizeof(flags));
	allocator_text(w, alloc, sizeof(alloc));
	skl_sink_printf(out, "# whatif %s on %s: %s, %u-byte cache lines, config %s\n", w->label, w->profile,
			a->abi->name, a->cacheline, a->config && *a->config ? a->config : "(none)");
	for (i = 0; i < w->nedits; i++)
		skl_sink_printf(out, "# edit %d: %s\n", i + 1, w->edits[i].text);
	if (!w->nedits)
		skl_sink_puts(out, "# no edits\n");
	skl_sink_printf(out, "# slab cache %s: %s; %s; %u-byte pages\n", w->cache_name, alloc, flags, w->page_size);
	write_table(w, out);
	if (show == SKL_WHATIF_SHOW_TABLE)
		return;
	skl_sink_puts(out, "\n");
	if (show == SKL_WHATIF_SHOW_DIFF) {
		skl_buf ta, tb;
		skl_buf_init(&ta);
		skl_buf_init(&tb);
		pahole_text(w->before.layout, &ta);
		pahole_text(w->after.layout, &tb);
		if (skl_text_diff(ta.data ? ta.data : "", tb.data ? tb.data : "", "before", "after", 3, out) == 0)
			skl_sink_puts(out, "(the pahole text is the same)\n");
		skl_buf_free(&ta);
		skl_buf_free(&tb);
		return;
	}
	skl_pahole_write(w->after.layout, out, NULL);
}

/* ---- JSON -------------------------------------------------------------------- */

/* A path's lines and each member's first and last line (null when absent). */
static json_t *json_path(const skl_whatif *w, int i, const skl_whatif_lines *p)
{
	json_t *lines = json_array(), *members = json_object();
	int j, bad = !lines || !members;
	for (j = 0; !bad && j < p->nlines; j++)
		bad = json_array_append_new(lines, skl_json_uint(p->lines[j])) < 0;
	for (j = 0; !bad && j < w->paths[i].nmembers; j++)
		bad = skl_json_set(members, w->paths[i].members[j],
				   p->first[j] == NO_LINE ? json_null()
							  : json_pack("[o, o]", skl_json_uint(p->first[j]),
								      skl_json_uint(p->last[j]))) < 0;
	if (bad) {
		json_decref(lines);
		json_decref(members);
		return NULL;
	}
	return json_pack("{s:o, s:o}", "lines", lines, "members", members);
}

static json_t *json_side(const skl_whatif *w, const skl_whatif_side *s)
{
	const skl_layout *l = s->layout;
	json_t *paths = json_object();
	int i;
	for (i = 0; paths && i < w->npaths; i++)
		if (skl_json_set(paths, w->paths[i].name, json_path(w, i, &s->paths[i])) < 0) {
			json_decref(paths);
			paths = NULL;
		}
	return json_pack("{s:o, s:I, s:i, s:i, s:o, s:i, s:I, s:o, s:o, s:o, "
			 "s:{s:o, s:o, s:I, s:I, s:I, s:I, s:o, s:o}}",
			 "size", skl_json_uint(l->size), "align", (json_int_t)l->align, "members", l->members, "holes",
			 l->holes, "hole_bytes", skl_json_uint(l->sum_holes), "bit_holes", l->bit_holes,
			 "bit_hole_bits", (json_int_t)l->sum_bit_holes, "padding", skl_json_uint(l->padding),
			 "cachelines", skl_json_uint(l->cachelines), "paths", paths, "slab", "object_size",
			 skl_json_uint(s->slab.object_size), "size", skl_json_uint(s->slab.size), "align",
			 (json_int_t)s->slab.align, "objs_per_slab", (json_int_t)s->slab.objs_per_slab, "order",
			 (json_int_t)s->slab.order, "pages_per_slab", (json_int_t)s->slab.pages_per_slab, "slabs",
			 skl_json_uint(s->slabs), "bytes", skl_json_uint(s->bytes));
}

/* What the edits changed: after minus before. */
static json_t *json_delta(const skl_whatif *w)
{
	const skl_layout *a = w->before.layout, *b = w->after.layout;
	const skl_whatif_side *sa = &w->before, *sb = &w->after;
	json_t *lines = json_object();
	int i;
	for (i = 0; lines && i < w->npaths; i++)
		if (skl_json_set(lines, w->paths[i].name, json_integer(sb->paths[i].nlines - sa->paths[i].nlines)) <
		    0) {
			json_decref(lines);
			lines = NULL;
		}
	return json_pack("{s:I, s:i, s:I, s:I, s:I, s:I, s:i, s:i, s:I, s:I, s:o}", "size",
			 (json_int_t)b->size - (json_int_t)a->size, "holes", b->holes - a->holes, "hole_bytes",
			 (json_int_t)b->sum_holes - (json_int_t)a->sum_holes, "padding",
			 (json_int_t)b->padding - (json_int_t)a->padding, "cachelines",
			 (json_int_t)b->cachelines - (json_int_t)a->cachelines, "slab_size",
			 (json_int_t)sb->slab.size - (json_int_t)sa->slab.size, "objs_per_slab",
			 (int)sb->slab.objs_per_slab - (int)sa->slab.objs_per_slab, "pages_per_slab",
			 (int)sb->slab.pages_per_slab - (int)sa->slab.pages_per_slab, "slabs",
			 (json_int_t)sb->slabs - (json_int_t)sa->slabs, "bytes",
			 (json_int_t)sb->bytes - (json_int_t)sa->bytes, "path_lines", lines);
}

void skl_whatif_write_json(const skl_whatif *w, const skl_sink *out)
{
	static const skl_json_break side_breaks[] = {
	    {"paths", "\n    ", NULL}, {"slab", "\n    ", NULL}, {NULL, NULL, NULL}};
	/* the first line the struct; then one a line, the new layout as skl_layout_write_json lays it out */
	const skl_json_break breaks[] = {{"cache", "\n ", NULL},
					 {"edits", "\n ", NULL},
					 {"before", "\n ", side_breaks},
					 {"after", "\n ", side_breaks},
					 {"delta", "\n ", NULL},
					 {"layout", "\n ", skl_layout_json_breaks()},
					 {"}", "\n", NULL},
					 {NULL, NULL, NULL}};
	const skl_layout *a = w->before.layout;
	json_t *flags = json_array(), *edits = json_array();
	int i, bad = !flags || !edits;
	for (i = 0; !bad && i < (int)NFLAG_NAMES; i++)
		if (w->cache_flags & flag_names[i].flag)
			bad = json_array_append_new(flags, json_string(flag_names[i].name)) < 0;
	for (i = 0; !bad && i < w->nedits; i++)
		bad = json_array_append_new(edits, skl_json_text(w->edits[i].text)) < 0;
	if (bad) {
		json_decref(flags);
		json_decref(edits);
		return;
	}
	skl_json_write(json_pack("{s:o, s:o, s:o, s:s, s:I, s:o, s:{s:o, s:o, s:I, s:b, s:o, s:I, s:I, s:o}, "
				 "s:o, s:o, s:o, s:o, s:o}",
				 "struct", skl_json_text(a->name), "label", skl_json_text(w->label), "profile",
				 skl_json_text(w->profile), "abi", a->abi->name, "cacheline", (json_int_t)a->cacheline,
				 "config", skl_json_text(a->config), "cache", "name", skl_json_text(w->cache_name),
				 "allocator", skl_json_text(w->allocator), "cpus", (json_int_t)w->cpus, "debug",
				 w->debug ? 1 : 0, "flags", flags, "align", (json_int_t)w->cache_align, "page_size",
				 (json_int_t)w->page_size, "objects", skl_json_uint(w->objects), "edits", edits,
				 "before", json_side(w, &w->before), "after", json_side(w, &w->after), "delta",
				 json_delta(w), "layout", skl_layout_json(w->after.layout)),
		       breaks, out);
}

/* ---- a unified diff ---------------------------------------------------------- */

typedef struct lines {
	const char **s;
	size_t *len;
	int n;
} lines;

static int split_lines(const char *t, lines *out)
{
	const char *p;
	int n = 0, cap = 0;
	out->s = NULL;
	out->len = NULL;
	out->n = 0;
	for (p = t; *p;) {
		const char *e = strchr(p, '\n');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (n == cap) {
			int nc = cap ? cap * 2 : 64;
			const char **ds = skl_realloc((void *)out->s, (size_t)nc * sizeof(*ds));
			size_t *dl;
			if (!ds)
				return -1;
			out->s = ds;
			dl = skl_realloc(out->len, (size_t)nc * sizeof(*dl));
			if (!dl)
				return -1;
			out->len = dl;
			cap = nc;
		}
		out->s[n] = p;
		out->len[n] = len;
		out->n = ++n;
		p += len + (e ? 1 : 0);
	}
	return 0;
}

static int same_line(const lines *a, int i, const lines *b, int j)
{
	return a->len[i] == b->len[j] && !memcmp(a->s[i], b->s[j], a->len[i]);
}

typedef struct dop {
	char kind;  /* ' ', '-', '+' */
	int ai, bi; /* positions in a and b before the op */
} dop;

static void emit_line(const skl_sink *out, char kind, const char *s, size_t len)
{
	out->write(out->ud, &kind, 1);
	out->write(out->ud, s, len);
	out->write(out->ud, "\n", 1);
}

int skl_text_diff(const char *ta, const char *tb, const char *name_a, const char *name_b, int context,
		  const skl_sink *out)
{
	lines a, b;
	int pre = 0, suf = 0, n, m, i, j, nops = 0, changes = 0, rc = -1;
	unsigned *dp = NULL;
	dop *ops = NULL;
	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	if (split_lines(ta, &a) < 0 || split_lines(tb, &b) < 0)
		goto out;
	while (pre < a.n && pre < b.n && same_line(&a, pre, &b, pre))
		pre++;
	while (suf < a.n - pre && suf < b.n - pre && same_line(&a, a.n - 1 - suf, &b, b.n - 1 - suf))
		suf++;
	n = a.n - pre - suf;
	m = b.n - pre - suf;
	ops = skl_calloc((size_t)(a.n + b.n + 1), sizeof(*ops));
	if (!ops)
		goto out;
	for (i = 0; i < pre; i++)
		ops[nops++] = (dop){' ', i, i};
	if ((uint64_t)(n + 1) * (uint64_t)(m + 1) <= 16u * 1024 * 1024) {
		/* longest common subsequence of the middle, from the end */
		size_t W = (size_t)m + 1;
		dp = skl_calloc((size_t)(n + 1) * W, sizeof(*dp));
		if (!dp)
			goto out;
		for (i = n - 1; i >= 0; i--)
			for (j = m - 1; j >= 0; j--)
				dp[(size_t)i * W + (size_t)j] =
				    same_line(&a, pre + i, &b, pre + j)
					? dp[(size_t)(i + 1) * W + (size_t)(j + 1)] + 1
					: (dp[(size_t)(i + 1) * W + (size_t)j] > dp[(size_t)i * W + (size_t)(j + 1)]
					       ? dp[(size_t)(i + 1) * W + (size_t)j]
					       : dp[(size_t)i * W + (size_t)(j + 1)]);
		i = j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && same_line(&a, pre + i, &b, pre + j)) {
				ops[nops++] = (dop){' ', pre + i, pre + j};
				i++, j++;
			} else if (j == m || (i < n && dp[(size_t)(i + 1) * W + (size_t)j] >=
							   dp[(size_t)i * W + (size_t)(j + 1)])) {
				ops[nops++] = (dop){'-', pre + i, pre + j}; /* deletions first, as diff does */
				i++;
			} else {
				ops[nops++] = (dop){'+', pre + i, pre + j};
				j++;
			}
		}
	} else {
		for (i = 0; i < n; i++)
			ops[nops++] = (dop){'-', pre + i, pre};
		for (j = 0; j < m; j++)
			ops[nops++] = (dop){'+', pre + n, pre + j};
	}
	for (i = 0; i < suf; i++)
		ops[nops++] = (dop){' ', pre + n + i, pre + m + i};
	for (i = 0; i < nops; i++)
		if (ops[i].kind != ' ')
			changes++;
	if (changes) {
		skl_sink_printf(out, "--- %s\n+++ %s\n", name_a, name_b);
		for (i = 0; i < nops;) {
			int start, end, k, na = 0, nb = 0;
			while (i < nops && ops[i].kind == ' ')
				i++;
			if (i == nops)
				break;
			start = i - context < 0 ? 0 : i - context;
			end = i;
			/* extend while the next change is within 2 * context */
			for (k = i; k < nops; k++) {
				if (ops[k].kind == ' ')
					continue;
				if (k - end > 2 * context)
					break;
				end = k;
			}
			end = end + context + 1 > nops ? nops : end + context + 1;
			for (k = start; k < end; k++) {
				na += ops[k].kind != '+';
				nb += ops[k].kind != '-';
			}
			skl_sink_printf(out, "@@ -%d,%d +%d,%d @@\n", na ? ops[start].ai + 1 : ops[start].ai, na,
					nb ? ops[start].bi + 1 : ops[start].bi, nb);
			for (k = start; k < end; k++) {
				if (ops[k].kind == '+')
					emit_line(out, '+', b.s[ops[k].bi], b.len[ops[k].bi]);
				else
					emit_line(out, ops[k].kind, a.s[ops[k].ai], a.len[ops[k].ai]);
			}
			i = end;
		}
	}
	rc = changes;
out:
	skl_free(dp);
	skl_free(ops);
	skl_free((void *)a.s);
	skl_free(a.len);
	skl_free((void *)b.s);
	skl_free(b.len);
	return rc;
}
