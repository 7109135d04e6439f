// KMSAN's C library model, process and system queries (src/port/linux/kmsan/libc_sysinfo.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t -lutil
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static -lutil
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <fcntl.h>
#include <linux/capability.h>
#include <pty.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <termios.h>
#include <unistd.h>
#include "Inputs/libc_rows.h"

int capget(cap_user_header_t hdr, cap_user_data_t data);
static int master = -1, slave = -1;

#define STRUCT_ROW(fn, T, ...)						\
	ROW(fn, sizeof(T))						\
	{								\
		return fn(__VA_ARGS__) ? -2 : (long)sizeof(T);		\
	}

STRUCT_ROW(getrlimit, struct rlimit, RLIMIT_NOFILE, (struct rlimit *)b)
STRUCT_ROW(getrlimit64, struct rlimit64, RLIMIT_NOFILE, (struct rlimit64 *)b)
STRUCT_ROW(prlimit, struct rlimit, 0, RLIMIT_NOFILE, NULL, (struct rlimit *)b)
STRUCT_ROW(prlimit64, struct rlimit64, 0, RLIMIT_NOFILE, NULL, (struct rlimit64 *)b)
STRUCT_ROW(sched_getparam, struct sched_param, 0, (struct sched_param *)b)
STRUCT_ROW(tcgetattr, struct termios, slave, (struct termios *)b)
STRUCT_ROW(sysinfo, struct sysinfo, (struct sysinfo *)b)
STRUCT_ROW(uname, struct utsname, (struct utsname *)b)
STRUCT_ROW(sched_getaffinity, cpu_set_t, 0, sizeof(cpu_set_t), (cpu_set_t *)b)
STRUCT_ROW(getresuid, uid_t[3], (uid_t *)b, (uid_t *)b + 1, (uid_t *)b + 2)
STRUCT_ROW(getresgid, gid_t[3], (gid_t *)b, (gid_t *)b + 1, (gid_t *)b + 2)

ROW(getloadavg, 3 * sizeof(double))
{
	int n = getloadavg((double *)b, 3);

	return n < 0 ? -2 : n * (long)sizeof(double);
}

ROW(capget, 2 * sizeof(struct __user_cap_data_struct))
{
	struct __user_cap_header_struct h = { _LINUX_CAPABILITY_VERSION_3, 0 };

	return capget(&h, (cap_user_data_t)b) ? -2 : 2 * (long)sizeof(struct __user_cap_data_struct);
}

ROW(mincore, 3)
{
	static char pages[3 * 4096] __attribute__((aligned(4096)));

	pages[0] = 1;
	return mincore(pages, sizeof(pages), b) ? -2 : 3;
}

ROW(getgroups, 64 * sizeof(gid_t))
{
	int n = getgroups(64, (gid_t *)b);

	return n < 0 ? -2 : n * (long)sizeof(gid_t);
}

ROW(gethostname, 256)
{
	return gethostname((char *)b, 256) ? -2 : (long)strlen((char *)b) + 1;
}

ROW(confstr, 256)
{
	size_t n = confstr(_CS_PATH, (char *)b, 256);

	return n && n <= 256 ? (long)n : -2;
}

ROW(ctermid, L_ctermid)
{
	return (long)strlen(ctermid((char *)b)) + 1;
}

ROW(tmpnam_r, L_tmpnam)
{
	return tmpnam_r((char *)b) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(ttyname_r, 64)
{
	return ttyname_r(slave, (char *)b, 64) ? -2 : (long)strlen((char *)b) + 1;
}

ROW(ptsname_r, 64)
{
	return ptsname_r(master, (char *)b, 64) ? -2 : (long)strlen((char *)b) + 1;
}

/* the descriptors at b, the name after them */
ROW(openpty, 8 + 64)
{
	if (openpty((int *)b, (int *)b + 1, (char *)b + 8, NULL, NULL))
		return -2;
	close(((int *)b)[0]);
	close(((int *)b)[1]);
	return 8 + (long)strlen((char *)b + 8) + 1;
}

ROW(forkpty, 4 + 64)
{
	pid_t pid = forkpty((int *)b, (char *)b + 4, NULL, NULL);

	if (pid == 0)
		_exit(0);
	if (pid < 0)
		return -2;
	waitpid(pid, NULL, 0);
	close(*(int *)b);
	return 4 + (long)strlen((char *)b + 4) + 1;
}

int main(int argc, char **argv)
{
	if (openpty(&master, &slave, NULL, NULL, NULL))
		return 2;
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 23{{$}}
// CHECK-NEXT: STATUS: exit 0
