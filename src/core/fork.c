/*
 * This file contains the fork protocol: every runtime lock is taken before
 * fork() and released on both sides after it, so the child never starts
 * with a lock that a thread of the parent held.  Order matters: it is the
 * order in which the runtime nests its locks.
 *
 * The core's own locks are named here, outermost first.  Locks of the
 * detectors and of the port join through core_fork_add_lock() before they
 * are first taken (a lock never taken cannot be held at fork time), at one
 * of two places in the order:
 *   CORE_FORK_OUTER  taken before the core's locks (a lock held while the
 *                    core's locks are taken inside it);
 *   CORE_FORK_LEAF   taken after them: no runtime lock is ever taken while
 *                    one of these is held (the thread registry, the signal
 *                    table, the fake-stack and globals lists...).
 * Locks made at run time, in any number (a lock per checked pool), join as
 * a pair of functions that take and release them all, after the LEAF locks.
 */
#include "core.h"

#define FORK_MAX_LOCKS 16	/* per order; a full table is a runtime bug */

extern ksan_lock_t core_report_lock CORE_HIDDEN, core_thread_lock CORE_HIDDEN,
	core_q_lock CORE_HIDDEN, core_depot_lock CORE_HIDDEN, core_pagemap_lock CORE_HIDDEN;
void core_slab_lock_all(void) CORE_HIDDEN;
void core_slab_unlock_all(int reset) CORE_HIDDEN;

static ksan_lock_t reg_lock;	/* outermost: guards the tables below */
static ksan_lock_t *added[2][FORK_MAX_LOCKS];
static unsigned nadded[2];
static void (*hook_lock)(void);		/* core_fork_add_hooks' pair */
static void (*hook_unlock)(int reset);

void core_fork_add_lock(ksan_lock_t *lock, enum core_fork_order order)
{
	unsigned i, o = order == CORE_FORK_LEAF;

	ksan_port_lock(&reg_lock);
	for (i = 0; i < nadded[o]; i++)
		if (added[o][i] == lock) {
			ksan_port_unlock(&reg_lock);
			return;		/* registered before (a racing first use) */
		}
	if (nadded[o] == FORK_MAX_LOCKS) {
		ksan_port_unlock(&reg_lock);
		core_fatal("too many locks for the fork protocol (FORK_MAX_LOCKS)");
	}
	added[o][nadded[o]++] = lock;
	ksan_port_unlock(&reg_lock);
}

void core_fork_add_hooks(void (*lock_all)(void), void (*unlock_all)(int reset))
{
	ksan_port_lock(&reg_lock);
	if (hook_lock && hook_lock != lock_all) {
		ksan_port_unlock(&reg_lock);
		core_fatal("two sets of fork hooks (core_fork_add_hooks)");
	}
	hook_lock = lock_all;
	hook_unlock = unlock_all;
	ksan_port_unlock(&reg_lock);
}

static void lock_added(unsigned o)
{
	unsigned i;

	for (i = 0; i < nadded[o]; i++)
		ksan_port_lock(added[o][i]);
}

static void unlock_added(unsigned o, int reset)
{
	unsigned i = nadded[o];

	while (i--) {
		if (reset)
			added[o][i]->state = 0;
		else
			ksan_port_unlock(added[o][i]);
	}
}

void core_fork_prepare(void)
{
	ksan_port_lock(&reg_lock);
	lock_added(0);
	ksan_port_lock(&core_report_lock);
	ksan_port_lock(&core_thread_lock);
	ksan_port_lock(&core_q_lock);
	core_slab_lock_all();
	ksan_port_lock(&core_depot_lock);
	ksan_port_lock(&core_pagemap_lock);
	lock_added(1);
	if (hook_lock)
		hook_lock();
}

void core_fork_parent(void)
{
	if (hook_unlock)
		hook_unlock(0);
	unlock_added(1, 0);
	ksan_port_unlock(&core_pagemap_lock);
	ksan_port_unlock(&core_depot_lock);
	core_slab_unlock_all(0);
	ksan_port_unlock(&core_q_lock);
	ksan_port_unlock(&core_thread_lock);
	ksan_port_unlock(&core_report_lock);
	unlock_added(0, 0);
	ksan_port_unlock(&reg_lock);
}

void core_fork_child(void)
{
	/* only this thread exists now: nobody to wake, just mark them free */
	if (hook_unlock)
		hook_unlock(1);
	unlock_added(1, 1);
	core_pagemap_lock.state = 0;
	core_depot_lock.state = 0;
	core_slab_unlock_all(1);
	core_q_lock.state = 0;
	core_thread_lock.state = 0;
	core_report_lock.state = 0;
	unlock_added(0, 1);
	reg_lock.state = 0;
}
