// KMSAN and the C library functions that return memory the library owns (class libc-memory of tests/kmsan-libc/list.txt: its static storage, its own malloc, a mapping; issue 25): no interceptor is needed, what they return reads as initialised.  One row per function, each silent in mode ok (the rows check memory of the library's, so mode past has nothing to check).  Lookups that find nothing on this machine (no utmp, no /etc/networks) return NULL and check nothing.
// RUN: rm -f %t.utmp && touch %t.utmp
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t -ldl -lm -lcrypt
// RUN: bash %S/../Inputs/status.sh %t ok %t.utmp 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static -ldl -lm -lcrypt
// RUN: bash %S/../Inputs/status.sh %t.static ok %t.utmp 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
#define _GNU_SOURCE
#include <crypt.h>
#include <dirent.h>
#include <dlfcn.h>
#include <execinfo.h>
#include <fcntl.h>
#include <grp.h>
#include <libintl.h>
#include <link.h>
#include <locale.h>
#include <math.h>
#include <mntent.h>
#include <netdb.h>
#include <netinet/ether.h>
#include <arpa/inet.h>
#include <pwd.h>
#include <search.h>
#include <semaphore.h>
#include <stdlib.h>
#include <time.h>
#include <unistd.h>
#include <utmp.h>
#include <utmpx.h>
#include "Inputs/libc_rows.h"

#pragma GCC diagnostic ignored "-Wdeprecated-declarations"

/* a string the library returned: its bytes and NUL */
#define STR_ROW(fn, call)						\
	ROW(fn, 0)							\
	{								\
		use_str(call);						\
		(void)b;						\
		return NOPAST;						\
	}

/* a struct the library returned (or NULL: nothing found) */
#define OBJ_ROW(fn, T, call, ...)					\
	ROW(fn, 0)							\
	{								\
		T *p = call;						\
		if (p) {						\
			use(p, sizeof(*p));				\
			__VA_ARGS__;					\
		}							\
		(void)b;						\
		return NOPAST;						\
	}

static const struct tm when = { .tm_year = 120, .tm_mday = 3 };
static const time_t t0 = 1000000000;
static const struct ether_addr eth = { { 1, 2, 3, 4, 5, 6 } };
static struct in_addr lo;
static int master = -1;

STR_ROW(asctime, asctime(&when))
STR_ROW(ctime, ctime(&t0))
OBJ_ROW(gmtime, struct tm, gmtime(&t0))
OBJ_ROW(localtime, struct tm, localtime(&t0))
STR_ROW(getenv, getenv("PATH"))
STR_ROW(strerror, strerror(2))
STR_ROW(getusershell, getusershell())
STR_ROW(textdomain, textdomain(NULL))
STR_ROW(setlocale, setlocale(LC_ALL, NULL))
STR_ROW(ptsname, ptsname(master))
STR_ROW(ether_ntoa, ether_ntoa(&eth))
OBJ_ROW(ether_aton, struct ether_addr, ether_aton("01:02:03:04:05:06"))
STR_ROW(fcvt, fcvt(3.25, 2, &(int){ 0 }, &(int){ 0 }))
STR_ROW(tmpnam, tmpnam(NULL))
STR_ROW(crypt, crypt("secret", "$1$salt$"))
OBJ_ROW(getgrent, struct group, (setgrent(), getgrent()), use_str(p->gr_name))
OBJ_ROW(getgrgid, struct group, getgrgid(0), use_str(p->gr_name))
OBJ_ROW(getgrnam, struct group, getgrnam("root"), use_str(p->gr_name))
OBJ_ROW(getpwent, struct passwd, (setpwent(), getpwent()), use_str(p->pw_name))
OBJ_ROW(gethostbyname, struct hostent, gethostbyname("localhost"), use_str(p->h_name))
OBJ_ROW(gethostbyname2, struct hostent, gethostbyname2("localhost", AF_INET), use_str(p->h_name))
OBJ_ROW(gethostbyaddr, struct hostent, gethostbyaddr(&lo, sizeof(lo), AF_INET),
	use_str(p->h_name))
