/*
 * This file contains KMSAN's public calls (include/ksan/ksan.h): checks of
 * a program's own boundaries and explicit (un)poisoning, under ksan's names
 * and MemorySanitizer's, and what KASAN's calls mean under KMSAN.  The
 * names are in parentheses: without KMSAN, ksan.h makes ksan_check_memory
 * a macro that does nothing.
 */
#include "kmsan.h"

#define API __attribute__((visibility("default"), noinline))
#define CALLER (uintptr_t)__builtin_return_address(0), \
	(uintptr_t)__builtin_frame_address(0)

API void (ksan_check_memory)(const volatile void *addr, size_t size, const char *what)
{
	kmsan_check_memory((const void *)addr, size, KMSAN_USER, what ? what : "user",
			   CALLER);
}

API void ksan_unpoison_memory(const volatile void *addr, size_t size)
{
	kmsan_unpoison((const void *)addr, size);
}

API void ksan_poison_memory(const volatile void *addr, size_t size)
{
	kmsan_poison((const void *)addr, size,
		     kmsan_origin_chain(kmsan_origin_alloc(0), CALLER));
}

API void __msan_unpoison(const volatile void *addr, size_t size)
{
	kmsan_unpoison((const void *)addr, size);
}

API void __msan_poison(const volatile void *addr, size_t size)
{
	kmsan_poison((const void *)addr, size,
		     kmsan_origin_chain(kmsan_origin_alloc(0), CALLER));
}

API void __msan_check_mem_is_initialized(const volatile void *addr, size_t size)
{
	/* a use, as MemorySanitizer reports it (use-of-uninitialized-value,
	 * "Uninitialized bytes in __msan_check_mem_is_initialized"): not a
	 * boundary the bytes leave by */
	kmsan_check_memory((const void *)addr, size, KMSAN_USE,
			   "__msan_check_mem_is_initialized", CALLER);
}

/* MemorySanitizer's query (zstd asserts with it that a workspace table it
 * is about to poison again is still clean): the offset of the first byte
 * with an uninitialised bit in [addr, addr+size), -1 if there is none. */
API intptr_t __msan_test_shadow(const volatile void *addr, size_t size)
{
	size_t i = kmsan_first_uninit((const void *)addr, size);

	return i < size ? (intptr_t)i : -1;
}

/*
 * KASAN's calls (a program's own pools and allocators) under KMSAN, which
 * has no addressability: poisoning a range says its contents are dead, so
 * it becomes uninitialised (the call is its origin's link, as for
 * ksan_poison_memory); unpoisoning says "addressable", not "written", so
 * it changes nothing (a pool object handed out again reads as
 * uninitialised until written, as a fresh malloc does); an addressability
 * check or query finds nothing wrong; auxiliary stacks are not kept.
 * Weak: in an archive that also holds KASAN (libksan_core.a), KASAN's
 * definitions win.
 */
#define KASAN_API API __attribute__((weak))

KASAN_API void ksan_poison(const volatile void *addr, size_t size)
{
	kmsan_poison((const void *)addr, size,
		     kmsan_origin_chain(kmsan_origin_alloc(0), CALLER));
}

KASAN_API void ksan_unpoison(const volatile void *addr, size_t size)
{
}

KASAN_API void *ksan_region_is_poisoned(const volatile void *addr, size_t size)
{
	return 0;
}

KASAN_API int ksan_address_is_poisoned(const volatile void *addr)
{
	return 0;
}

KASAN_API void ksan_check_read(const volatile void *addr, size_t size)
{
}

KASAN_API void ksan_check_write(const volatile void *addr, size_t size)
{
}

KASAN_API void ksan_record_aux_stack(const volatile void *ptr)
{
}
