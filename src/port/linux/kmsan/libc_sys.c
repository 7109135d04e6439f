/*
 * This file contains KMSAN's model of the C library's system-call wrappers
 * that store results into the program's memory (other than data reads,
 * kmsan/libc_io.c): the stat family, clocks, new descriptors, socket
 * addresses and options, poll and select, epoll_wait, sigpending, wait
 * status, and paths (getcwd,
 * readlink, realpath), directory entries and the user database.  After a successful call the output objects are
 * initialised, sized by what the call reports (an address's new length, a
 * link's byte count, a path's strlen+1); after a failing one, errno.
 *
 * Dynamic executables call the C library's wrappers (dlsym(RTLD_NEXT));
 * static ones, and calls before start-up, make the system calls (or call
 * glibc's __ names where the wrapper does more than one system call).
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <poll.h>
#include <pwd.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/epoll.h>
#include <sys/resource.h>
#include <sys/select.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "libc.h"

/* ---- fallbacks: static executables and early calls -------------------- */

static int own_fstatat(int fd, const char *path, struct stat *st, int flags)
{
	/* x86-64: glibc's struct stat is the kernel's */
	return (int)syscall(SYS_newfstatat, fd, path, st, flags);
}

static int own_fstat(int fd, struct stat *st)
{
	return (int)syscall(SYS_fstat, fd, st);
}

static int own_statx(int fd, const char *path, int flags, unsigned mask, struct statx *st)
{
	return (int)syscall(SYS_statx, fd, path, flags, mask, st);
}

static time_t own_time(time_t *t)
{
	return (time_t)syscall(SYS_time, t);
}

static int own_clock_getres(clockid_t c, struct timespec *ts)
{
	return (int)syscall(SYS_clock_getres, c, ts);
}

static int own_pipe2(int fd[2], int flags)
{
	return (int)syscall(SYS_pipe2, fd, flags);
}

static int own_socketpair(int dom, int type, int proto, int fd[2])
{
	return (int)syscall(SYS_socketpair, dom, type, proto, fd);
}

static int own_accept4(int fd, struct sockaddr *a, socklen_t *len, int flags)
{
	return (int)syscall(SYS_accept4, fd, a, len, flags);
}

static int own_getsockname(int fd, struct sockaddr *a, socklen_t *len)
{
	return (int)syscall(SYS_getsockname, fd, a, len);
}

static int own_getpeername(int fd, struct sockaddr *a, socklen_t *len)
{
	return (int)syscall(SYS_getpeername, fd, a, len);
}

static int own_getsockopt(int fd, int level, int name, void *v, socklen_t *len)
{
	return (int)syscall(SYS_getsockopt, fd, level, name, v, len);
}

static int own_poll(struct pollfd *p, nfds_t n, int timeout)
{
	return (int)syscall(SYS_poll, p, n, timeout);
}

static int own_select(int n, fd_set *r, fd_set *w, fd_set *e, struct timeval *t)
{
	return (int)syscall(SYS_select, n, r, w, e, t);
}

static int own_sigpending(sigset_t *set)
{
	return (int)syscall(SYS_rt_sigpending, set, 8);
}

static int own_epoll_wait(int fd, struct epoll_event *ev, int max, int timeout)
{
	return (int)syscall(SYS_epoll_wait, fd, ev, max, timeout);
}

static pid_t own_wait4(pid_t pid, int *status, int opt, struct rusage *ru)
{
	return (pid_t)syscall(SYS_wait4, pid, status, opt, ru);
}

static char *own_getcwd(char *buf, size_t size)
{
	char *b = buf ? buf : malloc(size ? size : 4096);
	long r;

	if (!b)
		return NULL;
	r = syscall(SYS_getcwd, b, buf || size ? size : 4096);
	if (r < 0) {
		if (!buf)
			free(b);
		return NULL;
	}
	return b;
}

