/*
 * This file contains what reports say about per-CPU areas (percpu.c): an
 * access that hits one CPU's copy of a per-CPU object (or its red zone) is
 * "percpu-out-of-bounds" / "percpu-use-after-free" rather than the slab
 * words the shadow value alone would give, the report says which CPU made
 * the access, and the object is described as that CPU's copy.
 */
#include "report.h"

/*
 * After the object is found: the slab words the shadow gave become the
 * per-CPU ones, by the copy's state rather than its shadow value (a slot
 * reused by a smaller object still has freed shadow in its tail, which is
 * out of bounds of the new object, not a use after free).
 */
void kasan_percpu_relabel(struct report_ctx *c)
{
	if (!c->has_obj || !c->obj.pcpu || core_strncmp(c->r.bug_type, "slab-", 5))
		return;
	if (c->obj.freed) {
		c->r.bug_type = "percpu-use-after-free";
		c->r.asan_type = "percpu-use-after-free";
	} else {
		c->r.bug_type = "percpu-out-of-bounds";
		c->r.asan_type = "percpu-buffer-overflow";
	}
}

/* kasan layout: the task line's CPU, as the kernel's dump_stack header. */
void kasan_print_percpu_cpu(struct report_ctx *c)
{
	char name[32];
	int cpu = ksan_port_cpu_id();

	if (!c->has_obj || !c->obj.pcpu || cpu < 0)
		return;
	ksan_port_thread_name(name, sizeof(name));
	core_bprintf(&core_rbuf, "\nCPU: %d PID: %u Comm: %s\n", cpu,
		     (unsigned)ksan_port_thread_id(), name[0] ? name : "?");
}

/* kasan layout: in place of the heap object's "belongs to the object". */
void kasan_print_percpu_object(struct report_ctx *c)
{
	size_t dist;
	const char *rel = core_relation(c->r.addr, c->obj.start, c->obj.size, &dist);

	core_bprintf(&core_rbuf,
		     "The buggy address belongs to CPU %d's copy of the per-CPU object at 0x%lx\n"
		     " (per_cpu_ptr(0x%lx, %d)) which belongs to the per-CPU area %s\n"
		     "The buggy address is located %lu bytes %s\n"
		     " %lu-byte region [0x%lx, 0x%lx)\n\n",
		     c->obj.pcpu - 1, (unsigned long)c->obj.start, (unsigned long)c->obj.pcpu_base,
		     c->obj.pcpu - 1, c->obj.cache ? c->obj.cache : "?", (unsigned long)dist, rel,
		     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
		     (unsigned long)(c->obj.start + c->obj.size));
}

/* asan layout: after "... is located N bytes ... region". */
void kasan_print_percpu_object_asan(struct report_ctx *c)
{
	core_bprintf(&core_rbuf, "The region is CPU %d's copy of a per-CPU object of %s"
		     " (CPU 0's at 0x%lx)\n", c->obj.pcpu - 1, c->obj.cache ? c->obj.cache : "?",
		     (unsigned long)c->obj.pcpu_base);
}
