/*
 * This file contains KFENCE's sampled guard-page allocator: a pool of object
 * pages, each between protected guard pages, reserved once; one allocation
 * per sample interval (or one in every N) is placed at the left or right
 * edge of a free object page, the rest of the page filled with canary
 * bytes; frees check the canaries, protect the page and keep it (LRU), so
 * overflows and use-after-free fault at once.  The port's fault handler
 * hands pool faults to kfence_handle_fault().
 */
#include "kfence.h"

#define PAGE 4096ul
#define CHECK_EVERY 256	/* allocations between two clock reads */
#define OFF (1l << 62)

long kfence_countdown;	/* 0: the first allocation takes the slow path */
uintptr_t kfence_pool_start, kfence_pool_size;

static ksan_lock_t kfence_lock;
static struct kfence_meta *meta;		/* kfence_num_objects entries */
static struct kfence_meta *free_head, *free_tail;	/* guarded by kfence_lock */
static unsigned long nobjects;
static uint64_t interval_ns, last_sample_ns;	/* guarded by kfence_lock */
static unsigned long every;
static unsigned placement;			/* alternates left/right */
const char *kfence_pool_cache;
static int disabled;				/* after an inconsistency */

/* debugfs-like counters (relaxed atomics) */
static unsigned long stat_allocated, stat_allocs, stat_frees, stat_bugs,
	stat_skip_capacity, stat_skip_incompatible;

static uintptr_t page_of(size_t i)
{
	return kfence_pool_start + (2 * i + 2) * PAGE;
}

static struct kfence_meta *meta_of(uintptr_t addr)
{
	size_t page;

	if (!is_kfence_address((void *)addr))
		return 0;
	page = (addr - kfence_pool_start) / PAGE;
	if (page < 2 || (page & 1))
		return 0;	/* a guard page */
	return &meta[page / 2 - 1];
}

static void warn_disable(const char *why)
{
	core_printf("ksan: KFENCE disabled: %s\n", why);
	disabled = 1;
	__atomic_store_n(&kfence_countdown, OFF, __ATOMIC_RELAXED);
}

static void reload(void)
{
	long next = disabled ? OFF : every ? (long)every : interval_ns ? CHECK_EVERY : OFF;

	__atomic_store_n(&kfence_countdown, next, __ATOMIC_RELAXED);
}

static const struct core_heap kfence_heap;

int kfence_init(const char *cache)
{
	size_t i, size;

	kfence_pool_cache = cache;
	nobjects = core_opt.kfence_num_objects;
	every = core_opt.kfence_sample_every;
	interval_ns = (uint64_t)core_opt.kfence_sample_interval * 1000000ull;
	if (core_opt.kfence_stats)
		stat_allocs = 0;
	if (!nobjects || (!every && !interval_ns) || ksan_port_page_size() != PAGE)
		return -1;
	if (nobjects > 65535)
		nobjects = 65535;
	size = (nobjects + 1) * 2 * PAGE;
	meta = ksan_port_map(ROUND_UP(nobjects * sizeof(*meta), PAGE));
	kfence_pool_start = (uintptr_t)ksan_port_map(size);
	if (!meta || !kfence_pool_start ||
	    ksan_port_protect((void *)kfence_pool_start, size, KSAN_PROT_NONE)) {
		core_printf("ksan: KFENCE: cannot set up a pool of %lu objects: KFENCE off\n",
			    nobjects);
		kfence_pool_start = 0;
		return -1;
	}
	for (i = 0; i < nobjects; i++) {
		meta[i].index = (uint32_t)i;
		meta[i].next = i + 1 < nobjects ? &meta[i + 1] : 0;
	}
	free_head = &meta[0];
	free_tail = &meta[nobjects - 1];
	last_sample_ns = ksan_port_time_ns();
	__atomic_store_n(&kfence_pool_size, size, __ATOMIC_RELEASE);
	reload();
	core_heap_register(&kfence_heap);
	return 0;
}

/* Alignment of a sampled object: what the caller asked, else the largest
 * power of two (up to 16) that divides size, so a right-placed object ends
 * at the guard page when it can. */
static size_t align_of(size_t size, size_t align)
{
	size_t a = size & -size;

	if (a > 16)
		a = 16;
	return align > a ? align : a;
}

