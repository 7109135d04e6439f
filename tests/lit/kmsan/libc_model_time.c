// KMSAN's C library model, time calls (src/port/linux/kmsan/libc_time.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/timeb.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include "Inputs/libc_rows.h"

static const struct tm when = { .tm_year = 120, .tm_mon = 1, .tm_mday = 3, .tm_hour = 4 };

ROW(asctime_r, 64)
{
	return (long)strlen(asctime_r(&when, (char *)b)) + 1;
}

ROW(ctime_r, 64)
{
	time_t t = 1000000000;

	return (long)strlen(ctime_r(&t, (char *)b)) + 1;
}

ROW(strftime_l, 64)
{
	locale_t loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	long n = (long)strftime_l((char *)b, 64, "%Y-%m-%d", &when, loc);

	freelocale(loc);
	return n + 1;
}

ROW(wcsftime, 64 * sizeof(wchar_t))
{
	return ((long)wcsftime((wchar_t *)b, 64, L"%Y-%m-%d", &when) + 1) * (long)sizeof(wchar_t);
}

ROW(wcsftime_l, 64 * sizeof(wchar_t))
{
	locale_t loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	long n = (long)wcsftime_l((wchar_t *)b, 64, L"%H", &when, loc);

	freelocale(loc);
	return (n + 1) * (long)sizeof(wchar_t);
}

ROW(strptime, sizeof(struct tm))
{
	return strptime("2020-02-03", "%Y-%m-%d", (struct tm *)b) ? sizeof(struct tm) : -2;
}

ROW(times, sizeof(struct tms))
{
	return times((struct tms *)b) == (clock_t)-1 ? -2 : (long)sizeof(struct tms);
}

ROW(ftime, sizeof(struct timeb))
{
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
	return ftime((struct timeb *)b) ? -2 : (long)sizeof(struct timeb);
}

ROW(getitimer, sizeof(struct itimerval))
{
	return getitimer(ITIMER_REAL, (struct itimerval *)b) ? -2 : (long)sizeof(struct itimerval);
}

ROW(setitimer, sizeof(struct itimerval))
{
	static const struct itimerval off;

	return setitimer(ITIMER_REAL, &off, (struct itimerval *)b) ? -2 :
		(long)sizeof(struct itimerval);
}

ROW(getrusage, sizeof(struct rusage))
{
	return getrusage(RUSAGE_SELF, (struct rusage *)b) ? -2 : (long)sizeof(struct rusage);
}

ROW(clock_getcpuclockid, sizeof(clockid_t))
{
	return clock_getcpuclockid(0, (clockid_t *)b) ? -2 : (long)sizeof(clockid_t);
}

ROW(pthread_getcpuclockid, sizeof(clockid_t))
{
	return pthread_getcpuclockid(pthread_self(), (clockid_t *)b) ? -2 : (long)sizeof(clockid_t);
}

ROW(timerfd_gettime, sizeof(struct itimerspec))
{
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	long n = timerfd_gettime(fd, (struct itimerspec *)b) ? -2 : (long)sizeof(struct itimerspec);

	close(fd);
	return n;
}

ROW(timerfd_settime, sizeof(struct itimerspec))
{
	static const struct itimerspec off;
	int fd = timerfd_create(CLOCK_MONOTONIC, 0);
	long n = timerfd_settime(fd, 0, &off, (struct itimerspec *)b) ? -2 :
		(long)sizeof(struct itimerspec);

	close(fd);
	return n;
}

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 15{{$}}
// CHECK-NEXT: STATUS: exit 0