static ssize_t own_readlinkat(int fd, const char *path, char *buf, size_t n)
{
	return syscall(SYS_readlinkat, fd, path, buf, n);
}

static char *own_realpath(const char *path, char *buf)
{
	char *r = canonicalize_file_name(path);

	if (!r || !buf)
		return r;
	memcpy(buf, r, strlen(r) + 1);	/* buf holds PATH_MAX, as glibc assumes */
	free(r);
	return buf;
}

/* readdir and getpwnam: glibc's objects also hold readdir_r and
 * getpwnam_r, exported under those names in both kinds of link; the
 * results go to buffers of ksan's own, as the C library's are its own. */
static struct dirent *own_readdir(DIR *d)
{
	static __thread struct dirent e;
	struct dirent *r = NULL;
	int err;

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"	/* the only name left */
	err = readdir_r(d, &e, &r);
#pragma GCC diagnostic pop
	if (err)
		errno = err;
	return r;
}

static struct passwd pw_entry;
static char pw_buf[4096];

static struct passwd *own_getpwnam(const char *name)
{
	struct passwd *r = NULL;
	int e = getpwnam_r(name, &pw_entry, pw_buf, sizeof(pw_buf), &r);

	if (e)
		errno = e;
	return r;
}

static struct passwd *own_getpwuid(uid_t uid)
{
	struct passwd *r = NULL;
	int e = getpwuid_r(uid, &pw_entry, pw_buf, sizeof(pw_buf), &r);

	if (e)
		errno = e;
	return r;
}

int __gettimeofday(struct timeval *, void *);
int __clock_gettime(clockid_t, struct timespec *);

/* ---- the C library's versions, once known ----------------------------- */

static int (*real_fstatat)(int, const char *, struct stat *, int) = own_fstatat;
static int (*real_fstat)(int, struct stat *) = own_fstat;
static int (*real_statx)(int, const char *, int, unsigned, struct statx *) = own_statx;
static time_t (*real_time)(time_t *) = own_time;
static int (*real_gettimeofday)(struct timeval *, void *) = __gettimeofday;
static int (*real_clock_gettime)(clockid_t, struct timespec *) = __clock_gettime;
static int (*real_clock_getres)(clockid_t, struct timespec *) = own_clock_getres;
static int (*real_pipe2)(int *, int) = own_pipe2;
static int (*real_socketpair)(int, int, int, int *) = own_socketpair;
static int (*real_accept4)(int, struct sockaddr *, socklen_t *, int) = own_accept4;
static int (*real_getsockname)(int, struct sockaddr *, socklen_t *) = own_getsockname;
static int (*real_getpeername)(int, struct sockaddr *, socklen_t *) = own_getpeername;
static int (*real_getsockopt)(int, int, int, void *, socklen_t *) = own_getsockopt;
static int (*real_poll)(struct pollfd *, nfds_t, int) = own_poll;
static int (*real_select)(int, fd_set *, fd_set *, fd_set *, struct timeval *) = own_select;
static int (*real_sigpending)(sigset_t *) = own_sigpending;
static int (*real_epoll_wait)(int, struct epoll_event *, int, int) = own_epoll_wait;
static pid_t (*real_wait4)(pid_t, int *, int, struct rusage *) = own_wait4;
static char *(*real_getcwd)(char *, size_t) = own_getcwd;
static ssize_t (*real_readlinkat)(int, const char *, char *, size_t) = own_readlinkat;
static char *(*real_realpath)(const char *, char *) = own_realpath;
static struct dirent *(*real_readdir)(DIR *) = own_readdir;
static struct passwd *(*real_getpwnam)(const char *) = own_getpwnam;
static struct passwd *(*real_getpwuid)(uid_t) = own_getpwuid;