static void fill_canary(uintptr_t page, uintptr_t obj, size_t size)
{
	uintptr_t a;

	for (a = page; a < obj; a++)
		*(uint8_t *)a = kfence_canary(a);
	for (a = obj + size; a < page + PAGE; a++)
		*(uint8_t *)a = kfence_canary(a);
}

static depot_handle_t capture(uintptr_t entry, uintptr_t pc, uintptr_t fp)
{
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	size_t max = core_opt.malloc_context_size + 1;	/* and the entry point */

	if (max > DEPOT_MAX_FRAMES)
		max = DEPOT_MAX_FRAMES;
	return core_depot_save(pcs, core_capture_stack(pcs, max, pc, fp, entry));
}

void *kfence_alloc_slow(size_t size, size_t align, uintptr_t entry,
			uintptr_t pc, uintptr_t fp)
{
	struct kfence_meta *m;
	depot_handle_t stack;
	uintptr_t page, obj;
	uint32_t tid;

	if (!kfence_pool_size || disabled) {
		__atomic_store_n(&kfence_countdown, OFF, __ATOMIC_RELAXED);
		return 0;
	}
	if (!every) {
		uint64_t now = ksan_port_time_ns();

		ksan_port_lock(&kfence_lock);
		if (now - last_sample_ns < interval_ns) {
			reload();
			ksan_port_unlock(&kfence_lock);
			return 0;
		}
		last_sample_ns = now;
		ksan_port_unlock(&kfence_lock);
	}
	reload();
	if (!size || size > PAGE || align > PAGE) {
		__atomic_add_fetch(&stat_skip_incompatible, 1, __ATOMIC_RELAXED);
		return 0;
	}
	/* the stack first, outside the pool lock (the depot has its own) */
	stack = capture(entry, pc, fp);
	tid = ksan_port_thread_id();

	ksan_port_lock(&kfence_lock);
	m = free_head;
	if (!m) {
		ksan_port_unlock(&kfence_lock);
		__atomic_add_fetch(&stat_skip_capacity, 1, __ATOMIC_RELAXED);
		return 0;
	}
	free_head = m->next;
	if (!free_head)
		free_tail = 0;
	m->next = 0;
	page = page_of(m->index);
	if (ksan_port_protect((void *)page, PAGE, KSAN_PROT_READ | KSAN_PROT_WRITE)) {
		ksan_port_unlock(&kfence_lock);
		warn_disable("cannot unprotect an object page");
		return 0;
	}
	if (m->unprotected_page == page)
		m->unprotected_page = 0;	/* the page is the object's again */
	if (placement++ & 1)
		obj = ROUND_DOWN(page + PAGE - size, align_of(size, align));
	else
		obj = page;
	fill_canary(page, obj, size);
	core_memset((void *)obj, 0, size);
	m->addr = obj;
	m->size = size;
	m->alloc_stack = stack;
	m->alloc_tid = tid;
	m->free_stack = 0;
	m->free_tid = 0;
	m->leak_ignored = 0;
	__atomic_store_n(&m->state, KFENCE_ALLOCATED, __ATOMIC_RELEASE);
	ksan_port_unlock(&kfence_lock);
	__atomic_add_fetch(&stat_allocated, 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&stat_allocs, 1, __ATOMIC_RELAXED);
	return (void *)obj;
}

/* First corrupted canary byte in [lo, hi), or 0. */
static uintptr_t bad_canary(uintptr_t lo, uintptr_t hi)
{
	for (; lo < hi; lo++)
		if (*(uint8_t *)lo != kfence_canary(lo))
			return lo;
	return 0;
}

/* Up to 16 bytes from a, for the corruption report (stops at page end). */
static size_t copy_bytes(uint8_t *out, uintptr_t a)
{
	uintptr_t end = ROUND_DOWN(a, PAGE) + PAGE;
	size_t n = 0;

	for (; n < 16 && a + n < end; n++)
		out[n] = *(uint8_t *)(a + n);
	return n;
}

static void bug(enum kfence_error type, uintptr_t addr, int write, size_t size,
		const struct kfence_meta *m, uintptr_t entry, uintptr_t pc,
		uintptr_t fp, const uint8_t *bytes, size_t n)
{
	__atomic_add_fetch(&stat_bugs, 1, __ATOMIC_RELAXED);
	kfence_report(type, addr, write, size, m, entry, pc, fp, bytes, n);
}

