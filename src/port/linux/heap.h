/*
 * This file contains the heap contract: what the malloc family
 * (malloc/malloc.c) and the port's start-up ask of the detector whose heap
 * the linked runtime carries.  Each runtime defines it once, in its own
 * room: kasan/heap.c (libksan.a: red zones, quarantine), kmsan/heap.c
 * (objects poisoned with origins), tags/heap.c (tag-based KASAN);
 * kcsan/port.c defines port_heap_init and port_heap_ready only (KCSAN
 * keeps the C library's heap, with no malloc family of its own).  Errors are KASAN_*
 * numbers; each takes core.h's struct core_caller.
 */
#ifndef KSAN_PORT_LINUX_HEAP_H
#define KSAN_PORT_LINUX_HEAP_H

#include <stddef.h>
#include <stdint.h>

struct core_caller;

/* port_init's heap turn: the heap (or the detector) made usable */
void port_heap_init(void);
/* 1 once port_heap_init is done: the runtime checks and reports from then on */
int port_heap_ready(void);
/* A new object (align 0: the heap's own; flags: KASAN_ZERO); NULL with *err
 * set when it cannot be made */
void *port_heap_malloc(size_t size, size_t align, int flags, const struct core_caller *c, int *err);
/* 0 when p was freed, -1 when it was not (reported, or left alone) */
int port_heap_free(void *p, const struct core_caller *c);
/* the requested size of the live object at exactly p, else (size_t)-1 */
size_t port_heap_usable_size(const void *p);
/* the same for realloc's p; (size_t)-1 after a report */
size_t port_heap_realloc_size(void *p, const struct core_caller *c);
/* the allocation stack of the live object at p, else 0 */
uint32_t port_heap_alloc_stack(const void *p);
/* an impossible allocation (allocator_may_return_null=0): reported, then
 * the halting exit */
void port_heap_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc, uintptr_t fp,
		       uintptr_t entry);
/* realloc's copy of n bytes from the old object s to the new one d */
void port_heap_copy(void *d, const void *s, size_t n, const struct core_caller *c);
/* KFENCE made the object p instead (sampled): the heap's state for it */
void port_heap_sampled(void *p, size_t size, int flags, const struct core_caller *c);

/*
 * For a runtime whose heap answers the contract with functions of the same
 * signatures: PORT_HEAP_FORWARD(ready, malloc, free, usable_size,
 * realloc_size, alloc_stack, report_alloc), in its room's heap.c, defines
 * port_heap_ready (returns the variable ready), port_heap_malloc,
 * port_heap_free, port_heap_usable_size, port_heap_realloc_size,
 * port_heap_alloc_stack and port_heap_report_alloc, each a call of the
 * function named in the use (kasan/heap.c: kasan_malloc ..., tags/heap.c:
 * tags_malloc ...).  The runtime defines the rest itself.
 */
#define PORT_HEAP_FORWARD(ready, malloc_fn, free_fn, usable_size_fn, realloc_size_fn,	\
			  alloc_stack_fn, report_alloc_fn)				\
int port_heap_ready(void)								\
{ return ready; }									\
void *port_heap_malloc(size_t size, size_t align, int flags, const struct core_caller *c,	\
		       int *err)							\
{ return malloc_fn(size, align, flags, c, err); }					\
int port_heap_free(void *p, const struct core_caller *c)				\
{ return free_fn(p, c); }								\
size_t port_heap_usable_size(const void *p)						\
{ return usable_size_fn(p); }								\
size_t port_heap_realloc_size(void *p, const struct core_caller *c)			\
{ return realloc_size_fn(p, c); }							\
uint32_t port_heap_alloc_stack(const void *p)						\
{ return alloc_stack_fn(p); }								\
void port_heap_report_alloc(const char *type, size_t a, size_t b, uintptr_t pc,		\
			    uintptr_t fp, uintptr_t entry)				\
{ report_alloc_fn(type, a, b, pc, fp, entry); }

#endif