OBJ_ROW(gethostent, struct hostent, (sethostent(0), gethostent()), use_str(p->h_name))
OBJ_ROW(getnetbyaddr, struct netent, getnetbyaddr(127, AF_INET), use_str(p->n_name))
OBJ_ROW(getnetbyname, struct netent, getnetbyname("loopback"), use_str(p->n_name))
OBJ_ROW(getnetent, struct netent, (setnetent(0), getnetent()), use_str(p->n_name))
OBJ_ROW(getprotobyname, struct protoent, getprotobyname("tcp"), use_str(p->p_name))
OBJ_ROW(getprotobynumber, struct protoent, getprotobynumber(6), use_str(p->p_name))
OBJ_ROW(getprotoent, struct protoent, (setprotoent(0), getprotoent()), use_str(p->p_name))
OBJ_ROW(getutent, struct utmp, (setutent(), getutent()))
OBJ_ROW(getutid, struct utmp, (setutent(), getutid(&(struct utmp){ .ut_type = RUN_LVL })))
OBJ_ROW(getutline, struct utmp, (setutent(), getutline(&(struct utmp){ .ut_line = "x" })))
OBJ_ROW(getutxent, struct utmpx, (setutxent(), getutxent()))
OBJ_ROW(getutxid, struct utmpx, (setutxent(), getutxid(&(struct utmpx){ .ut_type = RUN_LVL })))
OBJ_ROW(getutxline, struct utmpx, (setutxent(), getutxline(&(struct utmpx){ .ut_line = "x" })))
/* written to this test's own utmp file (main: utmpxname) */
OBJ_ROW(pututxline, struct utmpx, (setutxent(), pututxline(&(struct utmpx){ .ut_type = USER_PROCESS, .ut_line = "ksan", .ut_id = "ks", .ut_user = "rows" })))

ROW(ttyname, 0)
{
	int slave = open(ptsname(master), O_RDWR | O_NOCTTY);

	use_str(ttyname(slave));
	close(slave);
	(void)b;
	return NOPAST;
}

ROW(fgetpwent, 0)
{
	FILE *f = fopen("/etc/passwd", "r");
	struct passwd *p = fgetpwent(f);

	if (p) {
		use(p, sizeof(*p));
		use_str(p->pw_dir);
	}
	fclose(f);
	(void)b;
	return NOPAST;
}

ROW(fgetgrent, 0)
{
	FILE *f = fopen("/etc/group", "r");
	struct group *g = fgetgrent(f);

	if (g) {
		use(g, sizeof(*g));
		use_str(g->gr_name);
	}
	fclose(f);
	(void)b;
	return NOPAST;
}

ROW(getmntent, 0)
{
	FILE *f = setmntent("/proc/self/mounts", "r");
	struct mntent *m = getmntent(f);

	if (m) {
		use(m, sizeof(*m));
		use_str(m->mnt_dir);
	}
	endmntent(f);
	(void)b;
	return NOPAST;
}

/* malloc'd by the library */
#define FREE_STR_ROW(fn, call)						\
	ROW(fn, 0)							\
	{								\
		char *s = call;						\
		use_str(s);						\
		free(s);						\
		(void)b;						\
		return NOPAST;						\
	}

FREE_STR_ROW(tempnam, tempnam(NULL, "ks"))
FREE_STR_ROW(canonicalize_file_name, canonicalize_file_name("/proc/self/.."))
FREE_STR_ROW(get_current_dir_name, get_current_dir_name())

ROW(backtrace_symbols, 0)
{
	void *pcs[4];
	int i, n = backtrace(pcs, 4);
	char **s = backtrace_symbols(pcs, n);

	for (i = 0; s && i < n; i++)
		use_str(s[i]);
	free(s);
	(void)b;
	return NOPAST;
}

ROW(dlerror, 0)
{
	dlopen("/nonexistent/libnothing.so", RTLD_NOW);
	use_str(dlerror());
	(void)b;
	return NOPAST;
}

ROW(dlopen, 0)
{
	void *h = dlopen(NULL, RTLD_NOW);

	use(&h, sizeof(h));
	dlclose(h);
	(void)b;
	return NOPAST;
}

ROW(opendir, 0)
{
	DIR *d = opendir("/");
	int fd = dirfd(d);

	use(&fd, sizeof(fd));
	closedir(d);
	(void)b;
	return NOPAST;
}

