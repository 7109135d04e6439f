/*
 * This file contains the driver of tag-based KASAN's reports and their
 * kasan (kernel) layout: "BUG: KASAN: <type> in <fn>", the access, the
 * "Pointer tag: [pt], memory tag: [mt]" line, the call trace, the
 * allocation and free stacks the stack ring remembers, the object, and
 * the memory state as tags, one per 16-byte granule (mm/kasan/report.c,
 * report_tags.c).  The bug type is the ring's guess (slab-out-of-bounds,
 * slab-use-after-free), else invalid-access, as in the kernel.
 */
#include "report.h"

static const char *asan_word(const char *type)
{
	if (!core_strcmp(type, "slab-out-of-bounds"))
		return "heap-buffer-overflow";
	if (!core_strcmp(type, "slab-use-after-free"))
		return "heap-use-after-free";
	if (!core_strcmp(type, "double-free"))
		return "double-free";
	if (!core_strcmp(type, "invalid-free"))
		return "invalid-free";
	return "tag-mismatch";
}

void tags_report_object(const struct tags_report_ctx *c, uintptr_t *start, size_t *size)
{
	if (c->alloc.ptr) {
		*start = tag_reset(c->alloc.ptr);
		*size = c->alloc.size;
	} else if (c->freed.ptr) {
		*start = tag_reset(c->freed.ptr);
		*size = c->freed.size;
	} else if (c->has_obj) {
		*start = c->obj.start;
		*size = c->obj.size;
	} else {
		*start = 0;
		*size = 0;
	}
}

int tags_dump_window(uintptr_t addr, uintptr_t *a, uintptr_t *row)
{
	*a = ROUND_DOWN(tag_reset(addr), TAGS_GRANULE);
	*row = ROUND_DOWN(*a, 256) - 2 * 256;
	if (!tags_has_shadow(*row) || !tags_has_shadow(*row + 5 * 256))
		return 0;
	return tags_hw || !ksan_port_shadow_ensure(*row, 5 * 256);
}

int tags_dump_tag(uintptr_t g)
{
	/* MTE: only mapped heap memory has tags to read */
	return !tags_hw || core_pagemap_get(g) ? tags_get(g) : -1;
}

static void print_tags_dump(uintptr_t addr)
{
	uintptr_t a, row;
	int i, j;

	if (!tags_dump_window(addr, &a, &row))
		return;
	core_bprintf(&core_rbuf, "Memory state around the buggy address:\n");
	for (i = 0; i < 5; i++, row += 256) {
		int here = a >= row && a < row + 256;
		size_t prefix = core_rbuf.len;

		core_bprintf(&core_rbuf, "%c0x%lx: ", here ? '>' : ' ', (unsigned long)row);
		prefix = core_rbuf.len - prefix;
		for (j = 0; j < 16; j++) {
			int tag = tags_dump_tag(row + (uintptr_t)j * 16);

			if (tag >= 0)
				core_bprintf(&core_rbuf, j < 15 ? "%02x " : "%02x\n", tag);
			else
				core_bprintf(&core_rbuf, j < 15 ? "?? " : "??\n");
		}
		if (here)
			core_bprintf(&core_rbuf, "%*c\n", (int)(prefix + 3 * ((a - row) >> 4) + 1),
				     '^');
	}
}

void tags_print_signature(struct tags_report_ctx *c, int json)
{
	core_report_signature(json, c->r.bug_type, c->r.access, c->pcs, c->npcs,
			      c->has_entry);
}