void port_kmsan_libc_sys_init(void)
{
	FIND_REAL(fstatat);
	FIND_REAL(fstat);
	FIND_REAL(statx);
	FIND_REAL(time);
	FIND_REAL(gettimeofday);
	FIND_REAL(clock_gettime);
	FIND_REAL(clock_getres);
	FIND_REAL(pipe2);
	FIND_REAL(socketpair);
	FIND_REAL(accept4);
	FIND_REAL(getsockname);
	FIND_REAL(getpeername);
	FIND_REAL(getsockopt);
	FIND_REAL(poll);
	FIND_REAL(select);
	FIND_REAL(sigpending);
	FIND_REAL(epoll_wait);
	FIND_REAL(wait4);
	FIND_REAL(getcwd);
	FIND_REAL(readlinkat);
	FIND_REAL(realpath);
	FIND_REAL(readdir);
	FIND_REAL(getpwnam);
	FIND_REAL(getpwuid);
}

/* r == 0: *p (n bytes) was stored; else errno was. */
static inline int wrote_if_ok(int r, const void *p, size_t n)
{
	if (r == 0)
		kmsan_wrote(p, n);
	else
		kmsan_wrote_errno();
	return r;
}

/* ---- the stat family ---------------------------------------------------- */

PORT_INTERCEPTOR int stat(const char *path, struct stat *st)
{
	return wrote_if_ok(real_fstatat(AT_FDCWD, path, st, 0), st, sizeof(*st));
}

PORT_INTERCEPTOR int lstat(const char *path, struct stat *st)
{
	return wrote_if_ok(real_fstatat(AT_FDCWD, path, st, AT_SYMLINK_NOFOLLOW), st,
			   sizeof(*st));
}

PORT_INTERCEPTOR int fstat(int fd, struct stat *st)
{
	return wrote_if_ok(real_fstat(fd, st), st, sizeof(*st));
}

PORT_INTERCEPTOR int fstatat(int fd, const char *path, struct stat *st, int flags)
{
	return wrote_if_ok(real_fstatat(fd, path, st, flags), st, sizeof(*st));
}

/* The 64 names: the same struct on x86-64. */
_Static_assert(sizeof(struct stat) == sizeof(struct stat64), "x86-64 stat");
PORT_API int stat64(const char *, struct stat64 *) __attribute__((alias("stat"), weak));
PORT_API int lstat64(const char *, struct stat64 *) __attribute__((alias("lstat"), weak));
PORT_API int fstat64(int, struct stat64 *) __attribute__((alias("fstat"), weak));
PORT_API int fstatat64(int, const char *, struct stat64 *, int) __attribute__((alias("fstatat"), weak));

PORT_INTERCEPTOR int statx(int fd, const char *path, int flags, unsigned mask, struct statx *st)
{
	return wrote_if_ok(real_statx(fd, path, flags, mask, st), st, sizeof(*st));
}

/* ---- clocks -------------------------------------------------------------- */

PORT_INTERCEPTOR time_t time(time_t *t)
{
	time_t r = real_time(t);

	if (t && r != (time_t)-1)
		kmsan_wrote(t, sizeof(*t));
	return r;
}

PORT_INTERCEPTOR int gettimeofday(struct timeval *tv, void *tz)
{
	int r = real_gettimeofday(tv, tz);

	if (!r)
		kmsan_wrote(tz, sizeof(struct timezone));
	return wrote_if_ok(r, tv, sizeof(*tv));
}

PORT_INTERCEPTOR int clock_gettime(clockid_t c, struct timespec *ts)
{
	return wrote_if_ok(real_clock_gettime(c, ts), ts, sizeof(*ts));
}

PORT_INTERCEPTOR int clock_getres(clockid_t c, struct timespec *ts)
{
	return wrote_if_ok(real_clock_getres(c, ts), ts, sizeof(*ts));
}

/* ---- descriptors and sockets -------------------------------------------- */

PORT_INTERCEPTOR int pipe(int fd[2])
{
	return wrote_if_ok(real_pipe2(fd, 0), fd, 2 * sizeof(int));
}

