/*
 * This file contains the bare-metal port's two-way binding to its kernel.
 *
 * First half: the few services the port asks of the kernel (kport_*),
 * implemented by the kernel (the test kernel's init/kport.c).  A kernel
 * that provides these takes the port as it is: docs/porting.md walks
 * through them.  Second half: what the port gives the kernel (ksan_bm_*),
 * besides the kmalloc family (heap.c) and the checked mem* functions
 * (mem.c).
 *
 * The port assumes an x86-64 kernel whose memory below 4 GiB is where
 * everything it allocates lives, with KASAN's shadow at
 * (addr >> 3) + 0x7fff8000 (the compilers' offset, src/kasan/layout.h)
 * mapped by the kernel's page tables as the port asks.
 */
#ifndef KSAN_PORT_BAREMETAL_H
#define KSAN_PORT_BAREMETAL_H

#include <stddef.h>
#include <stdint.h>

/* ---- what the kernel provides ---------------------------------------- */

/* n contiguous zeroed pages of mapped memory, or NULL; and back. */
void *kport_alloc_pages(size_t n);
void kport_free_pages(void *p, size_t n);
/* Page tables: rights of mapped pages (KSAN_PROT_* of port.h; 0 or -1);
 * map a range read-only onto one shared zero page; give a range pages of
 * its own (zeroed, writable) in place of the zero page; drop a range's
 * contents (own pages back to the zero page, other memory cleared). */
int kport_protect(uintptr_t va, size_t size, int prot);
int kport_map_zero(uintptr_t va, size_t size);
int kport_populate(uintptr_t va, size_t size);
void kport_discard(uintptr_t va, size_t size);
/* The kernel image, text to bss: its shadow is mapped at start-up. */
void kport_image(uintptr_t *lo, uintptr_t *hi);

/* Interrupts off (returns the previous state) and back. */
unsigned long kport_irq_save(void);
void kport_irq_restore(unsigned long flags);

/* Tasks (threads of the kernel): who runs, whose stack an address is on. */
struct kport_task {
	uint32_t id;
	uint32_t parent;	/* 0 if none */
	const char *name;
	uintptr_t stack_lo, stack_hi;
};
void kport_current(struct kport_task *t);
void **kport_task_slot(void);	/* the current task's pointer for ksan */
int kport_task(uint32_t id, struct kport_task *t);	/* 0 if it exists */
int kport_stack_owner(uintptr_t addr, struct kport_task *t);	/* 0 if found */
/* A stack that is not a task's (an exception stack) holding addr: its
 * bounds, 0 if there is one. */
int kport_other_stack(uintptr_t addr, uintptr_t *lo, uintptr_t *hi);
int kport_cpu_id(void);
/* 1 if an oops now would end the current task alone, not the machine. */
int kport_fault_survivable(void);

/* The function holding pc, from the kernel's own symbol table: 0 if found. */
int kport_symbol(uintptr_t pc, const char **name, uintptr_t *start, uintptr_t *size);

/* The console (a serial line), the end of the machine, time. */
void kport_console_write(const char *buf, size_t len);
void kport_exit(int status) __attribute__((noreturn));
uint64_t kport_time_ns(void);

/* ---- what the port provides ------------------------------------------- */

/* The kernel's allocator (heap.c): kmalloc-style, on ksan's slab (KASAN's
 * heap: size classes, red zones, quarantine), one allocation in a sample
 * on KFENCE's pool.  Zero-size requests get ZERO_SIZE_PTR. */
typedef unsigned gfp_t;
#define GFP_KERNEL 0u
#define __GFP_ZERO 1u
/* Never a KFENCE object (as the kernel's SLAB_SKIP_KFENCE caches): for
 * code that needs KASAN's red zones, such as KASAN's own tests. */
#define __GFP_NOKFENCE 2u
#define ZERO_SIZE_PTR ((void *)16)
void *kmalloc(size_t size, gfp_t flags);
void *kzalloc(size_t size, gfp_t flags);
void *krealloc(const void *p, size_t size, gfp_t flags);
void kfree(const void *p);
/* Requested size of a live object, 0 for anything else. */
size_t ksize(const void *p);
/* 1 if p is in KFENCE's pool (a sampled object or a guard page). */
int ksan_bm_is_kfence(const void *p);

/* mem.c: memcpy, memset, memmove and memcmp check their ranges (KASAN's
 * reports name the caller), then call the kernel's unchecked ones: */
void *__memcpy(void *d, const void *s, size_t n);
void *__memset(void *d, int c, size_t n);
void *__memmove(void *d, const void *s, size_t n);
int __memcmp(const void *a, const void *b, size_t n);

/* Start ksan before any instrumented code runs (options: "k=v:k=v", as
 * KSAN_OPTIONS).  0, or -1 with a one-line reason in err. */
int ksan_bm_init(const char *options, char *err, size_t errlen);
/* A page fault at addr: 1 if ksan handled it (KFENCE's pool: reported,
 * the page opened, the access may be retried), else 0. */
int ksan_bm_page_fault(uintptr_t addr, int write, uintptr_t pc, uintptr_t fp);
/* A fault on a shadow address: 1 and the memory range whose shadow it is
 * (an inline check of a wild pointer), else 0. */
int ksan_bm_shadow_range(uintptr_t addr, uintptr_t *lo, uintptr_t *hi);
/* A task's stack is about to be used (its shadow made clean) / the task
 * has ended (its ksan state released). */
void ksan_bm_stack_start(uintptr_t lo, uintptr_t hi);
void ksan_bm_task_exit(void *slot);

#endif
