/*
 * This file contains what reports say about checked pools (pool.c): a pool
 * object is described as an object of the cache named after its pool (the
 * heap's description, with the pool's name and object size); a bad
 * ksan_pool_free() of an address the pool did not hand out says which pool
 * it was made to; and a pool destroyed with objects still in use is its own
 * report, "objects-remaining" (SLUB's words), in the three layouts.
 */
#include "report.h"

/* The address of a bad pool free is in none of that pool's objects (the
 * description is another pool's object, a heap object or the pool's
 * nearest object, or there is none). */
static int foreign(const struct report_ctx *c)
{
	const struct kasan_object *o = &c->obj;

	return c->pool && !c->pool_in_use &&
	       !(c->has_obj && o->cache == c->pool && c->r.addr >= o->start &&
		 (c->r.addr - o->start < o->size || c->r.addr == o->start));
}

/* kasan and asan layouts: after the object's description, if any. */
void kasan_print_pool(struct report_ctx *c, int asan)
{
	if (!foreign(c))
		return;
	if (asan)
		core_bprintf(&core_rbuf, "0x%lx was not handed out by the pool %s\n\n",
			     (unsigned long)c->r.addr, c->pool);
	else
		core_bprintf(&core_rbuf, "The buggy address was not handed out by the cache %s\n\n",
			     c->pool);
}

/* asan layout: after "... is located N bytes inside of M-byte region". */
void kasan_print_pool_object_asan(struct report_ctx *c)
{
	if (c->obj.pcpu)
		kasan_print_percpu_object_asan(c);
	else if (c->obj.cache)
		core_bprintf(&core_rbuf, "The region is an object of the pool %s of size %lu\n",
			     c->obj.cache, (unsigned long)c->obj.cache_size);
}

/* json layout: "pool" for a bad pool free and a destroy, "in_use" for a
 * destroy. */
void kasan_print_pool_json(struct report_ctx *c)
{
	if (!c->pool)
		return;
	core_bprintf(&core_rbuf, ",\"pool\":");
	core_json_str(c->pool);
	if (c->pool_in_use)
		core_bprintf(&core_rbuf, ",\"in_use\":%lu", c->pool_in_use);
}

static void print_destroy_kasan(void *arg)
{
	struct report_ctx *c = arg;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, BANNER "\n");
	core_print_warning("KASAN", c->r.bug_type, c->r.pc, 1);
	core_bprintf(&core_rbuf, "Pool %s destroyed with %lu object%s in use by task %s\n",
		     c->pool, c->pool_in_use, c->pool_in_use == 1 ? "" : "s", task);
	core_print_call_trace(c->pcs, c->npcs, c->has_entry);
	kasan_print_origins(c, 0);
	kasan_print_object(c);
	kasan_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}

static void print_destroy_asan(void *arg)
{
	struct report_ctx *c = arg;
	char tw[48];

	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: %s in pool %s:"
		     " %lu object%s in use at destroy in thread %s:\n",
		     ksan_port_pid(), c->r.asan_type, c->pool, c->pool_in_use,
		     c->pool_in_use == 1 ? "" : "s", tw);
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	core_bprintf(&core_rbuf, "\n");
	kasan_print_object_asan(c, c->r.addr);
	kasan_print_origins(c, 1);
	kasan_print_summary_asan(c, c->r.asan_type);
	kasan_print_signature(c, 0);
	if (kasan_halt())
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}

static void print_destroy_json(void *c)
{
	kasan_print_json(c);
}

static const struct core_report_ops destroy_layouts = {
	.print = { print_destroy_kasan, print_destroy_asan, print_destroy_json },
};

/*
 * ksan_pool_destroy() with objects still handed out: one report for the
 * pool, with the number of them and the oldest one (o) described, its
 * allocation stack first.
 */
void kasan_report_pool_destroy(const char *pool, unsigned long in_use,
			       const struct kasan_object *o, uintptr_t pc, uintptr_t fp,
			       uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	static const char type[] = "objects-remaining";

	if (!core_report_begin(pc, type, kasan_dedup()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = type;
	c->r.addr = o->start;
	c->r.access = KSAN_FREE;
	c->r.pc = pc;
	c->fp = fp;
	c->first_bad = o->start;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	c->obj = *o;
	c->has_obj = 1;
	c->pool = pool;
	c->pool_in_use = in_use;
	kasan_set_object(c);
	core_report_emit(&c->r, &destroy_layouts, c, kasan_halt());
}
