/*
 * This file contains what KCSAN's report layouts share (report.c: filters
 * and the kernel layout; report_asan.c: ThreadSanitizer's words;
 * report_json.c: one JSON object).  Everything here runs with the report
 * lock held (between core_report_begin and core_report_end).
 */
#ifndef KSAN_KCSAN_REPORT_H
#define KSAN_KCSAN_REPORT_H

#include "kcsan.h"

/* One report, in the order every layout prints it. */
struct kcsan_rctx {
	/* a[0] is printed first: the access that ran into the watchpoint
	 * (known origin) or the watched one (unknown origin); a[1] is the
	 * watcher, when known (n == 2) */
	const struct kcsan_access *a[2];
	unsigned n;
	const struct kcsan_value *v;
	const char *bug;	/* "data-race" or "assert: race" */
};

/* The kernel's access words: "read", "write (marked)", "read-write",
 * "assert no writes"... */
const char *kcsan_access_word(int type) CORE_HIDDEN;
/* The access's stack: its saved one, else its ip alone. */
size_t kcsan_access_stack(const struct kcsan_access *a, const uintptr_t **pcs) CORE_HIDDEN;
/* 1 when the value line is printed: known, and the bits under the mask
 * changed; *diff is those bits. */
int kcsan_value_changed(const struct kcsan_value *v, uint64_t *diff) CORE_HIDDEN;
/* The title's "f / g" (function names sorted, as the kernel's), or for a
 * race of unknown origin "fn+0xoff/0xsize". */
void kcsan_report_title(const struct kcsan_rctx *c, char *buf, size_t len) CORE_HIDDEN;
/* The crash signature: the bug and each access's top frames, the two
 * sides in byte order (the same whichever ran into the other's
 * watchpoint); its line (json = 0) or json keys. */
void kcsan_print_signature(const struct kcsan_rctx *c, int json) CORE_HIDDEN;
/* Hex digits the value of an access of this size prints with. */
static inline int kcsan_hex_len(size_t size)
{
	return size && size <= 8 ? (int)size * 2 : 16;
}

void kcsan_print_asan(const struct kcsan_rctx *c) CORE_HIDDEN;
void kcsan_print_json(const struct kcsan_rctx *c) CORE_HIDDEN;

#endif /* KSAN_KCSAN_REPORT_H */
