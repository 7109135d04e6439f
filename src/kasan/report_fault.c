/*
 * This file contains generic KASAN's fault reports: a null, wild or
 * non-canonical access, or a stack overflow, that the port's signal handler
 * caught.  The layouts print them with the other reports.
 */
#include "report.h"

void kasan_report_fault(const struct kasan_fault *f)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	const char *type = f->stack_overflow ? "stack-overflow" :
			   f->addr_known && f->addr < KASAN_NULL_LIMIT ? "null-ptr-deref" :
			   "wild-memory-access";

	if (!core_report_begin(f->pc, type, 0))
		return;
	core_memset(c, 0, sizeof(*c));
	c->fault = f;
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = f->stack_overflow ? "stack-overflow" : "SEGV on unknown address";
	c->r.addr = f->addr_known ? f->addr : 0;
	c->r.size = f->stack_overflow ? 0 : f->size;
	c->r.access = f->write ? KSAN_WRITE : KSAN_READ;
	c->r.pc = f->pc;
	c->fp = f->fp;
	c->granule = f->addr_known == 2;
	kasan_unmap_gather(c);
	/* the faulting pc is not a return address: it is printed as it is
	 * (unless the fault was in a frameless check: then its caller's
	 * return address stands first, as for every other report).  The walk
	 * is bounded (a stack overflow has a very deep stack). */
	c->has_entry = f->pc_is_ret ? 0 : CORE_STACK_FAULT;
	c->pcs[0] = f->pc;
	c->npcs = 1 + (f->fp ? ksan_port_stack_trace(c->pcs + 1, DEPOT_MAX_FRAMES - 1, 0, f->fp) : 0);
	kasan_emit(c);
	/* a fault cannot be resumed: the access would fault again */
	core_halt();
}
