/*
 * This file contains the kernel's memory interfaces: the physical page
 * allocator (mm/pmm.c), the page tables (arch/paging.c) and kmalloc, which
 * the ksan port provides on top of ksan's slab (src/port/baremetal/kmalloc.c over heap.c).
 * Memory is identity-mapped: a page's virtual address is its physical one.
 */
#ifndef KERNEL_MM_H
#define KERNEL_MM_H

#include "kernel.h"

/* mm/pmm.c */
void pmm_init(uintptr_t mb_info);
/* n contiguous zeroed pages, or NULL. */
void *alloc_pages(size_t n);
void free_pages(void *p, size_t n);
size_t pmm_free_pages(void);
uintptr_t pmm_ram_end(void);

/* arch/paging.c */
void paging_init(void);
#define PROT_NONE 0
#define PROT_READ 1
#define PROT_WRITE 2
/* Change the rights of mapped 4 KiB pages.  0, or -1 if one is unmapped. */
int paging_protect(uintptr_t va, size_t size, int prot);
/* Map [va, va + size) read-only onto the one zero page (page tables shared
 * where whole 2 MiB blocks are covered); what is mapped already stays. */
int paging_map_zero(uintptr_t va, size_t size);
/* Give every page of [va, va + size) its own zeroed writable page, in place
 * of the zero page.  0, or -1 when out of memory. */
int paging_populate(uintptr_t va, size_t size);
/* Drop the contents of whole pages: pages of their own go back to the
 * allocator (the zero page again), identity-mapped RAM is cleared. */
void paging_discard(uintptr_t va, size_t size);
/* Map device memory [pa, pa + size) at the same address, uncached. */
int paging_map_mmio(uintptr_t pa, size_t size);
/* 1 if va is mapped and present. */
int paging_present(uintptr_t va);

/* kmalloc, kzalloc, krealloc, kfree, ksize, gfp_t: the ksan port's kmalloc.c */
#include "baremetal.h"

#endif
