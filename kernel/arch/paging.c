/*
 * This file contains the kernel's page tables (4-level, 4 KiB pages): RAM
 * identity-mapped page by page (so KFENCE can protect single pages), the
 * null page left unmapped, and the primitives ksan's port asks for: a
 * read-only zero page mapped over large ranges (KASAN's early shadow: one
 * zero page, one page table of zero-page entries shared by every 2 MiB
 * block), pages of their own populated in its place, page protection.
 * One lock for all of them; an entry that was present and changes is shot
 * down on the other CPUs too (arch/smp.c) before the lock is dropped.
 *
 * Never instrumented: it builds what instrumented code needs.
 */
#include "kernel/kernel.h"
#include "kernel/io.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "kernel/spinlock.h"

#define PTE_P (1ull << 0)
#define PTE_W (1ull << 1)
#define PTE_PWT (1ull << 3)
#define PTE_PCD (1ull << 4)
#define PTE_ADDR 0x000ffffffffff000ull
#define ENTRIES 512

typedef uint64_t pte_t;

static spinlock_t paging_lock;	/* guards every table below pml4 */
static pte_t *pml4;
static pte_t *zero_pt;		/* 512 read-only entries, all the zero page */
static uint8_t zero_page[PAGE_SIZE] __attribute__((aligned(PAGE_SIZE)));

static unsigned idx(uintptr_t va, int level)	/* level 3 = PML4 ... 0 = PT */
{
	return (unsigned)(va >> (12 + 9 * level)) & (ENTRIES - 1);
}

static pte_t *table_of(pte_t e)
{
	return (pte_t *)(uintptr_t)(e & PTE_ADDR);
}

static pte_t *new_table(void)
{
	return alloc_pages(1);	/* zeroed: no entries */
}

/*
 * The page-table entry for va; with create, missing tables are made and a
 * shared zero page table is replaced by a private copy (so its entries
 * can change).  NULL when absent (or out of memory).
 */
static pte_t *walk(uintptr_t va, int create)
{
	pte_t *t = pml4;
	int level;

	for (level = 3; level > 0; level--) {
		pte_t *e = &t[idx(va, level)];

		if (!(*e & PTE_P)) {
			pte_t *n;

			if (!create || !(n = new_table()))
				return 0;
			*e = (uintptr_t)n | PTE_P | PTE_W;
		} else if (level == 1 && table_of(*e) == zero_pt && create) {
			pte_t *n = new_table();

			if (!n)
				return 0;
			__memcpy(n, zero_pt, PAGE_SIZE);
			*e = (uintptr_t)n | PTE_P | PTE_W;
		}
		t = table_of(*e);
	}
	return &t[idx(va, 0)];
}

void paging_init(void)
{
	uintptr_t end = pmm_ram_end(), va;
	int i;

	pml4 = new_table();
	zero_pt = new_table();
	if (!pml4 || !zero_pt)
		panic("paging: no memory for page tables");
	for (i = 0; i < ENTRIES; i++)
		zero_pt[i] = (uintptr_t)zero_page | PTE_P;
	/* identity: everything up to the end of RAM but the null page */
	for (va = PAGE_SIZE; va < end; va += PAGE_SIZE) {
		pte_t *e = walk(va, 1);

		if (!e)
			panic("paging: no memory to map RAM");
		*e = va | PTE_P | PTE_W;
	}
	write_cr3((uintptr_t)pml4);
}

int paging_present(uintptr_t va)
{
	pte_t *e = walk(va, 0);

	return e && (*e & PTE_P);
}

int paging_protect(uintptr_t va, size_t size, int prot)
{
	uintptr_t a, end = va + size;
	unsigned long f = spin_lock_irqsave(&paging_lock);
	int rc = 0;

	for (a = ALIGN_DOWN(va, PAGE_SIZE); a < end; a += PAGE_SIZE) {
		pte_t *e = walk(a, 0);

		if (!e || !(*e & PTE_ADDR)) {
			rc = -1;
			break;
		}
		*e &= ~(PTE_P | PTE_W);
		if (prot & (PROT_READ | PROT_WRITE))
			*e |= PTE_P;
		if (prot & PROT_WRITE)
			*e |= PTE_W;
		invlpg(a);
	}
	tlb_shootdown();
	spin_unlock_irqrestore(&paging_lock, f);
	return rc;
}

