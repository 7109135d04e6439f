/*
 * This file contains the Linux port's part of leak detection: stopping the
 * world and naming the roots (the check at exit is exit.c's).
 *
 * Stopping: with the runtime's locks taken (fork's set, so no thread is
 * stopped inside the runtime), every other thread of the process (listed
 * from /proc/self/task, else from the thread registry) is sent SIGBUS with
 * SI_QUEUE and a cookie: ksan's SIGBUS handler is always installed and the
 * signal never really blocked (sigmask.c), so the thread runs
 * port_leak_stop_signal(), which copies its registers, stack pointer and
 * thread pointer and waits on a futex until the world resumes.  Threads
 * that came up meanwhile are stopped too (the list is read again until it
 * stays the same).  A thread of the registry that does not answer within a
 * second (stopped by a debugger, in an uninterruptible sleep), or another
 * within 20 ms (qemu-user lists its own threads there), is left running:
 * its whole stack is scanned as it is, its registers are not.
 *
 * Roots: the writable PT_LOAD segments of every module (dl_iterate_phdr,
 * read before the locks: the loader's lock is not the runtime's), each
 * thread's registers, its stack from the stack pointer (less the x86-64 red
 * zone) to the top the registry knows, and its static TLS blocks and thread
 * descriptor (their offsets from the thread pointer are the same in every
 * thread: this thread's dl_iterate_phdr gives them).  Ranges that may not
 * be mapped whole are read through process_vm_readv into a buffer.
 *
 * At exit: the check runs after the program's atexit handlers and its
 * destructors, from whichever of two hooks runs last: an atexit handler
 * registered at start-up (in a dynamic executable, before the loader's
 * _dl_fini, so after every destructor) and a destructor of the lowest
 * priority (in a static executable the destructors may run after the
 * handlers).  _exit and a halting report skip it; a fork child that exits
 * normally checks its own heap.  Leaks: stdio flushed, status 23.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <link.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <ucontext.h>
#include <unistd.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../../../leak/leak.h"
#include "../../../kfence/kfence.h"
#include "regs.h"

#define MAX_RANGES 4096		/* writable segments of all modules */
#define MAX_THREADS 16384
#define STOP_TIMEOUT_NS 1000000000ull	/* for the registry's threads */
#define UNKNOWN_WAIT_NS 20000000ull	/* for the others */
#define RED_ZONE 128		/* below the x86-64 stack pointer */
#define OFF_STACK_SCAN (64u << 10)	/* sp on a signal stack: what to read */
#define STATIC_TLS_MAX (16u << 20)	/* static TLS lies this close to the thread pointer */

/* ---- what is gathered before the locks --------------------------------- */

struct range {
	uintptr_t lo, hi;
};
static struct range ranges[MAX_RANGES];	/* modules' writable segments */
static unsigned nranges;
static struct range loader_text[16];	/* the dynamic loader's code */
static unsigned nloader;
static intptr_t tls_lo, tls_hi;		/* static TLS, from the thread pointer */
static struct range self_tls[64];	/* this thread's other TLS blocks */
static unsigned nself_tls;
static uintptr_t self_lo, self_hi;	/* the checking thread's stack */
static uintptr_t self_sp;		/* ... scanned from here up */
static int gathered;

extern void *dlsym(void *, const char *) __attribute__((weak));

/* glibc's size of its thread descriptor, which libthread_db reads from
 * the dynamic libc; 0 elsewhere (a static executable, musl): then the
 * descriptor is not scanned. */
static size_t tcb_size(void)
{
	static const unsigned int *p;
	static int looked;

	if (!looked && dlsym && getauxval(AT_BASE))
		p = dlsym((void *)0 /* RTLD_DEFAULT */, "_thread_db_sizeof_pthread");
	looked = 1;
	return p ? *p : 0;
}

/* This thread's block of a module's TLS at data.  One in static TLS, near
 * the thread pointer, sits at the same offset in every thread; one the
 * loader allocated for a dlopen'ed module (from the heap: glibc; from the C
 * library's own allocator: musl) is this thread's only. */
