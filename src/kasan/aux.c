/*
 * This file contains auxiliary stacks: ksan_record_aux_stack(ptr) keeps the
 * current stack for the heap object holding ptr (work queued on it, a
 * callback registered with it), two per object as the kernel does; reports
 * about the object print them as "Last potentially related work creation".
 * A bounded hash table beside the heap; an object's entry is dropped when
 * its memory is allocated again.
 */
#include "kasan.h"

#define AUX_BITS 14
#define AUX_SIZE (1u << AUX_BITS)
#define AUX_PROBES 16

struct aux_entry {
	uintptr_t obj;		/* object start, 0 = empty */
	depot_handle_t stack[2];	/* [0] last, [1] second to last */
};

static struct aux_entry *aux_table;	/* guarded by aux_lock */
static ksan_lock_t aux_lock;
int kasan_aux_used;			/* any entry ever made */

static unsigned home(uintptr_t obj)
{
	return (unsigned)((obj >> 4) * 0x9e3779b97f4a7c15ull >> (64 - AUX_BITS));
}

static struct aux_entry *find(uintptr_t obj, int create)
{
	unsigned h = home(obj), i;
	struct aux_entry *empty = 0;

	for (i = 0; i < AUX_PROBES; i++) {
		struct aux_entry *e = &aux_table[(h + i) & (AUX_SIZE - 1)];

		if (e->obj == obj)
			return e;
		if (!e->obj && !empty)
			empty = e;
	}
	if (!create)
		return 0;
	if (!empty)	/* crowded: the home slot's old entry gives way */
		empty = &aux_table[h];
	core_memset(empty, 0, sizeof(*empty));
	empty->obj = obj;
	return empty;
}

__attribute__((noinline)) void ksan_record_aux_stack(const volatile void *ptr)
{
	struct kasan_object o;
	struct aux_entry *e;
	depot_handle_t h;

	if (!kasan_ready || !kasan_find_object((uintptr_t)ptr, &o) || !o.live)
		return;
	h = core_depot_capture((uintptr_t)__builtin_return_address(0),
			       (uintptr_t)__builtin_frame_address(0),
			       core_opt.malloc_context_size);
	ksan_port_lock(&aux_lock);
	if (!aux_table)
		aux_table = ksan_port_map(sizeof(struct aux_entry) * AUX_SIZE);
	if (aux_table && (e = find(o.start, 1))) {
		e->stack[1] = e->stack[0];
		e->stack[0] = h;
		__atomic_store_n(&kasan_aux_used, 1, __ATOMIC_RELAXED);
	}
	ksan_port_unlock(&aux_lock);
}

int kasan_aux_stacks(uintptr_t obj, depot_handle_t stacks[2])
{
	struct aux_entry *e;
	int n = 0;

	stacks[0] = stacks[1] = 0;
	if (!__atomic_load_n(&kasan_aux_used, __ATOMIC_RELAXED))
		return 0;
	ksan_port_lock(&aux_lock);
	if (aux_table && (e = find(obj, 0))) {
		stacks[0] = e->stack[0];
		stacks[1] = e->stack[1];
		n = (stacks[0] != 0) + (stacks[1] != 0);
	}
	ksan_port_unlock(&aux_lock);
	return n;
}

void kasan_aux_forget(uintptr_t obj)
{
	struct aux_entry *e;

	ksan_port_lock(&aux_lock);
	if (aux_table && (e = find(obj, 0)))
		e->obj = 0;
	ksan_port_unlock(&aux_lock);
}

/* The fork protocol takes aux_lock around fork(); nothing nests in it. */
void kasan_aux_fork_init(void)
{
	core_fork_add_lock(&aux_lock, CORE_FORK_LEAF);
}
