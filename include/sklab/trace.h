/*
 * trace.h - streaming readers for memory-access traces: Valgrind Lackey's
 * --trace-mem=yes output and DineroIV's traditional "din" format. A reader
 * hands out records in batches, straight from a large read buffer, so it
 * keeps up with the cache model.
 *
 * It never runs a cache model and never changes a record: sizes and kinds
 * are what the trace says. What a consumer does with a modify or a flush
 * (Cachegrind counts a modify as one data read) is the consumer's choice.
 */
#ifndef SKLAB_TRACE_H
#define SKLAB_TRACE_H

#include "sklab/common.h"

#include <stddef.h>
#include <stdint.h>

/* ---- formats and records ---------------------------------------------- */

typedef enum skl_trace_format {
	SKL_TRACE_AUTO = 0, /* decided by the first record line */
	SKL_TRACE_LACKEY,   /* "I  04001bd0,3", " L 1ffefffd78,8", " S ...", " M ..." */
	SKL_TRACE_DIN,	    /* "label address [size]", label 0..4, hex address and size */
} skl_trace_format;

/* What a record asks for. The first three have skl_cachesim_kind's values. */
typedef enum skl_trace_kind {
	SKL_TRACE_READ = 0,   /* Lackey " L", din 0 */
	SKL_TRACE_WRITE = 1,  /* Lackey " S", din 1 */
	SKL_TRACE_IFETCH = 2, /* Lackey "I ", din 2 */
	SKL_TRACE_MODIFY = 3, /* Lackey " M": one instruction loads then stores the same bytes */
	SKL_TRACE_FLUSH = 4,  /* din 4: flush the caches; addr and size carry no meaning */
	SKL_TRACE_NKINDS
} skl_trace_kind;

typedef struct skl_trace_ref {
	uint64_t addr;
	uint32_t size; /* bytes as written; din without a size field: 4 (see skl_trace_read) */
	uint32_t kind; /* skl_trace_kind */
} skl_trace_ref;

typedef struct skl_trace_counts {
	uint64_t lines;			 /* lines read so far */
	uint64_t refs[SKL_TRACE_NKINDS]; /* records handed out, by kind */
	uint64_t escapes;		 /* din label 3 records, skipped */
	uint64_t ignored;		 /* "==pid==" / "--pid--" lines, blank lines, '#' comments */
} skl_trace_counts;

/* ---- the reader -------------------------------------------------------- */

typedef struct skl_trace skl_trace;

/* Opens path ("-" = standard input, named "<stdin>" in errors). NULL with
 * err set when it cannot be opened or memory runs out. */
skl_trace *skl_trace_open(const char *path, skl_trace_format fmt, skl_error *err);
/* Reads len bytes at data (not copied: they must outlive the reader);
 * name is what errors call it. */
skl_trace *skl_trace_open_mem(const char *name, const void *data, size_t len, skl_trace_format fmt, skl_error *err);
void skl_trace_close(skl_trace *t);

/*
 * Up to max records into out. Returns how many (>= 1), 0 at the end of the
 * trace, or -1 with err set ("file:line:col" and what was expected there)
 * on a malformed line, an undecidable format or a read error; after -1 every
 * call returns -1 with the same error. Lines of Lackey's own ("==pid== ...",
 * "--pid-- ...") and blank lines are skipped; so are din lines that start
 * with '#' and din escape records (label 3). A din record without a size is
 * DineroIV's word access: addr rounded down to 4, size 4.
 */
long skl_trace_read(skl_trace *t, skl_trace_ref *out, size_t max, skl_error *err);

/* The format in use: the one forced, or the one detected (SKL_TRACE_AUTO
 * until a record line has been seen). */
skl_trace_format skl_trace_format_of(const skl_trace *t);
void skl_trace_get_counts(const skl_trace *t, skl_trace_counts *out);

/* "lackey", "din" or "auto". */
const char *skl_trace_format_name(skl_trace_format f);
/* The inverse; -1 on an unknown name. */
int skl_trace_parse_format(const char *name, skl_trace_format *out);

#endif