/* a stream: the FILE the library allocated, and a byte read through the
 * getc_unlocked macro (the stream's own buffer) */
static void use_stream(FILE *f)
{
	int c;

	use(f, sizeof(*f));
	c = getc_unlocked(f);
	use(&c, sizeof(c));
	fclose(f);
}

#define STREAM_ROW(fn, call)						\
	ROW(fn, 0)							\
	{								\
		FILE *f = call;						\
		if (!f)							\
			printf("BAD " #fn "\n");			\
		else							\
			use_stream(f);					\
		(void)b;						\
		return NOPAST;						\
	}

static char text[] = "text\n";

static ssize_t cookie_read(void *c, char *buf, size_t n)
{
	(void)c;
	if (n > 5)
		n = 5;
	memcpy(buf, "abcde", n);
	return (ssize_t)n;
}

STREAM_ROW(fopen, fopen("/proc/self/exe", "r"))
STREAM_ROW(fopen64, fopen64("/proc/self/exe", "r"))
STREAM_ROW(fdopen, fdopen(open("/proc/self/exe", O_RDONLY), "r"))
STREAM_ROW(freopen, freopen("/proc/self/exe", "r", fopen("/dev/null", "r")))
STREAM_ROW(freopen64, freopen64("/proc/self/exe", "r", fopen("/dev/null", "r")))
STREAM_ROW(fmemopen, fmemopen(text, 5, "r"))
STREAM_ROW(fopencookie, fopencookie(NULL, "r", (cookie_io_functions_t){ .read = cookie_read }))

ROW(popen, 0)
{
	FILE *f = popen("echo x", "r");
	int c = getc_unlocked(f);

	use(f, sizeof(*f));
	use(&c, sizeof(c));
	pclose(f);
	(void)b;
	return NOPAST;
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(a, b);
}

ROW(tsearch, 0)
{
	void *root = NULL;
	void *node = tsearch("key", &root, cmp_str);

	use(node, sizeof(void *));
	use_str(*(char **)node);
	(void)b;
	return NOPAST;
}

#define GAMMA_ROW(fn, T)						\
	ROW(fn, 0)							\
	{								\
		volatile T r = fn((T)0.75);				\
		(void)r;						\
		use(&signgam, sizeof(signgam));				\
		(void)b;						\
		return NOPAST;						\
	}

GAMMA_ROW(lgamma, double)
GAMMA_ROW(lgammaf, float)
GAMMA_ROW(lgammal, long double)

ROW(sem_open, 0)
{
	char name[64];
	sem_t *s;

	snprintf(name, sizeof(name), "/ksan-rows-%d", (int)getpid());
	s = sem_open(name, O_CREAT | O_EXCL, 0600, 2);
	if (s != SEM_FAILED) {
		use(s, sizeof(*s));
		sem_close(s);
		sem_unlink(name);
	}
	(void)b;
	return NOPAST;
}

/* the loader's own struct, on its stack: each field the callback reads */
static int phdr_cb(struct dl_phdr_info *info, size_t size, void *data)
{
	use(info, sizeof(*info) < size ? sizeof(*info) : size);
	use_str(info->dlpi_name);
	use(&size, sizeof(size));
	(void)data;
	return 0;
}

ROW(dl_iterate_phdr, 0)
{
	dl_iterate_phdr(phdr_cb, NULL);
	(void)b;
	return NOPAST;
}

/* needs a terminal: reads standard input (a pipe, main) otherwise */
ROW(getpass, 0)
{
	use_str(getpass(""));
	(void)b;
	return NOPAST;
}

int main(int argc, char **argv)
{
	int p[2];

	lo.s_addr = htonl(INADDR_LOOPBACK);
	master = posix_openpt(O_RDWR | O_NOCTTY);
	grantpt(master);
	unlockpt(master);
	if (argc > 2) {
		utmpname(argv[2]);
		utmpxname(argv[2]);
	}
	if (pipe(p))
		return 2;
	write(p[1], "pw\n", 3);
	close(p[1]);
	dup2(p[0], 0);
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 62{{$}}
// CHECK-NEXT: STATUS: exit 0
