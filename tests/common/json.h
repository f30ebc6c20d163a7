/*
 * json.h - the small JSON reader the program tests share: parse sklab's
 * --json output into a tree of values (jparse), look keys up (jget),
 * compare trees (jequal), free them (jfree). Header-only; one parse at a
 * time (jbad says whether the last one failed).
 */
#ifndef SKLAB_TEST_JSON_H
#define SKLAB_TEST_JSON_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ };

typedef struct jv {
	int t;
	double n;
	int b;
	char *s;
	struct jv **items;
	char **keys;
	int nitems;
} jv;

static const char *jp;
static int jbad;

static inline void jws(void)
{
	while (*jp == ' ' || *jp == '\n' || *jp == '\t' || *jp == '\r')
		jp++;
}

static inline char *jstring(void)
{
	size_t cap = 64, n = 0;
	char *s = malloc(cap);
	jp++;
	while (s && *jp && *jp != '"') {
		char ch = *jp;
		if (ch == '\\') {
			jp++;
			if (*jp == 'u') {
				ch = '?';
				jp += 4;
			} else {
				ch = *jp == 'n' ? '\n' : *jp;
			}
		}
		if (n + 2 > cap) {
			char *ns = realloc(s, cap *= 2);
			if (!ns) {
				free(s);
				s = NULL;
				break;
			}
			s = ns;
		}
		s[n++] = ch;
		jp++;
	}
	if (!s) {
		jbad = 1;
		return NULL;
	}
	s[n] = '\0';
	if (*jp != '"')
		jbad = 1;
	else
		jp++;
	return s;
}

static inline jv *jvalue(void);

static inline void jpush(jv *v, char *key, jv *item)
{
	jv **ni = realloc(v->items, (size_t)(v->nitems + 1) * sizeof(*v->items));
	char **nk = realloc(v->keys, (size_t)(v->nitems + 1) * sizeof(*v->keys));
	if (!ni || !nk) {
		printf("out of memory\n");
		exit(1);
	}
	v->items = ni;
	v->keys = nk;
	v->items[v->nitems] = item;
	v->keys[v->nitems] = key;
	v->nitems++;
}

static inline jv *jvalue(void)
{
	jv *v = calloc(1, sizeof(*v));
	if (!v) {
		printf("out of memory\n");
		exit(1);
	}
	jws();
	if (*jp == '{' || *jp == '[') {
		char close = *jp == '{' ? '}' : ']';
		v->t = *jp == '{' ? J_OBJ : J_ARR;
		jp++;
		jws();
		while (*jp && *jp != close && !jbad) {
			char *key = NULL;
			if (v->t == J_OBJ) {
				if (*jp != '"') {
					jbad = 1;
					break;
				}
				key = jstring();
				jws();
				if (*jp++ != ':')
					jbad = 1;
			}
			jpush(v, key, jvalue());
			jws();
			if (*jp == ',')
				jp++, jws();
			else if (*jp != close)
				jbad = 1;
		}
		if (*jp == close)
			jp++;
		else
			jbad = 1;
	} else if (*jp == '"') {
		v->t = J_STR;
		v->s = jstring();
	} else if (!strncmp(jp, "null", 4)) {
		v->t = J_NULL;
		jp += 4;
	} else if (!strncmp(jp, "true", 4) || !strncmp(jp, "false", 5)) {
		v->t = J_BOOL;
		v->b = *jp == 't';
		jp += v->b ? 4 : 5;
	} else {
		char *end;
		v->t = J_NUM;
		v->n = strtod(jp, &end);
		if (end == jp)
			jbad = 1;
		jp = end;
	}
	return v;
}

static inline void jfree(jv *v)
{
	int i;
	if (!v)
		return;
	for (i = 0; i < v->nitems; i++) {
		free(v->keys[i]);
		jfree(v->items[i]);
	}
	free(v->keys);
	free(v->items);
	free(v->s);
	free(v);
}

static inline jv *jparse(const char *text)
{
	jv *v;
	jp = text;
	jbad = 0;
	v = jvalue();
	jws();
	if (*jp)
		jbad = 1;
	if (jbad) {
		jfree(v);
		return NULL;
	}
	return v;
}

static inline jv *jget(const jv *v, const char *key)
{
	int i;
	if (!v || v->t != J_OBJ)
		return NULL;
	for (i = 0; i < v->nitems; i++)
		if (v->keys[i] && !strcmp(v->keys[i], key))
			return v->items[i];
	return NULL;
}

static inline int is_str(const jv *v)
{
	return v && v->t == J_STR && v->s && v->s[0];
}

/* Whether two trees hold the same values, keys in the same order. */
static inline int jequal(const jv *a, const jv *b)
{
	int i;
	if (!a || !b || a->t != b->t)
		return 0;
	switch (a->t) {
	case J_NUM:
		return a->n == b->n;
	case J_BOOL:
		return a->b == b->b;
	case J_STR:
		return !strcmp(a->s, b->s);
	case J_NULL:
		return 1;
	default:
		if (a->nitems != b->nitems)
			return 0;
		for (i = 0; i < a->nitems; i++)
			if ((a->keys[i] && strcmp(a->keys[i], b->keys[i])) || !jequal(a->items[i], b->items[i]))
				return 0;
		return 1;
	}
}

#endif
