/*
 * This file contains ksan.h's type-confusion calls for the runtimes without
 * generic KASAN (KMSAN, KCSAN, tag-based KASAN, the KFENCE preload): the
 * plain expressions the KSAN_* macros are without ksan (an object typed is
 * just the object, a checked container_of just the subtraction).  Weak:
 * where generic KASAN is in the same archive, src/kasan/types.c's win.
 */
#include "core.h"

#define API __attribute__((visibility("default"), noinline, weak))

API void *ksan_set_type(const volatile void *obj, const struct ksan_type *type)
{
	return (void *)(uintptr_t)obj;
}

API void *ksan_check_type(const volatile void *ptr, const struct ksan_type *type,
			  size_t member_offset, const char *member)
{
	return (void *)((uintptr_t)ptr - member_offset);
}

API void ksan_pool_set_type(struct ksan_pool *pool, const struct ksan_type *type)
{
}

API void ksan_type_scope_end(void *slot)
{
}
