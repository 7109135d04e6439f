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
