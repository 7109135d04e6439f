/*
 * This file contains the Linux port's primitives from port.h: memory,
 * shadow mapping, futex locks, thread identity and exit, output (stderr or
 * log_path), exit/abort, time and randomness.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <time.h>
#include <unistd.h>
#include "libc.h"
#include "../linux.h"
#include "../../../kfence/kfence.h"

#ifndef MAP_FIXED_NOREPLACE
#define MAP_FIXED_NOREPLACE 0x100000
#endif

static int saved_pid;
static uint32_t main_tid;

void *ksan_port_map(size_t size)
{
	int e = errno;
	void *p = port_sys_mmap(0, size, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	errno = e;
	return p == MAP_FAILED ? 0 : p;
}

void ksan_port_unmap(void *addr, size_t size)
{
	int e = errno;

	port_sys_munmap(addr, size);
	errno = e;
}

int ksan_port_reserve(void *addr, size_t size)
{
	int e = errno;
	void *p = port_sys_mmap(addr, size, PROT_NONE,
				MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED, -1, 0);

	errno = e;
	return p == addr ? 0 : -1;
}

void ksan_port_discard(void *addr, size_t size)
{
	uintptr_t a = ROUND_UP((uintptr_t)addr, 4096);
	uintptr_t b = ROUND_DOWN((uintptr_t)addr + size, 4096);
	int e = errno;

	if (b > a)
		madvise((void *)a, b - a, MADV_DONTNEED);
	errno = e;
}

int ksan_port_protect(void *addr, size_t size, int prot)
{
	int e = errno, r;

	r = mprotect(addr, size, (prot & KSAN_PROT_READ ? PROT_READ : 0) |
		     (prot & KSAN_PROT_WRITE ? PROT_WRITE : 0));
	errno = e;
	return r ? -1 : 0;
}

size_t ksan_port_page_size(void)
{
	return 4096;
}

/* 1 if every page of [lo, hi) is mapped (mincore fails on a hole). */
int port_range_mapped(uintptr_t lo, uintptr_t hi)
{
	unsigned char vec[256];
	uintptr_t a, end = ROUND_UP(hi, 4096);

	for (a = ROUND_DOWN(lo, 4096); a < end; a += sizeof(vec) * 4096) {
		size_t len = end - a < sizeof(vec) * 4096 ? end - a : sizeof(vec) * 4096;

		if (syscall(SYS_mincore, a, len, vec))
			return 0;
	}
	return 1;
}

/* process_vm_readv on ourselves fails cleanly on a hole or a guard page;
 * where the system refuses it (seccomp), the pages mincore finds mapped
 * are copied as they are */
size_t ksan_port_read(void *dst, const void *src, size_t n)
{
	struct iovec local = { dst, n }, remote = { (void *)src, n };
	int e = errno;
	long got;

	if (!n)
		return 0;
	got = syscall(SYS_process_vm_readv, ksan_port_pid(), &local, 1UL, &remote, 1UL, 0UL);
	if (got < 0 && (errno == ENOSYS || errno == EPERM) &&
	    port_range_mapped((uintptr_t)src, (uintptr_t)src + n)) {
		core_memcpy(dst, src, n);
		got = (long)n;
	}
	errno = e;
	return got == (long)n ? n : 0;
}

/* Map zeroed shadow pages over [lo, hi); pages already there are kept. */
int port_map_fixed(uintptr_t lo, uintptr_t hi)
{
	void *p = port_sys_mmap((void *)lo, hi - lo, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_FIXED_NOREPLACE,
		       -1, 0);

	if (p == (void *)lo)
		return 0;
	if (p != MAP_FAILED) {
		/* old kernel, or qemu-user 7.2 (which treats the flag as a
		 * hint when the range exists): the hint was not honoured.
		 * Pages already there (msync succeeds) are kept, page by page */
		port_sys_munmap(p, hi - lo);
		if (hi - lo == 4096)
			return msync((void *)lo, 4096, MS_ASYNC) ? -1 : 0;
		errno = EEXIST;
	}
	if (errno != EEXIST)
		return -1;
	if (hi - lo == 4096)
		return 0;	/* already mapped */
	/* part of the range exists: go page by page */
	for (; lo < hi; lo += 4096)
		if (port_map_fixed(lo, lo + 4096))
			return -1;
	return 0;
}

