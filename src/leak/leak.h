/*
 * This file contains the private interface of the leak detector
 * (kmemleak's idea, LeakSanitizer's rules): what check.c, the report
 * layouts (report.c), the table (table.c), the suppressions (suppress.c)
 * and the API (api.c) share.
 * It sees the heaps only through the core's heap registry (core.h).
 */
#ifndef KSAN_LEAK_H
#define KSAN_LEAK_H

#include "../core/core.h"

/* ---- table.c: the check's table of live objects ---------------------- */

/* One live object in the table (check.c's marks in tag). */
struct leak_obj {
	uintptr_t start;
	size_t size;
	uint32_t stack, tid;
	uint8_t tag;
	uint8_t heap;		/* its heap: core_heap_get(heap) */
	uint8_t pool;		/* a pool heap's (KFENCE's): not in the pagemap */
};
struct leak_run;
/* The live objects in address order, and the index that finds the one a
 * word points into.  Kept mapped from one check to the next. */
struct leak_table {
	struct leak_obj *obj;
	size_t n, cap;
	uintptr_t min, max;	/* [lowest start, highest end + 1) */
	size_t bytes;		/* their requested sizes */
	int nomem;
	int indexed;		/* runs and slot_obj are there */
	struct leak_run *runs;	/* owners holding objects, in order */
	uint32_t *slot_obj;	/* per slot of their slab regions: entry or -1 */
	size_t nruns, nslots;
};
/* A new entry at the end (the pagemap heap's objects come in address
 * order, the pool heap's after them), or NULL and nomem set. */
struct leak_obj *leak_table_add(struct leak_table *t);
/* The table is whole (nheap: the pagemap heap's entries, the pool's
 * follow): sort the pool's in, set the bounds, build the index.  -1: empty or no memory. */
int leak_table_finish(struct leak_table *t, size_t nheap);
/* The entry of the object holding address p (anywhere in it; malloc(0)'s
 * at its start), or -1. */
long leak_table_find(const struct leak_table *t, uintptr_t p);
/* Empty the table for the next check (its entries stay mapped). */
void leak_table_reset(struct leak_table *t);

/* ---- check.c: the check ---------------------------------------------- */

/* One leak as reported: the objects of one allocation stack, all directly
 * or all indirectly leaked (LeakSanitizer's grouping). */
#define LEAK_DUMP 32
struct leak {
	uint32_t stack;		/* allocation stack (depot handle) */
	int direct;		/* 1: no leaked object points to these */
	size_t count, bytes;	/* objects, requested bytes */
	uintptr_t first;	/* the lowest-addressed object */
	size_t first_size;
	uint32_t first_tid;	/* the thread that allocated it */
	uint8_t dump[LEAK_DUMP];	/* its first bytes, read in the check */
	int handled;		/* taken by the report callback */
};
/* Look for leaks now and report them; the number of leaked objects
 * reported (0 when none, or detect_leaks=0), -1 if the port cannot stop
 * the world or name roots.  at_exit: the program is exiting (the report
 * says so at verbosity=1). */
long leak_check(int at_exit);

/* ---- suppress.c: leak:<pattern> lines ------------------------------- */

/* Keep the leak: lines of a suppressions text (the file's, whose ubsan:
 * lines are UBSAN's, or __lsan_default_suppressions()'s); text lives as
 * long as the process.  Returns 0, or -1 with a one-line message in err. */
int leak_set_suppressions(const char *text, const char *path, char *err,
				size_t errlen);
/* The leak: pattern covering stack (any frame's module, function or file,
 * LeakSanitizer's matching), or NULL.  Symbolizes: the world must run. */
const char *leak_suppressed(uint32_t stack);
/* A check's objects suppressed by the pattern leak_suppressed gave. */
void leak_count_suppressed(const char *pattern, size_t objects, size_t bytes);
/* Into core_rbuf: LeakSanitizer's "Suppressions used:" table (asan), or a
 * line per pattern (kasan), for the patterns that matched so far. */
void leak_print_suppressions(int asan);

/* ---- report.c: the three layouts ------------------------------------ */

/* Report the leaks (kasan: a report each, json: an object each, asan: one
 * LeakSanitizer report for them all), leaks[] in the order printed;
 * omitted: objects over the leaks[] limit.  The report callback sees each
 * leak first; those it takes (handled) are not printed.  Returns the
 * number of objects reported. */
size_t leak_report(struct leak *leaks, size_t n, size_t omitted,
			  size_t omitted_bytes);

/* ---- api.c, check.c: what the port calls ----------------------------- */

/* detect_leaks' default, when the user gave none: 1 if the program has
 * generic KASAN's instrumentation, else 0.  Before any check runs. */
void leak_set_default(int instrumented);
/* The check at exit (detect_leaks and leak_check_at_exit permitting; once,
 * and not after __lsan_do_leak_check): the number of leaked objects. */
long leak_at_exit(void);
/* Leaks at the end: status leak_exitcode, LeakSanitizer's 23 unless set
 * (exitcode stays the status of a halting memory-error report;
 * abort_on_error: abort). */
void leak_die(void) __attribute__((noreturn));
/* Reset in a child after fork() (another thread's check is not there). */
void leak_fork_child(void);
/* Ignore the live object holding p, in whichever registered heap holds it
 * (core_heap_ignore's answers). */
int leak_ignore(const void *p);

#endif /* KSAN_LEAK_H */
