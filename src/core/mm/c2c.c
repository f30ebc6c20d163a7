/*
 * c2c.c - the contended cache lines of a coherent model as perf c2c
 * report --stdio prints them (tools/perf/builtin-c2c.c): its "Trace Event
 * Information" totals, the "Shared Data Cache Line Table" (one row per
 * line, HITM first) and the "Shared Cache Line Distribution Pareto" (each
 * line's members, with which CPU read and wrote them).
 *
 * perf samples loads and stores; the model counts every access, so its
 * figures are counts, not samples. Columns the model cannot have are left
 * out and named in the table's footnote: Node and PA cnt (no NUMA, no
 * physical pages), RmtHitm (every HITM is local: one socket), the load hit
 * split by FB/L1/L2/LLC and Load Dram, and the cycles columns (perf's are
 * sampled latencies). A HITM here is any access that took its line from
 * another CPU's Modified copy, a store's read-for-ownership too (perf
 * counts loads); "CohMiss" (coherence misses) is the model's own column.
 */
#include "mm_impl.h"

#include <stdio.h>
#include <string.h>

static int popcount64(uint64_t x)
{
	int n = 0;
	for (; x; x &= x - 1)
		n++;
	return n;
}

static double pct(uint64_t a, uint64_t b)
{
	return b ? 100.0 * (double)a / (double)b : 0.0;
}

const char *skl_c2c_sharing(int true_sharing, int false_sharing, int words)
{
	static const char *const col[] = {"-", "false", "true", "true+false"};
	static const char *const word[] = {"no sharing", "false sharing", "true sharing", "true + false sharing"};
	int i = (true_sharing ? 2 : 0) + (false_sharing ? 1 : 0);
	return words ? word[i] : col[i];
}

static const char *sharing(const skl_c2c_line *l)
{
	return skl_c2c_sharing(l->true_sharing, l->false_sharing, 0);
}

static void banner(const skl_sink *s, const char *title)
{
	skl_sink_puts(s, "=================================================\n");
	skl_sink_printf(s, "%s\n", title);
	skl_sink_puts(s, "=================================================\n");
}

/* "cpu0 r10 w10, cpu1 r0 w10" for the CPUs that touched it (the first
 * SKL_ATTR_CPUS counted; later ones named by the mask). */
static void cpu_text(const uint32_t *rd, const uint32_t *wr, uint64_t mask, char *out, size_t n)
{
	size_t len = 0;
	unsigned c;
	out[0] = '\0';
	for (c = 0; c < 64 && len < n; c++) {
		if (!((mask >> c) & 1))
			continue;
		if (c < SKL_ATTR_CPUS)
			len +=
			    (size_t)snprintf(out + len, n - len, "%scpu%u r%u w%u", len ? ", " : "", c, rd[c], wr[c]);
		else
			len += (size_t)snprintf(out + len, n - len, "%scpu%u", len ? ", " : "", c);
	}
}

