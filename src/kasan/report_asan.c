/*
 * This file contains the AddressSanitizer layout of generic KASAN's
 * reports (report_format=asan), so that tools written for ASan read them.
 */
#include "report.h"

static void print_shadow_asan(uintptr_t addr)
{
	uintptr_t bad = (uintptr_t)kasan_shadow(addr);
	uintptr_t row = ROUND_DOWN(bad, 16) - 5 * 16;
	int i, j;

	if (!kasan_has_shadow(addr) ||
	    ksan_port_shadow_ensure(kasan_shadow_to_mem((int8_t *)row), 11 * 16 * 8))
		return;
	core_bprintf(&core_rbuf, "Shadow bytes around the buggy address:\n");
	for (i = 0; i < 11; i++, row += 16) {
		const uint8_t *s = (const uint8_t *)row;

		core_bprintf(&core_rbuf, "%s0x%012lx:", row == ROUND_DOWN(bad, 16) ? "=>" : "  ",
			     (unsigned long)row);
		for (j = 0; j < 16; j++) {
			uintptr_t b = row + (uintptr_t)j;

			if (b == bad)
				core_bprintf(&core_rbuf, "[%02x]", s[j]);
			else
				core_bprintf(&core_rbuf, b == bad + 1 ? "%02x" : " %02x", s[j]);
		}
		core_bprintf(&core_rbuf, "\n");
	}
	if (core_opt.print_legend)
		core_bprintf(&core_rbuf,
			"Shadow byte legend (one shadow byte represents 8 application bytes):\n"
			"  Addressable:           00\n"
			"  Partially addressable: 01 02 03 04 05 06 07 \n"
			"  Heap red zone:          fc\n"
			"  Freed heap region:      fb\n"
			"  Large object red zone:  fe\n"
			"  Freed large object:     ff\n"
			"  Stack left redzone:     f1\n"
			"  Stack mid redzone:      f2\n"
			"  Stack right redzone:    f3\n"
			"  Stack after return:     f5\n"
			"  Stack use after scope:  f8\n"
			"  Global redzone:         f9\n"
			"  Poisoned by user:       f7\n"
			"  Intra object redzone:   bb\n"
			"  Left alloca redzone:    ca\n"
			"  Right alloca redzone:   cb\n");
}

void kasan_print_location_asan(struct report_ctx *c)
{
	char tw[48];

	if (c->has_global) {
		size_t dist;
		const char *rel = kasan_global_relation(c, &dist);

		core_bprintf(&core_rbuf, "0x%lx is located %lu bytes %s global variable '%s' defined in '",
			     (unsigned long)c->r.addr, (unsigned long)dist, rel,
			     c->glob.name ? c->glob.name : "?");
		if (c->glob.file)
			core_bprintf(&core_rbuf, "%s:%u:%u", core_file(c->glob.file), c->glob.line,
				     c->glob.column);
		else
			core_bprintf(&core_rbuf, "%s", c->glob.module ? c->glob.module : "?");
		core_bprintf(&core_rbuf, "' (0x%lx) of size %lu\n", (unsigned long)c->glob.beg,
			     (unsigned long)c->glob.size);
	} else if (c->has_frame) {
		uintptr_t pc = c->frame.pc;

		core_bprintf(&core_rbuf, "Address 0x%lx is located in stack of thread %s at offset %lu in frame\n",
			     (unsigned long)c->r.addr,
			     core_thread_word(c->stack_tid ? c->stack_tid : ksan_port_thread_id(), tw, sizeof(tw)),
			     (unsigned long)c->frame.offset);
		core_print_stack_asan(&pc, 1, 1);
		core_bprintf(&core_rbuf, "\n");
		kasan_print_frame_vars(c, 1);
		core_bprintf(&core_rbuf,
			     "HINT: this may be a false positive if your program uses some custom stack unwind mechanism, swapcontext or vfork\n"
			     "      (longjmp is supported)\n");
	}
}

/* ASan's SUMMARY names frame #0: for a pc in inlined code, the inlined
 * function (the innermost of pc's frames) with its own file:line. */
void kasan_print_summary_asan(struct report_ctx *c, const char *type)
{
	size_t i = c->has_entry == 1 && c->npcs > 1 ? 1 : 0;

	core_print_summary_asan("AddressSanitizer", type, c->npcs ? c->pcs[i] : 0);
}

/* ASan's first lines for a fault: stack-overflow, or SEGV on an address
 * (none when the hardware gave none), and what kind of access it was. */
