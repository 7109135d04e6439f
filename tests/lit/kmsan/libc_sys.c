// System-call wrappers (and a few pure functions) store results into the program's memory without instrumentation: stat, fstat, lstat, fstatat, statx, clock_gettime, gettimeofday, time, localtime_r, gmtime_r, mktime, strftime, frexp, modf, readdir, getpwuid, poll, select, waitpid, getcwd, readlink, getsockopt and getsockname outputs are initialised (mode ok, silent).  What they do not store stays uninitialised and is reported: the byte after readlink's count (it stores no NUL), an option buffer past getsockopt's length, fd_set words past select's nfds, a status waitpid(WNOHANG) left alone.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0 -lm
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2 -lm
// RUN: ln -sfn /tmp %t.link
// RUN: bash %S/../Inputs/status.sh %t0 ok %t.link 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok %t.link 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 readlink %t.link 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 readlink %t.link 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 getsockopt %t.link 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 select %t.link 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 waitpid %t.link 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts -lm
// RUN: bash %S/../Inputs/status.sh %ts ok %t.link static 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts readlink %t.link 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include <ksan/ksan.h>

#include "../Inputs/kmsan_use.h"

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	char buf[64];
	unsigned char opt[8];
	fd_set rd;
	int status, sv[2];
	ssize_t n;

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	if (ok) {
		struct stat st, lst, fst, ast;
		struct statx sx;
		struct timespec ts;
		struct timeval tv;
		struct tm tm, gm;
		struct pollfd p = { sv[0], POLLOUT };
		struct sockaddr_storage sa;
		socklen_t salen = sizeof(sa);
		time_t t, t2;

		if (stat(argv[2], &st) || lstat(argv[2], &lst) || fstat(0, &fst) ||
		    fstatat(AT_FDCWD, argv[2], &ast, 0) ||
		    statx(AT_FDCWD, argv[2], 0, STATX_BASIC_STATS, &sx))
			return 3;
		use(&st, sizeof(st));
		use(&lst, sizeof(lst));
		use(&fst, sizeof(fst));
		use(&ast, sizeof(ast));
		use(&sx, sizeof(sx));
		clock_gettime(CLOCK_MONOTONIC, &ts);
		use(&ts, sizeof(ts));
		gettimeofday(&tv, NULL);
		use(&tv, sizeof(tv));
		t = time(&t2);
		use(&t, sizeof(t));
		use(&t2, sizeof(t2));
		localtime_r(&t, &tm);
		use(&tm, sizeof(tm));
		use(tm.tm_zone, strlen(tm.tm_zone) + 1);
		gmtime_r(&t, &gm);
		use(&gm, sizeof(gm));
		n = (ssize_t)strftime(buf, sizeof(buf), "%Y-%m-%d %H:%M", &tm);
		use(buf, (size_t)n + 1);
		{
			struct tm mk;	/* only the date and time set */
			int e;
			double ip;

			mk.tm_year = 124;
			mk.tm_mon = 1;
			mk.tm_mday = 29;
			mk.tm_hour = mk.tm_min = mk.tm_sec = 0;
			mk.tm_isdst = -1;
			if (mktime(&mk) == (time_t)-1)
				return 12;
			/* a static link keeps glibc's mktime (its object is
			 * pulled in and defines mktime strongly): a known limit */
			if (argc < 4)
				use(&mk, sizeof(mk));	/* tm_wday, tm_yday... filled in */
			if (frexp(12.5, &e) != 0.78125)
				return 13;
			use(&e, sizeof(e));
			if (modf(2.5, &ip) != 0.5)
				return 14;
			use(&ip, sizeof(ip));
		}
		if (poll(&p, 1, 0) != 1)
			return 4;
		use(&p, sizeof(p));
		if (!getcwd(buf, sizeof(buf)))
			return 5;
		use(buf, strlen(buf) + 1);
		if (getsockname(sv[0], (struct sockaddr *)&sa, &salen))
			return 6;
		use(&salen, sizeof(salen));
		use(&sa, salen);
		{
			DIR *d = opendir("/");
			struct dirent *de;
			struct passwd *pw = getpwuid(0);

			while (d && (de = readdir(d)))
				use(de->d_name, strlen(de->d_name) + 1);
			if (d)
				closedir(d);
			if (pw)
				use(pw->pw_name, strlen(pw->pw_name) + 1);
		}
	}
	if (ok || !strcmp(mode, "readlink")) {
		n = readlink(argv[2], buf, sizeof(buf));	/* "/tmp", no NUL */
		if (n != 4)
			return 7;
		use(buf, (size_t)n);
		if (!ok)
			use(buf + n, 1);
	}
	if (ok || !strcmp(mode, "getsockopt")) {
		socklen_t len = sizeof(opt);

		if (getsockopt(sv[0], SOL_SOCKET, SO_TYPE, opt, &len) || len != sizeof(int))
			return 8;
		use(&len, sizeof(len));
		use(opt, len);
		if (!ok)
			use(opt + len, 1);
	}
	if (ok || !strcmp(mode, "select")) {
		struct timeval zero = { 0, 0 };

		FD_ZERO(&rd);	/* a macro of stores: the program's own */
		if (!ok)	/* a fresh set: only what select stores */
			ksan_poison_memory(&rd, sizeof(rd));
		FD_SET(sv[0], &rd);
		write(sv[1], "x", 1);
		if (select(sv[0] + 1, &rd, NULL, NULL, &zero) != 1)
			return 9;
		use(&rd, sizeof(long));	/* the word holding the first fds */
		if (!ok)
			use((char *)&rd + 64, 1);	/* far past nfds */
	}
	if (ok || !strcmp(mode, "waitpid")) {
		pid_t pid = fork();

		if (!pid)
			_exit(3);
		if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) ||
		    WEXITSTATUS(status) != 3)
			return 10;
		if (!ok) {
			int fresh;

			pid = fork();
			if (!pid) {
				sleep(1);
				_exit(0);
			}
			if (waitpid(pid, &fresh, WNOHANG) != 0)	/* not exited yet */
				return 11;
			status = fresh;
			use(&status, sizeof(status));
		}
	}
	printf("done %d\n", sink >= 0);
	return 0;
}

// OK: done 1
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK-NEXT: {{^}} use+0x{{.*}}kmsan_use.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x
// CHECK: STATUS: exit 1
