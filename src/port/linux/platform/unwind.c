/*
 * This file contains the Linux port's stack unwinder: a frame-pointer walk
 * that checks every frame record against the bounds of the stack mapping
 * it lives in, so a frame pointer clobbered by code built without frame
 * pointers ends the walk instead of faulting.  Bounds come from
 * /proc/self/maps, read with raw system calls (this runs inside malloc).
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <unistd.h>
#include <sys/resource.h>
#include "../linux.h"

struct range {
	uintptr_t lo, hi;
};

static __thread struct range stack_range __attribute__((tls_model("initial-exec")));
/* set while the thread library is asked for this thread's stack: it may
 * allocate, and that allocation's stack trace must not ask again (volatile:
 * glibc declares pthread_getattr_np leaf, so the stores would be dropped) */
static __thread volatile int in_getattr __attribute__((tls_model("initial-exec")));

static uintptr_t parse_hex(const char **p)
{
	uintptr_t v = 0;

	for (;; (*p)++) {
		char c = **p;

		if (c >= '0' && c <= '9')
			v = v * 16 + (uintptr_t)(c - '0');
		else if (c >= 'a' && c <= 'f')
			v = v * 16 + (uintptr_t)(c - 'a' + 10);
		else
			return v;
	}
}

/* The writable mapping that contains addr, from /proc/self/maps. */
static int find_mapping(uintptr_t addr, struct range *r)
{
	char buf[4096];
	size_t have = 0;
	int fd = open("/proc/self/maps", O_RDONLY | O_CLOEXEC), found = 0;

	if (fd < 0)
		return 0;
	for (;;) {
		ssize_t n = port_sys_read(fd, buf + have, sizeof(buf) - 1 - have);
		char *line = buf, *nl;

		if (n <= 0)
			break;
		have += (size_t)n;
		buf[have] = 0;
		while ((nl = (char *)core_strchr(line, '\n'))) {
			const char *p = line;
			uintptr_t lo = parse_hex(&p), hi;

			if (*p == '-') {
				p++;
				hi = parse_hex(&p);
				if (addr >= lo && addr < hi && p[1] == 'r' && p[2] == 'w') {
					r->lo = lo;
					r->hi = hi;
					found = 1;
					goto out;
				}
			}
			line = nl + 1;
		}
		have = (size_t)(buf + have - line);
		core_memcpy(buf, line, have);
	}
out:
	close(fd);
	return found;
}

/*
 * The stack that contains addr: its mapping, else (no /proc) this thread's
 * stack, a user context's (ucontext.c) or its signal stack, the only ones
 * whose bounds are known then.
 */
static __thread struct range thread_stack __attribute__((tls_model("initial-exec")));
static int thread_library_stack(struct range *r);

static int find_stack(uintptr_t addr, struct range *r)
{
	struct range t = thread_stack;	/* also from a signal stack */
	stack_t ss;

	if (find_mapping(addr, r))
		return 1;
	if (!in_getattr && (t.hi || !thread_library_stack(&t)) &&
	    addr >= t.lo && addr < t.hi) {
		*r = t;
		return 1;
	}
	if (!port_user_stack(addr, &r->lo, &r->hi))	/* makecontext's */
		return 1;
	if (!sigaltstack(0, &ss) && !(ss.ss_flags & SS_DISABLE) &&
	    addr - (uintptr_t)ss.ss_sp < ss.ss_size) {
		r->lo = (uintptr_t)ss.ss_sp;
		r->hi = (uintptr_t)ss.ss_sp + ss.ss_size;
		return 1;
	}
	if (!in_getattr)
		port_noproc_notice(NOPROC_STACK);
	return 0;
}

/*
 * The fallback: the C library is built without frame pointers, so a frame
 * chain that starts in it (malloc called by strdup, fopen, getline...) skips
 * its caller.  When the first return address is outside the executable,
 * unwind with the compiler's unwind tables (libgcc's _Unwind_Backtrace),
 * which does not need frame pointers, and keep the part from pc on.
 */
#include <link.h>
#include <unwind.h>
#include "libc.h"

_Unwind_Reason_Code _Unwind_Backtrace(_Unwind_Trace_Fn, void *) PORT_UNWINDER;
_Unwind_Ptr _Unwind_GetIP(struct _Unwind_Context *) PORT_UNWINDER;

static struct range exe_text;	/* executable code of the main program */
static int exe_text_known;
static __thread int in_cfi __attribute__((tls_model("initial-exec")));

static int find_exe(struct dl_phdr_info *info, size_t size, void *data)
{
	int i;

	(void)size;
	(void)data;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];

		if (ph->p_type == PT_LOAD && (ph->p_flags & PF_X)) {
			uintptr_t lo = info->dlpi_addr + ph->p_vaddr;

			if (!exe_text.lo || lo < exe_text.lo)
				exe_text.lo = lo;
			if (lo + ph->p_memsz > exe_text.hi)
				exe_text.hi = lo + ph->p_memsz;
		}
	}
	return 1;	/* the first object is the main program */
}

