/*
 * This file contains the malloc family, glibc's documented replacement
 * set, so the C library's own allocations (strdup, fopen, getline...) go
 * through ksan too.  Each entry point records itself and its caller for the
 * allocation/free stacks, and turns the heap's errors into errno or reports.
 * Stubs of glibc's other malloc functions keep static links free of libc's
 * allocator.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <malloc.h>
#include <stdlib.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../kfence/kfence.h"

#define CALLER(fn)							\
	struct kasan_caller cl = { (uintptr_t)(fn),			\
		(uintptr_t)__builtin_return_address(0),			\
		(uintptr_t)__builtin_frame_address(0), 0 }
#define ENTRY PORT_API __attribute__((noinline))

/* Size and alignment together over the maximum (kasan_malloc's test). */
static int too_big(size_t size, size_t align)
{
	size_t extra = align > 16 ? align : 0;

	return size > KASAN_MAX_ALLOC || extra > KASAN_MAX_ALLOC - size;
}

static int pow2(size_t a)
{
	return a && !(a & (a - 1));
}

/*
 * An allocation that cannot be made: NULL with errno, or a report.  type is
 * ASan's word for it (invalid-aligned-alloc-alignment, calloc-overflow...);
 * 0 lets the size decide between allocation-size-too-big (a is the size, b
 * the alignment: together over the maximum) and out-of-memory.
 */
static void *failed(int err, size_t a, size_t b, const char *type,
		    const struct kasan_caller *cl)
{
	if (!type)
		type = err == KASAN_EINVAL ? "invalid-allocation-alignment" :
		       too_big(a, b) ? "allocation-size-too-big" : "out-of-memory";
	if (!core_opt.allocator_may_return_null)
		port_heap_report_alloc(type, a, b, cl->pc, cl->fp, cl->entry);
	errno = err == KASAN_EINVAL ? EINVAL : ENOMEM;
	return 0;
}

static void *do_alloc(size_t size, size_t align, int flags,
		      const struct kasan_caller *cl)
{
	int err;
	void *p;

	port_ensure_init();
	/* --ksan=kasan,kfence: one allocation in a sample goes to KFENCE
	 * (zeroed already); the counter stays huge when KFENCE is off */
	p = kfence_alloc(size, align, cl->entry, cl->pc, cl->fp);
	if (unlikely(p)) {
		port_heap_sampled(p, size, flags, cl);
		goto out;
	}
	p = port_heap_malloc(size, align, flags, cl, &err);
	if (unlikely(!p))
		return failed(err, size, align, 0, cl);
out:
	port_leak_note_alloc(p);	/* inside __lsan_disable(): never a leak */
	/* a fuzzer's hook (sanitizer.c) sees every object made */
	if (unlikely(__atomic_load_n(&port_heap_hooks, __ATOMIC_RELAXED)))
		port_run_malloc_hooks(p, size);
	return p;
}

/* Every object given back goes through here (free, realloc): a fuzzer's
 * hook sees it first. */
static void do_free(void *p, const struct kasan_caller *cl)
{
	if (unlikely(__atomic_load_n(&port_heap_hooks, __ATOMIC_RELAXED)))
		port_run_free_hooks(p);
	if (unlikely(is_kfence_address(p)))
		kfence_free(p, cl->entry, cl->pc, cl->fp);
	else
		port_heap_free(p, cl);
}

ENTRY void *malloc(size_t size)
{
	CALLER(malloc);
	return do_alloc(size, 0, 0, &cl);
}

ENTRY void free(void *p)
{
	CALLER(free);
	if (!p)
		return;
	port_ensure_init();
	do_free(p, &cl);
}

ENTRY void *calloc(size_t n, size_t size)
{
	CALLER(calloc);
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		port_ensure_init();
		return failed(KASAN_ENOMEM, n, size, "calloc-overflow", &cl);
	}
	return do_alloc(total, 0, KASAN_ZERO, &cl);
}

static void *do_realloc(void *p, size_t size, const struct kasan_caller *cl)
{
	size_t old;
	void *q;

	port_ensure_init();
	if (!p)
		return do_alloc(size, 0, 0, cl);
	if (is_kfence_address(p)) {
		if (!size) {
			do_free(p, cl);
			return 0;
		}
		old = kfence_realloc_size(p, cl->entry, cl->pc, cl->fp);
		if (old == (size_t)-1)
			return 0;
		q = do_alloc(size, 0, 0, cl);
		if (!q)
			return 0;
		port_heap_copy(q, p, old < size ? old : size, cl);
		do_free(p, cl);
		return q;
	}
	if (!size) {		/* glibc: free and return NULL */
		do_free(p, cl);
		return 0;
	}
	old = port_heap_realloc_size(p, cl);
	if (old == (size_t)-1)
		return 0;
	q = do_alloc(size, 0, 0, cl);
	if (!q)
		return 0;	/* the old block stays valid, as C says */
	{
		/* the new block's allocation stack is the copy's and the old
		 * block's free stack: walk it once */
		struct kasan_caller scl = *cl;

		scl.stack = port_heap_alloc_stack(q);
		port_heap_copy(q, p, old < size ? old : size, &scl);
		do_free(p, &scl);
	}
	return q;
}

