/*
 * This file contains KMSAN's model of the C library's queries of the
 * process and the system that store through a pointer argument: resource
 * limits, sysinfo, uname, load averages, credentials, capabilities, CPU
 * affinity, scheduling parameters, page residency (mincore), group lists,
 * names (host, terminal, pseudo-terminal, temporary file, configuration
 * strings) and terminal attributes (tcgetattr, openpty, forkpty).
 */
#define _GNU_SOURCE
#include <linux/capability.h>
#include <pty.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/sysinfo.h>
#include <sys/utsname.h>
#include <termios.h>
#include <unistd.h>
#include "libc_model.h"

/* Names made here: getrlimit getrlimit64 sched_getparam tcgetattr */
KMSAN_OUT1(getrlimit, __rlimit_resource_t, struct rlimit)
KMSAN_OUT1(getrlimit64, __rlimit_resource_t, struct rlimit64)
KMSAN_OUT1(sched_getparam, pid_t, struct sched_param)
KMSAN_OUT1(tcgetattr, int, struct termios)

KMSAN_REAL(sysinfo);
PORT_INTERCEPTOR int sysinfo(struct sysinfo *info)
{
	return kmsan_wrote_if0(REAL(sysinfo)(info), info, sizeof(*info));
}

KMSAN_REAL(uname);
PORT_INTERCEPTOR int uname(struct utsname *u)
{
	return kmsan_wrote_if0(REAL(uname)(u), u, sizeof(*u));
}

KMSAN_REAL(prlimit);
PORT_INTERCEPTOR int prlimit(pid_t pid, __rlimit_resource_t res, const struct rlimit *v,
			     struct rlimit *old)
{
	return kmsan_wrote_old(REAL(prlimit)(pid, res, v, old), old, sizeof(*old));
}

KMSAN_REAL(prlimit64);
PORT_INTERCEPTOR int prlimit64(pid_t pid, __rlimit_resource_t res, const struct rlimit64 *v,
			       struct rlimit64 *old)
{
	return kmsan_wrote_old(REAL(prlimit64)(pid, res, v, old), old, sizeof(*old));
}

/* the number of averages stored, or -1 */
KMSAN_REAL(getloadavg);
PORT_INTERCEPTOR int getloadavg(double *avg, int n)
{
	int r = REAL(getloadavg)(avg, n);

	if (r > 0)
		kmsan_wrote(avg, (size_t)r * sizeof(*avg));
	return r;
}

KMSAN_REAL(getresuid);
PORT_INTERCEPTOR int getresuid(uid_t *r, uid_t *e, uid_t *s)
{
	int ret = REAL(getresuid)(r, e, s);

	if (!ret) {
		kmsan_wrote(r, sizeof(*r));
		kmsan_wrote(e, sizeof(*e));
		kmsan_wrote(s, sizeof(*s));
	}
	return ret;
}

KMSAN_REAL(getresgid);
PORT_INTERCEPTOR int getresgid(gid_t *r, gid_t *e, gid_t *s)
{
	int ret = REAL(getresgid)(r, e, s);

	if (!ret) {
		kmsan_wrote(r, sizeof(*r));
		kmsan_wrote(e, sizeof(*e));
		kmsan_wrote(s, sizeof(*s));
	}
	return ret;
}

/*
 * capget: the header's version (the kernel stores its own when asked with
 * an unknown one) and, with a data pointer, one data struct for version 1,
 * two for versions 2 and 3.
 */
int capget(cap_user_header_t hdr, cap_user_data_t data);
KMSAN_REAL(capget);
PORT_INTERCEPTOR int capget(cap_user_header_t hdr, cap_user_data_t data)
{
	int r = REAL(capget)(hdr, data);

	if (hdr)
		kmsan_wrote(&hdr->version, sizeof(hdr->version));
	if (!r && data)
		kmsan_wrote(data, (hdr->version == _LINUX_CAPABILITY_VERSION_1 ? 1 : 2) *
			    sizeof(*data));
	return r;
}

