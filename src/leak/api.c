/*
 * This file contains the leak detector's calls for the program (ksan.h):
 * ksan_leak_check() and LeakSanitizer's interface as ASan has it
 * (__lsan_do_leak_check, __lsan_do_recoverable_leak_check,
 * __lsan_ignore_object; __lsan_disable and __lsan_enable are the port's,
 * which keeps the per-thread count), and the check at exit the port calls.
 */
#include "leak.h"

#define API __attribute__((visibility("default"), noinline))

static int final_check_done;	/* __lsan_do_leak_check or the exit's */

/* Leaks at the end: leak_exitcode, LeakSanitizer's 23 unless set
 * (abort_on_error: abort). */
void leak_die(void)
{
	if (core_opt.abort_on_error)
		ksan_port_abort();
	ksan_port_exit((int)core_opt.leak_exitcode);
}

/*
 * detect_leaks not given: on where generic KASAN instruments the program,
 * as ASan runs LeakSanitizer by default on Linux; off where libksan.a only
 * serves KFENCE or UBSAN, as GWP-ASan and UBSan never look for leaks
 * (production programs leave memory to exit on purpose).
 */
void leak_set_default(int instrumented)
{
	if (core_opt.detect_leaks < 0)
		core_opt.detect_leaks = instrumented ? 1 : 0;
}

long leak_at_exit(void)
{
	if (!core_opt.detect_leaks || !core_opt.leak_check_at_exit ||
	    __atomic_exchange_n(&final_check_done, 1, __ATOMIC_RELAXED))
		return 0;
	return leak_check(1);
}

API int ksan_leak_check(void)
{
	long n;

	if (!core_opt.detect_leaks)
		return 0;
	n = leak_check(0);
	return n > 0x7fffffff ? 0x7fffffff : (int)n;
}

API void __lsan_do_leak_check(void)
{
	if (!core_opt.detect_leaks || __atomic_exchange_n(&final_check_done, 1, __ATOMIC_RELAXED))
		return;
	if (leak_check(0) > 0)
		leak_die();
}

API int __lsan_do_recoverable_leak_check(void)
{
	return core_opt.detect_leaks && leak_check(0) > 0;
}

int leak_ignore(const void *p)
{
	return core_heap_ignore(p);
}

API void __lsan_ignore_object(const void *p)
{
	if (leak_ignore(p) < 0 && core_opt.verbosity)
		core_printf("ksan: __lsan_ignore_object(%p): not in a live heap object\n", p);
}