static void print_kasan(struct tags_report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char fn[256], task[64];
	uintptr_t start;
	size_t size;

	core_task_name(task, sizeof(task));
	core_format_function(fn, sizeof(fn), r->pc, c->has_entry != CORE_STACK_FAULT);
	if (!c->addr_known)	/* the kernel's kasan_report_async() */
		core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: invalid-access\n"
			     "Asynchronous fault: no details available\n");
	else
		core_bprintf(&core_rbuf, BANNER "\nBUG: KASAN: %s in %s\n", r->bug_type, fn);
	if (c->addr_known)	/* (an asynchronous MTE fault has no address) */
		core_print_access(r, task);
	if (c->has_mem_tag)
		core_bprintf(&core_rbuf, "Pointer tag: [%02x], memory tag: [%02x]\n",
			     c->ptr_tag, c->mem_tag);
	core_print_call_trace(c->pcs, c->npcs, c->has_entry);
	if (c->alloc.ptr)
		core_print_track("Allocated", c->alloc.tid, c->alloc.stack);
	if (c->freed.ptr)
		core_print_track("Freed", c->freed.tid, c->freed.stack);
	tags_report_object(c, &start, &size);
	if (start && c->addr_known) {
		size_t dist;
		const char *rel = core_relation(tag_reset(r->addr), start, size, &dist);
		char cache[32];

		if (c->has_obj && c->obj.start == start && !c->obj.large)
			core_snprintf(cache, sizeof(cache), "kmalloc-%lu",
				      (unsigned long)c->obj.cache_size);
		else if (c->has_obj && c->obj.start == start)
			core_snprintf(cache, sizeof(cache), "kmalloc-large");
		else
			cache[0] = 0;
		core_bprintf(&core_rbuf, "The buggy address belongs to the object at 0x%lx\n",
			     (unsigned long)start);
		if (cache[0])
			core_bprintf(&core_rbuf, " which belongs to the cache %s of size %lu\n",
				     cache, (unsigned long)c->obj.cache_size);
		core_bprintf(&core_rbuf,
			     "The buggy address is located %lu bytes %s\n"
			     " %lu-byte region [0x%lx, 0x%lx)\n\n",
			     (unsigned long)dist, rel, (unsigned long)size,
			     (unsigned long)start, (unsigned long)(start + size));
	}
	if (c->addr_known && tags_has_shadow(r->addr))
		print_tags_dump(c->first_bad ? c->first_bad : r->addr);
	tags_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_kernel(void *c)
{
	print_kasan(c);
}

static void print_asan(void *c)
{
	tags_print_asan(c);
}

static void print_json(void *c)
{
	tags_print_json(c);
}

static const struct core_report_ops tags_layouts = {
	.print = { print_kernel, print_asan, print_json },
};

static void emit(struct tags_report_ctx *c)
{
	uintptr_t start;
	size_t size;

	tags_report_object(c, &start, &size);
	c->r.object = start;
	c->r.object_size = size;
	c->r.object_freed = c->freed.ptr && (!c->alloc.ptr || c->r.bug_type[5] == 'u');
	core_report_emit(&c->r, &tags_layouts, c, tags_halt());
}

static struct tags_report_ctx ctx;	/* guarded by the report lock */

/* Everything but the stack: the tags, the ring's guess, the object. */
static const char *gather(struct tags_report_ctx *c, uintptr_t addr)
{
	const char *type = 0;

	c->ptr_tag = tag_get_ptr(addr);
	if (c->addr_known && tags_has_shadow(addr) &&
	    (!tags_hw || core_pagemap_get(tag_reset(addr))) &&
	    (tags_hw || !ksan_port_shadow_ensure(tag_reset(addr), 1))) {
		uintptr_t a = tag_reset(addr), last = a + (c->r.size ? c->r.size - 1 : 0);

		/* a range: the first granule whose tag differs, as the kernel
		 * names first_bad_addr */
		for (a = ROUND_DOWN(a, TAGS_GRANULE); a < last && tags_get(a) == c->ptr_tag;
		     a += TAGS_GRANULE)
			;
		c->first_bad = a < tag_reset(addr) ? tag_reset(addr) : a;
		c->mem_tag = tags_get(c->first_bad);
		c->has_mem_tag = 1;
	}
	if (c->addr_known) {
		type = tags_ring_guess(addr, &c->alloc, &c->freed);
		c->has_obj = tags_has_shadow(addr) && tags_find_object(addr, &c->obj);
	}
	return type;
}

