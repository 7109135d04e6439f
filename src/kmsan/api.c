/*
 * This file contains KMSAN's public calls (include/ksan/ksan.h): checks of
 * a program's own boundaries and explicit (un)poisoning, under ksan's names
 * and MemorySanitizer's.  The names are in parentheses: without KMSAN,
 * ksan.h makes ksan_check_memory a macro that does nothing.
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
	kmsan_check_memory((const void *)addr, size, KMSAN_USER, "check_mem_is_initialized",
			   CALLER);
}
