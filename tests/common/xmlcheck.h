/*
 * xmlcheck.h - a well-formedness check for the XML sklab writes (its SVG
 * frames): elements with attributes in double or single quotes, empty
 * elements, character data, the five predefined entities and character
 * references; every character an XML 1.0 Char (valid UTF-8, no C0 but
 * tab, LF and CR, no U+FFFE/U+FFFF); tags properly nested under one root.
 * No DTD, comments, CDATA or processing instructions: sklab writes none,
 * so one is an error here. Header-only, for the fuzz target and the
 * hostile output checks; allocates nothing.
 */
#ifndef SKLAB_TEST_XMLCHECK_H
#define SKLAB_TEST_XMLCHECK_H

#include <stdio.h>
#include <string.h>

#define XC_MAX_DEPTH 64

typedef struct xc_state {
	const unsigned char *s;
	size_t n, i;
	char why[160];
} xc_state;

static int xc_fail(xc_state *x, const char *why)
{
	snprintf(x->why, sizeof(x->why), "byte %zu: %s", x->i, why);
	return -1;
}

/* The length of the XML Char at x->i (UTF-8), or 0. */
static size_t xc_char(const xc_state *x)
{
	const unsigned char *s = x->s + x->i;
	size_t left = x->n - x->i, len, k;
	unsigned c = s[0], v;
	if (c < 0x80)
		return c >= 0x20 || c == '\t' || c == '\n' || c == '\r' ? 1 : 0;
	if (c < 0xc2 || c > 0xf4)
		return 0;
	len = c < 0xe0 ? 2 : c < 0xf0 ? 3 : 4;
	if (left < len)
		return 0;
	v = c & (0x7f >> len);
	for (k = 1; k < len; k++) {
		if ((s[k] & 0xc0) != 0x80)
			return 0;
		v = v << 6 | (s[k] & 0x3f);
	}
	if ((len == 3 && v < 0x800) || (len == 4 && v < 0x10000) || v > 0x10ffff || (v >= 0xd800 && v <= 0xdfff) ||
	    v == 0xfffe || v == 0xffff)
		return 0;
	return len;
}

static int xc_name_char(unsigned char c, int first)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == ':' ||
	       (!first && ((c >= '0' && c <= '9') || c == '-' || c == '.'));
}

/* A name at x->i (ASCII: all sklab writes); its length, or 0. */
static size_t xc_name(xc_state *x)
{
	size_t st = x->i;
	if (x->i >= x->n || !xc_name_char(x->s[x->i], 1))
		return 0;
	while (x->i < x->n && xc_name_char(x->s[x->i], 0))
		x->i++;
	return x->i - st;
}

/* A reference after '&': an entity name or a character reference. */
static int xc_ref(xc_state *x)
{
	static const char *const ents[] = {"amp;", "lt;", "gt;", "quot;", "apos;"};
	size_t k;
	x->i++;
	for (k = 0; k < 5; k++) {
		size_t l = strlen(ents[k]);
		if (x->n - x->i >= l && !memcmp(x->s + x->i, ents[k], l)) {
			x->i += l;
			return 0;
		}
	}
	if (x->i < x->n && x->s[x->i] == '#') {
		unsigned long v = 0;
		int hex = 0, digits = 0;
		x->i++;
		if (x->i < x->n && x->s[x->i] == 'x') {
			hex = 1;
			x->i++;
		}
		for (; x->i < x->n && x->s[x->i] != ';'; x->i++, digits++) {
			unsigned c = x->s[x->i];
			int d = c >= '0' && c <= '9'	      ? (int)(c - '0')
				: hex && c >= 'a' && c <= 'f' ? (int)(c - 'a' + 10)
				: hex && c >= 'A' && c <= 'F' ? (int)(c - 'A' + 10)
							      : -1;
			if (d < 0 || digits > 8)
				return xc_fail(x, "a bad character reference");
			v = v * (hex ? 16 : 10) + (unsigned long)d;
		}
		if (x->i >= x->n || !digits)
			return xc_fail(x, "an unterminated character reference");
		x->i++;
		if (!(v == 9 || v == 10 || v == 13 || (v >= 0x20 && v <= 0xd7ff) || (v >= 0xe000 && v <= 0xfffd) ||
		      (v >= 0x10000 && v <= 0x10ffff)))
			return xc_fail(x, "a character reference to a character XML forbids");
		return 0;
	}
	return xc_fail(x, "'&' that starts no reference");
}

