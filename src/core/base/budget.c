/*
 * budget.c - the memory budget of a run (see budget.h): counts bytes
 * charged against a limit and remembers the first charge it refused.
 */
#include "sklab/budget.h"

#include <stdio.h>
#include <string.h>

void skl_budget_init(skl_budget *b, uint64_t limit)
{
	memset(b, 0, sizeof(*b));
	b->limit = limit;
}

int skl_budget_fits(const skl_budget *b, uint64_t bytes)
{
	return !b || !b->limit || (bytes <= b->limit && b->used <= b->limit - bytes);
}

int skl_budget_charge(skl_budget *b, uint64_t bytes, const char *what)
{
	if (!b)
		return 0;
	if (!skl_budget_fits(b, bytes)) {
		if (!b->hit) {
			b->hit = 1;
			snprintf(b->what, sizeof(b->what), "%s", what && *what ? what : "an allocation");
			b->want = bytes;
			b->in_use = b->used;
		}
		return -1;
	}
	b->used += bytes;
	if (b->used > b->peak)
		b->peak = b->used;
	return 0;
}

void skl_budget_force(skl_budget *b, uint64_t bytes)
{
	if (!b)
		return;
	b->used = bytes > UINT64_MAX - b->used ? UINT64_MAX : b->used + bytes;
	if (b->used > b->peak)
		b->peak = b->used;
}

void skl_budget_uncharge(skl_budget *b, uint64_t bytes)
{
	if (b)
		b->used = bytes > b->used ? 0 : b->used - bytes;
}

char *skl_budget_size(uint64_t bytes, char *out, size_t outsz)
{
	const uint64_t mib = (uint64_t)1 << 20, gib = (uint64_t)1 << 30;
	if (bytes < 1024)
		snprintf(out, outsz, "%llu B", (unsigned long long)bytes);
	else if (bytes < mib)
		snprintf(out, outsz, "%.1f KiB", (double)bytes / 1024);
	else if (bytes % mib == 0 && bytes < 2 * gib)
		snprintf(out, outsz, "%llu MiB", (unsigned long long)(bytes / mib));
	else if (bytes < gib)
		snprintf(out, outsz, "%.1f MiB", (double)bytes / (double)mib);
	else
		snprintf(out, outsz, "%.1f GiB", (double)bytes / (double)gib);
	return out;
}

char *skl_budget_message(const skl_budget *b, char *out, size_t outsz)
{
	char lim[32], want[32], used[32];
	if (!b || !b->hit) {
		if (outsz)
			out[0] = '\0';
		return out;
	}
	snprintf(out, outsz, "memory budget of %s exceeded by %s of %s (%s in use)",
		 skl_budget_size(b->limit, lim, sizeof(lim)), b->what, skl_budget_size(b->want, want, sizeof(want)),
		 skl_budget_size(b->in_use, used, sizeof(used)));
	return out;
}
