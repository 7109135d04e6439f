/*
 * This file contains the reference freestanding port: every port.h function
 * with the smallest honest behaviour for a host that has nothing (no MMU
 * calls, no threads, no clock, no output device).  Memory comes from a
 * static arena; output goes to a buffer a debugger or test can read.  It
 * proves the core and the detectors link with -nostdlib, and it is where a
 * new port starts.
 */
#include "ksan/port.h"

#define ARENA_SIZE (4u << 20)

static unsigned char arena[ARENA_SIZE] __attribute__((aligned(4096)));
static size_t arena_used;
static void *thread_slot;

char ksan_stub_output[16384];	/* last output, NUL-terminated */
size_t ksan_stub_output_len;

void *ksan_port_map(size_t size)
{
	size_t s = (size + 4095) & ~(size_t)4095;
	void *p;

	if (s > ARENA_SIZE - arena_used)
		return 0;	/* no more memory: the core reports it */
	p = arena + arena_used;
	arena_used += s;
	return p;		/* static memory is already zero */
}

void ksan_port_unmap(void *addr, size_t size)
{
	(void)addr;	/* an arena never gives memory back */
	(void)size;
}

void ksan_port_discard(void *addr, size_t size)
{
	(void)addr;
	(void)size;
}

size_t ksan_port_page_size(void)
{
	return 4096;
}

size_t ksan_port_read(void *dst, const void *src, size_t n)
{
	(void)dst;	/* no way to tell what is mapped */
	(void)src;
	(void)n;
	return 0;
}

int ksan_port_protect(void *addr, size_t size, int prot)
{
	(void)addr;
	(void)size;
	(void)prot;
	return -1;	/* no MMU here: KFENCE stays off */
}

int ksan_port_reserve(void *addr, size_t size)
{
	(void)addr;
	(void)size;
	return -1;	/* no MMU: the unmap quarantine stays off */
}

int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	(void)addr;	/* a host with a shadow maps all of it at boot */
	(void)size;
	return 0;
}

void ksan_port_lock(ksan_lock_t *lock)
{
	lock->state = 1;	/* one thread, no interrupts: nothing to wait for */
}

void ksan_port_unlock(ksan_lock_t *lock)
{
	lock->state = 0;
}

int ksan_port_pid(void)
{
	return 0;
}

uint32_t ksan_port_main_tid(void)
{
	return 1;
}

uint32_t ksan_port_thread_id(void)
{
	return 1;
}

void ksan_port_thread_name(char *buf, size_t len)
{
	if (len)
		buf[0] = 0;
}

void **ksan_port_thread_slot(void)
{
	return &thread_slot;
}

size_t ksan_port_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
			     uintptr_t fp)
{
	(void)fp;	/* no safe way to walk frames without stack bounds */
	if (!max || !pc)
		return 0;
	pcs[0] = pc;
	return 1;
}

size_t ksan_port_fault_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
				   uintptr_t fp)
{
	(void)fp;
	if (!max)
		return 0;
	pcs[0] = pc;
	return 1;
}

/* No memos: nothing here is worth remembering. */
KSAN_PORT_NO_TRACE_MEMOS

int ksan_port_symbolize(uintptr_t pc, int is_return_address,
			struct ksan_symbol *sym)
{
	(void)pc;
	(void)is_return_address;
	(void)sym;
	return -1;
}

void ksan_port_report_begin(void)
{
}

void ksan_port_report_end(const struct ksan_report_summary *s)
{
	(void)s;
}

void ksan_port_write(const char *buf, size_t len)
{
	size_t i;

	for (i = 0; i < len && ksan_stub_output_len + 1 < sizeof(ksan_stub_output); i++)
		ksan_stub_output[ksan_stub_output_len++] = buf[i];
	ksan_stub_output[ksan_stub_output_len] = 0;
}

void ksan_port_exit(int status)
{
	(void)status;
	for (;;)
		;	/* nowhere to return to */
}

void ksan_port_abort(void)
{
	for (;;)
		;
}

uint64_t ksan_port_time_ns(void)
{
	return 0;
}

uint64_t ksan_port_random(void)
{
	static uint64_t x = 0x2545f4914f6cdd1dull;

	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

/* No clock and one thread: nothing could race during a stall. */
void ksan_port_delay_us(unsigned us)
{
	(void)us;
}

int ksan_port_cpu_id(void)
{
	return -1;
}

int ksan_port_fault_survivable(void)
{
	return 0;	/* nothing catches a fault here */
}

int ksan_port_read_unsafe(uintptr_t addr, size_t size)
{
	(void)addr;	/* an arena and nothing else: every byte reads */
	(void)size;
	return 0;
}

int ksan_port_current_stack(uintptr_t *lo, uintptr_t *hi)
{
	(void)lo;	/* unknown: stack red zones are not cleaned on no-return */
	(void)hi;
	return -1;
}

int ksan_port_stack_owner(uintptr_t addr, uint32_t *tid, char *name, size_t len)
{
	(void)addr;
	(void)tid;
	(void)name;
	(void)len;
	return -1;
}

int ksan_port_thread_info(uint32_t tid, struct ksan_thread_info *ti)
{
	(void)tid;
	(void)ti;
	return -1;
}

int ksan_port_symbolize_frames(uintptr_t pc, int is_return_address,
			       struct ksan_symbol *syms, int max)
{
	/* no inline information: just the real function, if anything */
	if (max < 1 || ksan_port_symbolize(pc, is_return_address, syms))
		return 0;
	return 1;
}

int ksan_port_stop_the_world(void (*fn)(void *arg), void *arg)
{
	(void)fn;	/* no idea where the roots are: no leak detection */
	(void)arg;
	return -1;
}

void ksan_port_for_each_root(void (*root)(void *arg, uintptr_t lo, uintptr_t hi, int kind),
			     void *arg)
{
	(void)root;
	(void)arg;
}

int ksan_port_pc_in_loader(uintptr_t pc)
{
	(void)pc;	/* no dynamic loader */
	return 0;
}

int ksan_port_secure(void)
{
	return 0;	/* no privileges to guard */
}
