/*
 * This file contains the compiler ABI of -fsanitize=kernel-address as GCC 12
 * and Clang 14 emit it: the outline checks (__asan_load*, __asan_store*),
 * the report calls of inline checks (__asan_report_*), and the hooks both
 * compilers call.  Compiler ABI: names and signatures must not change.
 *
 * Every entry point captures its caller's pc and frame here, so the report
 * starts at the instrumented code, not inside the runtime.
 */
#include "kasan.h"
#include "../core/abi.h"

#define ABI __attribute__((visibility("default"), used))
#define RET() ((uintptr_t)__builtin_return_address(0))
#define FRAME() ((uintptr_t)__builtin_frame_address(0))

/*
 * The outline checks' fast path: an access inside one granule whose shadow
 * allows it (almost every access) returns after one shadow load; anything
 * else takes the generic range check, which also reports.  No kasan_ready
 * test, as in the compilers' inline checks: the port makes the shadow
 * usable (.preinit_array) before any instrumented code runs.
 */
static inline __attribute__((always_inline)) int fast_ok(uintptr_t a, size_t size)
{
	int8_t s;

	if (unlikely(a - KASAN_NULL_LIMIT >= KASAN_ADDR_LIMIT - KASAN_NULL_LIMIT - 16))
		return 0;
	if (size == 16)
		return !(a & 7) && !*(const uint16_t *)kasan_shadow(a);
	s = *kasan_shadow(a);
	if (likely(s == 0))
		return size == 1 || (a & 7) + size <= 8;
	return (int8_t)((a & 7) + size - 1) < s;
}

/* Makes, for size 1, 2, 4, 8, 16: __asan_load<size>, __asan_store<size>,
 * __asan_load<size>_noabort, __asan_store<size>_noabort,
 * __asan_report_load<size>, __asan_report_store<size>,
 * __asan_report_load<size>_noabort, __asan_report_store<size>_noabort
 * (e.g. __asan_load4, __asan_report_store8_noabort).  The _noabort checks
 * are weak: a port whose fault handler takes over the range test replaces
 * them (the Linux port on x86-64: port/linux/kasan/outline_x86_64.S). */
#define DEFINE_CHECK(size)						\
ABI __attribute__((noinline, weak)) void __asan_load##size##_noabort(uintptr_t a) \
{ if (likely(fast_ok(a, size))) return;					\
  kasan_check_range(a, size, 0, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline, weak)) void __asan_store##size##_noabort(uintptr_t a) \
{ if (likely(fast_ok(a, size))) return;					\
  kasan_check_range(a, size, 1, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline)) void __asan_load##size(uintptr_t a)	\
{ if (!kasan_check_range(a, size, 0, RET(), FRAME(), 0)) core_halt(); }	\
ABI __attribute__((noinline)) void __asan_store##size(uintptr_t a)	\
{ if (!kasan_check_range(a, size, 1, RET(), FRAME(), 0)) core_halt(); }	\
ABI __attribute__((noinline)) void __asan_report_load##size##_noabort(uintptr_t a) \
{ kasan_report(a, size, 0, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline)) void __asan_report_store##size##_noabort(uintptr_t a) \
{ kasan_report(a, size, 1, RET(), FRAME(), 0); }			\
ABI __attribute__((noinline)) void __asan_report_load##size(uintptr_t a) \
{ kasan_report(a, size, 0, RET(), FRAME(), 0); core_halt(); }		\
ABI __attribute__((noinline)) void __asan_report_store##size(uintptr_t a) \
{ kasan_report(a, size, 1, RET(), FRAME(), 0); core_halt(); }

DEFINE_CHECK(1)
DEFINE_CHECK(2)
DEFINE_CHECK(4)
DEFINE_CHECK(8)
DEFINE_CHECK(16)

/* Makes __asan_loadN_noabort, __asan_storeN_noabort, __asan_loadN,
 * __asan_storeN (core/abi.h). */
CORE_DEFINE_CHECK_N(__asan, kasan_check_range)

/*
 * ksan-opt's range check (tools/ksan-opt, docs/optimizer.md): called once
 * before a loop whose accesses it has bounded, it returns 0 only when every
 * byte of [lo, lo+size) is addressable now; the loop then runs a copy whose
 * accesses carry no check.  Anything else (a bad byte, a range that wraps
 * or leaves the shadowed addresses, a size over 1 GiB that would cost more
 * to scan than the loop, a runtime not ready yet) returns 1 and the fully
 * checked loop runs, which reports the first bad access itself.  Reports
 * nothing.
 */
ABI __attribute__((noinline)) int __ksan_range_poisoned(uintptr_t lo, size_t size)
{
	if (unlikely(!size || size > ((size_t)1 << 30) || !kasan_ready))
		return 1;
	return !kasan_range_clean(lo, size);
}

/* Inline checks found a bad byte; the runtime re-checks the whole range so
 * the report names the first bad byte (the compiler tests one granule). */
ABI __attribute__((noinline)) void __asan_report_load_n_noabort(uintptr_t a, size_t n)
{
	kasan_report(a, n, 0, RET(), FRAME(), 0);
}
ABI __attribute__((noinline)) void __asan_report_store_n_noabort(uintptr_t a, size_t n)
{
	kasan_report(a, n, 1, RET(), FRAME(), 0);
}
ABI __attribute__((noinline)) void __asan_report_load_n(uintptr_t a, size_t n)
{
	kasan_report(a, n, 0, RET(), FRAME(), 0);
	core_halt();
}
ABI __attribute__((noinline)) void __asan_report_store_n(uintptr_t a, size_t n)
{
	kasan_report(a, n, 1, RET(), FRAME(), 0);
	core_halt();
}

/* The kernel's explicit checks, for hand-annotated code. */
ABI __attribute__((noinline)) int __kasan_check_read(const volatile void *p, unsigned size)
{
	return kasan_check_range((uintptr_t)p, size, 0, RET(), FRAME(), 0);
}
ABI __attribute__((noinline)) int __kasan_check_write(const volatile void *p, unsigned size)
{
	return kasan_check_range((uintptr_t)p, size, 1, RET(), FRAME(), 0);
}

/* User-mode objects (-fsanitize=address) also call these.  The runtime is
 * already up: the port starts it before any constructor. */
ABI void __asan_init(void)
{
}
ABI void __asan_version_mismatch_check_v8(void)
{
}

/*
 * <sanitizer/asan_interface.h>: what projects that annotate their own pools
 * for ASan call.  Same meaning as ksan.h's functions.
 */
ABI void __asan_poison_memory_region(const volatile void *addr, size_t size)
{
	ksan_poison(addr, size);
}
ABI void __asan_unpoison_memory_region(const volatile void *addr, size_t size)
{
	ksan_unpoison(addr, size);
}
ABI int __asan_address_is_poisoned(const volatile void *addr)
{
	return ksan_address_is_poisoned(addr);
}
ABI void *__asan_region_is_poisoned(void *addr, size_t size)
{
	return ksan_region_is_poisoned(addr, size);
}
ABI void __asan_describe_address(void *addr)
{
	kasan_describe_address((uintptr_t)addr);
}
ABI __attribute__((noinline)) void __sanitizer_print_stack_trace(void)
{
	kasan_print_stack(RET(), FRAME());
}