static void gather_tls(uintptr_t data, size_t size, uintptr_t tp)
{
	intptr_t off = (intptr_t)(data - tp);

	if (core_pagemap_get(data) || core_heap_pool_of(data))
		return;		/* a heap object: the DTV reaches it */
	if (off < -(intptr_t)STATIC_TLS_MAX || off > (intptr_t)STATIC_TLS_MAX) {
		if (nself_tls < ARRAY_SIZE(self_tls))
			self_tls[nself_tls++] = (struct range){ data, data + size };
		return;
	}
	if (off < tls_lo)
		tls_lo = off;
	if (off + (intptr_t)size > tls_hi)
		tls_hi = off + (intptr_t)size;
}

static int gather_module(struct dl_phdr_info *info, size_t size, void *arg)
{
	uintptr_t tp = *(uintptr_t *)arg, base = info->dlpi_addr;
	int is_loader = getauxval(AT_BASE) && base == getauxval(AT_BASE);
	int i;

	(void)size;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t lo = base + ph->p_vaddr, hi = lo + ph->p_memsz;

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_W) && nranges < MAX_RANGES)
			ranges[nranges++] = (struct range){ lo, hi };
		else if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X) && is_loader &&
			 nloader < ARRAY_SIZE(loader_text))
			loader_text[nloader++] = (struct range){ lo, hi };
		if (ph->p_type == PT_TLS && info->dlpi_tls_data)
			gather_tls((uintptr_t)info->dlpi_tls_data, ph->p_memsz, tp);
	}
	return 0;
}

static void gather(void)
{
	uintptr_t tp = read_tp();
	size_t tcb = tcb_size();

	nranges = nloader = nself_tls = 0;
	tls_lo = tls_hi = 0;
	dl_iterate_phdr(gather_module, &tp);
	/* the thread descriptor beside the static TLS */
	if (TCB_ABOVE_TP && (intptr_t)tcb > tls_hi)
		tls_hi = (intptr_t)tcb;
	if (!TCB_ABOVE_TP && -(intptr_t)tcb < tls_lo)
		tls_lo = -(intptr_t)tcb;
	if (ksan_port_current_stack(&self_lo, &self_hi))
		self_lo = self_hi = 0;
	gathered = 1;
}

/* glibc's dynamic loader is a module of its own; musl's is its C library
 * (ld-musl-*.so.1): there "allocated by the loader" would be every strdup
 * and fopen, so the rule is glibc's only. */
#ifdef PORT_LIBC_MUSL
#define LOADER_IS_LIBC 1
#else
#define LOADER_IS_LIBC 0
#endif

int ksan_port_pc_in_loader(uintptr_t pc)
{
	unsigned i;

	if (LOADER_IS_LIBC)
		return 0;
	if (!gathered)
		gather();	/* not yet: the world runs, it may lock */
	for (i = 0; i < nloader; i++)
		if (pc >= loader_text[i].lo && pc < loader_text[i].hi)
			return 1;
	return 0;
}

/* ---- stopping the world ----------------------------------------------- */

enum { SLOT_FREE, SLOT_SENT, SLOT_STOPPING, SLOT_STOPPED, SLOT_ABANDONED };

struct stopped {
	uint32_t tid;
	int state;		/* SLOT_*, changed by compare-and-swap */
	int known;		/* in the thread registry: ours, it will answer */
	uint32_t gen;		/* the stop it belongs to */
	uintptr_t sp, tp;
	size_t nregs;
	uint8_t regs[REGS_MAX];
};

static const int stw_cookie;		/* si_value of our SIGBUS */
static struct stopped *slots;		/* never unmapped: a late handler may look */
static size_t nslots, slot_cap;
static uint32_t stw_gen;		/* futex: the stop in progress */
static uint32_t stw_acks;		/* futex: threads stopped so far */

static long futex(uint32_t *w, int op, uint32_t val, const struct timespec *ts)
{
	return syscall(SYS_futex, w, op, val, ts, 0, 0);
}

