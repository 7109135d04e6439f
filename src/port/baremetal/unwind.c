/*
 * This file contains the bare-metal port's stack traces and symbols: a
 * frame-pointer walk bounded by the current task's stack (or the exception
 * stack it runs on), every record checked before it is read, and names
 * from the kernel's own symbol table (kallsyms).
 */
#include "port.h"

static int frame_ok(uintptr_t fp, uintptr_t lo, uintptr_t hi)
{
	return !(fp & 7) && fp >= lo && fp + 16 <= hi;
}

size_t ksan_port_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
			     uintptr_t fp)
{
	struct kport_task t;
	uintptr_t lo, hi;
	size_t n = 0;

	if (!max)
		return 0;
	if (!fp) {
		fp = (uintptr_t)__builtin_frame_address(0);
		pc = 0;
	}
	kport_current(&t);
	lo = t.stack_lo;
	hi = t.stack_hi;
	if (!(fp >= lo && fp < hi) && kport_other_stack(fp, &lo, &hi)) {
		if (pc)
			pcs[n++] = pc;
		return n;	/* a stack we do not know the bounds of */
	}
	if (pc)
		pcs[n++] = pc;
	else if (frame_ok(fp, lo, hi))
		pcs[n++] = ((uintptr_t *)fp)[1];
	while (n < max && frame_ok(fp, lo, hi)) {
		uintptr_t next = ((uintptr_t *)fp)[0];

		if (next <= fp || !frame_ok(next, lo, hi))
			break;
		fp = next;
		pc = ((uintptr_t *)fp)[1];
		if (pc < BM_PAGE)
			break;
		pcs[n++] = pc;
	}
	return n;
}

/* No unwind tables here: the faulting pc, then the frame-pointer walk. */
size_t ksan_port_fault_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
				   uintptr_t fp)
{
	if (!max)
		return 0;
	pcs[0] = pc;
	return 1 + (fp ? ksan_port_stack_trace(pcs + 1, max - 1, 0, fp) : 0);
}

/* No memos: the kernel's traces are for its tests, not its speed. */
KSAN_PORT_NO_TRACE_MEMOS

int ksan_port_symbolize(uintptr_t pc, int is_return_address,
			struct ksan_symbol *sym)
{
	const char *name;
	uintptr_t start, size, at = is_return_address ? pc - 1 : pc;

	if (kport_symbol(at, &name, &start, &size))
		return -1;
	sym->function = name;
	sym->offset = pc - start;
	sym->size = size;
	return 0;
}

/* No debug information in the kernel's table: the one real function. */
int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max)
{
	if (max < 1 || ksan_port_symbolize(pc, is_return_address, syms))
		return 0;
	return 1;
}
