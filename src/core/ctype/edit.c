/*
 * edit.c - edits to a copy of a struct: add, remove, move, resize and
 * retype members, each parsed from one line of text. Declarations and
 * type names are read with the C reader (cparse); the type database's
 * own records never change. The comparison of before and after is the
 * lab's (lab/whatif.c).
 */
#include "sklab/edit.h"

#include "sklab/cparse.h"
#include "types_impl.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

int skl_edit_is_member_path(const char *s)
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
	if (!skl_edit_is_member_path(s))
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

skl_type *skl_edit_copy(skl_typedb *db, const skl_type *t, skl_error *err)
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

/* Every member path under rec (through unnamed records), as candidates. */
static void suggest_record(skl_suggest *s, const skl_type *rec, const char *prefix, int depth)
{
	int i;
	char path[256];
	if (depth > 64)
		return;
	for (i = 0; i < rec->nmembers; i++) {
		const skl_member *m = &rec->members[i];
		if (m->name) {
			snprintf(path, sizeof(path), "%s%s%s", prefix, *prefix ? "." : "", m->name);
			skl_suggest_try(s, path);
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
			skl_suggest s;
			char name[128], hint[420];
			snprintf(name, sizeof(name), "%.*s", (int)len, p);
			skl_suggest_init(&s, rec == root ? path : name);
			suggest_record(&s, rec, "", 0);
			skl_suggest_text(&s, hint, sizeof(hint));
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
	if (skl_grow(&rec->members, &rec->capmembers, rec->nmembers, 8, sizeof(*rec->members)) < 0)
		return skl_errorf(err, "out of memory");
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

int skl_edit_apply(skl_typedb *db, skl_type *copy, const skl_edit *e, skl_error *err)
{
	loc l;
	skl_member *m;
	skl_type *r = (skl_type *)skl_type_resolve(copy);
	if (!is_record(r))
		return skl_errorf(err, "whatif edits a struct or union");
	/* a declaration may name __u64 or uint32_t on a set that never
	 * defined them (linux-2.4.16's data have no __u64): the C reader's
	 * prelude, behind the set's own names */
	if ((e->op == SKL_EDIT_ADD || e->op == SKL_EDIT_RESIZE || e->op == SKL_EDIT_RETYPE) &&
	    skl_cparse_prelude(db, err) < 0)
		return -1;
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
