/*
 * This file contains the kernel layout's first lines for a report that has
 * no memory access (an allocation that cannot be made, an invalid pointer
 * pair, a pool destroyed with objects in use): the kernel's WARN() line,
 *
 *   WARNING: CPU: 3 PID: 4242 at src/parse.c:42 parse+0x5a/0xb0
 *
 * which is how the kernel reports a bad argument or state it found without
 * an access (syzkaller: "WARNING in parse", not corrupted; a "BUG: KASAN:"
 * title needs a "Read/Write of size" line), followed by the detector's own
 * words, "KASAN: calloc-overflow in parse+0x5a/0xb0".
 *
 * And a fault the detector can place no closer than an address range (an
 * inline check whose shadow load faulted) or not at all: the kernel's
 * general protection fault header, with KASAN's range line and the RIP
 * line the kernel prints (syzkaller: "general protection fault in parse").
 */
#include "core.h"

void core_print_warning(const char *detector, const char *type, uintptr_t pc, int is_ret)
{
	struct ksan_symbol syms[CORE_INLINE_MAX];
	char fn[256];
	int cpu = ksan_port_cpu_id(), nf;

	core_memset(syms, 0, sizeof(syms));
	nf = ksan_port_symbolize_frames(pc, is_ret, syms, CORE_INLINE_MAX);
	core_format_function(fn, sizeof(fn), pc, is_ret);
	core_bprintf(&core_rbuf, "WARNING: ");
	if (cpu >= 0)
		core_bprintf(&core_rbuf, "CPU: %d ", cpu);
	core_bprintf(&core_rbuf, "PID: %u at ", (unsigned)ksan_port_thread_id());
	/* the innermost (inlined) frame's line, as the kernel's __FILE__:__LINE__ */
	if (nf > 0 && syms[0].file)
		core_bprintf(&core_rbuf, "%s:%u ", core_file(syms[0].file), syms[0].line);
	core_bprintf(&core_rbuf, "%s\n%s: %s in %s\n", fn, detector, type, fn);
}

void core_print_gpf(const char *detector, const char *type, uintptr_t lo, uintptr_t hi,
		    int range_known, uintptr_t pc, int is_ret)
{
	char fn[256], task[64];
	int cpu = ksan_port_cpu_id();

	core_format_function(fn, sizeof(fn), pc, is_ret);
	ksan_port_thread_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "general protection fault: 0000 [#1] %s\n", detector);
	if (range_known)
		core_bprintf(&core_rbuf, "%s: %s in range [0x%016lx-0x%016lx]\n", detector, type,
			     (unsigned long)lo, (unsigned long)hi);
	else
		core_bprintf(&core_rbuf, "%s: %s in %s, address unknown\n", detector, type, fn);
	if (cpu >= 0)
		core_bprintf(&core_rbuf, "CPU: %d ", cpu);
	core_bprintf(&core_rbuf, "PID: %u Comm: %s\nRIP: 0033:%s\n", (unsigned)ksan_port_thread_id(),
		     task[0] ? task : "?", fn);
}
