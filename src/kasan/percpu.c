/*
 * This file contains per-CPU areas (ksan.h's ksan_percpu_*) on top of the
 * checked pools (pool.c): one pool per CPU, each holding that CPU's copies,
 * so every copy has its own record, red zone and poisoning, and a report
 * finds the copy it hit as it finds a pool object.  CPU 0's pool carries
 * the release function and so the quarantine (a freed object goes back to
 * the allocator once, for all its copies); the other CPUs' copies are
 * poisoned as freed at once and stay so until handed out again.  The
 * caller's stack is saved once and given to every copy.
 */
#include "kasan.h"

#define API __attribute__((visibility("default"), noinline))
#define MAX_CPUS 64

struct ksan_percpu {
	unsigned ncpus;
	size_t stride;
	struct ksan_pool *pool[MAX_CPUS];	/* set at create, then read-only */
};

API struct ksan_percpu *ksan_percpu_create(const char *name, unsigned ncpus, size_t stride,
					   ksan_pool_release_fn release, void *arg)
{
	struct ksan_percpu *pc;
	unsigned i;

	if (!kasan_ready || !ncpus || ncpus > MAX_CPUS || !stride)
		return 0;
	pc = ksan_port_map(sizeof(*pc));
	if (!pc)
		return 0;
	pc->ncpus = ncpus;
	pc->stride = stride;
	for (i = 0; i < ncpus; i++) {
		pc->pool[i] = kasan_pool_create_as(name, 0, i ? 0 : release, i ? 0 : arg,
						   (int)i + 1, stride);
		if (!pc->pool[i]) {
			while (i--)
				ksan_pool_destroy(pc->pool[i]);
			ksan_port_unmap(pc, sizeof(*pc));
			return 0;
		}
	}
	return pc;
}

API void ksan_percpu_add_memory(struct ksan_percpu *pc, const volatile void *addr, size_t size)
{
	unsigned i;

	if (!pc)
		return;
	for (i = 0; i < pc->ncpus; i++)
		ksan_pool_add_memory(pc->pool[i], (const char *)addr + i * pc->stride, size);
}

API void ksan_percpu_alloc(struct ksan_percpu *pc, const volatile void *obj, size_t size)
{
	depot_handle_t stack;
	uint32_t tid;
	unsigned i;

	if (!pc || !kasan_ready || !obj)
		return;
	stack = kasan_pool_stack((uintptr_t)ksan_percpu_alloc,
				 (uintptr_t)__builtin_return_address(0),
				 (uintptr_t)__builtin_frame_address(0), &tid);
	for (i = 0; i < pc->ncpus; i++)
		kasan_pool_alloc_as(pc->pool[i], (uintptr_t)obj + i * pc->stride, size, stack, tid);
}

API int ksan_percpu_free(struct ksan_percpu *pc, const volatile void *obj)
{
	uintptr_t pcaller = (uintptr_t)__builtin_return_address(0);
	uintptr_t fp = (uintptr_t)__builtin_frame_address(0);
	depot_handle_t stack;
	uint32_t tid;
	unsigned i;
	int bad = 0, now;

	if (!pc || !kasan_ready)
		return 1;
	if (!obj)
		return 0;
	stack = kasan_pool_stack((uintptr_t)ksan_percpu_free, pcaller, fp, &tid);
	/* CPU 0's copy decides: a bad free is reported once, for it alone */
	now = kasan_pool_free_as(pc->pool[0], (uintptr_t)obj, stack, tid, pcaller, fp,
				 (uintptr_t)ksan_percpu_free, &bad);
	if (bad)
		return 0;
	for (i = 1; i < pc->ncpus; i++)
		kasan_pool_free_as(pc->pool[i], (uintptr_t)obj + i * pc->stride, stack, tid,
				   pcaller, fp, (uintptr_t)ksan_percpu_free, 0);
	return now;
}