ENTRY void *realloc(void *p, size_t size)
{
	CALLER(realloc);
	return do_realloc(p, size, &cl);
}

ENTRY void *reallocarray(void *p, size_t n, size_t size)
{
	CALLER(reallocarray);
	size_t total;

	if (__builtin_mul_overflow(n, size, &total)) {
		port_ensure_init();
		return failed(KASAN_ENOMEM, n, size, "reallocarray-overflow", &cl);
	}
	return do_realloc(p, total, &cl);
}

/* POSIX: EINVAL for an alignment that is not a power of two multiple of
 * sizeof(void *), ENOMEM when out of memory; errno and *out are left
 * alone either way.  ASan reports both unless allocator_may_return_null. */
ENTRY int posix_memalign(void **out, size_t align, size_t size)
{
	CALLER(posix_memalign);
	int e = errno;
	void *p;

	if (!pow2(align) || align % sizeof(void *)) {
		port_ensure_init();
		failed(KASAN_EINVAL, size, align, "invalid-posix-memalign-alignment", &cl);
		errno = e;
		return EINVAL;
	}
	p = do_alloc(size, align, 0, &cl);
	if (!p) {
		errno = e;
		return ENOMEM;
	}
	*out = p;
	port_libc_wrote(out, sizeof(*out));	/* KMSAN: the runtime stored it */
	return 0;
}

/* C17 (DR 460): only the alignment must be valid, the size need not be a
 * multiple of it (glibc agrees; ASan's aligned_alloc still asks for it,
 * ksan does not report a correct C17 program). */
ENTRY void *aligned_alloc(size_t align, size_t size)
{
	CALLER(aligned_alloc);
	if (!pow2(align)) {
		port_ensure_init();
		return failed(KASAN_EINVAL, size, align, "invalid-aligned-alloc-alignment", &cl);
	}
	return do_alloc(size, align, 0, &cl);
}

/* memalign(0, n) is malloc(n), as in glibc and ASan. */
ENTRY void *memalign(size_t align, size_t size)
{
	CALLER(memalign);
	if (align & (align - 1)) {
		port_ensure_init();
		return failed(KASAN_EINVAL, size, align, "invalid-allocation-alignment", &cl);
	}
	return do_alloc(size, align, 0, &cl);
}

ENTRY void *valloc(size_t size)
{
	CALLER(valloc);
	return do_alloc(size, 4096, 0, &cl);
}

ENTRY void *pvalloc(size_t size)
{
	CALLER(pvalloc);
	size_t rounded = ROUND_UP(size ? size : 1, 4096);

	if (rounded < size) {
		port_ensure_init();
		return failed(KASAN_ENOMEM, size, 4096, "pvalloc-overflow", &cl);
	}
	return do_alloc(rounded, 4096, 0, &cl);
}

/* The requested size, as ASan returns it: the class tail stays poisoned. */
ENTRY size_t malloc_usable_size(void *p)
{
	size_t n;

	if (!p)
		return 0;
	port_ensure_init();
	if (is_kfence_address(p))
		return kfence_ksize(p);
	n = port_heap_usable_size(p);
	return n == (size_t)-1 ? 0 : n;
}

/* glibc's other malloc interfaces: ksan's heap has nothing to tune. */
PORT_API int mallopt(int param, int value)
{
	(void)param;
	(void)value;
	return 1;
}

PORT_API int malloc_trim(size_t pad)
{
	(void)pad;
	return 0;
}

/* glibc's only: musl has no struct mallinfo (libc.h) */
#if defined(PORT_LIBC_GLIBC) && defined(KSAN_PORT_KMSAN) && defined(__x86_64__)
/*
 * KMSAN: a returned struct this large goes through a slot in the
 * (instrumented) caller's frame, which the runtime's plain stores would
 * leave poisoned.  The x86-64 ABI passes the slot's address in %rdi and
 * returns it in %rax: the same as a function taking and returning that
 * pointer, so the runtime marks the slot it filled.
 */
struct mallinfo *port_mallinfo(struct mallinfo *m) __asm__("mallinfo");
struct mallinfo2 *port_mallinfo2(struct mallinfo2 *m) __asm__("mallinfo2");

PORT_API struct mallinfo *port_mallinfo(struct mallinfo *m)
{
	core_memset(m, 0, sizeof(*m));
	port_libc_wrote(m, sizeof(*m));
	return m;
}

PORT_API struct mallinfo2 *port_mallinfo2(struct mallinfo2 *m)
{
	core_memset(m, 0, sizeof(*m));
	port_libc_wrote(m, sizeof(*m));
	return m;
}
#elif defined(PORT_LIBC_GLIBC)
PORT_API struct mallinfo mallinfo(void)
{
	struct mallinfo m;

	core_memset(&m, 0, sizeof(m));
	return m;
}

PORT_API struct mallinfo2 mallinfo2(void)
{
	struct mallinfo2 m;

	core_memset(&m, 0, sizeof(m));
	return m;
}
#endif

PORT_API void malloc_stats(void)
{
}
