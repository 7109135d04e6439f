/*
 * This file contains what the detectors' compiler ABI files (kasan/abi.c,
 * tags/abi.c) share: the outline checks of n bytes, the same four entry
 * points for every detector whose checks are address ranges.
 */
#ifndef KSAN_CORE_ABI_H
#define KSAN_CORE_ABI_H

#include <stddef.h>
#include <stdint.h>
#include "core.h"

/*
 * CORE_DEFINE_CHECK_N(pfx, check) makes pfx_loadN_noabort,
 * pfx_storeN_noabort, pfx_loadN and pfx_storeN (e.g. with __asan:
 * __asan_loadN_noabort, __asan_storeN_noabort, __asan_loadN, __asan_storeN;
 * with __hwasan: __hwasan_loadN ...).  check is the detector's range check,
 * check(addr, n, is_write, pc, fp, entry), 0 after a report; the aborting
 * forms then stop the program.  Each captures its caller's pc and frame.
 */
#define CORE_ABI_N __attribute__((visibility("default"), used, noinline))
#define CORE_CHECK_N(check, a, n, w)					\
	check(a, n, w, (uintptr_t)__builtin_return_address(0),		\
	      (uintptr_t)__builtin_frame_address(0), 0)
#define CORE_DEFINE_CHECK_N(pfx, check)					\
CORE_ABI_N void pfx##_loadN_noabort(uintptr_t a, size_t n)		\
{ CORE_CHECK_N(check, a, n, 0); }					\
CORE_ABI_N void pfx##_storeN_noabort(uintptr_t a, size_t n)		\
{ CORE_CHECK_N(check, a, n, 1); }					\
CORE_ABI_N void pfx##_loadN(uintptr_t a, size_t n)			\
{ if (!CORE_CHECK_N(check, a, n, 0)) core_halt(); }			\
CORE_ABI_N void pfx##_storeN(uintptr_t a, size_t n)			\
{ if (!CORE_CHECK_N(check, a, n, 1)) core_halt(); }

#endif
