/*
 * This file contains KMSAN's model of the C library's time calls that
 * store through a pointer argument: the reentrant date printers and
 * parsers (asctime_r, ctime_r, strftime_l, wcsftime[_l], strptime), mktime,
 * process and interval timers (times, getitimer, setitimer,
 * timerfd_gettime, timerfd_settime, getrusage, ftime) and CPU-time clock
 * ids.  strptime stores only the fields its format names; the whole
 * struct tm is taken as initialised on success, as MemorySanitizer does
 * (the program passes it on to mktime or strftime, which read all of it).
 */
#define _GNU_SOURCE
#include <locale.h>
#include <pthread.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/timeb.h>
#include <sys/timerfd.h>
#include <sys/times.h>
#include <time.h>
#include <wchar.h>
#include "libc_model.h"

KMSAN_REAL(asctime_r);
PORT_INTERCEPTOR char *asctime_r(const struct tm *tm, char *buf)
{
	char *r = REAL(asctime_r)(tm, buf);

	kmsan_wrote_str(r);
	return r;
}

KMSAN_REAL(ctime_r);
PORT_INTERCEPTOR char *ctime_r(const time_t *t, char *buf)
{
	char *r = REAL(ctime_r)(t, buf);

	kmsan_wrote_str(r);
	return r;
}

/* a count of characters without the NUL, 0 when it did not fit */
KMSAN_REAL(strftime_l);
PORT_INTERCEPTOR size_t strftime_l(char *s, size_t max, const char *fmt, const struct tm *tm,
				   locale_t loc)
{
	size_t r = REAL(strftime_l)(s, max, fmt, tm, loc);

	if (r)
		kmsan_wrote(s, r + 1);
	return r;
}

KMSAN_REAL(wcsftime);
PORT_INTERCEPTOR size_t wcsftime(wchar_t *s, size_t max, const wchar_t *fmt, const struct tm *tm)
{
	size_t r = REAL(wcsftime)(s, max, fmt, tm);

	if (r)
		kmsan_wrote(s, (r + 1) * sizeof(wchar_t));
	return r;
}

KMSAN_REAL(wcsftime_l);
PORT_INTERCEPTOR size_t wcsftime_l(wchar_t *s, size_t max, const wchar_t *fmt,
				   const struct tm *tm, locale_t loc)
{
	size_t r = REAL(wcsftime_l)(s, max, fmt, tm, loc);

	if (r)
		kmsan_wrote(s, (r + 1) * sizeof(wchar_t));
	return r;
}

KMSAN_REAL(strptime);
PORT_INTERCEPTOR char *strptime(const char *s, const char *fmt, struct tm *tm)
{
	char *r = REAL(strptime)(s, fmt, tm);

	if (r)
		kmsan_wrote(tm, sizeof(*tm));
	return r;
}

/* mktime normalises the whole struct (tm_wday, tm_yday, tm_isdst, the
 * zone), fields the program need not have set.  Here rather than beside
 * localtime (kmsan/libc_stdio.c): libc.a's mktime.o defines mktime strongly,
 * so a static link reaches this model only through --wrap=mktime. */
KMSAN_REAL(mktime);
PORT_INTERCEPTOR time_t mktime(struct tm *tm)
{
	time_t r = REAL(mktime)(tm);

	if (r != (time_t)-1) {
		kmsan_wrote(tm, sizeof(*tm));
		kmsan_wrote_str(tm->tm_zone);
	}
	return r;
}

KMSAN_REAL(times);
PORT_INTERCEPTOR clock_t times(struct tms *buf)
{
	clock_t r = REAL(times)(buf);

	if (r != (clock_t)-1)
		kmsan_wrote(buf, sizeof(*buf));
	else
		kmsan_wrote_errno();
	return r;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"	/* ftime: still exported */
KMSAN_REAL(ftime);
PORT_INTERCEPTOR int ftime(struct timeb *tp)
{
	return kmsan_wrote_if0(REAL(ftime)(tp), tp, sizeof(*tp));
}
#pragma GCC diagnostic pop

/* Names made here: getitimer getrusage clock_getcpuclockid pthread_getcpuclockid
 * timerfd_gettime */
KMSAN_OUT1(getitimer, __itimer_which_t, struct itimerval)
KMSAN_OUT1(getrusage, __rusage_who_t, struct rusage)
KMSAN_OUT1(clock_getcpuclockid, pid_t, clockid_t)
KMSAN_OUT1(pthread_getcpuclockid, pthread_t, clockid_t)
KMSAN_OUT1(timerfd_gettime, int, struct itimerspec)

KMSAN_REAL(setitimer);
PORT_INTERCEPTOR int setitimer(__itimer_which_t which, const struct itimerval *v,
			       struct itimerval *old)
{
	return kmsan_wrote_old(REAL(setitimer)(which, v, old), old, sizeof(*old));
}

KMSAN_REAL(timerfd_settime);
PORT_INTERCEPTOR int timerfd_settime(int fd, int flags, const struct itimerspec *v,
				     struct itimerspec *old)
{
	return kmsan_wrote_old(REAL(timerfd_settime)(fd, flags, v, old), old, sizeof(*old));
}
