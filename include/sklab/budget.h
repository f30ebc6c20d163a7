/*
 * budget.h - one memory budget for everything a run makes: the Lua heap,
 * the simulated RAM of its machines (as their page allocators hand pages
 * out), cache models, the event log and what it holds, and the draw lists
 * of its pictures. Each part charges the budget before it allocates
 * something big and gives the bytes back when it frees them; a charge that
 * would pass the limit is refused and remembered, so the run can end with
 * one message that names what was refused:
 *
 *   memory budget of 1024 MiB exceeded by a cache model of 3.5 GiB (12.0 MiB in use)
 *
 * A budget is a plain value the caller owns (one per run, or per command);
 * NULL wherever a part takes a budget means no accounting. It never
 * allocates, prints or reads a clock.
 */
#ifndef SKLAB_BUDGET_H
#define SKLAB_BUDGET_H

#include <stddef.h>
#include <stdint.h>

#define SKL_BUDGET_DEFAULT ((uint64_t)1024 << 20) /* the default of --max-memory */

typedef struct skl_budget {
	uint64_t limit; /* bytes; 0 = no limit */
	uint64_t used;	/* bytes charged now */
	uint64_t peak;	/* the most ever charged at once */
	/* the first refusal (sticky until skl_budget_init) */
	int hit;
	char what[64];	 /* what was refused: "a cache model", "simulated RAM" */
	uint64_t want;	 /* the bytes asked for */
	uint64_t in_use; /* and how many were charged then */
} skl_budget;

/* A budget of limit bytes (0: no limit) with nothing charged. */
void skl_budget_init(skl_budget *b, uint64_t limit);

/* Charges bytes for what (a noun phrase: "a cache model"): 0, or -1 when
 * they do not fit, which charges nothing and records the refusal (the
 * first one is kept). b NULL: 0. */
int skl_budget_charge(skl_budget *b, uint64_t bytes, const char *what);

/* Charges bytes whatever the limit (memory a failing run still needs to
 * unwind, or to report its error). b NULL: nothing. */
void skl_budget_force(skl_budget *b, uint64_t bytes);

/* Gives back bytes charged before. b NULL: nothing. */
void skl_budget_uncharge(skl_budget *b, uint64_t bytes);

/* Whether bytes more would fit (nothing is charged or recorded). */
int skl_budget_fits(const skl_budget *b, uint64_t bytes);

/* The refusal as text, "memory budget of 1024 MiB exceeded by a cache
 * model of 3.5 GiB (12.0 MiB in use)", or "" when there was none. The
 * caller adds the option that raises it. Returns out. */
char *skl_budget_message(const skl_budget *b, char *out, size_t outsz);

/* A size as the messages print it: "512 B", "4.0 KiB", "12.0 MiB",
 * "1024 MiB" (whole MiB below 2 GiB when exact), "3.5 GiB". */
char *skl_budget_size(uint64_t bytes, char *out, size_t outsz);

#endif
