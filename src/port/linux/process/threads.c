/*
 * This file contains the Linux port's thread registry: every thread created
 * through pthread_create gets a sequence number (T1, T2...; the main thread
 * is T0), its parent and its creation stack, and every thread the runtime
 * has seen its stack bounds, so reports can say whose stack an address is on
 * and where the thread came from.  Records outlive their threads (a report
 * may name a thread that has ended) and are recycled oldest first.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <errno.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <unistd.h>
#include "../platform/libc.h"
#include "../linux.h"

#define MAX_THREADS 4096

struct thread_rec {
	uint32_t tid, seq, parent;
	depot_handle_t create_stack;
	uintptr_t lo, hi;	/* stack, while the thread lives */
	char name[16];		/* last name seen */
};

static struct thread_rec threads[MAX_THREADS];	/* guarded by threads_lock */
static unsigned nthreads, next_victim;
static uint32_t next_seq = 1;
static ksan_lock_t threads_lock;
static int threads_lock_forks;	/* threads_lock is in the fork protocol */

/* threads_lock, which joins the fork protocol before it is first taken: a
 * child forked while another thread held it would hang in its first
 * pthread_create.  A leaf: nothing else is locked while it is held. */
static void lock_threads(void)
{
	if (unlikely(!__atomic_load_n(&threads_lock_forks, __ATOMIC_ACQUIRE))) {
		core_fork_add_lock(&threads_lock, CORE_FORK_LEAF);
		__atomic_store_n(&threads_lock_forks, 1, __ATOMIC_RELEASE);
	}
	ksan_port_lock(&threads_lock);
}

/* The record of tid, made if needed; called with threads_lock held. */
static struct thread_rec *rec_of(uint32_t tid, int create)
{
	unsigned i;

	for (i = 0; i < nthreads; i++)
		if (threads[i].tid == tid)
			return &threads[i];
	if (!create)
		return 0;
	if (nthreads < MAX_THREADS)
		i = nthreads++;
	else
		i = next_victim++ % MAX_THREADS;
	core_memset(&threads[i], 0, sizeof(threads[i]));
	threads[i].tid = tid;
	return &threads[i];
}

void port_thread_register(uintptr_t lo, uintptr_t hi)
{
	struct thread_rec *r;
	char name[16];

	ksan_port_thread_name(name, sizeof(name));	/* read_comm without /proc */
	lock_threads();
	r = rec_of(ksan_port_thread_id(), 1);
	r->lo = lo;
	r->hi = hi;
	core_memcpy(r->name, name, sizeof(name));
	ksan_port_unlock(&threads_lock);
}

void port_thread_exited(uint32_t tid)
{
	struct thread_rec *r;
	char name[16];

	ksan_port_thread_name(name, sizeof(name));
	lock_threads();
	r = rec_of(tid, 0);
	if (r) {
		r->lo = r->hi = 0;
		core_memcpy(r->name, name, sizeof(name));
	}
	ksan_port_unlock(&threads_lock);
}

static void read_comm(uint32_t tid, char *buf, size_t len)
{
	char path[64];
	int fd;
	ssize_t n;

	buf[0] = 0;
	core_snprintf(path, sizeof(path), "/proc/self/task/%u/comm", (unsigned)tid);
	fd = open(path, O_RDONLY | O_CLOEXEC);
	if (fd < 0) {	/* no /proc: our own name, else the last one seen */
		struct thread_rec *r;

		if (tid == ksan_port_thread_id()) {
			ksan_port_thread_name(buf, len);
			return;
		}
		lock_threads();
		if ((r = rec_of(tid, 0)))
			core_snprintf(buf, len, "%s", r->name);
		ksan_port_unlock(&threads_lock);
		if (!buf[0])
			port_noproc_notice(NOPROC_NAMES);
		return;
	}
	n = port_sys_read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		n = 0;
	if (n && buf[n - 1] == '\n')
		n--;
	buf[n] = 0;
}

size_t port_thread_ids_locked(uint32_t *tids, size_t max)
{
	size_t n = 0;
	unsigned i;

	for (i = 0; i < nthreads && n < max; i++)
		if (threads[i].lo)	/* alive */
			tids[n++] = threads[i].tid;
	return n;
}

int port_thread_stack_locked(uint32_t tid, uintptr_t *lo, uintptr_t *hi)
{
	struct thread_rec *r = rec_of(tid, 0);

	if (!r || !r->lo)
		return -1;
	*lo = r->lo;
	*hi = r->hi;
	return 0;
}

