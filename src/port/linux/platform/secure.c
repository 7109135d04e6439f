/*
 * This file contains the Linux port's secure mode and the checks that keep
 * the runtime from lending a privileged process to the user who started
 * it.  Secure mode is decided once, as glibc decides to ignore LD_PRELOAD:
 * the kernel's AT_SECURE (set-user-ID, set-group-ID, file capabilities, an
 * LSM's say), or real and effective ids that differ.  Then every input
 * from the environment is ignored (the option variables, the symbolizer's
 * path, the suppressions file they name), reports go to stderr, no program
 * is started and memory contents are left out of reports (docs/security.md).
 */
#define _GNU_SOURCE
#include <sys/auxv.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "../linux.h"

static int secure = -1;	/* -1 not decided yet; written once, at start-up */

int port_secure(void)
{
	int s = __atomic_load_n(&secure, __ATOMIC_RELAXED);

	if (s < 0) {
		/* getauxval works from the first instruction in static glibc
		 * too (the aux vector is read before any IRELATIVE resolver) */
		s = getauxval(AT_SECURE) || getuid() != geteuid() || getgid() != getegid();
		__atomic_store_n(&secure, s, __ATOMIC_RELAXED);
	}
	return s;
}

/* The core's view (include/ksan/port.h): reports withhold memory contents. */
int ksan_port_secure(void)
{
	return port_secure();
}

/* One line on stderr (never log_path: the line says why not). */
void port_say_line(const char *a, const char *b, const char *c)
{
	char line[512];
	int n = core_snprintf(line, sizeof(line), "ksan: %s%s%s\n", a, b ? b : "", c ? c : "");

	if (n > (int)sizeof(line) - 1)
		n = sizeof(line) - 1;
	if (syscall(SYS_write, 2, line, n) < 0)	/* no interceptor */
		return;
}

/*
 * 0 if the runtime may start a program now, with one line saying why not
 * the first time it may not: never in secure mode, and never while the
 * process holds ids its real user lacks (a daemon that dropped only its
 * real ids, a program between seteuid calls): the child would inherit them.
 */
int port_may_exec(void)
{
	static int said;
	char ids[96];

	if (port_secure()) {
		if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED))
			port_say_line("secure mode: no external symbolizer is started; "
					"frames come from the in-process symbol tables "
					"(function+offset, no file:line)", 0, 0);
		return 0;
	}
	if (getuid() == geteuid() && getgid() == getegid())
		return 1;
	if (!__atomic_exchange_n(&said, 1, __ATOMIC_RELAXED)) {
		core_snprintf(ids, sizeof(ids), "(uid %u euid %u, gid %u egid %u)",
			      (unsigned)getuid(), (unsigned)geteuid(),
			      (unsigned)getgid(), (unsigned)getegid());
		port_say_line("not starting the symbolizer with privileges the real user lacks ",
				ids, "; frames without file:line");
	}
	return 0;
}
