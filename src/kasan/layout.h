/*
 * This file contains generic KASAN's shadow layout, shared by the C code
 * (kasan.h) and the assembly checks (abi_clang_x86_64.S): plain numbers, no
 * C suffixes or casts, so both can use them.  One block per architecture;
 * ksan-cc passes the same offset to the compilers (tools/ksan-cc.c).
 */
#ifndef KSAN_KASAN_LAYOUT_H
#define KSAN_KASAN_LAYOUT_H

#define KASAN_GRANULE_SHIFT 3
#define KASAN_GRANULE 8

#if defined(__aarch64__)
/*
 * aarch64 user space, 48-bit VAs.  Not the compilers' own user-space
 * default 1 << 36 (GCC's kernel-address uses it when given no offset):
 * its shadow of a 48-bit space, [2^36, 2^36 + 2^45), would cover
 * qemu-user's guest layout (executable, stack, libraries and heap from
 * 0x5500000000) and 39-bit-VA kernels' (0x55..., 0x7f...).  With 1 << 40
 * the shadow is [2^40, 2^40 + 2^45): below it lie qemu-user and 39-bit
 * layouts, above it 48-bit Linux's (0xaaaa..., 0xffff...).  (42-bit-VA
 * kernels, 64 KiB pages, put programs inside it: not supported.)
 */
#ifndef KASAN_SHADOW_OFFSET
#define KASAN_SHADOW_OFFSET 0x10000000000
#endif
#define KASAN_ADDR_BITS 48
#else
#ifndef KASAN_SHADOW_OFFSET
#define KASAN_SHADOW_OFFSET 0x7fff8000	/* x86-64 user space, both compilers */
#endif
/* Application addresses below 1 << KASAN_ADDR_BITS have shadow (47-bit
 * user space); those below KASAN_NULL_LIMIT are never valid. */
#define KASAN_ADDR_BITS 47
#endif
#define KASAN_NULL_LIMIT 4096

#endif
