// KMSAN's C library model, system calls modelled before issue 25 (src/port/linux/kmsan_libc_sys.c, kmsan_libc_io.c, kmsan_libc_math.c, kmsan_libc_thread.c): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t -lm
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static -lm
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <dirent.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <pwd.h>
#include <signal.h>
#include <sys/epoll.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "Inputs/libc_rows.h"

#define STRUCT_ROW(fn, T, ...)						\
	ROW(fn, sizeof(T))						\
	{								\
		return fn(__VA_ARGS__) ? -2 : (long)sizeof(T);		\
	}

STRUCT_ROW(stat, struct stat, "/", (struct stat *)b)
STRUCT_ROW(lstat, struct stat, "/", (struct stat *)b)
STRUCT_ROW(fstat, struct stat, 0, (struct stat *)b)
STRUCT_ROW(fstatat, struct stat, AT_FDCWD, "/", (struct stat *)b, 0)
STRUCT_ROW(clock_gettime, struct timespec, CLOCK_MONOTONIC, (struct timespec *)b)
STRUCT_ROW(clock_getres, struct timespec, CLOCK_MONOTONIC, (struct timespec *)b)
STRUCT_ROW(gettimeofday, struct timeval, (struct timeval *)b, NULL)
STRUCT_ROW(pipe, int[2], (int *)b)
STRUCT_ROW(pipe2, int[2], (int *)b, O_CLOEXEC)
STRUCT_ROW(socketpair, int[2], AF_UNIX, SOCK_STREAM, 0, (int *)b)
STRUCT_ROW(sigpending, sigset_t, (sigset_t *)b)
STRUCT_ROW(sigprocmask, sigset_t, SIG_BLOCK, NULL, (sigset_t *)b)
STRUCT_ROW(pthread_sigmask, sigset_t, SIG_BLOCK, NULL, (sigset_t *)b)
STRUCT_ROW(sigaction, struct sigaction, SIGUSR2, NULL, (struct sigaction *)b)

ROW(time, sizeof(time_t))
{
	time((time_t *)b);
	return sizeof(time_t);
}

/* the split parts: the fraction returned, the other part stored */
#define SPLIT_ROW(fn, T, P)						\
	ROW(fn, sizeof(P))						\
	{								\
		volatile T r = fn((T)2.5, (P *)b);			\
		(void)r;						\
		return sizeof(P);					\
	}

SPLIT_ROW(frexp, double, int)
SPLIT_ROW(frexpf, float, int)
SPLIT_ROW(frexpl, long double, int)
SPLIT_ROW(modf, double, double)
SPLIT_ROW(modff, float, float)
SPLIT_ROW(modfl, long double, long double)

ROW(gmtime_r, sizeof(struct tm))
{
	time_t t = 1000000000;

	return gmtime_r(&t, (struct tm *)b) ? (long)sizeof(struct tm) : -2;
}

ROW(localtime_r, sizeof(struct tm))
{
	time_t t = 1000000000;

	return localtime_r(&t, (struct tm *)b) ? (long)sizeof(struct tm) : -2;
}

/* mktime normalises the program's struct tm in place: the fields the
 * program left out are stored (tm_wday, tm_yday, tm_gmtoff, tm_zone) */
ROW(mktime, sizeof(struct tm))
{
	struct tm *tm = (struct tm *)b;

	tm->tm_year = 120, tm->tm_mon = 0, tm->tm_mday = 2;
	tm->tm_hour = tm->tm_min = tm->tm_sec = 0;
	tm->tm_isdst = 0;
	return mktime(tm) == (time_t)-1 ? -2 : (long)sizeof(struct tm);
}

ROW(getcwd, PATH_MAX)
{
	return getcwd((char *)b, PATH_MAX) ? (long)strlen((char *)b) + 1 : -2;
}

ROW(realpath, PATH_MAX)
{
	return realpath("/proc/self/..", (char *)b) ? (long)strlen((char *)b) + 1 : -2;
}

/* a link's bytes without a NUL */
ROW(readlink, 64)
{
	ssize_t n = readlink("/proc/self/exe", (char *)b, 64);

	return n < 0 ? -2 : n;
}

ROW(readlinkat, 64)
{
	ssize_t n = readlinkat(AT_FDCWD, "/proc/self/exe", (char *)b, 64);

	return n < 0 ? -2 : n;
}