void kfence_free(void *p, uintptr_t entry, uintptr_t pc, uintptr_t fp)
{
	uintptr_t a = (uintptr_t)p, page, lo, hi;
	struct kfence_meta *m = meta_of(a), copy;
	depot_handle_t stack = capture(entry, pc, fp);
	uint8_t bytes[16];
	size_t n = 0;

	ksan_port_lock(&kfence_lock);
	if (!m || m->state != KFENCE_ALLOCATED || m->addr != a) {
		if (m)
			copy = *m;
		ksan_port_unlock(&kfence_lock);
		bug(KFENCE_ERROR_INVALID_FREE, a, 0, 0, m ? &copy : 0, entry, pc, fp, 0, 0);
		return;
	}
	m->free_stack = stack;
	m->free_tid = ksan_port_thread_id();
	page = ROUND_DOWN(a, PAGE);
	lo = bad_canary(page, a);
	hi = lo ? 0 : bad_canary(a + m->size, page + PAGE);
	if (lo || hi)
		n = copy_bytes(bytes, lo ? lo : hi);
	if (m->unprotected_page && m->unprotected_page != page) {
		/* a guard page a fault opened: close it again */
		core_memset((void *)m->unprotected_page, 0, PAGE);
		ksan_port_protect((void *)m->unprotected_page, PAGE, KSAN_PROT_NONE);
	}
	m->unprotected_page = 0;
	ksan_port_protect((void *)page, PAGE, KSAN_PROT_NONE);
	__atomic_store_n(&m->state, KFENCE_FREED, __ATOMIC_RELEASE);
	if (free_tail)
		free_tail->next = m;
	else
		free_head = m;
	free_tail = m;
	copy = *m;
	ksan_port_unlock(&kfence_lock);
	__atomic_sub_fetch(&stat_allocated, 1, __ATOMIC_RELAXED);
	__atomic_add_fetch(&stat_frees, 1, __ATOMIC_RELAXED);
	if (n)
		bug(KFENCE_ERROR_CORRUPTION, lo ? lo : hi, 0, 0, &copy, entry, pc, fp, bytes, n);
}

size_t kfence_ksize(const void *p)
{
	struct kfence_meta *m = meta_of((uintptr_t)p);
	size_t n = 0;

	if (!m)
		return 0;
	ksan_port_lock(&kfence_lock);
	if (m->state == KFENCE_ALLOCATED && m->addr == (uintptr_t)p)
		n = m->size;
	ksan_port_unlock(&kfence_lock);
	return n;
}

int kfence_find_object(uintptr_t addr, struct kfence_meta *copy)
{
	struct kfence_meta *m = meta_of(addr);
	int found = 0;

	if (!m)
		return 0;
	ksan_port_lock(&kfence_lock);
	if (m->state != KFENCE_UNUSED) {
		*copy = *m;
		found = 1;
	}
	ksan_port_unlock(&kfence_lock);
	return found;
}

size_t kfence_realloc_size(void *p, uintptr_t entry, uintptr_t pc, uintptr_t fp)
{
	size_t n = kfence_ksize(p);

	if (n)
		return n;
	kfence_free(p, entry, pc, fp);	/* reports the bad pointer */
	return (size_t)-1;
}

int kfence_handle_fault(uintptr_t addr, int write, size_t size, uintptr_t pc, uintptr_t fp)
{
	struct kfence_meta *m = 0, copy;
	enum kfence_error type = KFENCE_ERROR_INVALID;
	uintptr_t page = ROUND_DOWN(addr, PAGE);
	size_t idx;

	if (!is_kfence_address((void *)addr))
		return 0;
	idx = (addr - kfence_pool_start) / PAGE;
	ksan_port_lock(&kfence_lock);
	if (idx & 1 || idx < 2) {
		/* a guard page: blame the closer allocated neighbour */
		struct kfence_meta *l = meta_of(page - PAGE), *r = meta_of(page + PAGE);
		size_t dl = 0;

		if (l && l->state == KFENCE_ALLOCATED) {
			m = l;
			dl = addr - (l->addr + l->size);
		}
		if (r && r->state == KFENCE_ALLOCATED && (!m || dl > r->addr - addr))
			m = r;
		if (m) {
			type = KFENCE_ERROR_OOB;
			m->unprotected_page = page;
		}
	} else {
		m = meta_of(addr);
		if (m && m->state == KFENCE_FREED) {
			type = KFENCE_ERROR_UAF;
			m->unprotected_page = page;
		} else
			m = 0;
	}
	if (m)
		copy = *m;
	ksan_port_protect((void *)page, PAGE, KSAN_PROT_READ | KSAN_PROT_WRITE);
	ksan_port_unlock(&kfence_lock);
	bug(type, addr, write, size, m ? &copy : 0, 0, pc, fp, 0, 0);
	return 1;
}