int port_leak_stop_signal(int sig, const void *si, void *uctx)
{
	const siginfo_t *info = si;
	struct stopped *s = __atomic_load_n(&slots, __ATOMIC_ACQUIRE);
	size_t i, n = __atomic_load_n(&nslots, __ATOMIC_ACQUIRE);
	uint32_t tid, gen;
	int sent = SLOT_SENT;

	if (sig != SIGBUS || info->si_code != SI_QUEUE ||
	    info->si_value.sival_ptr != (void *)&stw_cookie || info->si_pid != ksan_port_pid())
		return 0;
	tid = ksan_port_thread_id();
	for (i = 0; s && i < n; i++)
		if (s[i].tid == tid && __atomic_compare_exchange_n(&s[i].state, &sent, SLOT_STOPPING,
								  0, __ATOMIC_ACQUIRE,
								  __ATOMIC_RELAXED))
			break;
	if (!s || i == n)
		return 1;	/* late: its stop was given up */
	{
		struct stopped *me = &s[i];
		int e = errno;

		gen = me->gen;
		me->sp = uc_sp(uctx);
		me->tp = read_tp();
		me->nregs = copy_regs(me->regs, uctx);
		__atomic_store_n(&me->state, SLOT_STOPPED, __ATOMIC_RELEASE);
		/* the slot is the stopper's from here on */
		__atomic_add_fetch(&stw_acks, 1, __ATOMIC_RELEASE);
		futex(&stw_acks, FUTEX_WAKE_PRIVATE, 1, 0);
		while (__atomic_load_n(&stw_gen, __ATOMIC_ACQUIRE) == gen)
			futex(&stw_gen, FUTEX_WAIT_PRIVATE, gen, 0);
		errno = e;
	}
	return 1;
}

