/*
 * This file contains KMSAN's internal interface: the metadata layout (one
 * shadow byte per data byte, one 4-byte origin per 4 aligned data bytes),
 * the operations the port's libc model and allocator use, and what the
 * compiler ABI (abi.c) shares with the report code.
 * Freestanding: only compiler headers, port.h and core.h.
 *
 * Layout on x86-64 Linux user space (MemorySanitizer's application ranges
 * and XOR mapping, facts from compiler-rt's msan.h):
 *   shadow(a) = a ^ KMSAN_SHADOW_XOR
 *   origin(a) = (shadow(a) + KMSAN_ORIGIN_ADD) & ~3
 * Nothing is reserved up front: a port maps metadata pages when they are
 * first touched, for application memory that exists (linux: the SIGSEGV
 * handler; a kernel: at page allocation).  A shadow bit set = that data bit
 * is uninitialised; an origin is a depot handle (0 = unknown).
 */
#ifndef KSAN_KMSAN_H
#define KSAN_KMSAN_H

#include "../core/core.h"

#define KMSAN_SHADOW_XOR 0x500000000000UL
#define KMSAN_ORIGIN_ADD 0x100000000000UL

static inline uint8_t *kmsan_shadow_of(uintptr_t a)
{
	return (uint8_t *)(a ^ KMSAN_SHADOW_XOR);
}

static inline uint32_t *kmsan_origin_of(uintptr_t a)
{
	return (uint32_t *)(((a ^ KMSAN_SHADOW_XOR) + KMSAN_ORIGIN_ADD) & ~3UL);
}

/* 1 if a lies in an application range (its metadata may be used). */
int kmsan_is_app(uintptr_t a);
/* 1 if a lies in the shadow or origin ranges; *app = the data address. */
int kmsan_is_meta(uintptr_t a, uintptr_t *app);

/* ---- metadata operations (memory.c) ----------------------------------- */
/* Mark [p, p+n) uninitialised, with origin (a depot handle). */
void kmsan_poison(const void *p, size_t n, uint32_t origin);
/* Mark [p, p+n) initialised. */
void kmsan_unpoison(const void *p, size_t n);
/* Copy shadow and origins of n bytes from src to dst (memmove semantics);
 * origins of uninitialised bytes are chained to the current stack. */
void kmsan_copy_meta(void *dst, const void *src, size_t n);
/* Offset of the first uninitialised byte of [p, p+n), or n if none. */
size_t kmsan_first_uninit(const void *p, size_t n);

/* ---- origins (origin.c) ------------------------------------------------ */
/* Depth limit of store chains (the kernel's KMSAN_MAX_ORIGIN_DEPTH). */
#define KMSAN_MAX_ORIGIN_DEPTH 7
/* An origin for a heap allocation / free at the given stack. */
uint32_t kmsan_origin_alloc(depot_handle_t stack);
uint32_t kmsan_origin_free(depot_handle_t stack);
/* A new origin: id stored to memory by the current stack (pc, fp). */
uint32_t kmsan_origin_chain(uint32_t id, uintptr_t pc, uintptr_t fp);

/* ---- checks at boundaries (report.c) ----------------------------------- */
/* Where uninitialised bytes leave the program. */
enum kmsan_boundary {
	KMSAN_USE = 0,		/* a use inside the program (uninit-value) */
	KMSAN_INFOLEAK,		/* write(2), send(2), stdio: "infoleak in write" */
	KMSAN_USER,		/* ksan_check_memory(p, n, "usb") */
};
/* Report each run of uninitialised bytes of [p, p+n) sharing one origin.
 * what names the boundary ("write", "send", the user's word); pc/fp are
 * the caller's (the first frame of the report). */
void kmsan_check_memory(const void *p, size_t n, enum kmsan_boundary kind,
			const char *what, uintptr_t pc, uintptr_t fp);

#endif /* KSAN_KMSAN_H */