struct cfi_walk {
	uintptr_t *pcs;
	size_t n, max;
	uintptr_t start;	/* keep frames from this return address on */
	int started;
};

static _Unwind_Reason_Code cfi_frame(struct _Unwind_Context *ctx, void *arg)
{
	struct cfi_walk *w = arg;
	uintptr_t ip = (uintptr_t)_Unwind_GetIP(ctx);

	if (!w->started && ip == w->start)
		w->started = 1;
	if (w->started) {
		if (w->n == w->max || ip < 4096)
			return _URC_END_OF_STACK;
		w->pcs[w->n++] = ip;
	}
	return _URC_NO_REASON;
}

static size_t cfi_trace(uintptr_t *pcs, size_t max, uintptr_t pc)
{
	struct cfi_walk w = { pcs, 0, max, pc, 0 };

	if (!port_have_unwinder())
		return 0;
	in_cfi = 1;	/* libgcc may allocate the first time: no recursion */
	_Unwind_Backtrace(cfi_frame, &w);
	in_cfi = 0;
	return w.n;
}

static int outside_exe(uintptr_t pc)
{
	if (!exe_text_known) {
		dl_iterate_phdr(find_exe, 0);
		exe_text_known = 1;
	}
	return exe_text.hi && (pc < exe_text.lo || pc >= exe_text.hi);
}

size_t ksan_port_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
			     uintptr_t fp)
{
	struct range r = stack_range;
	uintptr_t here = (uintptr_t)__builtin_frame_address(0), lo, hi;
	size_t n = 0;

	if (!max)
		return 0;
	if (!fp) {
		fp = here;
		pc = 0;
	}
	if (pc && !in_cfi && outside_exe(pc)) {
		n = cfi_trace(pcs, max, pc);
		if (n > 1)
			return n;
		n = 0;
	}
	/* this thread's stack: [current frame, top of its mapping) */
	if (!(fp >= r.lo && fp < r.hi) || here < r.lo) {
		if (!find_stack(fp, &r)) {
			if (pc)
				pcs[n++] = pc;
			return n;
		}
		if (fp >= here && here >= r.lo)
			stack_range = r;
	}
	/* the bounds in registers for the walk (r's address was taken) */
	lo = r.lo;
	hi = r.hi;
	if (here >= lo && here < hi && here < fp)
		lo = here;	/* frames live above the current one */
	if (!(!(fp & 7) && fp >= lo && fp + 16 <= hi)) {
		if (pc)
			pcs[n++] = pc;
		return n;
	}
	pcs[n++] = pc ? pc : ((uintptr_t *)fp)[1];
	/* fp is a frame record inside [lo, hi); each next one must lie
	 * above it (so above lo) and end below hi */
	while (n < max) {
		uintptr_t next = ((uintptr_t *)fp)[0];

		if (next <= fp || (next & 7) || next > hi - 16)
			break;
		fp = next;
		pc = ((uintptr_t *)fp)[1];
		if (pc < 4096)
			break;
		pcs[n++] = pc;
	}
	return n;
}

/*
 * A fault's trace.  In the executable (built with frame pointers) the
 * frame-pointer walk from the fault's fp is right, unless the fault is in
 * a leaf; outside it (the C library's memcpy keeps no frame record, so fp
 * is its caller's and the walk would start at the caller's caller) the
 * unwind tables say where the return address is (still in x30/LR for a
 * leaf), as the sanitizers' slow unwinders do from a signal context:
 * libgcc unwinds through the signal frame (it knows the sigreturn
 * trampoline, also qemu-user's) and the walk keeps the frames from pc on.
 */
size_t ksan_port_fault_stack_trace(uintptr_t *pcs, size_t max, uintptr_t pc,
				   uintptr_t fp)
{
	size_t n;

	if (!max)
		return 0;
	if (!in_cfi && outside_exe(pc)) {
		n = cfi_trace(pcs, max, pc);
		if (n > 1)
			return n;
	}
	pcs[0] = pc;
	return 1 + (fp ? ksan_port_stack_trace(pcs + 1, max - 1, 0, fp) : 0);
}

/*
 * The memo's records are the words ksan_port_stack_trace reads, in the
 * order it reads them: record 0 at fp, each next record at the one
 * before's first word.  Unchanged words make the same walk (same bounds,
 * same max), so checking them, each at an address the memo already holds,
 * replaces the walk's chain of dependent loads.  Only walks inside this
 * thread's known stack are remembered: their records stay readable.
 */
/* The memo path's conditions: fp a record on this thread's known stack,
 * above this frame, and a trace ksan_port_stack_trace would walk. */
static int memo_ok(uintptr_t pc, uintptr_t fp, size_t max, uintptr_t here)
{
	struct range r = stack_range;

	return pc && max && max <= KSAN_MEMO_FRAMES && !(fp & 7) && here >= r.lo &&
	       fp >= here && fp + 16 <= r.hi && !in_cfi && !outside_exe(pc);
}

