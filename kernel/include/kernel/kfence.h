/*
 * This file contains what the kernel may ask about KFENCE (the ksan
 * port answers): whether an object is one of its sampled ones.
 */
#ifndef KERNEL_KFENCE_H
#define KERNEL_KFENCE_H

#include "baremetal.h"

static inline int is_kfence_address(const void *p)
{
	return ksan_bm_is_kfence(p);
}

#endif