/* the entry is the library's: its record, read where it is */
ROW(readdir, 0)
{
	DIR *d = opendir("/");
	struct dirent *e = readdir(d);

	if (e)
		use(e, e->d_reclen < sizeof(*e) ? e->d_reclen : sizeof(*e));
	closedir(d);
	(void)b;
	return NOPAST;
}

ROW(readdir64, 0)
{
	DIR *d = opendir("/");
	struct dirent64 *e = readdir64(d);

	if (e)
		use(e, e->d_reclen < sizeof(*e) ? e->d_reclen : sizeof(*e));
	closedir(d);
	(void)b;
	return NOPAST;
}

ROW(getpwnam, 0)
{
	struct passwd *p = getpwnam("root");

	if (p) {
		use(p, sizeof(*p));
		use_str(p->pw_dir);
	}
	(void)b;
	return NOPAST;
}

ROW(getpwuid, 0)
{
	struct passwd *p = getpwuid(0);

	if (p) {
		use(p, sizeof(*p));
		use_str(p->pw_shell);
	}
	(void)b;
	return NOPAST;
}

ROW(getrandom, 16)
{
	ssize_t n = getrandom(b, 16, 0);

	return n < 0 ? -2 : n;
}

/* the old handler comes back in a register; SIGUSR2's disposition is the
 * program's: nothing stored in its memory */
ROW(signal, 0)
{
	void (*old)(int) = signal(SIGUSR2, SIG_IGN);

	use(&old, sizeof(old));
	signal(SIGUSR2, old);
	(void)b;
	return NOPAST;
}

static int sv[2];

ROW(poll, sizeof(struct pollfd))
{
	struct pollfd *p = (struct pollfd *)b;

	p->fd = sv[0];
	p->events = POLLOUT;
	return poll(p, 1, 0) < 0 ? -2 : (long)sizeof(*p);
}

ROW(ppoll, sizeof(struct pollfd))
{
	struct pollfd *p = (struct pollfd *)b;
	struct timespec t = { 0, 0 };

	p->fd = sv[0];
	p->events = POLLOUT;
	return ppoll(p, 1, &t, NULL) < 0 ? -2 : (long)sizeof(*p);
}

/* the ready events: one (the socket is writable) */
ROW(epoll_wait, sizeof(struct epoll_event))
{
	int ep = epoll_create1(0), n;
	struct epoll_event ev = { .events = EPOLLOUT };

	epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev);
	n = epoll_wait(ep, (struct epoll_event *)b, 1, 0);
	close(ep);
	return n < 0 ? -2 : n * (long)sizeof(struct epoll_event);
}

ROW(epoll_pwait, sizeof(struct epoll_event))
{
	int ep = epoll_create1(0), n;
	struct epoll_event ev = { .events = EPOLLOUT };

	epoll_ctl(ep, EPOLL_CTL_ADD, sv[0], &ev);
	n = epoll_pwait(ep, (struct epoll_event *)b, 1, 0, NULL);
	close(ep);
	return n < 0 ? -2 : n * (long)sizeof(struct epoll_event);
}

static pid_t child(void)
{
	pid_t pid = fork();

	if (pid == 0)
		_exit(7);
	return pid;
}

ROW(wait, sizeof(int))
{
	child();
	return wait((int *)b) < 0 ? -2 : (long)sizeof(int);
}

ROW(waitpid, sizeof(int))
{
	return waitpid(child(), (int *)b, 0) < 0 ? -2 : (long)sizeof(int);
}

/* the status at b, the usage after it */
ROW(wait3, sizeof(int) + sizeof(struct rusage))
{
	child();
	return wait3((int *)b, 0, (struct rusage *)(b + sizeof(int))) < 0 ? -2 :
		(long)(sizeof(int) + sizeof(struct rusage));
}

ROW(wait4, sizeof(int) + sizeof(struct rusage))
{
	return wait4(child(), (int *)b, 0, (struct rusage *)(b + sizeof(int))) < 0 ? -2 :
		(long)(sizeof(int) + sizeof(struct rusage));
}

static void *thread_fn(void *arg)
{
	return arg;
}

ROW(pthread_create, sizeof(pthread_t))
{
	if (pthread_create((pthread_t *)b, NULL, thread_fn, NULL))
		return -2;
	pthread_join(*(pthread_t *)b, NULL);
	return sizeof(pthread_t);
}