int ksan_port_stack_owner(uintptr_t addr, uint32_t *tid, char *name, size_t len)
{
	uintptr_t lo, hi;
	unsigned i;
	int found = -1;

	if (!ksan_port_current_stack(&lo, &hi) && addr >= lo && addr < hi) {
		*tid = ksan_port_thread_id();
		ksan_port_thread_name(name, len);
		return 0;
	}
	lock_threads();
	for (i = 0; i < nthreads; i++)
		if (addr >= threads[i].lo && addr < threads[i].hi) {
			*tid = threads[i].tid;
			found = 0;
			break;
		}
	ksan_port_unlock(&threads_lock);
	if (!found)
		read_comm(*tid, name, len);
	return found;
}

int ksan_port_thread_info(uint32_t tid, struct ksan_thread_info *ti)
{
	struct thread_rec *r;
	int ret = -1;

	core_memset(ti, 0, sizeof(*ti));
	ti->tid = tid;
	if (tid == ksan_port_main_tid()) {
		read_comm(tid, ti->name, sizeof(ti->name));
		return 0;	/* T0, created by nobody */
	}
	lock_threads();
	r = rec_of(tid, 0);
	if (r && r->seq) {
		ti->seq = r->seq;
		ti->parent = r->parent;
		ti->create_stack = r->create_stack;
		core_memcpy(ti->name, r->name, sizeof(ti->name));
		ret = 0;
	}
	ksan_port_unlock(&threads_lock);
	if (!ret && (r->lo || !ti->name[0]))
		read_comm(tid, ti->name, sizeof(ti->name));
	return ret;
}

/* ---- pthread_create: remember who made each thread, and from where ---- */

struct start {
	void *(*fn)(void *);
	void *arg;
	uint32_t parent, seq;
	depot_handle_t stack;
	unsigned sig_held;	/* SIGSEGV/SIGBUS the new thread holds blocked */
};

/* glibc 2.32's: a thread attribute's signal mask (musl has none) */
extern int pthread_attr_getsigmask_np(const pthread_attr_t *, sigset_t *) __attribute__((weak));
/* the C library's pthread_create (libc.c) */
static port_pthread_create_t real_create;

/* The registry knows a thread's stack from its start (a leak check scans
 * it up from the stopped thread's stack pointer).  A function of its own:
 * the trampoline keeps no local whose address escapes, so its call of the
 * thread's function stays a tail call (reports' stacks end there). */
static __attribute__((noinline)) void register_stack(void)
{
	uintptr_t lo, hi;

	ksan_port_current_stack(&lo, &hi);
}

static void *trampoline(void *p)
{
	struct start s = *(struct start *)p;
	struct thread_rec *r;

	/* before any instrumented code: the creator's view of the mask, and
	 * what the thread library really blocked (an attribute's mask) */
	port_sigmask_set_held(s.sig_held);
	port_sigmask_adopt();
	port_altstack_init();	/* released by port.c's thread_exit */
	free(p);
	lock_threads();
	r = rec_of(ksan_port_thread_id(), 1);
	r->seq = s.seq;
	r->parent = s.parent;
	r->create_stack = s.stack;
	ksan_port_unlock(&threads_lock);
	register_stack();
	/* the C library set this thread's errno up (KMSAN: initialised, also
	 * when its TLS lies in a stack the program took from malloc) */
	port_libc_wrote(&errno, sizeof(errno));
	return s.fn(s.arg);
}

PORT_API __attribute__((noinline)) int pthread_create(pthread_t *t, const pthread_attr_t *attr,
						      void *(*fn)(void *), void *arg)
{
	struct start *s;
	uintptr_t pcs[DEPOT_MAX_FRAMES];
	sigset_t mask;
	size_t n;
	int ret;

	port_ensure_init();
	if (!real_create && !(real_create = port_libc_pthread_create()))
		return 11;	/* EAGAIN: cannot happen with glibc */
	s = malloc(sizeof(*s));
	if (!s)
		return real_create(t, attr, fn, arg);
	port_leak_ignore(s);	/* the new thread frees it: never a leak */
	s->fn = fn;
	s->arg = arg;
	s->parent = ksan_port_thread_id();
	pcs[0] = (uintptr_t)pthread_create;
	n = 1 + ksan_port_stack_trace(pcs + 1, core_opt.malloc_context_size,
				      (uintptr_t)__builtin_return_address(0),
				      (uintptr_t)__builtin_frame_address(0));
	s->stack = core_depot_save(pcs, n);
	s->seq = __atomic_fetch_add(&next_seq, 1, __ATOMIC_RELAXED);
	s->sig_held = port_sigmask_held();
	port_thread_created();
	if (attr && pthread_attr_getsigmask_np && !pthread_attr_getsigmask_np(attr, &mask))
		s->sig_held = 0;	/* the attribute's mask replaces the creator's */
	ret = real_create(t, attr, trampoline, s);
	if (ret)
		free(s);
	else
		port_libc_wrote(t, sizeof(*t));
	return ret;
}
