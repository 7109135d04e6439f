/*
 * This file contains the core's per-thread state: allocation caches, the
 * quarantine batch and the report recursion guard.  States come from
 * runtime-mapped memory (never malloc) and are reused after a thread ends.
 */
#include "core.h"

#define STATES_PER_CHUNK 16

ksan_lock_t core_thread_lock;
static struct core_thread *free_states;	/* guarded by core_thread_lock */

static struct core_thread *state_alloc(void)
{
	struct core_thread *t;

	ksan_port_lock(&core_thread_lock);
	if (!free_states) {
		size_t sz = ROUND_UP(sizeof(*t), 64);
		char *chunk = ksan_port_map(sz * STATES_PER_CHUNK);
		int i;

		if (!chunk) {
			ksan_port_unlock(&core_thread_lock);
			core_fatal("out of memory for thread state");
		}
		for (i = 0; i < STATES_PER_CHUNK; i++) {
			t = (struct core_thread *)(chunk + sz * i);
			t->next_free = free_states;
			free_states = t;
		}
	}
	t = free_states;
	free_states = t->next_free;
	ksan_port_unlock(&core_thread_lock);
	{
		/* detector memory outlives threads: the next one reuses it */
		void *fake = t->fake_stack, *ctx = t->kmsan_ctx;

		core_memset(t, 0, sizeof(*t));
		t->fake_stack = fake;
		t->kmsan_ctx = ctx;
	}
	return t;
}

struct core_thread *core_thread_get(void)
{
	void **slot = ksan_port_thread_slot();
	struct core_thread *t = *slot;

	if (likely(t != 0))
		return t;
	t = state_alloc();
	t->tid = ksan_port_thread_id();
	*slot = t;
	return t;
}

void core_thread_exit(void *thread)
{
	struct core_thread *t = thread;

	if (!t)
		return;
	core_quarantine_flush_thread(t);
	core_thread_cache_drain(t);
	ksan_port_lock(&core_thread_lock);
	t->next_free = free_states;
	free_states = t;
	ksan_port_unlock(&core_thread_lock);
}