/* A frame record, or a memo's copy of one: 16 bytes compared at once. */
typedef uint64_t record_v __attribute__((vector_size(16)));

static inline record_v record_at(uintptr_t a)
{
	record_v v;

	__builtin_memcpy(&v, (const void *)a, sizeof(v));
	return v;
}

int ksan_port_memo_same(const struct ksan_trace_memo *m, uintptr_t pc, uintptr_t fp,
			size_t max)
{
	record_v d = { 0, 0 };
	uintptr_t a = fp;
	uint32_t i;

	struct range r = stack_range;
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);

	/* remembered under memo_ok, which still holds for the same call on
	 * the same stack (outside_exe(pc) does not change) */
	if (!m->nrec || m->pc != pc || m->fp != fp || m->max != max || m->hi != r.hi ||
	    here < r.lo || fp < here)
		return 0;
	for (i = 0; i < m->nrec; i++) {
		d |= record_at(a) ^ record_at((uintptr_t)m->rec[i]);
		a = m->rec[i][0];
	}
	return !(d[0] | d[1]);
}

size_t ksan_port_stack_trace_memo(uintptr_t *pcs, size_t max, uintptr_t pc,
				  uintptr_t fp, struct ksan_trace_memo *m)
{
	uintptr_t a, hi = stack_range.hi;
	size_t n = 0;
	uint32_t k = 0;

	m->nrec = 0;
	if (!memo_ok(pc, fp, max, (uintptr_t)__builtin_frame_address(0)))
		return ksan_port_stack_trace(pcs, max, pc, fp);
	/* ksan_port_stack_trace's walk, each record it reads remembered */
	pcs[n++] = pc;
	for (a = fp;;) {
		uintptr_t next = ((uintptr_t *)a)[0];

		m->rec[k][0] = next;
		m->rec[k][1] = ((uintptr_t *)a)[1];
		k++;
		if (n == max || next <= a || (next & 7) || next > hi - 16)
			break;
		pc = ((uintptr_t *)next)[1];
		if (pc < 4096) {
			m->rec[k][0] = ((uintptr_t *)next)[0];
			m->rec[k][1] = pc;
			k++;
			break;
		}
		pcs[n++] = pc;
		a = next;
	}
	m->pc = pcs[0];
	m->fp = fp;
	m->max = max;
	m->hi = hi;
	m->n = (uint32_t)n;
	m->nrec = k;
	return n;
}

/* The current thread's exact stack (thread_stack), from the thread library
 * (not from a mapping, which the kernel may have merged with a neighbour). */
void port_thread_register(uintptr_t lo, uintptr_t hi);

/* 1 if the stack's limit is finite. */
static int stack_limited(void)
{
	struct rlimit rl;

	return !getrlimit(RLIMIT_STACK, &rl) && rl.rlim_cur != RLIM_INFINITY;
}

/*
 * glibc reads /proc/self/maps for the main thread's stack (an fopen and a
 * getline: allocations in three size classes at start-up).  The bounds it
 * finds there are the ones port_main_stack computes from the initial stack
 * and RLIMIT_STACK, except with an unlimited stack, which glibc bounds by
 * the mapping below it: only then is /proc read.  Without /proc glibc
 * would only allocate and fail.
 */
static int thread_library_stack(struct range *r)
{
	pthread_attr_t attr;
	void *addr;
	size_t size;
	int err, main_thread = ksan_port_thread_id() == (uint32_t)getpid();

	if (main_thread && (port_proc_missing() || stack_limited()) &&
	    !port_main_stack(&r->lo, &r->hi))
		return 0;
	if (main_thread && port_proc_missing())
		return -1;
	in_getattr = 1;
	err = pthread_getattr_np(pthread_self(), &attr);
	if (!err) {
		err = pthread_attr_getstack(&attr, &addr, &size);
		pthread_attr_destroy(&attr);
	}
	in_getattr = 0;
	if (!err) {
		r->lo = (uintptr_t)addr;
		r->hi = (uintptr_t)addr + size;
		return 0;
	}
	return main_thread ? port_main_stack(&r->lo, &r->hi) : -1;
}

int ksan_port_current_stack(uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t here = (uintptr_t)__builtin_frame_address(0);
	struct range r = thread_stack;

	/* a makecontext stack (ucontext.c), also one inside this stack */
	if (!port_user_stack(here, lo, hi))
		return 0;
	if (!(here >= r.lo && here < r.hi)) {
		if (in_getattr || thread_library_stack(&r))
			return -1;
		if (!(here >= r.lo && here < r.hi))
			return -1;	/* on a signal stack or a user stack */
		if (!thread_stack.hi)
			port_thread_register(r.lo, r.hi);
		thread_stack = r;
	}
	*lo = r.lo;
	*hi = r.hi;
	return 0;
}