static void report(uintptr_t addr, size_t size, int write, uintptr_t pc, uintptr_t fp,
		   uintptr_t entry, int pc_is_fault, int addr_known)
{
	struct tags_report_ctx *c = &ctx;
	struct tags_ring_entry a, f;
	const char *type;

	/* the guess is made before the lock (dedup is on the type) */
	type = addr_known ? tags_ring_guess(addr, &a, &f) : 0;
	if (!type)
		type = addr_known && size && tag_reset(addr) + size - 1 < tag_reset(addr) ?
		       "out-of-bounds" : "invalid-access";
	if (!core_report_begin(pc, type, !tags_halt()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->addr_known = addr_known;
	c->r.size = size;
	gather(c, addr);
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = asan_word(type);
	c->r.addr = addr;
	c->r.access = write ? KSAN_WRITE : KSAN_READ;
	c->r.pc = pc;
	c->fp = fp;
	c->has_entry = pc_is_fault ? CORE_STACK_FAULT : entry != 0;
	if (pc_is_fault)	/* the faulting instruction, then its callers */
		c->npcs = ksan_port_fault_stack_trace(c->pcs, DEPOT_MAX_FRAMES, pc, fp);
	else
		c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	emit(c);
}

void tags_report(uintptr_t addr, size_t size, int write, uintptr_t pc, uintptr_t fp,
		 uintptr_t entry)
{
	report(addr, size, write, pc, fp, entry, 0, 1);
}

void tags_report_fault(uintptr_t addr, size_t size, int addr_known, int write,
		       uintptr_t pc, uintptr_t fp)
{
	report(addr, size, write, pc, fp, 0, 1, addr_known);
}

void tags_report_free(uintptr_t addr, enum tags_free_bug bug, uintptr_t pc,
		      uintptr_t fp, uintptr_t entry)
{
	struct tags_report_ctx *c = &ctx;
	const char *type = bug == TAGS_DOUBLE_FREE ? "double-free" : "invalid-free";

	if (!core_report_begin(pc, type, !tags_halt()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->addr_known = 1;
	gather(c, addr);
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = bug == TAGS_DOUBLE_FREE ? "double-free" : "invalid-free";
	c->free_word = bug == TAGS_DOUBLE_FREE ? "attempting double-free on" :
		       "attempting free on address which was not malloc()-ed:";
	c->r.addr = addr;
	c->r.access = KSAN_FREE;
	c->r.pc = pc;
	c->fp = fp;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	emit(c);
}

/* An impossible allocation's one line, in every layout. */
struct alloc_line {
	const char *type;
	size_t a, b;
	uintptr_t pc, pcs[DEPOT_MAX_FRAMES];
	size_t n;
	int has_entry;
};

static void print_alloc_line(void *arg)
{
	const struct alloc_line *l = arg;

	core_bprintf(&core_rbuf, BANNER "\n");
	core_print_warning("KASAN", l->type, l->pc, 1);
	core_bprintf(&core_rbuf, "%s (0x%lx, 0x%lx) requested at pc 0x%lx\n",
		     l->type, (unsigned long)l->a, (unsigned long)l->b, (unsigned long)l->pc);
	core_print_call_trace(l->pcs, l->n, l->has_entry);
	core_report_signature(0, l->type, CORE_SIG_NO_ACCESS, l->pcs, l->n, l->has_entry);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static const struct core_report_ops alloc_line_layouts = {
	.print = { print_alloc_line },
};

/* An impossible allocation (allocator_may_return_null=0): the kernel's WARN
 * header (report_warning.c), the request and its stack, then the halting exit. */
void tags_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,
		       uintptr_t fp, uintptr_t entry)
{
	static struct alloc_line l;	/* guarded by the report lock */

	if (!core_report_begin(pc, type, 0))
		return;
	l.type = type;
	l.a = a;
	l.b = b;
	l.pc = pc;
	l.n = core_capture_stack(l.pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	l.has_entry = entry != 0;
	core_report_emit(0, &alloc_line_layouts, &l, 1);
}
