/*
 * This file contains the kasan (kernel) layout of generic KASAN's reports:
 * the BUG line, the access, the call trace, the heap object, global or
 * stack frame, and the shadow dump of docs/design.md section 3.
 */
#include "report.h"

void kasan_print_shadow(uintptr_t addr)
{
	uintptr_t row = ROUND_DOWN(addr, 128) - 256;
	int i, j;

	if (!kasan_has_shadow(row) || !kasan_has_shadow(row + 5 * 128) ||
	    ksan_port_shadow_ensure(row, 5 * 128))
		return;
	core_bprintf(&core_rbuf, "Memory state around the buggy address:\n");
	for (i = 0; i < 5; i++, row += 128) {
		const uint8_t *s = (const uint8_t *)kasan_shadow(row);
		int here = addr >= row && addr < row + 128;
		size_t prefix = core_rbuf.len;

		core_bprintf(&core_rbuf, "%c0x%lx: ", here ? '>' : ' ', (unsigned long)row);
		prefix = core_rbuf.len - prefix;
		for (j = 0; j < 16; j++)
			core_bprintf(&core_rbuf, j < 15 ? "%02x " : "%02x\n", s[j]);
		if (here)
			core_bprintf(&core_rbuf, "%*c\n",
				     (int)(prefix + 3 * ((addr - row) >> 3) + 1), '^');
	}
}

void kasan_print_location(struct report_ctx *c)
{
	if (c->has_global) {
		size_t dist;
		const char *rel = kasan_global_relation(c, &dist);

		core_bprintf(&core_rbuf, "The buggy address belongs to the variable:\n %s",
			     c->glob.name ? c->glob.name : "?");
		if (c->glob.file)
			core_bprintf(&core_rbuf, " of size %lu defined in %s:%u:%u\n",
				     (unsigned long)c->glob.size, core_file(c->glob.file),
				     c->glob.line, c->glob.column);
		else
			core_bprintf(&core_rbuf, " of size %lu defined in %s\n",
				     (unsigned long)c->glob.size,
				     c->glob.module ? c->glob.module : "?");
		core_bprintf(&core_rbuf,
			     "The buggy address is located %lu bytes %s\n"
			     " %lu-byte region [0x%lx, 0x%lx)\n\n",
			     (unsigned long)dist, rel, (unsigned long)c->glob.size,
			     (unsigned long)c->glob.beg,
			     (unsigned long)(c->glob.beg + c->glob.size));
	} else if (c->has_frame) {
		char fn[256];

		if (c->stack_tid)
			core_bprintf(&core_rbuf, "The buggy address belongs to stack of task %s/%u\n",
				     c->stack_task[0] ? c->stack_task : "?", (unsigned)c->stack_tid);
		else
			core_bprintf(&core_rbuf, "The buggy address belongs to a stack\n");
		{
			struct ksan_symbol sym;

			core_memset(&sym, 0, sizeof(sym));
			ksan_port_symbolize(c->frame.pc, 0, &sym);
			if (sym.function)
				core_snprintf(fn, sizeof(fn), "%s", sym.function);
			else
				core_snprintf(fn, sizeof(fn), "0x%lx", (unsigned long)c->frame.pc);
		}
		core_bprintf(&core_rbuf, " and is located at offset %lu in frame:\n %s\n\n",
			     (unsigned long)c->frame.offset, fn);
		kasan_print_frame_vars(c, 0);
		core_bprintf(&core_rbuf, "\n");
	}
}

void kasan_print_object(struct report_ctx *c)
{
	char cache[32];
	size_t dist;
	const char *rel;

	if (!c->has_obj)
		return;
	if (c->obj.alloc_stack || c->obj.live || c->obj.freed)
		core_print_track("Allocated", c->obj.alloc_tid, c->obj.alloc_stack);
	if (c->obj.freed)
		core_print_track("Freed", c->obj.free_tid, c->obj.free_stack);
	kasan_print_aux(c, 0);
	if (c->obj.pcpu) {
		kasan_print_percpu_object(c);
		return;
	}
	rel = core_relation(c->r.addr, c->obj.start, c->obj.size, &dist);
	core_bprintf(&core_rbuf,
		     "The buggy address belongs to the object at 0x%lx\n"
		     " which belongs to the cache %s of size %lu\n"
		     "The buggy address is located %lu bytes %s\n"
		     " %lu-byte region [0x%lx, 0x%lx)\n\n",
		     (unsigned long)c->obj.start, kasan_cache_name(&c->obj, cache, sizeof(cache)),
		     (unsigned long)c->obj.cache_size, (unsigned long)dist, rel,
		     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
		     (unsigned long)(c->obj.start + c->obj.size));
}

void kasan_print_kasan(struct report_ctx *c)
{
	char fn[256], task[64];
	struct ksan_report *r = &c->r;

	core_task_name(task, sizeof(task));
	core_format_function(fn, sizeof(fn), r->pc, c->has_entry != CORE_STACK_FAULT);
	core_bprintf(&core_rbuf, BANNER "\n");
	/* no access line: the kernel's WARN and GPF forms (report_warning.c) */
	if (c->type_use)
		core_print_warning("KASAN", r->bug_type, r->pc, 1);
	else if (c->granule || (c->fault && !c->fault->addr_known))
		core_print_gpf("KASAN", r->bug_type, r->addr, r->addr + 7, c->granule, r->pc,
			       c->has_entry != CORE_STACK_FAULT);
	else
		core_bprintf(&core_rbuf, "BUG: KASAN: %s in %s\n", r->bug_type, fn);
	if (c->type_use)
		kasan_print_type_use(c, 0);
	else if (!c->granule && !(c->fault && !c->fault->addr_known))
		core_print_access(r, task);
	kasan_print_percpu_cpu(c);
	if (c->note)
		core_bprintf(&core_rbuf, "%s\n", c->note);
	core_print_call_trace(c->pcs, c->npcs, c->has_entry);
	kasan_print_origins(c, 0);
	kasan_print_unmap(c, 0);
	kasan_print_object(c);
	kasan_print_location(c);
	kasan_print_type(c, 0);
	kasan_print_pool(c, 0);
	kasan_print_intra(c, 0);
	if (kasan_has_shadow(r->addr) && !(c->fault && c->fault->stack_overflow) && !c->has_unmap &&
	    !c->type_use)
		kasan_print_shadow(c->first_bad);
	kasan_print_signature(c, 0);
	core_bprintf(&core_rbuf, BANNER "\n");
}