ROW(pthread_join, sizeof(void *))
{
	pthread_t t;

	pthread_create(&t, NULL, thread_fn, &t);
	return pthread_join(t, (void **)b) ? -2 : (long)sizeof(void *);
}

/* a listening socket and a client connected to it, for the address rows */
static int lfd;
static struct sockaddr_un addr = { AF_UNIX };

static int client(void)
{
	int fd = socket(AF_UNIX, SOCK_STREAM, 0);

	connect(fd, (struct sockaddr *)&addr, sizeof(addr));
	return fd;
}

/* the address length at b (in: the buffer's size), the address after it */
#define ADDR_SIZE (sizeof(socklen_t) + sizeof(struct sockaddr_un))
#define ADDR_ARGS (struct sockaddr *)(b + sizeof(socklen_t)), (socklen_t *)b

ROW(accept, ADDR_SIZE)
{
	int c = client(), fd;

	*(socklen_t *)b = sizeof(struct sockaddr_un);
	fd = accept(lfd, ADDR_ARGS);
	close(c);
	close(fd);
	return fd < 0 ? -2 : (long)(sizeof(socklen_t) + *(socklen_t *)b);
}

ROW(accept4, ADDR_SIZE)
{
	int c = client(), fd;

	*(socklen_t *)b = sizeof(struct sockaddr_un);
	fd = accept4(lfd, ADDR_ARGS, SOCK_CLOEXEC);
	close(c);
	close(fd);
	return fd < 0 ? -2 : (long)(sizeof(socklen_t) + *(socklen_t *)b);
}

ROW(getsockname, ADDR_SIZE)
{
	*(socklen_t *)b = sizeof(struct sockaddr_un);
	return getsockname(lfd, ADDR_ARGS) ? -2 : (long)(sizeof(socklen_t) + *(socklen_t *)b);
}

ROW(getpeername, ADDR_SIZE)
{
	int c = client();
	long n;

	*(socklen_t *)b = sizeof(struct sockaddr_un);
	n = getpeername(c, ADDR_ARGS) ? -2 : (long)(sizeof(socklen_t) + *(socklen_t *)b);
	close(c);
	return n;
}

/* the length at b, the value after it */
ROW(getsockopt, sizeof(socklen_t) + sizeof(int))
{
	*(socklen_t *)b = sizeof(int);
	return getsockopt(sv[0], SOL_SOCKET, SO_TYPE, b + sizeof(socklen_t), (socklen_t *)b) ?
		-2 : (long)(sizeof(socklen_t) + sizeof(int));
}

/* data rows: the socket pair carries "0123456789" before each */
static void fill(void)
{
	write(sv[1], "0123456789", 10);
}

ROW(read, 16)
{
	fill();
	return read(sv[0], b, 16);
}

ROW(recv, 16)
{
	fill();
	return recv(sv[0], b, 16, 0);
}

ROW(recvfrom, 16)
{
	fill();
	return recvfrom(sv[0], b, 16, 0, NULL, NULL);
}

ROW(readv, 16)
{
	struct iovec iov[2] = { { b, 4 }, { b + 4, 12 } };

	fill();
	return readv(sv[0], iov, 2);
}

ROW(recvmsg, 16)
{
	struct iovec iov = { b, 16 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1 };

	fill();
	return recvmsg(sv[0], &m, 0);
}

/* the file rows read this program's own file */
static int self;

ROW(pread, 16)
{
	return pread(self, b, 10, 0);
}

ROW(pread64, 16)
{
	return pread64(self, b, 10, 0);
}

ROW(preadv, 16)
{
	struct iovec iov[2] = { { b, 4 }, { b + 4, 6 } };

	return preadv(self, iov, 2, 0);
}

ROW(preadv64, 16)
{
	struct iovec iov[2] = { { b, 4 }, { b + 4, 6 } };

	return preadv64(self, iov, 2, 0);
}

int main(int argc, char **argv)
{
	/* an abstract socket address: nothing in the file system */
	snprintf(addr.sun_path + 1, sizeof(addr.sun_path) - 1, "ksan-rows-%d", (int)getpid());
	lfd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (bind(lfd, (struct sockaddr *)&addr, sizeof(addr)) || listen(lfd, 8))
		return 2;
	socketpair(AF_UNIX, SOCK_STREAM, 0, sv);
	self = open("/proc/self/exe", O_RDONLY);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 58{{$}}
// CHECK-NEXT: STATUS: exit 0
