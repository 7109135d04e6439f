/*
 * This file contains ksan.h's pool and per-CPU area calls for the runtimes without generic
 * KASAN (KMSAN, KCSAN, tag-based KASAN, the KFENCE preload): honest no-ops,
 * as the KSAN_POOL_* macros are without ksan, so that a program built with
 * ksan-cc links and runs the same under each: no pool (NULL), and every
 * freed object goes back to the allocator at once.  Weak: where generic
 * KASAN is in the same archive (libksan.a, libksan_core.a), src/kasan/pool.c's
 * definitions win.
 */
#include "core.h"

#define API __attribute__((visibility("default"), noinline, weak))

API struct ksan_pool *ksan_pool_create(const char *name, size_t object_size,
				       ksan_pool_release_fn release, void *arg)
{
	return 0;
}

API void ksan_pool_destroy(struct ksan_pool *pool)
{
}

API void ksan_pool_alloc(struct ksan_pool *pool, const volatile void *obj, size_t size)
{
}

API int ksan_pool_free(struct ksan_pool *pool, const volatile void *obj)
{
	return 1;
}

API void ksan_pool_add_memory(struct ksan_pool *pool, const volatile void *addr, size_t size)
{
}

API struct ksan_percpu *ksan_percpu_create(const char *name, unsigned ncpus, size_t stride,
					   ksan_pool_release_fn release, void *arg)
{
	return 0;
}

API void ksan_percpu_add_memory(struct ksan_percpu *pc, const volatile void *addr, size_t size)
{
}

API void ksan_percpu_alloc(struct ksan_percpu *pc, const volatile void *obj, size_t size)
{
}

API int ksan_percpu_free(struct ksan_percpu *pc, const volatile void *obj)
{
	return 1;
}