#if !defined(KSAN_PORT_KMSAN) && !defined(KSAN_PORT_TAGS)	/* kmsan/shadow.c, tags/port.c */
/* Shadow ranges (see signal.c): S, and inside it G, the shadow of S. */
#define PORT_SHADOW_LO ((uintptr_t)KASAN_SHADOW_OFFSET)
#define PORT_SHADOW_HI ((KASAN_ADDR_LIMIT >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
#define PORT_GAP_LO ((PORT_SHADOW_LO >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)
#define PORT_GAP_HI ((PORT_SHADOW_HI >> KASAN_GRANULE_SHIFT) + KASAN_SHADOW_OFFSET)

/* One page of shadow for the fault handler; never one of the gap. */
int port_map_shadow_page(uintptr_t shadow_addr)
{
	uintptr_t lo = ROUND_DOWN(shadow_addr, 4096);
	int e, r;

	if (shadow_addr >= PORT_GAP_LO && shadow_addr < PORT_GAP_HI)
		return -1;
	e = errno;
	r = port_map_fixed(lo, lo + 4096);

	errno = e;
	return r;
}

int ksan_port_shadow_ensure(uintptr_t addr, size_t size)
{
	uintptr_t lo, hi;
	int e = errno, r;

	if (!size)
		return 0;
	if (addr >= KASAN_ADDR_LIMIT || addr + size > KASAN_ADDR_LIMIT)
		return -1;
	/* the shadow itself has no shadow: its shadow would be the gap that
	 * stays unmapped (signal.c), so that checks of it fault */
	if (addr < PORT_SHADOW_HI && addr + size > PORT_SHADOW_LO)
		return -1;
	lo = ROUND_DOWN((uintptr_t)kasan_shadow(addr), 4096);
	hi = ROUND_UP((uintptr_t)kasan_shadow(addr + size - 1) + 1, 4096);
	r = port_map_fixed(lo, hi);
	errno = e;
	return r;
}

#endif

/* ---- futex lock: 0 free, 1 held, 2 held with waiters ------------------ */

