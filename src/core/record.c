/*
 * This file contains the core's allocator of fixed-size runtime records
 * (quarantine batches, global descriptors, ...): a free list per kind,
 * refilled a page at a time from the port's ksan_port_map, never given
 * back.  Kept apart from mem.c, whose helpers need nothing from a port.
 */
#include "core.h"

void *core_record_alloc(struct core_free **list, size_t size)
{
	struct core_free *r = *list;

	if (!r) {
		size_t i, n = 4096 / size;
		char *chunk = ksan_port_map(4096);

		if (!chunk)
			return 0;
		for (i = 0; i < n; i++)
			core_record_free(list, chunk + i * size);
		r = *list;
	}
	*list = r->next;
	return r;
}

void core_record_free(struct core_free **list, void *rec)
{
	struct core_free *f = rec;

	f->next = *list;
	*list = f;
}