/* the wrapper clears what the kernel's mask did not fill: all n bytes */
KMSAN_REAL(sched_getaffinity);
PORT_INTERCEPTOR int sched_getaffinity(pid_t pid, size_t n, cpu_set_t *set)
{
	return kmsan_wrote_if0(REAL(sched_getaffinity)(pid, n, set), set, n);
}

/* one byte per page of [addr, addr+len) */
KMSAN_REAL(mincore);
PORT_INTERCEPTOR int mincore(void *addr, size_t len, unsigned char *vec)
{
	size_t page = (size_t)sysconf(_SC_PAGESIZE);

	return kmsan_wrote_if0(REAL(mincore)(addr, len, vec), vec, (len + page - 1) / page);
}

KMSAN_REAL(getgroups);
PORT_INTERCEPTOR int getgroups(int n, gid_t *list)
{
	int r = REAL(getgroups)(n, list);

	if (r > 0 && n > 0)
		kmsan_wrote(list, (size_t)r * sizeof(*list));
	else if (r < 0)
		kmsan_wrote_errno();
	return r;
}

/* a name cut to len bytes has no NUL */
KMSAN_REAL(gethostname);
PORT_INTERCEPTOR int gethostname(char *name, size_t len)
{
	int r = REAL(gethostname)(name, len);

	if (!r)
		kmsan_wrote_strn(name, len);
	else
		kmsan_wrote_errno();
	return r;
}

/* the length the whole string needs (with its NUL); at most len stored */
KMSAN_REAL(confstr);
PORT_INTERCEPTOR size_t confstr(int name, char *buf, size_t len)
{
	size_t r = REAL(confstr)(name, buf, len);

	if (r && buf && len)
		kmsan_wrote(buf, r < len ? r : len);
	return r;
}

KMSAN_REAL(ctermid);
PORT_INTERCEPTOR char *ctermid(char *s)
{
	char *r = REAL(ctermid)(s);

	kmsan_wrote_str(r);
	return r;
}

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
KMSAN_REAL(tmpnam_r);
PORT_INTERCEPTOR char *tmpnam_r(char s[L_tmpnam])
{
	char *r = REAL(tmpnam_r)(s);

	kmsan_wrote_str(r);
	return r;
}
#pragma GCC diagnostic pop

KMSAN_REAL(ttyname_r);
PORT_INTERCEPTOR int ttyname_r(int fd, char *buf, size_t len)
{
	int r = REAL(ttyname_r)(fd, buf, len);

	if (!r)
		kmsan_wrote_strn(buf, len);
	return r;
}

KMSAN_REAL(ptsname_r);
PORT_INTERCEPTOR int ptsname_r(int fd, char *buf, size_t len)
{
	int r = REAL(ptsname_r)(fd, buf, len);

	if (!r)
		kmsan_wrote_strn(buf, len);
	return r;
}

/* both descriptors, and the slave's name (no size given: the caller's
 * buffer holds it) */
KMSAN_REAL(openpty);
PORT_INTERCEPTOR int openpty(int *master, int *slave, char *name, const struct termios *t,
			     const struct winsize *w)
{
	int r = REAL(openpty)(master, slave, name, t, w);

	if (!r) {
		kmsan_wrote(master, sizeof(*master));
		kmsan_wrote(slave, sizeof(*slave));
		kmsan_wrote_str(name);
	}
	return r;
}

/* the parent's side: the master descriptor and the name */
KMSAN_REAL(forkpty);
PORT_INTERCEPTOR pid_t forkpty(int *master, char *name, const struct termios *t,
			       const struct winsize *w)
{
	pid_t r = REAL(forkpty)(master, name, t, w);

	if (r > 0) {
		kmsan_wrote(master, sizeof(*master));
		kmsan_wrote_str(name);
	}
	return r;
}