int paging_map_mmio(uintptr_t pa, size_t size)
{
	uintptr_t a, end = ALIGN_UP(pa + size, PAGE_SIZE);
	unsigned long f = spin_lock_irqsave(&paging_lock);
	int rc = 0;

	for (a = ALIGN_DOWN(pa, PAGE_SIZE); a < end; a += PAGE_SIZE) {
		pte_t *e = walk(a, 1);

		if (!e) {
			rc = -1;
			break;
		}
		*e = a | PTE_P | PTE_W | PTE_PCD | PTE_PWT;	/* uncached */
		invlpg(a);
	}
	spin_unlock_irqrestore(&paging_lock, f);
	return rc;
}

int paging_map_zero(uintptr_t va, size_t size)
{
	uintptr_t a = ALIGN_DOWN(va, PAGE_SIZE), end = ALIGN_UP(va + size, PAGE_SIZE);
	unsigned long f = spin_lock_irqsave(&paging_lock);
	int rc = 0;

	while (a < end) {
		/* a whole empty 2 MiB block: point it at the shared table */
		if (!(a & ((1ul << 21) - 1)) && end - a >= (1ul << 21)) {
			pte_t *pd_e = 0, *t = pml4;
			int level;

			for (level = 3; level > 1; level--) {
				pte_t *e = &t[idx(a, level)];

				if (!(*e & PTE_P)) {
					pte_t *n = new_table();

					if (!n) {
						rc = -1;
						goto out;
					}
					*e = (uintptr_t)n | PTE_P | PTE_W;
				}
				t = table_of(*e);
			}
			pd_e = &t[idx(a, 1)];
			if (!(*pd_e & PTE_P)) {
				*pd_e = (uintptr_t)zero_pt | PTE_P | PTE_W;
				a += 1ul << 21;
				continue;
			}
		}
		{
			pte_t *e = walk(a, 0);

			if (!e) {
				e = walk(a, 1);
				if (!e) {
					rc = -1;
					goto out;
				}
			}
			if (!(*e & PTE_P))
				*e = (uintptr_t)zero_page | PTE_P;
		}
		a += PAGE_SIZE;
	}
out:
	spin_unlock_irqrestore(&paging_lock, f);
	return rc;
}

int paging_populate(uintptr_t va, size_t size)
{
	uintptr_t a, end = ALIGN_UP(va + size, PAGE_SIZE);
	unsigned long f = spin_lock_irqsave(&paging_lock);
	int rc = 0, shoot = 0;

	for (a = ALIGN_DOWN(va, PAGE_SIZE); a < end; a += PAGE_SIZE) {
		pte_t *e = walk(a, 0);
		void *page;

		/* fast path: already a page of its own */
		if (e && (*e & PTE_P) && (*e & PTE_W))
			continue;
		e = walk(a, 1);
		if (!e || !(page = alloc_pages(1))) {
			rc = -1;
			break;
		}
		shoot |= !!(*e & PTE_P);	/* it was the zero page */
		*e = (uintptr_t)page | PTE_P | PTE_W;
		invlpg(a);
	}
	if (shoot)
		tlb_shootdown();
	spin_unlock_irqrestore(&paging_lock, f);
	return rc;
}

void paging_discard(uintptr_t va, size_t size)
{
	uintptr_t a = va, end = va + size;
	unsigned long f = spin_lock_irqsave(&paging_lock);
	int shoot = 0;

	while (a < end) {
		uintptr_t page = ALIGN_DOWN(a, PAGE_SIZE);
		uintptr_t stop = page + PAGE_SIZE < end ? page + PAGE_SIZE : end;
		pte_t *e = walk(page, 0);

		if (e && (*e & PTE_P) && (*e & PTE_W)) {
			uintptr_t pa = *e & PTE_ADDR;

			if (pa != page && a == page && stop == page + PAGE_SIZE) {
				/* a page of its own (shadow): back to the zero page */
				*e = (uintptr_t)zero_page | PTE_P;
				invlpg(page);
				shoot = 1;
				free_pages((void *)pa, 1);
			} else {
				__memset((void *)a, 0, stop - a);
			}
		}
		a = stop;
	}
	if (shoot)
		tlb_shootdown();
	spin_unlock_irqrestore(&paging_lock, f);
}