void ksan_port_lock(ksan_lock_t *l)
{
	int c = 0;

	if (__atomic_compare_exchange_n(&l->state, &c, 1, 0, __ATOMIC_ACQUIRE,
					__ATOMIC_RELAXED))
		return;
	for (int spin = 0; spin < 64; spin++) {
		c = 0;
		if (__atomic_load_n(&l->state, __ATOMIC_RELAXED) == 0 &&
		    __atomic_compare_exchange_n(&l->state, &c, 1, 0,
						__ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
			return;
#if defined(__x86_64__)
		__builtin_ia32_pause();
#elif defined(__aarch64__)
		__asm__ volatile("yield");
#endif
	}
	{
		int e = errno;

		while (__atomic_exchange_n(&l->state, 2, __ATOMIC_ACQUIRE) != 0)
			syscall(SYS_futex, &l->state, FUTEX_WAIT_PRIVATE, 2, 0, 0, 0);
		errno = e;
	}
}

void ksan_port_unlock(ksan_lock_t *l)
{
	if (__atomic_exchange_n(&l->state, 0, __ATOMIC_RELEASE) == 2) {
		int e = errno;

		syscall(SYS_futex, &l->state, FUTEX_WAKE_PRIVATE, 1, 0, 0, 0);
		errno = e;
	}
}

/* ---- threads -------------------------------------------------------- */

static __thread void *thread_slot __attribute__((tls_model("initial-exec")));
static __thread int thread_registered __attribute__((tls_model("initial-exec")));
static __thread uint32_t thread_tid __attribute__((tls_model("initial-exec")));
static pthread_key_t exit_key;
static int exit_key_ok;

void port_thread_exited(uint32_t tid);

static void thread_exit(void *unused)
{
	(void)unused;
	/* frames left without returning (pthread_exit, cancellation) keep
	 * their poison: clean the whole stack for the next thread using it */
	port_clean_stack();	/* also registers the thread if it was not */
	port_thread_exited(ksan_port_thread_id());
	core_thread_exit(thread_slot);
	thread_slot = 0;
	thread_registered = 0;
	port_altstack_release();
}

void port_threads_init(void)
{
	saved_pid = (int)getpid();
	main_tid = (uint32_t)syscall(SYS_gettid);
	if (!pthread_key_create(&exit_key, thread_exit))
		exit_key_ok = 1;
}

void **ksan_port_thread_slot(void)
{
	if (unlikely(!thread_registered) && exit_key_ok) {
		thread_registered = 1;
		pthread_setspecific(exit_key, (void *)1);
	}
	return &thread_slot;
}

uint32_t ksan_port_thread_id(void)
{
	if (unlikely(!thread_tid))
		thread_tid = (uint32_t)syscall(SYS_gettid);
	return thread_tid;
}

/* After fork the child's tid changes; forget the cached one. */
static void after_fork_child(void)
{
	thread_tid = 0;
	saved_pid = (int)getpid();
	main_tid = (uint32_t)syscall(SYS_gettid);
}

static void fork_child(void)
{
	core_fork_child();
	after_fork_child();
}

/* The runtime's own I/O: never an interceptor, which would check (KASAN) or
 * judge as an infoleak (KMSAN) a runtime buffer. */
ssize_t port_sys_read(int fd, void *buf, size_t n)
{
	return syscall(SYS_read, fd, buf, n);
}

ssize_t port_sys_write(int fd, const void *buf, size_t n)
{
	return syscall(SYS_write, fd, buf, n);
}

void port_fork_init(void)
{
	pthread_atfork(core_fork_prepare, core_fork_parent, fork_child);
}

int ksan_port_pid(void)
{
	return saved_pid ? saved_pid : (int)getpid();
}

uint32_t ksan_port_main_tid(void)
{
	return main_tid;
}

void ksan_port_thread_name(char *buf, size_t len)
{
	char name[17] = { 0 };
	int e = errno;

	prctl(PR_GET_NAME, name, 0, 0, 0);
	errno = e;
	core_snprintf(buf, len, "%s", name);
}

/* ---- output --------------------------------------------------------- */

static char log_path[256];
static int log_fd = -1;
static int log_pid;
static int report_fd = -1;	/* __sanitizer_set_report_fd's, over log_path */

/* Secure mode: reports go to stderr whatever the program compiled in (a
 * file a privileged process creates is the attacker's to place). */
void port_set_log_path(const char *path)
{
	if (port_secure() && path[0] && core_strcmp(path, "stderr")) {
		port_say_line("secure mode: log_path ignored; reports go to stderr", 0, 0);
		path = "";
	}
	if (port_logsink_select(path))
		path = "";	/* syslog, journal: logsink.c; stderr when it cannot */
	core_snprintf(log_path, sizeof(log_path), "%s", path);
}

/*
 * PATH.PID for appending: never through a symbolic link (O_NOFOLLOW), never
 * a FIFO or device (O_NONBLOCK, then the type), created 0600, and an
 * existing file only if the effective user owns it.  -1 with the reason in
 * why when it may not be used.
 */
static int open_log(const char *name, const char **why)
{
	struct stat st;
	int fd = open(name, O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK,
		      0600);

	if (fd < 0) {
		*why = errno == ELOOP ? "it is a symbolic link" : strerror(errno);
		return -1;
	}
	if (fstat(fd, &st) || !S_ISREG(st.st_mode))
		*why = "it is not a regular file";
	else if (st.st_uid != geteuid())
		*why = "another user owns it";
	else if (fcntl(fd, F_SETFL, O_APPEND) == 0)
		return fd;
	else
		*why = strerror(errno);
	close(fd);
	return -1;
}

void port_set_report_fd(int fd)
{
	__atomic_store_n(&report_fd, fd, __ATOMIC_RELAXED);
}

static int output_fd(void)
{
	char name[300];
	const char *why = "";
	int fd = __atomic_load_n(&report_fd, __ATOMIC_RELAXED);

	if (fd >= 0)
		return fd;
	if (!log_path[0] || !core_strcmp(log_path, "stderr"))
		return 2;
	if (!core_strcmp(log_path, "stdout"))
		return 1;
	if (log_fd >= 0 && log_pid == ksan_port_pid())
		return log_fd;
	core_snprintf(name, sizeof(name), "%s.%d", log_path, ksan_port_pid());
	fd = open_log(name, &why);
	if (fd < 0) {
		char msg[400];

		core_snprintf(msg, sizeof(msg), "not writing to log_path file '%s' (%s); reporting to stderr",
			      name, why);
		port_say_line(msg, 0, 0);
		log_path[0] = 0;
		return 2;
	}
	log_fd = fd;
	log_pid = ksan_port_pid();
	return fd;
}

void ksan_port_write(const char *buf, size_t len)
{
	int e, fd;

	if (port_logsink_write(buf, len))
		return;
	e = errno;
	fd = output_fd();
	while (len) {
		ssize_t n = port_sys_write(fd, buf, len);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		buf += n;
		len -= (size_t)n;
	}
	errno = e;
}

/* Both end the process on a bug: a fuzzer's death callback first (it saves
 * the input that crashed), then _exit or abort. */
void ksan_port_exit(int status)
{
	port_run_death_callback();
	_exit(status);
}

void ksan_port_abort(void)
{
	struct sigaction sa;

	port_run_death_callback();
	/* the program's SIGABRT handler must not run inside a report */
	core_memset(&sa, 0, sizeof(sa));
	sa.sa_handler = SIG_DFL;
	port_libc_sigaction(SIGABRT, &sa, 0);
	abort();
}

uint64_t ksan_port_time_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

uint64_t ksan_port_random(void)
{
	uint64_t v;
	int e = errno;

	if (getrandom(&v, sizeof(v), GRND_NONBLOCK) != sizeof(v))
		v = ksan_port_time_ns() * 0x9e3779b97f4a7c15ull ^ (uintptr_t)&v;
	errno = e;
	return v;
}

/* A sleep, not a spin: on a loaded machine the racing thread gets the CPU.
 * The raw system call: no cancellation point, errno kept, EINTR ends it. */
void ksan_port_delay_us(unsigned us)
{
	struct timespec ts = { us / 1000000, (long)(us % 1000000) * 1000 };
	int e = errno;

	syscall(SYS_clock_nanosleep, CLOCK_MONOTONIC, 0, &ts, (void *)0);
	errno = e;
}

/* KFENCE's pool: its guard and freed pages fault (and KFENCE would report
 * the runtime's read, not the program's access) */
int ksan_port_read_unsafe(uintptr_t addr, size_t size)
{
	return is_kfence_address((const void *)addr) ||
	       is_kfence_address((const void *)(addr + size - 1));
}

/* a SIGSEGV ends the process (handle_segv reports it and exits) */
int ksan_port_fault_survivable(void)
{
	return 0;
}

int ksan_port_cpu_id(void)
{
	unsigned cpu = 0;
	int e = errno;
	long r = syscall(SYS_getcpu, &cpu, (void *)0, (void *)0);

	errno = e;
	return r ? -1 : (int)cpu;
}
