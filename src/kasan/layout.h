/*
 * This file contains generic KASAN's shadow layout, shared by the C code
 * (kasan.h) and the assembly checks (abi_clang_x86_64.S): plain numbers, no
 * C suffixes or casts, so both can use them.
 */
#ifndef KSAN_KASAN_LAYOUT_H
#define KSAN_KASAN_LAYOUT_H

#define KASAN_GRANULE_SHIFT 3
#define KASAN_GRANULE 8
#ifndef KASAN_SHADOW_OFFSET
#define KASAN_SHADOW_OFFSET 0x7fff8000	/* x86-64 user space, both compilers */
#endif
/* Application addresses below 1 << KASAN_ADDR_BITS have shadow (47-bit
 * user space); those below KASAN_NULL_LIMIT are never valid. */
#define KASAN_ADDR_BITS 47
#define KASAN_NULL_LIMIT 4096

#endif