/* Checks the document s (n bytes). 0, or -1 with x->why set. */
static int xc_check(xc_state *x, const char *doc, size_t n)
{
	size_t stack[XC_MAX_DEPTH][2]; /* start and length of each open tag's name */
	int depth = 0, roots = 0;
	x->s = (const unsigned char *)doc;
	x->n = n;
	x->i = 0;
	x->why[0] = '\0';
	while (x->i < x->n) {
		unsigned c = x->s[x->i];
		if (c == '<') {
			size_t st, len;
			x->i++;
			if (x->i < x->n && x->s[x->i] == '/') {
				x->i++;
				st = x->i;
				len = xc_name(x);
				if (!len || !depth)
					return xc_fail(x, "a stray end tag");
				depth--;
				if (stack[depth][1] != len || memcmp(x->s + stack[depth][0], x->s + st, len))
					return xc_fail(x, "an end tag that does not match");
				while (x->i < x->n && (x->s[x->i] == ' ' || x->s[x->i] == '\n'))
					x->i++;
				if (x->i >= x->n || x->s[x->i] != '>')
					return xc_fail(x, "an end tag not closed by '>'");
				x->i++;
				continue;
			}
			st = x->i;
			len = xc_name(x);
			if (!len)
				return xc_fail(x, "'<' that starts no tag");
			if (!depth && roots++)
				return xc_fail(x, "a second root element");
			for (;;) {
				unsigned q;
				int ws = 0;
				while (x->i < x->n && (x->s[x->i] == ' ' || x->s[x->i] == '\n' || x->s[x->i] == '\t')) {
					x->i++;
					ws = 1;
				}
				if (x->i >= x->n)
					return xc_fail(x, "a tag never closed");
				if (x->s[x->i] == '>' || x->s[x->i] == '/')
					break;
				if (!ws || !xc_name(x))
					return xc_fail(x, "a bad attribute");
				if (x->i >= x->n || x->s[x->i] != '=')
					return xc_fail(x, "an attribute without '='");
				x->i++;
				if (x->i >= x->n || (x->s[x->i] != '"' && x->s[x->i] != '\''))
					return xc_fail(x, "an attribute value not in quotes");
				q = x->s[x->i++];
				while (x->i < x->n && x->s[x->i] != q) {
					size_t cl;
					if (x->s[x->i] == '<')
						return xc_fail(x, "'<' in an attribute value");
					if (x->s[x->i] == '&') {
						if (xc_ref(x) < 0)
							return -1;
						continue;
					}
					if (!(cl = xc_char(x)))
						return xc_fail(x,
							       "a byte that is not an XML character in an attribute");
					x->i += cl;
				}
				if (x->i >= x->n)
					return xc_fail(x, "an attribute value never closed");
				x->i++;
			}
			if (x->s[x->i] == '/') {
				x->i++;
				if (x->i >= x->n || x->s[x->i] != '>')
					return xc_fail(x, "'/' not followed by '>'");
				x->i++;
				continue;
			}
			x->i++;
			if (depth == XC_MAX_DEPTH)
				return xc_fail(x, "elements nested too deep");
			stack[depth][0] = st;
			stack[depth][1] = len;
			depth++;
			continue;
		}
		if (c == '&') {
			if (xc_ref(x) < 0)
				return -1;
			continue;
		}
		if (c == '>' && x->i >= 2 && x->s[x->i - 1] == ']' && x->s[x->i - 2] == ']')
			return xc_fail(x, "']]>' in character data");
		{
			size_t cl = xc_char(x);
			if (!cl)
				return xc_fail(x, "a byte that is not an XML character");
			if (!depth && !(c == ' ' || c == '\n' || c == '\t' || c == '\r'))
				return xc_fail(x, "text outside the root element");
			x->i += cl;
		}
	}
	if (depth)
		return xc_fail(x, "elements never closed");
	if (!roots)
		return xc_fail(x, "no root element");
	return 0;
}

#endif
