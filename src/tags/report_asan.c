/*
 * This file contains the asan layout of tag-based KASAN's reports, in
 * HWAddressSanitizer's words (compiler-rt's hwasan_report.cpp):
 * "ERROR: HWAddressSanitizer: tag-mismatch on address ...", the access
 * with "tags: pt/mt (ptr/mem)", the heap chunk, the allocation and free
 * stacks, "Memory tags around the buggy address" and the SUMMARY.
 */
#include "report.h"

#define ASAN_BANNER "================================================================="

static void print_tags_asan(uintptr_t addr)
{
	uintptr_t a, row;
	int i, j;

	if (!tags_dump_window(addr, &a, &row))
		return;
	core_bprintf(&core_rbuf, "Memory tags around the buggy address (one tag corresponds to 16 bytes):\n");
	for (i = 0; i < 5; i++, row += 256) {
		core_bprintf(&core_rbuf, "%s0x%012lx:", a >= row && a < row + 256 ? "=>" : "  ",
			     (unsigned long)row);
		for (j = 0; j < 16; j++) {
			uintptr_t g = row + (uintptr_t)j * 16;
			int tag = tags_dump_tag(g);
			char t[4];

			if (tag >= 0)
				core_snprintf(t, sizeof(t), "%02x", tag);
			else
				core_snprintf(t, sizeof(t), "..");
			core_bprintf(&core_rbuf, g == a ? "[%s]" : " %s ", t);
		}
		core_bprintf(&core_rbuf, "\n");
	}
}

void tags_print_asan(struct tags_report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char tw[48];
	uintptr_t start;
	size_t size;
	int pid = ksan_port_pid();

	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: HWAddressSanitizer: ", pid);
	if (r->access == KSAN_FREE) {
		core_bprintf(&core_rbuf, "%s %s 0x%lx in thread %s:\n",
			     r->bug_type[0] == 'd' ? "double-free:" : "invalid-free:",
			     c->free_word, (unsigned long)r->addr, tw);
	} else if (!c->addr_known) {
		core_bprintf(&core_rbuf, "tag-mismatch (asynchronous: no address) at pc 0x%lx\n",
			     (unsigned long)r->pc);
		core_bprintf(&core_rbuf, "%s in thread %s\n",
			     r->access == KSAN_WRITE ? "WRITE" : "ACCESS", tw);
	} else {
		core_bprintf(&core_rbuf, "tag-mismatch on address 0x%012lx at pc 0x%012lx\n",
			     (unsigned long)r->addr, (unsigned long)r->pc);
		if (r->size)
			core_bprintf(&core_rbuf, "%s of size %lu at 0x%012lx tags: %02x/%02x (ptr/mem) in thread %s\n",
				     r->access == KSAN_WRITE ? "WRITE" : "READ",
				     (unsigned long)r->size, (unsigned long)r->addr,
				     c->ptr_tag, c->mem_tag, tw);
		else
			core_bprintf(&core_rbuf, "%s at 0x%012lx tags: %02x/%02x (ptr/mem) in thread %s\n",
				     r->access == KSAN_WRITE ? "WRITE" : "READ",
				     (unsigned long)r->addr, c->ptr_tag, c->mem_tag, tw);
	}
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	tags_report_object(c, &start, &size);
	if (start && c->addr_known && r->access != KSAN_FREE) {
		size_t dist;
		const char *rel = core_relation(tag_reset(r->addr), start, size, &dist);

		if (r->asan_type[0] != 't')
			core_bprintf(&core_rbuf, "Cause: %s\n", r->asan_type);
		if (c->has_obj && c->obj.start == start)
			core_bprintf(&core_rbuf, "[0x%012lx,0x%012lx) is a %s %s heap chunk; size: %lu offset: %lu\n",
				     (unsigned long)start,
				     (unsigned long)(start + c->obj.cache_size),
				     c->obj.large ? "large" : "small",
				     c->obj.live ? "allocated" : "unallocated",
				     (unsigned long)c->obj.cache_size,
				     (unsigned long)(tag_reset(r->addr) - start));
		core_bprintf(&core_rbuf, "0x%012lx is located %lu bytes %s %lu-byte region [0x%012lx,0x%012lx)\n",
			     (unsigned long)r->addr, (unsigned long)dist, rel, (unsigned long)size,
			     (unsigned long)start, (unsigned long)(start + size));
	}
	if (c->freed.ptr) {
		core_bprintf(&core_rbuf, "freed by thread %s here:\n",
			     core_thread_word(c->freed.tid, tw, sizeof(tw)));
		core_print_depot(c->freed.stack, 1);
		core_bprintf(&core_rbuf, "\n");
	}
	if (c->alloc.ptr) {
		core_bprintf(&core_rbuf, "%s by thread %s here:\n",
			     c->freed.ptr ? "previously allocated" : "allocated",
			     core_thread_word(c->alloc.tid, tw, sizeof(tw)));
		core_print_depot(c->alloc.stack, 1);
		core_bprintf(&core_rbuf, "\n");
	}
	if (c->addr_known && tags_has_shadow(r->addr))
		print_tags_asan(c->first_bad ? c->first_bad : r->addr);
	core_print_summary_asan("HWAddressSanitizer",
				r->access == KSAN_FREE ? r->asan_type : "tag-mismatch",
				c->npcs ? c->pcs[c->has_entry == 1 && c->npcs > 1 ? 1 : 0] : 0);
	tags_print_signature(c, 0);
}
