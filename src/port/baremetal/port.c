/*
 * This file contains the bare-metal port's answers to port.h: memory from
 * the kernel's page allocator, shadow populated through its page tables,
 * page protection for KFENCE, spinlocks taken with interrupts off, tasks
 * as threads, the serial console as
 * output, QEMU's isa-debug-exit as exit, the TSC as clock.
 */
#include "port.h"

void *ksan_port_map(size_t size)
{
	return kport_alloc_pages((size + BM_PAGE - 1) / BM_PAGE);
}

void ksan_port_unmap(void *addr, size_t size)
{
	kport_free_pages(addr, (size + BM_PAGE - 1) / BM_PAGE);
}

void ksan_port_discard(void *addr, size_t size)
{
	kport_discard((uintptr_t)addr, size);
}

size_t ksan_port_page_size(void)
{
	return BM_PAGE;
}

size_t ksan_port_read(void *dst, const void *src, size_t n)
{
	(void)dst;	/* the kernel's page tables are not consulted: say so */
	(void)src;
	(void)n;
	return 0;
}

int ksan_port_protect(void *addr, size_t size, int prot)
{
	return kport_protect((uintptr_t)addr, size, prot);
}

/* The test kernel never gives address space back: no unmap quarantine. */
int ksan_port_reserve(void *addr, size_t size)
{
	(void)addr;
	(void)size;
	return -1;
}

/*
 * A spinlock: state 0 free, else bit 0 held, bit 1 interrupts were on at
 * the taker, bits 8 up the holding CPU + 1.  Interrupts stay off while it
 * is held (and while spinning), so a lock met held by this very CPU can
 * never be released: say so and stop instead of hanging.
 */
#define LOCK_CPU_SHIFT 8

void ksan_port_lock(ksan_lock_t *lock)
{
	unsigned long f = kport_irq_save();
	int me = (kport_cpu_id() + 1) << LOCK_CPU_SHIFT, free_ = 0;

	while (!__atomic_compare_exchange_n(&lock->state, &free_, me | 1, 0,
					    __ATOMIC_ACQUIRE, __ATOMIC_RELAXED)) {
		if (unlikely((free_ & ~0xff) == me)) {
			static const char msg[] =
				"ksan: a runtime lock taken again on the CPU that holds it\n";

			ksan_port_write(msg, sizeof(msg) - 1);
			kport_exit(BM_EXIT_ABORT);
		}
		while (__atomic_load_n(&lock->state, __ATOMIC_RELAXED))
			__asm__ volatile("pause");
		free_ = 0;
	}
	if (f & 0x200)
		__atomic_store_n(&lock->state, me | 3, __ATOMIC_RELAXED);
}

void ksan_port_unlock(ksan_lock_t *lock)
{
	int s = lock->state;

	__atomic_store_n(&lock->state, 0, __ATOMIC_RELEASE);
	kport_irq_restore(s & 2 ? 0x200 : 0);
}

uint32_t ksan_port_thread_id(void)
{
	struct kport_task t;

	kport_current(&t);
	return t.id;
}

int ksan_port_pid(void)
{
	return 0;	/* one address space, no processes */
}

uint32_t ksan_port_main_tid(void)
{
	return 0;	/* swapper/0, the boot task */
}

void ksan_port_thread_name(char *buf, size_t len)
{
	struct kport_task t;
	size_t i;

	if (!len)
		return;
	kport_current(&t);
	for (i = 0; t.name && t.name[i] && i + 1 < len; i++)
		buf[i] = t.name[i];
	buf[i] = 0;
}

void **ksan_port_thread_slot(void)
{
	return kport_task_slot();
}

int ksan_port_current_stack(uintptr_t *lo, uintptr_t *hi)
{
	struct kport_task t;

	kport_current(&t);
	if (!t.stack_hi)
		return -1;
	*lo = t.stack_lo;
	*hi = t.stack_hi;
	return 0;
}

int ksan_port_stack_owner(uintptr_t addr, uint32_t *tid, char *name, size_t len)
{
	struct kport_task t;
	size_t i;

	if (kport_stack_owner(addr, &t))
		return -1;
	*tid = t.id;
	for (i = 0; len && t.name && t.name[i] && i + 1 < len; i++)
		name[i] = t.name[i];
	if (len)
		name[i] = 0;
	return 0;
}

int ksan_port_thread_info(uint32_t tid, struct ksan_thread_info *ti)
{
	struct kport_task t;
	size_t i;

	if (kport_task(tid, &t))
		return -1;
	core_memset(ti, 0, sizeof(*ti));
	ti->tid = tid;
	ti->seq = tid;		/* task ids count up from swapper's 0 */
	ti->parent = t.parent;
	for (i = 0; t.name && t.name[i] && i + 1 < sizeof(ti->name); i++)
		ti->name[i] = t.name[i];
	return 0;
}

void ksan_port_write(const char *buf, size_t len)
{
	kport_console_write(buf, len);
}

/* the serial console takes the text as it comes */
void ksan_port_report_begin(void)
{
}

void ksan_port_report_end(const struct ksan_report_summary *s)
{
	(void)s;
}

void ksan_port_exit(int status)
{
	kport_exit(status);
}

void ksan_port_abort(void)
{
	kport_exit(BM_EXIT_ABORT);
}

uint64_t ksan_port_time_ns(void)
{
	return kport_time_ns();
}

uint64_t ksan_port_random(void)
{
	static uint64_t x;
	uint32_t lo, hi;

	if (!x) {
		__asm__ volatile("rdtsc" : "=a"(lo), "=d"(hi));
		x = (((uint64_t)hi << 32) | lo) | 1;
	}
	x ^= x << 13;
	x ^= x >> 7;
	x ^= x << 17;
	return x;
}

/* Spin: the other CPUs run meanwhile (and this one's interrupts). */
void ksan_port_delay_us(unsigned us)
{
	uint64_t end = kport_time_ns() + (uint64_t)us * 1000;

	while (kport_time_ns() < end)
		__asm__ volatile("pause");
}

int ksan_port_cpu_id(void)
{
	return kport_cpu_id();
}

/* KFENCE's pool is the only memory here that can fault when read. */
int ksan_port_read_unsafe(uintptr_t addr, size_t size)
{
	return is_kfence_address((void *)addr) ||
	       (size && is_kfence_address((void *)(addr + size - 1)));
}

/* A fault in a task ends that task (the kernel's oops); anywhere else the
 * kernel panics, and the report may as well halt first. */
int ksan_port_fault_survivable(void)
{
	return kport_fault_survivable();
}

/* No leak detection in the test kernel yet: its data, bss and task stacks
 * are known (kernel.ld, the scheduler) but not told to the detector. */
int ksan_port_stop_the_world(void (*fn)(void *arg), void *arg)
{
	(void)fn;
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
	(void)pc;	/* a kernel loads no modules */
	return 0;
}

int ksan_port_secure(void)
{
	return 0;	/* one privilege level: the console's reader owns the machine */
}
