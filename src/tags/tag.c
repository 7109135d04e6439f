/*
 * This file contains the tags themselves: the random tag of an allocation
 * (the kernel's LCG, sw_tags.c), and setting and reading a granule's tag:
 * a shadow byte for software tags, the MTE allocation tag for hardware
 * tags (mte.c).
 */
#include "tags.h"

int tags_hw;
int tags_ready;
static uint64_t rnd_state;

/* The kernel's per-CPU LCG (1664525, 1013904223); one state for all
 * threads: a lost update only repeats a tag, which is allowed anyway. */
uint8_t tags_random(void)
{
	uint64_t s = __atomic_load_n(&rnd_state, __ATOMIC_RELAXED);
	uint32_t r;

	if (unlikely(!s))
		s = ksan_port_random() | 1;
	s = 1664525 * s + 1013904223;
	__atomic_store_n(&rnd_state, s, __ATOMIC_RELAXED);
	r = (uint32_t)(s >> 32);
	if (tags_hw)	/* 0xf1..0xfd: MTE tags 1..13 */
		return (uint8_t)(TAG_HW_MIN + r % (TAG_MAX - TAG_HW_MIN + 1));
	/* 0x01..0xfd: 0x00 is untagged memory, 0xfe freed, 0xff match-all */
	return (uint8_t)(1 + r % TAG_MAX);
}

void tags_set(uintptr_t addr, size_t size, uint8_t tag)
{
	if (!size)
		return;
	if (tags_hw) {
		tags_mte_set(tag_set_ptr(addr, tag), size);
		return;
	}
	core_memset(tags_shadow(addr), tag, size >> TAGS_GRANULE_SHIFT);
}

uint8_t tags_get(uintptr_t addr)
{
	if (tags_hw)
		return (uint8_t)(0xf0 | tags_mte_get(addr));
	return *tags_shadow(addr);
}

int tags_check_range(uintptr_t addr, size_t size, int write, uintptr_t pc,
		     uintptr_t fp, uintptr_t entry)
{
	if (!size || tags_range_ok(addr, size))
		return 1;
	tags_report(addr, size, write, pc, fp, entry);
	return 0;
}