PORT_INTERCEPTOR int pipe2(int fd[2], int flags)
{
	return wrote_if_ok(real_pipe2(fd, flags), fd, 2 * sizeof(int));
}

PORT_INTERCEPTOR int socketpair(int dom, int type, int proto, int fd[2])
{
	return wrote_if_ok(real_socketpair(dom, type, proto, fd), fd, 2 * sizeof(int));
}

/* The kernel stored *len and min(old, *len) bytes of the address. */
static void wrote_sockaddr(const void *a, const socklen_t *len, socklen_t old)
{
	if (!a || !len)
		return;
	kmsan_wrote(len, sizeof(*len));
	kmsan_wrote(a, *len < old ? *len : old);
}

PORT_INTERCEPTOR int accept4(int fd, struct sockaddr *a, socklen_t *len, int flags)
{
	socklen_t old = a && len ? *len : 0;
	int r = real_accept4(fd, a, len, flags);

	if (r >= 0)
		wrote_sockaddr(a, len, old);
	else
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR int accept(int fd, struct sockaddr *a, socklen_t *len)
{
	socklen_t old = a && len ? *len : 0;
	int r = real_accept4(fd, a, len, 0);

	if (r >= 0)
		wrote_sockaddr(a, len, old);
	else
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR int getsockname(int fd, struct sockaddr *a, socklen_t *len)
{
	socklen_t old = a && len ? *len : 0;
	int r = real_getsockname(fd, a, len);

	if (!r)
		wrote_sockaddr(a, len, old);
	else
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR int getpeername(int fd, struct sockaddr *a, socklen_t *len)
{
	socklen_t old = a && len ? *len : 0;
	int r = real_getpeername(fd, a, len);

	if (!r)
		wrote_sockaddr(a, len, old);
	else
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR int getsockopt(int fd, int level, int name, void *v, socklen_t *len)
{
	socklen_t old = v && len ? *len : 0;
	int r = real_getsockopt(fd, level, name, v, len);

	if (!r)
		wrote_sockaddr(v, len, old);
	else
		kmsan_wrote_errno();
	return r;
}

/* ---- waiting ------------------------------------------------------------- */

PORT_INTERCEPTOR int poll(struct pollfd *p, nfds_t n, int timeout)
{
	int r = real_poll(p, n, timeout);
	nfds_t i;

	if (r < 0) {
		kmsan_wrote_errno();
		return r;
	}
	for (i = 0; i < n; i++)		/* revents of every entry is stored */
		kmsan_wrote(&p[i].revents, sizeof(p[i].revents));
	return r;
}

PORT_INTERCEPTOR int select(int n, fd_set *rd, fd_set *wr, fd_set *ex, struct timeval *t)
{
	/* the kernel writes back the bits of the first n descriptors, in
	 * whole longs; Linux also updates the timeout */
	size_t bytes = n > 0 ? ROUND_UP((size_t)n, 64) / 8 : 0;
	int r = real_select(n, rd, wr, ex, t);

	if (r < 0) {
		kmsan_wrote_errno();
		return r;
	}
	kmsan_wrote(rd, bytes);
	kmsan_wrote(wr, bytes);
	kmsan_wrote(ex, bytes);
	kmsan_wrote(t, sizeof(*t));
	return r;
}

/* sigprocmask's and sigaction's old values, ppoll, pselect and epoll_pwait
 * are marked by their wrappers in sigmask.c and signal.c. */
PORT_INTERCEPTOR int sigpending(sigset_t *set)
{
	return wrote_if_ok(real_sigpending(set), set, sizeof(*set));
}

PORT_INTERCEPTOR int epoll_wait(int fd, struct epoll_event *ev, int max, int timeout)
{
	int r = real_epoll_wait(fd, ev, max, timeout);

	if (r < 0)
		kmsan_wrote_errno();
	else
		kmsan_wrote(ev, (size_t)r * sizeof(*ev));
	return r;
}

/* A child's status (and usage) is stored only when a child is reported. */
static pid_t waited(pid_t r, int *status, struct rusage *ru)
{
	if (r > 0) {
		kmsan_wrote(status, sizeof(*status));
		kmsan_wrote(ru, sizeof(*ru));
	} else if (r < 0) {
		kmsan_wrote_errno();
	}
	return r;
}

PORT_INTERCEPTOR pid_t wait4(pid_t pid, int *status, int opt, struct rusage *ru)
{
	return waited(real_wait4(pid, status, opt, ru), status, ru);
}

PORT_INTERCEPTOR pid_t wait3(int *status, int opt, struct rusage *ru)
{
	return waited(real_wait4(-1, status, opt, ru), status, ru);
}

PORT_INTERCEPTOR pid_t waitpid(pid_t pid, int *status, int opt)
{
	return waited(real_wait4(pid, status, opt, NULL), status, NULL);
}

PORT_INTERCEPTOR pid_t wait(int *status)
{
	return waited(real_wait4(-1, status, 0, NULL), status, NULL);
}

/* ---- paths ----------------------------------------------------------------- */

/* getcwd(NULL, 0) and realpath(p, NULL) return a buffer from ksan's malloc
 * (poisoned) that the library filled: marked like a caller's buffer. */
PORT_INTERCEPTOR char *getcwd(char *buf, size_t size)
{
	char *r = real_getcwd(buf, size);

	if (r)
		kmsan_wrote_str(r);
	else
		kmsan_wrote_errno();
	return r;
}

PORT_INTERCEPTOR ssize_t readlinkat(int fd, const char *path, char *buf, size_t n)
{
	ssize_t r = real_readlinkat(fd, path, buf, n);

	kmsan_wrote_count(buf, r);	/* no NUL is stored */
	return r;
}

PORT_INTERCEPTOR ssize_t readlink(const char *path, char *buf, size_t n)
{
	ssize_t r = real_readlinkat(AT_FDCWD, path, buf, n);

	kmsan_wrote_count(buf, r);
	return r;
}

PORT_INTERCEPTOR char *realpath(const char *path, char *buf)
{
	char *r = real_realpath(path, buf);

	if (r)
		kmsan_wrote_str(r);
	else
		kmsan_wrote_errno();
	return r;
}

/* ---- directories and the user database ------------------------------------ */

/* The entry lies in the DIR's buffer, from the C library's malloc (ksan's:
 * poisoned) filled by getdents: its d_reclen bytes are initialised. */
PORT_INTERCEPTOR struct dirent *readdir(DIR *d)
{
	struct dirent *r = real_readdir(d);

	if (r)
		kmsan_wrote(r, r->d_reclen < sizeof(*r) ? r->d_reclen : sizeof(*r));
	else
		kmsan_wrote_errno();
	return r;
}

_Static_assert(sizeof(struct dirent) == sizeof(struct dirent64), "x86-64 dirent");
PORT_API struct dirent64 *readdir64(DIR *d) __attribute__((alias("readdir"), weak));

/* The entry is the library's static struct; its strings lie in a buffer
 * from its malloc. */
static struct passwd *user_entry(struct passwd *p)
{
	if (!p) {
		kmsan_wrote_errno();
		return p;
	}
	kmsan_wrote(p, sizeof(*p));
	kmsan_wrote_str(p->pw_name);
	kmsan_wrote_str(p->pw_passwd);
	kmsan_wrote_str(p->pw_gecos);
	kmsan_wrote_str(p->pw_dir);
	kmsan_wrote_str(p->pw_shell);
	return p;
}

PORT_INTERCEPTOR struct passwd *getpwnam(const char *name)
{
	return user_entry(real_getpwnam(name));
}

PORT_INTERCEPTOR struct passwd *getpwuid(uid_t uid)
{
	return user_entry(real_getpwuid(uid));
}
