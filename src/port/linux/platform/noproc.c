/*
 * This file contains what the Linux port knows without /proc (a chroot, a
 * container that does not mount it): the executable's path, the main
 * thread's stack and the start-up environment, from the auxiliary vector
 * and the initial stack, and the one line that says what is lost when even
 * they cannot tell.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <limits.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../linux.h"

/*
 * The dynamic loader (static glibc: __libc_start_main) sets this to the
 * initial stack pointer: where argc is, or (static start code pushes one
 * word) the word below it.  Weak: some C library may not have it.
 */
extern void *__libc_stack_end __attribute__((weak));

static char exe_path[PATH_MAX];	/* "" until known */
static unsigned noticed;	/* NOPROC_* said already */
static unsigned pending;	/* NOPROC_* to say in the next report */

static size_t str_len(const char *s)
{
	size_t n = 0;

	while (s[n])
		n++;
	return n;
}

/* 1 when /proc is not there at all (not merely a file missing from it). */
int port_proc_missing(void)
{
	struct stat st;

	return stat("/proc/self", &st) != 0;
}

static void say(unsigned what)
{
	static const char *const text[] = {
		"the executable's path is unknown: its frames are not symbolized",
		"a stack that is neither a thread's own nor a signal stack has "
		"unknown bounds: its traces end at the first frame",
		"the names of threads the runtime has not seen are unknown",
		"KSAN_OPTIONS cannot be read before the C library has started",
	};
	char line[256];
	size_t n = 0, i;
	const char *p;

	for (i = 0; i < sizeof(text) / sizeof(text[0]); i++)
		if (what == 1u << i)
			break;
	if (i == sizeof(text) / sizeof(text[0]) ||
	    (__atomic_fetch_or(&noticed, what, __ATOMIC_RELAXED) & what) ||
	    !port_proc_missing())
		return;
	for (p = "ksan: /proc is not mounted: "; *p; p++)
		line[n++] = *p;
	for (p = text[i]; *p && n < sizeof(line) - 1; p++)
		line[n++] = *p;
	line[n++] = '\n';
	ksan_port_write(line, n);
}

/*
 * What is lost for a report is said when a report shows it (the symbolizer
 * flushes while it prints frames): a correct program that allocates on a
 * user-context stack says nothing.  Lost options are said at once.
 */
void port_noproc_notice(unsigned what)
{
	if (what == NOPROC_ENV)
		say(what);
	else if (!(__atomic_load_n(&noticed, __ATOMIC_RELAXED) & what))
		__atomic_fetch_or(&pending, what, __ATOMIC_RELAXED);
}

void port_noproc_flush(void)
{
	unsigned bits = __atomic_exchange_n(&pending, 0, __ATOMIC_RELAXED), bit;

	for (bit = 1; bits; bit <<= 1)
		if (bits & bit) {
			bits &= ~bit;
			say(bit);
		}
}

/*
 * AT_EXECFN is the name execve() was given, relative to the working
 * directory of that moment: made absolute while that is still the working
 * directory (port_noproc_init runs before main), else when first asked.
 */
static void save_exe_path(void)
{
	const char *fn = (const char *)getauxval(AT_EXECFN);
	size_t n = 0, len;

	if (!fn || !*fn)
		return;
	len = str_len(fn);
	if (fn[0] != '/') {
		if (syscall(SYS_getcwd, exe_path, sizeof(exe_path)) <= 0 ||
		    exe_path[0] != '/') {
			exe_path[0] = 0;
			return;
		}
		n = str_len(exe_path);
		if (fn[0] == '.' && fn[1] == '/')
			fn += 2, len -= 2;
		if (n > 1)
			exe_path[n++] = '/';
	}
	if (n + len >= sizeof(exe_path)) {
		exe_path[0] = 0;
		return;
	}
	for (; *fn; fn++)
		exe_path[n++] = *fn;
	exe_path[n] = 0;
}

void port_noproc_init(void)
{
	if (!exe_path[0] && port_proc_missing())
		save_exe_path();
}

/* The main program's file: /proc/self/exe, else the auxiliary vector's. */
const char *port_exe_path(void)
{
	static char proc_path[PATH_MAX];
	ssize_t n;

	if (proc_path[0])
		return proc_path;
	n = readlink("/proc/self/exe", proc_path, sizeof(proc_path) - 1);
	if (n > 0 && n < (ssize_t)sizeof(proc_path) - 1) {
		proc_path[n] = 0;
		return proc_path;
	}
	proc_path[0] = 0;
	if (!exe_path[0])
		save_exe_path();
	return exe_path;
}

/* argv (and after it envp) from the initial stack, or NULL. */
static char **start_argv(void)
{
	long *p = &__libc_stack_end ? __libc_stack_end : 0;
	int i;

	for (i = 0; p && i < 2; i++, p++) {
		long argc = p[0];
		char **argv = (char **)(p + 1);

		if (argc >= 0 && argc < (1l << 24) && !argv[argc] &&
		    (!argc || (uintptr_t)argv[0] > (uintptr_t)argv))
			return argv;
	}
	return 0;
}

char **port_start_envp(void)
{
	char **argv = start_argv();

	if (!argv)
		return 0;
	while (*argv)
		argv++;
	return argv + 1;
}

/*
 * The main thread's stack as glibc's pthread_getattr_np computes it from
 * /proc/self/maps: it ends with the page after __libc_stack_end and may grow
 * down to RLIMIT_STACK from the top of its mapping (the top is just above
 * the strings execve copied, of which AT_EXECFN is the first).  Without
 * /proc the mapping below is unknown: an unlimited stack counts as 64 MiB.
 */
int port_main_stack(uintptr_t *lo, uintptr_t *hi)
{
	uintptr_t page = getauxval(AT_PAGESZ), end, top, fn, size;
	struct rlimit rl;

	if (!&__libc_stack_end || !__libc_stack_end)
		return -1;
	if (!page || (page & (page - 1)))
		page = 4096;
	end = ((uintptr_t)__libc_stack_end & -page) + page;
	top = end;
	fn = getauxval(AT_EXECFN);
	if (fn > end)
		top = (fn + str_len((const char *)fn) + 1 + page - 1) & -page;
	if (getrlimit(RLIMIT_STACK, &rl))
		size = 8ul << 20;
	else if (rl.rlim_cur == RLIM_INFINITY)
		size = 64ul << 20;
	else
		size = rl.rlim_cur;
	size = size > top - end ? (size - (top - end)) & -page : page;
	if (size > end - page)
		size = end - page;
	*lo = end - size;
	*hi = end;
	return 0;
}
