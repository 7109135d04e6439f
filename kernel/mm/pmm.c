/*
 * This file contains the physical page allocator: one bit per 4 KiB frame
 * of the first GiB, frames set free from the Multiboot memory map above
 * the kernel image, first-fit runs of contiguous frames (ksan's 1 MiB slab
 * regions and KFENCE's pool want them), zeroed on allocation.
 *
 * Never instrumented: pages are raw memory whose shadow is the port's
 * business; it runs before there is any shadow.
 */
#include "kernel/kernel.h"
#include "kernel/io.h"
#include "kernel/mm.h"
#include "kernel/spinlock.h"

#define MAX_RAM (1ul << 30)
#define NFRAMES (MAX_RAM / PAGE_SIZE)
#define MB_INFO_MMAP (1u << 6)

struct mb_info {			/* Multiboot 1 information (its start) */
	uint32_t flags, mem_lower, mem_upper, boot_device, cmdline;
	uint32_t mods_count, mods_addr, syms[4];
	uint32_t mmap_length, mmap_addr;
} __attribute__((packed));

struct mb_mmap {
	uint32_t size;			/* of the rest of the entry */
	uint64_t addr, len;
	uint32_t type;			/* 1: available RAM */
} __attribute__((packed));

static spinlock_t pmm_lock;		/* guards used, nfree and hint */
static uint64_t used[NFRAMES / 64];	/* 1 = not free */
static size_t nframes, nfree, hint;
extern char _kernel_end[];

static int test(size_t f)
{
	return (used[f / 64] >> (f % 64)) & 1;
}
static void set(size_t f)
{
	used[f / 64] |= 1ull << (f % 64);
}
static void clear(size_t f)
{
	used[f / 64] &= ~(1ull << (f % 64));
}

void pmm_init(uintptr_t info)
{
	const struct mb_info *mb = (const struct mb_info *)info;
	uintptr_t first = ALIGN_UP((uintptr_t)_kernel_end, PAGE_SIZE), p;

	__memset(used, 0xff, sizeof(used));
	if (!(mb->flags & MB_INFO_MMAP))
		panic("pmm: the boot loader gave no memory map");
	for (p = mb->mmap_addr; p < (uintptr_t)mb->mmap_addr + mb->mmap_length;) {
		const struct mb_mmap *e = (const struct mb_mmap *)p;
		uint64_t lo = ALIGN_UP(e->addr, PAGE_SIZE), hi = ALIGN_DOWN(e->addr + e->len, PAGE_SIZE);

		if (e->type == 1) {
			if (hi > MAX_RAM)
				hi = MAX_RAM;
			if (lo < first)
				lo = first;	/* below: BIOS, Multiboot data, the image */
			for (; lo < hi; lo += PAGE_SIZE) {
				clear(lo / PAGE_SIZE);
				nfree++;
				if (lo / PAGE_SIZE + 1 > nframes)
					nframes = lo / PAGE_SIZE + 1;
			}
		}
		p += e->size + 4;
	}
	hint = first / PAGE_SIZE;
	if (!nfree)
		panic("pmm: no free memory");
}

uintptr_t pmm_ram_end(void)
{
	return nframes * PAGE_SIZE;
}

size_t pmm_free_pages(void)
{
	return nfree;
}

/* First fit from the hint, then from the start. */
static size_t find_run(size_t from, size_t to, size_t n)
{
	size_t f = from, run = 0;

	for (; f < to; f++) {
		if (!(f % 64) && used[f / 64] == ~0ull) {
			f += 63;
			run = 0;
			continue;
		}
		if (test(f)) {
			run = 0;
			continue;
		}
		if (++run == n)
			return f + 1 - n;
	}
	return (size_t)-1;
}

void *alloc_pages(size_t n)
{
	unsigned long fl;
	size_t f, i;

	if (!n)
		return 0;
	fl = spin_lock_irqsave(&pmm_lock);
	f = find_run(hint, nframes, n);
	if (f == (size_t)-1)
		f = find_run(0, nframes, n);
	if (f == (size_t)-1) {
		spin_unlock_irqrestore(&pmm_lock, fl);
		return 0;
	}
	for (i = 0; i < n; i++)
		set(f + i);
	nfree -= n;
	hint = f + n;
	spin_unlock_irqrestore(&pmm_lock, fl);
	__memset((void *)(f * PAGE_SIZE), 0, n * PAGE_SIZE);
	return (void *)(f * PAGE_SIZE);
}

void free_pages(void *p, size_t n)
{
	size_t f = (uintptr_t)p / PAGE_SIZE, i;
	unsigned long fl = spin_lock_irqsave(&pmm_lock);

	for (i = 0; i < n; i++) {
		if (!test(f + i))
			panic("pmm: page 0x%lx freed twice", (unsigned long)((f + i) * PAGE_SIZE));
		clear(f + i);
	}
	nfree += n;
	if (f < hint)
		hint = f;
	spin_unlock_irqrestore(&pmm_lock, fl);
}
