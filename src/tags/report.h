/*
 * This file contains what tag-based KASAN's report files share: the
 * context one report is gathered into and the three layouts' entry points
 * (report.c gathers and prints the kasan layout, report_asan.c prints
 * HWAddressSanitizer's words, report_json.c JSON).
 */
#ifndef KSAN_TAGS_REPORT_H
#define KSAN_TAGS_REPORT_H

#include "tags.h"

#define BANNER "=================================================================="

struct tags_report_ctx {
	struct ksan_report r;
	uint8_t ptr_tag, mem_tag;
	int has_mem_tag;	/* the address has a memory tag to show */
	uintptr_t first_bad;	/* untagged: the first mismatching granule */
	int addr_known;		/* 0: MTE async fault, no address */
	struct tags_object obj;
	int has_obj;
	struct tags_ring_entry alloc, freed;	/* from the stack ring */
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t npcs;
	int has_entry;		/* core_print_stack's first_is_entry */
	uintptr_t fp;
	const char *free_word;	/* asan: "attempting double-free on" ... */
	const char *mode;	/* "sync", "async", "asymm" for MTE faults */
};

/* The heap object the report names: the ring's allocation when it found
 * one, else the object that holds the address (start 0: none). */
void tags_report_object(const struct tags_report_ctx *c, uintptr_t *start, size_t *size);
void tags_print_asan(struct tags_report_ctx *c);
/* The crash signature of the report: its line (json = 0) or json keys. */
void tags_print_signature(struct tags_report_ctx *c, int json);
void tags_print_json(struct tags_report_ctx *c);

/* The five rows of 16 granules a report's tag dump shows around addr: 1
 * with *a (addr's granule) and *row (the first row), 0 if their tags
 * cannot be read; and one granule's tag, -1 where MTE has none to read
 * (memory outside the heap). */
int tags_dump_window(uintptr_t addr, uintptr_t *a, uintptr_t *row);
int tags_dump_tag(uintptr_t g);

#endif