void skl_c2c_write(const skl_c2c *c, const skl_sink *s)
{
	uint64_t hitm_lines = 0;
	int i, j;
	for (i = 0; i < c->nlines; i++)
		hitm_lines += c->lines[i].hitm;
	banner(s, "            Trace Event Information              ");
	skl_sink_printf(s, "  Total records                     : %8llu\n", (unsigned long long)c->accesses);
	skl_sink_printf(s, "  Load Operations                   : %8llu\n", (unsigned long long)c->reads);
	skl_sink_printf(s, "  Store Operations                  : %8llu\n", (unsigned long long)c->writes);
	skl_sink_printf(s, "  Local HITM (loads and stores)     : %8llu\n", (unsigned long long)c->hitm);
	skl_sink_printf(s, "  Remote HITM                       : %8s\n", "-");
	skl_sink_printf(s, "  Coherence misses                  : %8llu\n", (unsigned long long)c->coherence);
	skl_sink_printf(s, "  Cache lines touched               : %8llu%s\n", (unsigned long long)c->lines_seen,
			c->truncated ? " (more not split)" : "");
	skl_sink_printf(s, "  Total Shared Cache Lines          : %8d\n", c->nlines);
	skl_sink_printf(s, "  CPUs modelled                     : %8u\n", c->ncpus);
	skl_sink_puts(s, "\n");
	banner(s, "           Shared Data Cache Line Table          ");
	skl_sink_puts(s, "#\n");
	skl_sink_puts(s,
		      "#        ----------- Cacheline ----------      Tot  ----- Hitm -----    Total    Total    Total"
		      "    Total      cpu\n");
	skl_sink_puts(s, "# Index             Address  Object             Hitm  LclHitm  RmtHitm  records    Loads"
			 "   Stores  CohMiss      cnt  Sharing\n");
	skl_sink_puts(s, "# .....  ..................  ...............  .......  .......  .......  .......  ......."
			 "  .......  .......  .......  ..........\n");
	skl_sink_puts(s, "#\n");
	for (i = 0; i < c->nlines; i++) {
		const skl_c2c_line *l = &c->lines[i];
		char obj[64];
		snprintf(obj, sizeof(obj), "%.40s:%u", l->owner, l->lineno);
		skl_sink_printf(s, "  %5d  %#18llx  %-15s  %6.2f%%  %7llu  %7s  %7llu  %7llu  %7llu  %7llu  %7d  %s\n",
				i, (unsigned long long)l->addr, obj, pct(l->hitm, hitm_lines),
				(unsigned long long)l->hitm, "-", (unsigned long long)(l->reads + l->writes),
				(unsigned long long)l->reads, (unsigned long long)l->writes,
				(unsigned long long)l->coherence, popcount64(l->cpus_read | l->cpus_wrote), sharing(l));
	}
	skl_sink_puts(s, "#\n# not modelled: Node, PA cnt, RmtHitm (one socket, no NUMA), the load hit split"
			 " (FB, L1, L2, LLC, Load Dram)\n");
	skl_sink_puts(s, "\n");
	banner(s, "      Shared Cache Line Distribution Pareto      ");
	skl_sink_puts(s, "#\n");
	skl_sink_puts(s, "#   Num  LclHitm  CohMiss  ---- Refs -----  -- Data address --    Total      cpu\n");
	skl_sink_puts(s, "#                             Loads   Stores   Offset      Size  records      cnt"
			 "  Member                          CPUs\n");
	skl_sink_puts(s, "# .....  .......  .......  .......  .......  .......  ........  .......  ......."
			 "  ..............................  ....\n");
	skl_sink_puts(s, "#\n");
	for (i = 0; i < c->nlines; i++) {
		const skl_c2c_line *l = &c->lines[i];
		skl_sink_puts(s, "  ----------------------------------------------------------------------\n");
		skl_sink_printf(s, "  %5d  %7llu  %7llu  %#18llx  %s line %u, %s sharing\n", i,
				(unsigned long long)l->hitm, (unsigned long long)l->coherence,
				(unsigned long long)l->addr, l->owner, l->lineno, sharing(l));
		skl_sink_puts(s, "  ----------------------------------------------------------------------\n");
		for (j = 0; j < l->nmembers; j++) {
			const skl_c2c_member *m = &l->members[j];
			char cpus[256], off[24];
			snprintf(off, sizeof(off), "%#x", m->offset);
			cpu_text(m->cpu_reads, m->cpu_writes, m->cpus_read | m->cpus_wrote, cpus, sizeof(cpus));
			skl_sink_printf(s, "         %6.2f%%  %6.2f%%  %7llu  %7llu  %7s  %8u  %7llu  %7d  %-30s  %s\n",
					pct(m->hitm, l->hitm), pct(m->coherence, l->coherence),
					(unsigned long long)m->reads, (unsigned long long)m->writes,
					m->offset ? off : "0x0", m->size, (unsigned long long)(m->reads + m->writes),
					popcount64(m->cpus_read | m->cpus_wrote), m->member[0] ? m->member : "(none)",
					cpus);
		}
	}
}
