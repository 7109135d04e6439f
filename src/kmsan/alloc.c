/*
 * This file contains KMSAN's heap: objects from the core slab's size
 * classes with no red zones (addressability is not KMSAN's business), no
 * quarantine (a freed slot is reused at once, so peak memory stays at the
 * program's own) and no header in the slot: each region keeps one small
 * record per slot on the side (the core's side heap, sideheap.c).  A header
 * in the slot would cost its bytes three times (data, shadow, origins) and
 * push small objects up a class.  Objects over SLAB_MAX get a mapping of
 * their own, released at free.
 * Allocation stacks are depot handles; the object's bytes are poisoned
 * with an allocation origin when made (calloc: clean) and with a free
 * origin when freed, as the kernel's KMSAN does for slab objects.
 */
#include "kmsan.h"

enum { SLOT_FREE = 0, SLOT_LIVE = 0xa1, SLOT_DEAD = 0xf4 };

/* A fresh region: its metadata is mapped now, not one fault at a time,
 * and its side table (zero: every slot free) is mapped untouched. */
static void region_init(struct core_region *r)
{
	ksan_port_shadow_ensure(ROUND_DOWN((uintptr_t)r, 4096), CORE_REGION_SIZE);
	core_side_region_init(r);
}

/*
 * Size classes finer than kmalloc's (whose names only KASAN's reports
 * print): 16-byte steps to 128, then four per power of two up to 32 KiB,
 * as MemorySanitizer's allocator spaces them.  With kmalloc's, a 1032-byte
 * object took 2048 bytes and a 5000-byte one 8192 (sqlite's page cache),
 * each three times over with shadow and origins.
 */
#define NCLASSES 40
#define SLAB_MAX (1u << 15)
_Static_assert(NCLASSES <= CORE_NCLASSES, "the core slab holds them");
static uint32_t class_size[NCLASSES];

/* Class of a capacity of n bytes, 16 <= n <= SLAB_MAX. */
static inline unsigned size_class(size_t n)
{
	unsigned p;

	if (n <= 128)
		return (unsigned)(n - 1) >> 4;
	p = 63 - __builtin_clzll(n - 1);	/* 2^p < n <= 2^(p+1) */
	return 8 + (p - 7) * 4 + (unsigned)((n - 1) >> (p - 2) & 3);
}

void kmsan_heap_init(void)
{
	unsigned i;

	for (i = 0; i < NCLASSES; i++)
		class_size[i] = i < 8 ? 16 * (i + 1) :
				(128u << (i - 8) / 4) / 4 * (5 + (i - 8) % 4);
	core_slab_set_classes(class_size, NCLASSES);
	core_slab_set_redzone(0);
	core_slab_set_header(0);
	core_slab_init(region_init);
	kmsan_fallback_init();
}

static void fresh(void *obj, size_t size, int flags, depot_handle_t stack)
{
	if (flags & KMSAN_ZERO) {
		core_memset(obj, 0, size);
		kmsan_unpoison(obj, size);
	} else {
		kmsan_poison_fresh(obj, size, kmsan_origin_alloc(stack));
	}
}

void *kmsan_malloc(size_t size, size_t align, int flags,
		   const struct kmsan_caller *cl, int *err)
{
	struct core_thread *t;
	struct core_side_ref o;
	size_t need;

	*err = core_alloc_request(size, &align, &need);
	if (unlikely(*err))
		return 0;
	t = core_thread_get();
	if (core_side_alloc(t, need > SLAB_MAX ? CORE_SIDE_LARGE : size_class(need), size,
			    align, ksan_port_shadow_ensure, &o)) {
		*err = KMSAN_ENOMEM;
		return 0;
	}
	o.rec->alloc_stack = core_caller_stack(t, cl);
	fresh((void *)o.obj, size, flags, o.rec->alloc_stack);
	__atomic_store_n(&o.rec->state, SLOT_LIVE, __ATOMIC_RELEASE);
	return (void *)o.obj;
}

/* The live object starting at p. */
static int lookup_live(const void *p, struct core_side_ref *o)
{
	return core_side_find((uintptr_t)p, 1, o) &&
	       __atomic_load_n(&o->rec->state, __ATOMIC_ACQUIRE) == SLOT_LIVE;
}

int kmsan_free(void *ptr, const struct kmsan_caller *cl)
{
	struct core_side_ref o;

	if (!lookup_live(ptr, &o) ||
	    !__sync_bool_compare_and_swap(&o.rec->state, SLOT_LIVE, SLOT_DEAD))
		return -1;	/* not KMSAN's to judge: left alone */
	if (o.large) {
		/* the mapping goes, and its metadata is zero again for
		 * whatever is mapped there next */
		ksan_port_discard(kmsan_shadow_of(o.large->base), o.large->map_size);
		ksan_port_discard(kmsan_origin_of(o.large->base), o.large->map_size);
	} else {
		kmsan_poison_fresh(ptr, o.rec->size, kmsan_origin_free(kmsan_caller_stack(cl)));
		__atomic_store_n(&o.rec->state, SLOT_FREE, __ATOMIC_RELEASE);
	}
	core_side_release(core_thread_get(), &o);
	return 0;
}

size_t kmsan_usable_size(const void *ptr)
{
	struct core_side_ref o;

	return lookup_live(ptr, &o) ? core_side_size(&o) : (size_t)-1;
}

uint32_t kmsan_alloc_stack(const void *ptr)
{
	struct core_side_ref o;

	return lookup_live(ptr, &o) ? o.rec->alloc_stack : 0;
}
