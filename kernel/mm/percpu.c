/*
 * This file contains the per-CPU allocator: one area of PCPU_UNIT_SIZE per
 * CPU (the CPUs up at the first allocation), contiguous, so CPU n's copy
 * of an object is n units after CPU 0's, which is the __percpu pointer.
 * First fit over 16-byte granules, one granule left free after each
 * object (its red zone under KASAN) and at the start of the unit.  What is
 * handed out and taken back is told to KASAN (ksan_percpu_*: every copy
 * addressable or poisoned, a freed object quarantined until KASAN gives
 * it back through release()).
 *
 * Never instrumented: it zeroes copies that KASAN still has poisoned.
 */
#include "kernel/kernel.h"
#include "kernel/mm.h"
#include "kernel/percpu.h"
#include "kernel/smp.h"
#include "kernel/spinlock.h"
#include "ksan/ksan.h"

#define GRAN 16
#define NGRAN (PCPU_UNIT_SIZE / GRAN)

static spinlock_t pcpu_lock;	/* guards everything below */
static char *area;		/* CPU 0's unit; NULL before the first use */
static int units;
static uint8_t used[NGRAN / 8];
static uint16_t len_of[NGRAN];	/* at an object's first granule: granules taken */
static struct ksan_percpu *kasan_pc;

static int test(size_t g)
{
	return used[g / 8] >> (g % 8) & 1;
}

static void mark(size_t g, size_t n, int v)
{
	for (; n--; g++)
		used[g / 8] = (uint8_t)(v ? used[g / 8] | 1u << (g % 8) : used[g / 8] & ~(1u << (g % 8)));
}

/* KASAN gives a quarantined object back: its granules are free now. */
static void release(void *obj, void *arg)
{
	size_t g = (size_t)((char *)obj - area) / GRAN;
	unsigned long f = spin_lock_irqsave(&pcpu_lock);

	(void)arg;
	mark(g, len_of[g], 0);
	len_of[g] = 0;
	spin_unlock_irqrestore(&pcpu_lock, f);
}

static int setup(void)
{
	unsigned long f;
	char *a;
	int n = nr_cpus_online;

	a = alloc_pages((size_t)n * PCPU_UNIT_SIZE / PAGE_SIZE);
	if (!a)
		return -1;
	f = spin_lock_irqsave(&pcpu_lock);
	if (area) {		/* another CPU was first */
		spin_unlock_irqrestore(&pcpu_lock, f);
		free_pages(a, (size_t)n * PCPU_UNIT_SIZE / PAGE_SIZE);
		return 0;
	}
	mark(0, 1, 1);		/* the unit's first granule: a red zone */
	units = n;
	area = a;
	spin_unlock_irqrestore(&pcpu_lock, f);
	kasan_pc = ksan_percpu_create("pcpu", (unsigned)n, PCPU_UNIT_SIZE, release, 0);
	ksan_percpu_add_memory(kasan_pc, a, PCPU_UNIT_SIZE);
	return 0;
}

int percpu_nr_units(void)
{
	return units;
}

void *__alloc_percpu(size_t size, size_t align)
{
	size_t need, g, run = 0, step;
	unsigned long f;
	char *p = 0;
	int i;

	if (!size || size > PCPU_UNIT_SIZE / 2)
		return 0;
	if (!__atomic_load_n(&area, __ATOMIC_ACQUIRE) && setup())
		return 0;
	step = align > GRAN ? align / GRAN : 1;
	need = ALIGN_UP(size, GRAN) / GRAN + 1;	/* and its red zone */
	f = spin_lock_irqsave(&pcpu_lock);
	for (g = 0; g + need <= NGRAN; g++) {
		if (test(g)) {
			run = 0;
			continue;
		}
		if (!run && g % step)
			continue;
		if (++run == need) {
			g = g + 1 - need;
			mark(g, need, 1);
			len_of[g] = (uint16_t)need;
			p = area + g * GRAN;
			break;
		}
	}
	spin_unlock_irqrestore(&pcpu_lock, f);
	if (!p)
		return 0;
	for (i = 0; i < units; i++)
		__memset(p + (size_t)i * PCPU_UNIT_SIZE, 0, size);
	ksan_percpu_alloc(kasan_pc, p, size);
	return p;
}

void free_percpu(void *p)
{
	size_t g;

	if (!p)
		return;
	if (!ksan_percpu_free(kasan_pc, p))
		return;		/* quarantined (release() later), or a bad free reported */
	g = (size_t)((char *)p - area) / GRAN;
	if ((char *)p < area || g >= NGRAN || !len_of[g])
		return;		/* not ours: without KASAN nobody says so */
	release(p, 0);
}
