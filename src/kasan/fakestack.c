/*
 * This file contains the fake stack for stack-use-after-return: with
 * detect_stack_use_after_return=1, frames of code built with --ksan-uar
 * (GCC's asan-use-after-return) live in a per-thread fake stack instead of
 * the real one; a returning frame is poisoned (f5) and stays so until the
 * slot is reused, so a pointer into a dead frame is caught.
 *
 * Compiler ABI (ASan's fake stack protocol, don't change):
 * __asan_stack_malloc_N(size) returns a frame of 64 << N bytes (or 0: use
 * the real stack); the frame's last word holds the address of its "in use"
 * flag byte, which the compiler's epilogue clears after poisoning the
 * frame, or it calls __asan_stack_free_N(frame, size).
 */
#include "kasan.h"

#define ABI __attribute__((visibility("default"), used))
#define NCLASSES 11
#define MIN_FRAME_LOG 6
#define STACK_LOG 16		/* bytes per class: 64 KiB */
#define FRAMES(c) (1u << (STACK_LOG - MIN_FRAME_LOG - (c)))

ABI int __asan_option_detect_stack_use_after_return;	/* compiler ABI */

struct fake_stack {
	uintptr_t base;			/* classes' frames, then flags */
	uint8_t *flags[NCLASSES];
	uint32_t hint[NCLASSES];
	uint32_t tid;			/* thread using it now */
	struct fake_stack *next;
};

static ksan_lock_t fake_lock;
static struct fake_stack *all_fake;	/* guarded by fake_lock; never freed */

static uintptr_t class_base(const struct fake_stack *fs, unsigned c)
{
	return fs->base + ((uintptr_t)c << STACK_LOG);
}

static struct fake_stack *fake_stack_get(void)
{
	struct core_thread *t = core_thread_get();
	struct fake_stack *fs = t->fake_stack;
	size_t frames = (size_t)NCLASSES << STACK_LOG, nflags = 0;
	unsigned c;
	uint8_t *f;

	if (likely(fs != 0)) {
		fs->tid = t->tid;
		return fs;
	}
	for (c = 0; c < NCLASSES; c++)
		nflags += FRAMES(c);
	fs = ksan_port_map(sizeof(*fs) + nflags);
	if (!fs)
		return 0;
	fs->base = (uintptr_t)ksan_port_map(frames);
	if (!fs->base || ksan_port_shadow_ensure(fs->base, frames)) {
		if (fs->base)
			ksan_port_unmap((void *)fs->base, frames);
		ksan_port_unmap(fs, sizeof(*fs) + nflags);
		return 0;
	}
	kasan_poison(fs->base, frames, KASAN_STACK_RETURN);
	f = (uint8_t *)(fs + 1);
	for (c = 0; c < NCLASSES; c++) {
		fs->flags[c] = f;
		f += FRAMES(c);
	}
	ksan_port_lock(&fake_lock);
	fs->next = all_fake;
	all_fake = fs;
	ksan_port_unlock(&fake_lock);
	/* a recycled thread state keeps its fake stack for the next thread */
	fs->tid = t->tid;
	t->fake_stack = fs;
	return fs;
}

static uintptr_t fake_malloc(unsigned c, size_t size)
{
	struct fake_stack *fs;
	uint32_t i, n = FRAMES(c);
	size_t fsize = (size_t)64 << c;

	if (!kasan_ready || size > fsize || !(fs = fake_stack_get()))
		return 0;
	for (i = 0; i < n; i++) {
		uint32_t k = (fs->hint[c] + i) & (n - 1);
		uintptr_t frame;

		if (fs->flags[c][k])
			continue;	/* live, or abandoned by a longjmp */
		fs->flags[c][k] = 1;
		fs->hint[c] = k + 1;
		frame = class_base(fs, c) + (uintptr_t)k * fsize;
		kasan_poison(frame, fsize, 0);
		*(uint8_t **)(frame + fsize - 8) = &fs->flags[c][k];
		return frame;
	}
	return 0;	/* all in use: this frame goes on the real stack */
}

static void fake_free(unsigned c, uintptr_t frame, size_t size)
{
	size_t fsize = (size_t)64 << c;
	uint8_t *flag = *(uint8_t **)(frame + fsize - 8);

	(void)size;
	kasan_poison(frame, fsize, KASAN_STACK_RETURN);
	*flag = 0;
}

#define DEFINE_FAKE(c)							\
ABI uintptr_t __asan_stack_malloc_##c(size_t size)			\
{ return fake_malloc(c, size); }					\
ABI void __asan_stack_free_##c(uintptr_t frame, size_t size)		\
{ fake_free(c, frame, size); }
DEFINE_FAKE(0)
DEFINE_FAKE(1)
DEFINE_FAKE(2)
DEFINE_FAKE(3)
DEFINE_FAKE(4)
DEFINE_FAKE(5)
DEFINE_FAKE(6)
DEFINE_FAKE(7)
DEFINE_FAKE(8)
DEFINE_FAKE(9)
DEFINE_FAKE(10)

void kasan_fakestack_init(void)
{
	__asan_option_detect_stack_use_after_return =
		core_opt.detect_stack_use_after_return != 0;
	core_fork_add_lock(&fake_lock, CORE_FORK_LEAF);	/* nothing nests in it */
}

/* The fake frame holding addr, for reports: its start, or 0; *tid: whose. */
uintptr_t kasan_fake_frame_of(uintptr_t addr, uint32_t *tid)
{
	struct fake_stack *fs;
	uintptr_t frame = 0;

	ksan_port_lock(&fake_lock);
	for (fs = all_fake; fs; fs = fs->next)
		if (addr >= fs->base && addr < fs->base + ((uintptr_t)NCLASSES << STACK_LOG)) {
			unsigned c = (unsigned)((addr - fs->base) >> STACK_LOG);
			size_t fsize = (size_t)64 << c;

			frame = addr - (addr - class_base(fs, c)) % fsize;
			*tid = fs->tid;
			break;
		}
	ksan_port_unlock(&fake_lock);
	return frame;
}

/* Each fake frame in use, for the leak detector (the heap registry's
 * walk_roots): fake_lock is held by the world's stopper (the fork
 * protocol's locks). */
void kasan_fakestack_walk(void (*fn)(void *arg, uintptr_t lo, uintptr_t hi), void *arg)
{
	struct fake_stack *fs;
	unsigned c;
	uint32_t k;

	for (fs = all_fake; fs; fs = fs->next)
		for (c = 0; c < NCLASSES; c++)
			for (k = 0; k < FRAMES(c); k++)
				if (fs->flags[c][k]) {
					uintptr_t frame = class_base(fs, c) + ((uintptr_t)k << (MIN_FRAME_LOG + c));

					/* the last word is the frame's flag pointer */
					fn(arg, frame, frame + ((uintptr_t)64 << c) - 8);
				}
}