struct linux_dirent64_ {
	uint64_t d_ino;
	int64_t d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* The threads of this process: /proc/self/task, else the registry.
 * Raw system calls: no allocation, the runtime's locks are held. */
static size_t list_threads(uint32_t *tids, size_t max)
{
	char buf[4096] __attribute__((aligned(8)));
	size_t n = 0;
	long got;
	int fd = (int)syscall(SYS_openat, AT_FDCWD, "/proc/self/task",
			      O_RDONLY | O_DIRECTORY | O_CLOEXEC);

	if (fd < 0)
		return port_thread_ids_locked(tids, max);
	while ((got = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0) {
		long off;

		for (off = 0; off < got;) {
			const struct linux_dirent64_ *d = (const void *)(buf + off);
			const char *c = d->d_name;
			uint32_t tid = 0;

			off += d->d_reclen;
			for (; *c >= '0' && *c <= '9'; c++)
				tid = tid * 10 + (uint32_t)(*c - '0');
			if (!*c && tid && n < max)
				tids[n++] = tid;
		}
	}
	syscall(SYS_close, fd);
	return n;
}

static int known(uint32_t tid)
{
	size_t i;

	for (i = 0; i < nslots; i++)
		if (slots[i].tid == tid)
			return 1;
	return 0;
}

/* Room for n slots; an outgrown table stays mapped (see above). */
static int slots_reserve(size_t n)
{
	struct stopped *bigger;
	size_t cap = slot_cap ? slot_cap : 64;

	if (n <= slot_cap)
		return 0;
	while (cap < n)
		cap *= 2;
	bigger = ksan_port_map(ROUND_UP(cap * sizeof(*bigger), 4096));
	if (!bigger)
		return -1;
	if (nslots)
		core_memcpy(bigger, slots, nslots * sizeof(*bigger));
	__atomic_store_n(&slots, bigger, __ATOMIC_RELEASE);
	slot_cap = cap;
	return 0;
}

/* 1 if the signal went out (its handler may have answered already). */
static int send_stop(struct stopped *s)
{
	siginfo_t si;

	core_memset(&si, 0, sizeof(si));
	si.si_signo = SIGBUS;
	si.si_code = SI_QUEUE;
	si.si_pid = ksan_port_pid();
	si.si_uid = getuid();
	si.si_value.sival_ptr = (void *)&stw_cookie;
	if (syscall(SYS_rt_tgsigqueueinfo, ksan_port_pid(), s->tid, SIGBUS, &si)) {
		s->state = SLOT_ABANDONED;	/* gone (ESRCH) */
		return 0;
	}
	return 1;
}

/* Wait until every signalled thread answered, or give the rest up. */
/* Signalled threads of kind known (1: the registry's) not answered yet. */
static size_t pending(int known)
{
	size_t i, n = 0;

	for (i = 0; i < nslots; i++)
		n += slots[i].known == known &&
		     __atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) == SLOT_SENT;
	return n;
}

/*
 * Wait until every signalled thread answered, or give the rest up: the
 * registry's threads get until the deadline; others (made without
 * pthread_create, or not the program's at all: qemu-user's own threads
 * are listed in /proc/self/task and never run the handler) UNKNOWN_WAIT_NS.
 */
static void wait_stopped(uint64_t deadline)
{
	uint64_t unknown_until = ksan_port_time_ns() + UNKNOWN_WAIT_NS;
	size_t i;

	for (;;) {
		uint32_t acks = __atomic_load_n(&stw_acks, __ATOMIC_ACQUIRE);
		struct timespec ts = { 0, 1000 * 1000 };
		uint64_t now = ksan_port_time_ns();

		if ((!pending(1) && (now > unknown_until || !pending(0))) || now > deadline)
			break;
		futex(&stw_acks, FUTEX_WAIT_PRIVATE, acks, &ts);
	}
	for (i = 0; i < nslots; i++) {
		int sent_state = SLOT_SENT;

		/* give up on it, unless its handler took the slot just now */
		if (!__atomic_compare_exchange_n(&slots[i].state, &sent_state, SLOT_ABANDONED, 0,
						 __ATOMIC_ACQ_REL, __ATOMIC_RELAXED))
			while (__atomic_load_n(&slots[i].state, __ATOMIC_ACQUIRE) == SLOT_STOPPING)
				;
	}
}

static uint32_t tid_buf[MAX_THREADS];

static void stop_threads(void)
{
	uint64_t deadline = ksan_port_time_ns() + STOP_TIMEOUT_NS;
	uint32_t self = ksan_port_thread_id();
	int round;

	nslots = 0;
	__atomic_store_n(&stw_acks, 0, __ATOMIC_RELEASE);
	/* threads being created appear in a later listing: list again until
	 * a listing brings nobody new */
	for (round = 0; round < 8; round++) {
		size_t n = list_threads(tid_buf, MAX_THREADS), i, before = nslots;

		if (slots_reserve(nslots + n))
			break;
		for (i = 0; i < n; i++) {
			uintptr_t lo, hi;
			struct stopped *s;

			if (tid_buf[i] == self || known(tid_buf[i]))
				continue;
			s = &slots[nslots];
			core_memset(s, 0, offsetof(struct stopped, regs));
			s->tid = tid_buf[i];
			s->gen = __atomic_load_n(&stw_gen, __ATOMIC_RELAXED);
			s->state = SLOT_SENT;
			__atomic_store_n(&nslots, nslots + 1, __ATOMIC_RELEASE);
			s->known = !port_thread_stack_locked(s->tid, &lo, &hi);
			send_stop(s);
		}
		wait_stopped(deadline);
		if (nslots == before)
			break;
	}
}

static void resume_threads(void)
{
	__atomic_add_fetch(&stw_gen, 1, __ATOMIC_RELEASE);
	futex(&stw_gen, FUTEX_WAKE_PRIVATE, 0x7fffffff, 0);
}

/*
 * The checking thread's stack is scanned from this frame up: its
 * callee-saved registers are spilled here, and the check's own frames
 * below (gathering, stopping, the object table, the scan) hold nothing of
 * the program's, only the runtime's values, some of them in slots a frame
 * leaves unused: a stale word there can look like a pointer and hide a
 * leak.  The check zeroes the stack where this frame goes (src/leak/check.c).
 */
__attribute__((noinline)) int ksan_port_stop_the_world(void (*fn)(void *arg), void *arg)
{
	__builtin_unwind_init();	/* every callee-saved register into the frame */
	self_sp = read_sp();
	gather();
	/* fork's locks, in fork's order (KFENCE's handlers were registered
	 * after the core's: its lock is taken first, released last) */
	kfence_fork_prepare();
	core_fork_prepare();
	stop_threads();
	fn(arg);
	resume_threads();
	core_fork_parent();
	kfence_fork_parent();
	if (core_opt.verbosity) {
		size_t i, left = 0;

		for (i = 0; i < nslots; i++)
			left += slots[i].state == SLOT_ABANDONED;
		core_printf("ksan: leak check: %zu other thread(s) stopped, %zu not (gone, not the "
			    "program's, or no answer in time: stacks scanned whole, not registers)\n",
			    nslots - left, left);
	}
	return 0;
}

/* ---- the roots ---------------------------------------------------------- */

typedef void (*root_fn)(void *arg, uintptr_t lo, uintptr_t hi, int kind);

/*
 * A range that may not be readable whole (a fault here, with the runtime's
 * locks held, would hang the program): read a buffer at a time with
 * ksan_port_read, which fails cleanly on a hole or a guard page.
 */
static void scan_copy(root_fn fn, void *arg, uintptr_t lo, uintptr_t hi, int kind)
{
	uint64_t buf[512];
	uintptr_t a;

	for (a = lo; a < hi; a = ROUND_DOWN(a, sizeof(buf)) + sizeof(buf)) {
		size_t len = (ROUND_DOWN(a, sizeof(buf)) + sizeof(buf) < hi ?
			      ROUND_DOWN(a, sizeof(buf)) + sizeof(buf) : hi) - a;

		if (ksan_port_read(buf, (const void *)a, len) == len)
			fn(arg, (uintptr_t)buf, (uintptr_t)buf + len, kind);
	}
}

/* Copied (scan_copy): the span of a thread's static TLS blocks is only as
 * right as the C library's layout is known. */
static void scan_tls(root_fn fn, void *arg, uintptr_t tp)
{
	if (tp && tls_hi > tls_lo)
		scan_copy(fn, arg, tp + tls_lo, tp + tls_hi, KSAN_ROOT_TLS);
}

/* This thread: its registers spilled into ksan_port_stop_the_world's
 * frame, its stack above. */
static __attribute__((noinline)) void scan_self(root_fn fn, void *arg)
{
	uintptr_t sp = self_sp;
	unsigned i;

	if (self_hi && sp >= self_lo && sp < self_hi)
		fn(arg, sp, self_hi, KSAN_ROOT_STACK);
	else
		scan_copy(fn, arg, sp, sp + OFF_STACK_SCAN, KSAN_ROOT_STACK);
	scan_tls(fn, arg, read_tp());
	for (i = 0; i < nself_tls; i++)
		scan_copy(fn, arg, self_tls[i].lo, self_tls[i].hi, KSAN_ROOT_TLS);
}

static void scan_stopped(root_fn fn, void *arg, const struct stopped *s)
{
	uintptr_t lo, hi;
	int have = !port_thread_stack_locked(s->tid, &lo, &hi);

	fn(arg, (uintptr_t)s->regs, (uintptr_t)s->regs + s->nregs, KSAN_ROOT_REGISTERS);
	if (have && s->sp >= lo && s->sp < hi) {
		fn(arg, s->sp - RED_ZONE >= lo ? s->sp - RED_ZONE : lo, hi, KSAN_ROOT_STACK);
	} else {
		/* on a signal stack or a stack of its own making: around the
		 * stack pointer, and the thread's stack whole */
		scan_copy(fn, arg, s->sp - RED_ZONE, s->sp + OFF_STACK_SCAN, KSAN_ROOT_STACK);
		if (have)
			scan_copy(fn, arg, lo, hi, KSAN_ROOT_STACK);
	}
	scan_tls(fn, arg, s->tp);
}

void ksan_port_for_each_root(root_fn fn, void *arg)
{
	int written = port_written_open();
	size_t i;

	/* a module unloaded since gather() leaves a hole: copy around it;
	 * pages never written hold no heap address (written.c) */
	for (i = 0; i < nranges; i++)
		if (port_range_mapped(ranges[i].lo, ranges[i].hi))
			port_scan_written(written, fn, arg, ranges[i].lo, ranges[i].hi,
					  KSAN_ROOT_DATA);
		else
			scan_copy(fn, arg, ranges[i].lo, ranges[i].hi, KSAN_ROOT_DATA);
	port_written_close(written);
	scan_self(fn, arg);
	for (i = 0; i < nslots; i++) {
		uintptr_t lo, hi;

		if (slots[i].state == SLOT_STOPPED)
			scan_stopped(fn, arg, &slots[i]);
		else if (!port_thread_stack_locked(slots[i].tid, &lo, &hi))
			scan_copy(fn, arg, lo, hi, KSAN_ROOT_STACK);	/* running */
	}
}