static void print_fault_asan(struct report_ctx *c, const char *tw)
{
	const struct kasan_fault *f = c->fault;
	struct ksan_report *r = &c->r;
	uintptr_t sp = f ? f->sp : c->fp;
	int pid = ksan_port_pid();
	char t[16];
	size_t n;

	/* ASan's fault line names the thread by number alone: "T1" */
	for (n = 0; n + 1 < sizeof(t) && tw[n] && tw[n] != ' '; n++)
		t[n] = tw[n];
	t[n] = 0;
	tw = t;

	if (f && f->stack_overflow) {
		core_bprintf(&core_rbuf, "stack-overflow on address 0x%012lx (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)sp, tw);
		return;
	}
	if (f && !f->addr_known)
		core_bprintf(&core_rbuf, "SEGV on unknown address (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->pc, (unsigned long)c->fp, (unsigned long)sp, tw);
	else
		core_bprintf(&core_rbuf, "SEGV on unknown address 0x%012lx (pc 0x%lx bp 0x%lx sp 0x%lx %s)\n",
			     (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)sp, tw);
	core_bprintf(&core_rbuf, "==%d==The signal is caused by a %s memory access.\n",
		     pid, r->access == KSAN_WRITE ? "WRITE" : "READ");
	if (f && f->noncanonical)
		core_bprintf(&core_rbuf, "==%d==Hint: this fault was caused by a dereference of a high value address (see register values below).  Disassemble the provided pc to learn which register was used.\n",
			     pid);
	else if (r->addr < KASAN_NULL_LIMIT)
		core_bprintf(&core_rbuf, "==%d==Hint: address points to the zero page.\n", pid);
}

/*
 * "0x.. is located N bytes to the right of M-byte region [..)" for addr and
 * c's heap object, then its free and allocation stacks.
 */
void kasan_print_object_asan(struct report_ctx *c, uintptr_t addr)
{
	size_t dist;
	const char *rel = core_relation(addr, c->obj.start, c->obj.size, &dist);
	char tw[48];

	core_bprintf(&core_rbuf, "0x%lx is located %lu bytes %s %lu-byte region [0x%lx,0x%lx)\n",
		     (unsigned long)addr, (unsigned long)dist, rel,
		     (unsigned long)c->obj.size, (unsigned long)c->obj.start,
		     (unsigned long)(c->obj.start + c->obj.size));
	kasan_print_pool_object_asan(c);
	if (c->obj.freed) {
		core_bprintf(&core_rbuf, "freed by thread %s here:\n",
			     core_thread_word(c->obj.free_tid, tw, sizeof(tw)));
		core_print_depot(c->obj.free_stack, 1);
		core_bprintf(&core_rbuf, "\npreviously allocated by thread %s here:\n",
			     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
	} else {
		core_bprintf(&core_rbuf, "allocated by thread %s here:\n",
			     core_thread_word(c->obj.alloc_tid, tw, sizeof(tw)));
	}
	core_print_depot(c->obj.alloc_stack, 1);
	core_bprintf(&core_rbuf, "\n");
}

void kasan_print_asan(struct report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char tw[48];
	const char *summary = r->asan_type;

	core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
	core_bprintf(&core_rbuf, ASAN_BANNER "\n==%d==ERROR: AddressSanitizer: ", ksan_port_pid());
	if (kasan_is_segv(r)) {
		/* ASan's words for a fault: no shadow, no object */
		int so = c->fault && c->fault->stack_overflow;

		print_fault_asan(c, tw);
		core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
		core_bprintf(&core_rbuf, so ? "\n" : "\nAddressSanitizer can not provide additional info.\n");
		kasan_print_summary_asan(c, so ? "stack-overflow" : "SEGV");
		kasan_print_signature(c, 0);
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
		return;
	}
	if (r->access == KSAN_FREE) {
		core_bprintf(&core_rbuf, "%s 0x%lx in thread %s:\n", c->free_word,
			     (unsigned long)r->addr, tw);
	} else {
		core_bprintf(&core_rbuf, "%s on address 0x%lx at pc 0x%lx bp 0x%lx sp 0x%lx\n",
			     r->asan_type, (unsigned long)r->addr, (unsigned long)r->pc,
			     (unsigned long)c->fp, (unsigned long)c->fp);
		if (c->type_use)
			kasan_print_type_use(c, 1);
		else if (r->size)
			core_bprintf(&core_rbuf, "%s of size %lu at 0x%lx thread %s\n",
				     r->access == KSAN_WRITE ? "WRITE" : "READ",
				     (unsigned long)r->size, (unsigned long)r->addr, tw);
		else	/* a fault: the hardware gives no size */
			core_bprintf(&core_rbuf, "%s at 0x%lx thread %s\n",
				     r->access == KSAN_WRITE ? "WRITE" : "READ",
				     (unsigned long)r->addr, tw);
	}
	core_print_stack_asan(c->pcs, c->npcs, c->has_entry);
	if (c->note)
		core_bprintf(&core_rbuf, "Note: %s\n", c->note);
	core_bprintf(&core_rbuf, "\n");
	if (c->has_obj) {
		kasan_print_object_asan(c, r->addr);
		kasan_print_aux(c, 1);
	}
	kasan_print_unmap(c, 1);
	kasan_print_location_asan(c);
	if (c->has_global || c->has_frame)
		core_bprintf(&core_rbuf, "\n");
	kasan_print_type(c, 1);
	kasan_print_pool(c, 1);
	kasan_print_intra(c, 1);
	kasan_print_origins(c, 1);
	kasan_print_summary_asan(c, summary);
	kasan_print_signature(c, 0);
	if (kasan_has_shadow(r->addr) && r->access != KSAN_FREE && !c->has_unmap && !c->type_use)
		print_shadow_asan(c->first_bad);
	if (kasan_halt())
		core_bprintf(&core_rbuf, "==%d==ABORTING\n", ksan_port_pid());
}
