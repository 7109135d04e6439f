/*
 * This file contains the fork protocol: every runtime lock is taken before
 * fork() and released on both sides after it, so the child never starts
 * with a lock that a thread of the parent held.  Order matters: it is the
 * order in which the runtime nests its locks.
 */
#include "core.h"

extern ksan_lock_t core_report_lock CORE_HIDDEN, core_thread_lock CORE_HIDDEN,
	core_q_lock CORE_HIDDEN, core_depot_lock CORE_HIDDEN, core_pagemap_lock CORE_HIDDEN;
void core_slab_lock_all(void) CORE_HIDDEN;
void core_slab_unlock_all(int reset) CORE_HIDDEN;

void core_fork_prepare(void)
{
	ksan_port_lock(&core_report_lock);
	ksan_port_lock(&core_thread_lock);
	ksan_port_lock(&core_q_lock);
	core_slab_lock_all();
	ksan_port_lock(&core_depot_lock);
	ksan_port_lock(&core_pagemap_lock);
}

void core_fork_parent(void)
{
	ksan_port_unlock(&core_pagemap_lock);
	ksan_port_unlock(&core_depot_lock);
	core_slab_unlock_all(0);
	ksan_port_unlock(&core_q_lock);
	ksan_port_unlock(&core_thread_lock);
	ksan_port_unlock(&core_report_lock);
}

void core_fork_child(void)
{
	/* only this thread exists now: nobody to wake, just mark them free */
	core_pagemap_lock.state = 0;
	core_depot_lock.state = 0;
	core_slab_unlock_all(1);
	core_q_lock.state = 0;
	core_thread_lock.state = 0;
	core_report_lock.state = 0;
}
