/*
 * This file contains what reports say about a fault in a range held in the
 * unmap quarantine (unmap.c): "use-after-unmap", with the stacks that
 * mapped and unmapped the range (malloc's and free's for a large heap
 * object whose pages the heap gave back) and where in the range the
 * address is, in the three layouts.
 */
#include "report.h"

/* report_fault.c: the fault's address is in a quarantined range. */
int kasan_unmap_gather(struct report_ctx *c)
{
	const struct kasan_fault *f = c->fault;

	if (!f || f->addr_known != 1 || !kasan_unmap_find(f->addr, &c->unmap))
		return 0;
	c->has_unmap = 1;
	c->r.bug_type = "use-after-unmap";
	c->r.asan_type = "use-after-unmap";
	if (c->unmap.obj) {	/* the report's object fields, as for a heap object */
		c->r.object = c->unmap.obj;
		c->r.object_size = c->unmap.obj_size;
		c->r.object_freed = 1;
		c->r.cache = "kmalloc-large";
	}
	return 1;
}

static void print_track(const char *what, uint32_t tid, depot_handle_t h, int asan)
{
	char tw[48];

	if (!asan) {
		core_print_track(what, tid, h);
		return;
	}
	core_bprintf(&core_rbuf, "%s by thread %s here:\n", what,
		     core_thread_word(tid, tw, sizeof(tw)));
	core_print_depot(h, 1);
	core_bprintf(&core_rbuf, "\n");
}

/* kasan and asan layouts: after the call trace. */
void kasan_print_unmap(struct report_ctx *c, int asan)
{
	const struct kasan_unmap_rec *u = &c->unmap;
	uintptr_t a = c->r.addr;

	if (!c->has_unmap)
		return;
	/* the kernel's order: allocated, freed; ASan's: freed, then allocated */
	if (!asan && u->map_stack)
		print_track(u->obj ? "Allocated" : "Mapped", u->map_tid, u->map_stack, 0);
	print_track(u->obj ? (asan ? "freed" : "Freed") : (asan ? "unmapped" : "Unmapped"),
		    u->unmap_tid, u->unmap_stack, asan);
	if (asan && u->map_stack)
		print_track(u->obj ? "previously allocated" : "previously mapped", u->map_tid,
			    u->map_stack, 1);
	if (u->obj)
		core_bprintf(&core_rbuf,
			     "The buggy address belongs to the object at 0x%lx\n"
			     " which belongs to the cache kmalloc-large of size %lu,"
			     " freed and given back to the system (held in the unmap quarantine)\n",
			     (unsigned long)u->obj, (unsigned long)(u->hi - u->lo));
	else
		core_bprintf(&core_rbuf,
			     "The buggy address belongs to the range [0x%lx, 0x%lx)\n"
			     " which was unmapped (held in the unmap quarantine)\n",
			     (unsigned long)u->lo, (unsigned long)u->hi);
	if (u->obj && a >= u->obj && a - u->obj < u->obj_size)
		core_bprintf(&core_rbuf, "The buggy address is located %lu bytes inside of\n"
			     " %lu-byte region [0x%lx, 0x%lx)\n\n",
			     (unsigned long)(a - u->obj), (unsigned long)u->obj_size,
			     (unsigned long)u->obj, (unsigned long)(u->obj + u->obj_size));
	else
		core_bprintf(&core_rbuf, "The buggy address is located %lu bytes inside of\n"
			     " %lu-byte range [0x%lx, 0x%lx)\n\n",
			     (unsigned long)(a - u->lo), (unsigned long)(u->hi - u->lo),
			     (unsigned long)u->lo, (unsigned long)u->hi);
}

/* json layout: "unmapped" with the range and its stacks. */
void kasan_print_unmap_json(struct report_ctx *c)
{
	const struct kasan_unmap_rec *u = &c->unmap;

	if (!c->has_unmap)
		return;
	core_bprintf(&core_rbuf, ",\"unmapped\":{\"start\":\"0x%lx\",\"size\":%lu,"
		     "\"offset\":%lu,\"map_task\":%u,\"unmap_task\":%u",
		     (unsigned long)u->lo, (unsigned long)(u->hi - u->lo),
		     (unsigned long)(c->r.addr - u->lo), (unsigned)u->map_tid,
		     (unsigned)u->unmap_tid);
	if (u->obj)
		core_bprintf(&core_rbuf, ",\"object\":\"0x%lx\",\"object_size\":%lu",
			     (unsigned long)u->obj, (unsigned long)u->obj_size);
	core_bprintf(&core_rbuf, "}");
	if (u->map_stack)
		core_json_key_depot("map_stack", u->map_stack, 1);
	core_json_key_depot("unmap_stack", u->unmap_stack, 1);
}
