/*
 * check_output.c - checks an output file of sklab against the output
 * policy (include/sklab/textsafe.h), for check-outputs.sh, where neither
 * xmllint nor python3 may be installed:
 *   check_output xml FILE...    each is well-formed XML (tests/common/xmlcheck.h)
 *   check_output json FILE...   each reads back with jansson (valid UTF-8)
 *   check_output text FILE...   valid UTF-8, no control character but tab and LF
 * Exit 0 when all hold; 1, with the file and the first fault, otherwise.
 */
#include "sklab/textsafe.h"
#include "xmlcheck.h"

#include <jansson.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *slurp(const char *path, size_t *n)
{
	FILE *fp = fopen(path, "rb");
	char *buf = NULL;
	size_t cap = 0, len = 0, got;
	if (!fp)
		return NULL;
	do {
		if (len + 65536 > cap) {
			char *nb = realloc(buf, cap = len + 65536 + cap);
			if (!nb) {
				free(buf);
				fclose(fp);
				return NULL;
			}
			buf = nb;
		}
		got = fread(buf + len, 1, cap - len, fp);
		len += got;
	} while (got);
	fclose(fp);
	*n = len;
	return buf;
}

static int check_text(const char *d, size_t n, char *why, size_t whysz)
{
	size_t i = 0, len;
	while (i < n) {
		unsigned c;
		len = skl_utf8_len(d + i, n - i);
		if (!len) {
			snprintf(why, whysz, "byte %zu (0x%02x) is not UTF-8", i, (unsigned char)d[i]);
			return -1;
		}
		c = skl_utf8_code(d + i, len);
		if ((c < 0x20 && c != '\t' && c != '\n') || (c >= 0x7f && c <= 0x9f)) {
			snprintf(why, whysz, "byte %zu is the control character U+%04X", i, c);
			return -1;
		}
		i += len;
	}
	return 0;
}

int main(int argc, char **argv)
{
	int i, bad = 0;
	if (argc < 3 || (strcmp(argv[1], "xml") && strcmp(argv[1], "json") && strcmp(argv[1], "text"))) {
		fprintf(stderr, "usage: check_output xml|json|text FILE...\n");
		return 2;
	}
	for (i = 2; i < argc; i++) {
		char why[200] = "";
		size_t n = 0;
		char *d = slurp(argv[i], &n);
		int rc = 0;
		if (!d) {
			fprintf(stderr, "%s: cannot read\n", argv[i]);
			bad = 1;
			continue;
		}
		if (!strcmp(argv[1], "xml")) {
			xc_state x;
			rc = xc_check(&x, d, n);
			snprintf(why, sizeof(why), "%s", x.why);
		} else if (!strcmp(argv[1], "json")) {
			json_error_t e;
			json_t *v = json_loadb(d, n, 0, &e);
			if (!v) {
				rc = -1;
				snprintf(why, sizeof(why), "line %d: %s", e.line, e.text);
			}
			json_decref(v);
		} else {
			rc = check_text(d, n, why, sizeof(why));
		}
		if (rc < 0) {
			fprintf(stderr, "%s: %s\n", argv[i], why);
			bad = 1;
		}
		free(d);
	}
	return bad;
}
