/*
 * This file contains ksan.h's leak detection calls for the runtimes
 * without generic KASAN's heap (KMSAN, KCSAN, tag-based KASAN, the KFENCE
 * preload): no leaks are looked for, so ksan_leak_check() says -1 and the
 * LeakSanitizer names do nothing, and a program written for either links
 * and runs the same under each.  Weak: where generic KASAN is in the same
 * archive (libksan.a, libksan_core.a), src/leak/api.c's and the Linux
 * port's definitions win.
 */
#include "core.h"

#define API __attribute__((visibility("default"), noinline, weak))

API int ksan_leak_check(void)
{
	return -1;
}

API void __lsan_do_leak_check(void)
{
}

API int __lsan_do_recoverable_leak_check(void)
{
	return 0;
}

API void __lsan_disable(void)
{
}

API void __lsan_enable(void)
{
}

API void __lsan_ignore_object(const void *p)
{
}
