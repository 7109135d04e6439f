/*
 * This file contains the quarantine: freed objects wait in a FIFO bounded in
 * bytes (quarantine_size_mb) before their memory is reused, so a stale
 * pointer still finds them poisoned.  Each thread fills a private batch
 * without locking; a full batch joins the global FIFO, and the oldest
 * batches are released once the total exceeds the limit.
 *
 * Objects are linked through a word inside them (no memory of its own), in
 * CORE_QCHAINS interleaved chains per batch.  By the time a batch is
 * released its objects are long cold; following one chain would wait for
 * one cache miss per object, while the chains are followed side by side,
 * each next object prefetched a round ahead, so the misses overlap.
 */
#include "core.h"

#define THREAD_BATCH_MAX (1u << 20)

struct batch {
	void *head[CORE_QCHAINS];
	size_t bytes;
	struct batch *next;
};

static core_qlink_fn qlink;
static core_qrelease_fn qrelease;

ksan_lock_t core_q_lock;
static struct batch *q_head, *q_tail;	/* guarded by core_q_lock; oldest first */
static struct core_free *free_batches;	/* guarded by core_q_lock */
static size_t q_bytes;			/* guarded by core_q_lock */

void core_quarantine_init(core_qlink_fn link, core_qrelease_fn release)
{
	qlink = link;
	qrelease = release;
}

static size_t limit(void)
{
	return core_opt.quarantine_size_mb << 20;
}

static void release_chains(struct core_thread *t, void *const head[CORE_QCHAINS])
{
	void *cur[CORE_QCHAINS];
	unsigned j, live = 0;

	for (j = 0; j < CORE_QCHAINS; j++) {
		cur[j] = head[j];
		if (cur[j]) {
			__builtin_prefetch(cur[j], 1);
			live++;
		}
	}
	while (live) {
		for (j = 0; j < CORE_QCHAINS; j++) {
			void *obj = cur[j], *next;

			if (!obj)
				continue;
			next = *qlink(obj);
			if (next)
				__builtin_prefetch(next, 1);
			else
				live--;
			cur[j] = next;
			qrelease(t, obj);
		}
	}
}

/* Called with q_lock held. */
static struct batch *batch_alloc(void)
{
	return core_record_alloc(&free_batches, sizeof(struct batch));
}

static void thread_batch_reset(struct core_qbatch *tb)
{
	unsigned j;

	for (j = 0; j < CORE_QCHAINS; j++)
		tb->head[j] = tb->tail[j] = 0;
	tb->bytes = tb->count = 0;
}

void core_quarantine_flush_thread(struct core_thread *t)
{
	struct core_qbatch *tb = &t->quarantine;
	struct batch *b, *evict = 0;
	unsigned j;

	if (!tb->count)
		return;
	ksan_port_lock(&core_q_lock);
	b = batch_alloc();
	if (!b) {
		ksan_port_unlock(&core_q_lock);
		release_chains(t, tb->head);	/* no memory for bookkeeping: free now */
		thread_batch_reset(tb);
		return;
	}
	for (j = 0; j < CORE_QCHAINS; j++)
		b->head[j] = tb->head[j];
	b->bytes = tb->bytes;
	b->next = 0;
	if (q_tail)
		q_tail->next = b;
	else
		q_head = b;
	q_tail = b;
	q_bytes += b->bytes;
	thread_batch_reset(tb);

	/* Detach the oldest batches over the limit; release outside the lock. */
	while (q_bytes > limit() && q_head) {
		struct batch *old = q_head;

		q_head = old->next;
		if (!q_head)
			q_tail = 0;
		q_bytes -= old->bytes;
		old->next = evict;	/* all of them go now: order is moot */
		evict = old;
	}
	ksan_port_unlock(&core_q_lock);

	while (evict) {
		struct batch *next = evict->next;

		release_chains(t, evict->head);
		ksan_port_lock(&core_q_lock);
		core_record_free(&free_batches, evict);
		ksan_port_unlock(&core_q_lock);
		evict = next;
	}
}

void core_quarantine_put(struct core_thread *t, void *obj, size_t bytes)
{
	struct core_qbatch *tb = &t->quarantine;
	size_t lim = limit();
	unsigned j = (unsigned)(tb->count % CORE_QCHAINS);

	if (!lim) {
		qrelease(t, obj);
		return;
	}
	*qlink(obj) = 0;
	if (tb->tail[j])
		*qlink(tb->tail[j]) = obj;
	else
		tb->head[j] = obj;
	tb->tail[j] = obj;
	tb->bytes += bytes;
	tb->count++;
	if (tb->bytes >= (lim / 8 < THREAD_BATCH_MAX ? lim / 8 : THREAD_BATCH_MAX) ||
	    bytes >= lim / 8)
		core_quarantine_flush_thread(t);
}

size_t core_quarantine_bytes(void)
{
	return q_bytes;
}
