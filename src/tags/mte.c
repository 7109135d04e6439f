/*
 * This file contains the MTE instructions hardware tags need (built with
 * -march=armv8.5-a+memtag, this file alone): stg/st2g to set allocation
 * tags, ldg to read one.  Other targets get stubs that are never called
 * (tags_hw stays 0 there).
 */
#include "tags.h"

#if defined(__aarch64__) && defined(__ARM_FEATURE_MEMORY_TAGGING)
void tags_mte_set(uintptr_t p, size_t size)
{
	uintptr_t end = p + size;

	for (; p + 32 <= end; p += 32)
		__asm__ volatile("st2g %0, [%0]" : : "r"(p) : "memory");
	if (p < end)
		__asm__ volatile("stg %0, [%0]" : : "r"(p) : "memory");
}

uint8_t tags_mte_get(uintptr_t addr)
{
	uintptr_t t = addr;

	__asm__ volatile("ldg %0, [%1]" : "+r"(t) : "r"(addr));
	return (uint8_t)((t >> 56) & 0xf);
}
#elif defined(__aarch64__)
#error "mte.c needs -march=armv8.5-a+memtag (the Makefile adds it for this file)"
#else
void tags_mte_set(uintptr_t p, size_t size)
{
}

uint8_t tags_mte_get(uintptr_t addr)
{
	return 0;
}
#endif