void kfence_fork_prepare(void)
{
	ksan_port_lock(&kfence_lock);
}

void kfence_fork_parent(void)
{
	ksan_port_unlock(&kfence_lock);
}

void kfence_fork_child(void)
{
	kfence_lock.state = 0;	/* only this thread exists now */
}

void kfence_print_stats(void)
{
	if (!core_opt.kfence_stats)
		return;
	/* the pid tells apart the blocks of a script's many processes */
	core_printf("ksan: KFENCE stats (pid %d): enabled: %d\n"
		    "currently allocated: %lu\ntotal allocations: %lu\ntotal frees: %lu\n"
		    "total bugs: %lu\nskipped allocations (incompatible): %lu\n"
		    "skipped allocations (capacity): %lu\npool: %lu objects, %lu KiB\n",
		    ksan_port_pid(), kfence_pool_size && !disabled,
		    __atomic_load_n(&stat_allocated, __ATOMIC_RELAXED),
		    __atomic_load_n(&stat_allocs, __ATOMIC_RELAXED),
		    __atomic_load_n(&stat_frees, __ATOMIC_RELAXED),
		    __atomic_load_n(&stat_bugs, __ATOMIC_RELAXED),
		    __atomic_load_n(&stat_skip_incompatible, __ATOMIC_RELAXED),
		    __atomic_load_n(&stat_skip_capacity, __ATOMIC_RELAXED),
		    nobjects, (unsigned long)(kfence_pool_size >> 10));
}

/* ---- the pool as a heap of the registry (core.h) ---------------------- */

/* Every allocated object in address order, read without the pool lock (the
 * world is stopped and the lock held by the stopper). */
static void heap_walk(core_heap_walk_fn fn, void *arg)
{
	unsigned long i;

	for (i = 0; meta && i < nobjects; i++)
		if (meta[i].state == KFENCE_ALLOCATED)
			fn(arg, meta[i].addr, meta[i].size, meta[i].alloc_stack,
			   meta[i].alloc_tid, meta[i].leak_ignored);
}

static int heap_ignore(const void *p)
{
	struct kfence_meta *m = meta_of((uintptr_t)p);
	int ret = -1;

	if (!m)
		return -1;
	ksan_port_lock(&kfence_lock);
	if (m->state == KFENCE_ALLOCATED && (uintptr_t)p - m->addr < (m->size ? m->size : 1)) {
		ret = m->leak_ignored;
		m->leak_ignored = 1;
	}
	ksan_port_unlock(&kfence_lock);
	return ret;
}

static int heap_find(uintptr_t a, struct core_heap_object *o)
{
	struct kfence_meta m;

	if (!kfence_find_object(a, &m))
		return 0;
	o->start = m.addr;
	o->size = m.size;
	o->cache_size = PAGE;
	o->live = m.state == KFENCE_ALLOCATED;
	o->freed = m.state == KFENCE_FREED;
	o->alloc_stack = m.alloc_stack;
	o->alloc_tid = m.alloc_tid;
	o->free_stack = m.free_stack;
	o->free_tid = m.free_tid;
	core_snprintf(o->cache, sizeof(o->cache), "kfence-#%u", (unsigned)m.index);
	return 1;
}

/* A sampled object is a heap object too (--ksan=kasan,kfence): the leak
 * detector walks it, the pointer-pair check finds it; no shadow. */
static const struct core_heap kfence_heap = {
	.name = "kfence",
	.pool_start = &kfence_pool_start,
	.pool_size = &kfence_pool_size,
	.find = heap_find,
	.walk = heap_walk,
	.ignore = heap_ignore,
};
