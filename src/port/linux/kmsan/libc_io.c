/*
 * This file contains KMSAN's model of the C library's input functions:
 * what read(2), recv(2) and stdio store into the program's memory is
 * initialised.  It also holds the list of everything KMSAN's libc model
 * covers (README quotes it); a C library function not on it that writes
 * the program's memory leaves that memory's shadow as it was: a possible
 * false positive ("uninit-value") when the program reads it.
 *
 * Initialised after the call (the bytes the call reports it wrote):
 *   kmsan/libc_io.c    read pread pread64 readv preadv recv recvfrom
 *                      recvmsg (payload by the returned count across the
 *                      iovecs, msg_name, msg_namelen, msg_control,
 *                      msg_controllen, msg_flags); fread fread_unlocked
 *                      fgets fgets_unlocked getline getdelim __getdelim
 *                      (the buffer they (re)allocate: bytes + NUL, and
 *                      *lineptr, *n); fopen fopen64 fdopen
 *                      popen (the FILE object); fgetc getc getchar __uflow
 *                      (the stream buffer, which inline getc_unlocked
 *                      reads)
 *   kmsan/libc_sys.c   stat fstat lstat fstatat (and their 64 names) statx;
 *                      time gettimeofday clock_gettime clock_getres; pipe
 *                      pipe2 socketpair (the fds); socket addresses of
 *                      accept accept4 getsockname getpeername (and
 *                      recvfrom); getsockopt; poll (revents) select (the
 *                      fd_sets); epoll_wait (the events returned);
 *                      sigpending; wait waitpid wait3 wait4 (status, rusage);
 *                      getcwd readlink readlinkat realpath; readdir
 *                      readdir64 (the entry); getpwnam getpwuid (the entry
 *                      and its strings)
 *   kmsan/libc_str.c   copies that carry shadow and origins: strcpy stpcpy
 *                      strncpy stpncpy strcat strncat memccpy mempcpy
 *                      strdup strndup __strdup __strndup wcscpy wcsncpy
 *                      wcscat wcsdup wmemcpy wmemmove wmempcpy (wmemset
 *                      initialises); qsort qsort_r (elements move with
 *                      their shadow); strtol strtoul strtoll strtoull
 *                      strtoq strtouq strtoimax strtoumax strtod strtof
 *                      strtold (*endptr); strtok_r strsep (the saved
 *                      pointer); getenv secure_getenv (the string);
 *                      strerror strerror_r __xpg_strerror_r
 *   kmsan/libc_stdio.c scanf sscanf fscanf vscanf vsscanf vfscanf and their
 *                      __isoc99_ names (every assigned %-conversion
 *                      target, %ms buffers included); snprintf sprintf
 *                      vsnprintf vsprintf asprintf vasprintf and the
 *                      __*_chk forms (bytes written + NUL); localtime
 *                      gmtime localtime_r gmtime_r (struct tm and
 *                      its tm_zone string); strftime
 *   kmsan/libc_math.c  frexp frexpf frexpl (the exponent) modf modff modfl
 *                      (the integral part)
 *   kmsan/libc_wchar.c mbrtowc mbtowc mbrlen mblen mbsrtowcs mbsnrtowcs
 *                      mbstowcs wcrtomb wctomb wcsrtombs wcsnrtombs
 *                      wcstombs (the characters each reports, the
 *                      terminator when converted, *src, *ps)
 *   kmsan/libc_random.c arc4random_buf getrandom getentropy (the bytes)
 *   kmsan/libc_thread.c pthread_join pthread_tryjoin_np (*retval)
 *   kmsan/start.c      at start-up: argv, envp and their strings, the
 *                      auxiliary vector, the main thread's errno; errno
 *                      after every failing intercepted call
 * Checked as uses (kmsan/libc_cmp.c): memcmp bcmp strcmp strncmp, the
 *   bytes up to the first difference, when the program calls them.
 * Checked before the call (infoleaks, kmsan/infoleak.c): write pwrite pwrite64
 *   writev pwritev send sendto (also the address) sendmsg (iovecs up to
 *   msg_iovlen, msg_name, each control message's cmsg_len bytes) fwrite
 *   fwrite_unlocked fputs fputs_unlocked puts.
 * Elsewhere in the port: memcpy memmove memset mmap munmap (kmsan/mem.c,
 *   kmsan/libc.c), the malloc family (malloc.c), pthread_create's
 *   pthread_t and each new thread's errno (threads.c), sigaction's old
 *   action (signal.c, sigmask.c), sigprocmask's and pthread_sigmask's old
 *   set, ppoll's revents, pselect's fd_sets, epoll_pwait's and
 *   epoll_pwait2's events (sigmask.c).
 * Not modelled (possible false positives): environ after setenv/putenv
 *   (getenv's result is fine), recvmmsg, sendmmsg's checks, getaddrinfo and
 *   the other resolver and NSS results but getpwnam/getpwuid, scandir,
 *   glob, wordexp, iconv, the wide-character stdio input functions,
 *   mbrtoc16 mbrtoc32 c16rtomb c32rtomb, pthread_timedjoin_np
 *   pthread_clockjoin_np,
 *   timegm, ctime_r, asctime_r, and libm beyond frexp/modf (sincos,
 *   remquo, lgamma_r).  In static executables glibc's own definitions win
 *   over ksan's for __uflow, localtime and gmtime (their objects define
 *   them strongly and are linked anyway; mktime's model is reached through
 *   --wrap, kmsan-libc/libc_time.c).
 *
 * Dynamic executables call the C library's functions (found by
 * port_kmsan_libc_io_init with dlsym(RTLD_NEXT)); static ones, and calls
 * before start-up, use system calls and glibc's other exported names
 * (_IO_fread, _IO_fgets, _IO_getc), the same code.
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "libc.h"

/* ---- fallbacks: static executables and early calls -------------------- */

static ssize_t own_read(int fd, void *buf, size_t n)
{
	return syscall(SYS_read, fd, buf, n);
}

static ssize_t own_pread(int fd, void *buf, size_t n, off_t off)
{
	return syscall(SYS_pread64, fd, buf, n, off);
}

static ssize_t own_readv(int fd, const struct iovec *iov, int n)
{
	return syscall(SYS_readv, fd, iov, n);
}

static ssize_t own_preadv(int fd, const struct iovec *iov, int n, off_t off)
{
	return syscall(SYS_preadv, fd, iov, n, off, 0);
}

static ssize_t own_recvfrom(int fd, void *buf, size_t n, int flags,
			    struct sockaddr *a, socklen_t *alen)
{
	return syscall(SYS_recvfrom, fd, buf, n, flags, a, alen);
}

static ssize_t own_recv(int fd, void *buf, size_t n, int flags)
{
	return own_recvfrom(fd, buf, n, flags, NULL, NULL);
}

static ssize_t own_recvmsg(int fd, struct msghdr *m, int flags)
{
	return syscall(SYS_recvmsg, fd, m, flags);
}

size_t _IO_fread(void *, size_t, size_t, FILE *);
char *_IO_fgets(char *, int, FILE *);
int _IO_getc(FILE *);

static int own_getchar(void)
{
	return _IO_getc(stdin);
}

FILE *_IO_fopen(const char *, const char *);
FILE *_IO_fdopen(int, const char *);
FILE *_IO_popen(const char *, const char *);

/* ---- the C library's versions, once known ----------------------------- */

static ssize_t (*real_read)(int, void *, size_t) = own_read;
static ssize_t (*real_pread)(int, void *, size_t, off_t) = own_pread;
static ssize_t (*real_readv)(int, const struct iovec *, int) = own_readv;
static ssize_t (*real_preadv)(int, const struct iovec *, int, off_t) = own_preadv;
static ssize_t (*real_recv)(int, void *, size_t, int) = own_recv;
static ssize_t (*real_recvfrom)(int, void *, size_t, int, struct sockaddr *,
				socklen_t *) = own_recvfrom;
static ssize_t (*real_recvmsg)(int, struct msghdr *, int) = own_recvmsg;
static size_t (*real_fread)(void *, size_t, size_t, FILE *) = _IO_fread;
static size_t (*real_fread_unlocked)(void *, size_t, size_t, FILE *) = _IO_fread;
static char *(*real_fgets)(char *, int, FILE *) = _IO_fgets;
static char *(*real_fgets_unlocked)(char *, int, FILE *) = _IO_fgets;
static int (*real_fgetc)(FILE *) = _IO_getc;
static int (*real_getc)(FILE *) = _IO_getc;
static int (*real_getchar)(void) = own_getchar;
static int (*real_uflow)(FILE *) = _IO_getc;	/* called on an empty buffer:
						   the same as getc there */
static FILE *(*real_fopen)(const char *, const char *) = _IO_fopen;
static FILE *(*real_fdopen)(int, const char *) = _IO_fdopen;
static FILE *(*real_popen)(const char *, const char *) = _IO_popen;

void port_kmsan_libc_io_init(void)
{
	FIND_REAL(read);
	FIND_REAL_AS(pread, "pread64");
	FIND_REAL(readv);
	FIND_REAL_AS(preadv, "preadv64");
	FIND_REAL(recv);
	FIND_REAL(recvfrom);
	FIND_REAL(recvmsg);
	FIND_REAL(fread);
	FIND_REAL(fread_unlocked);
	FIND_REAL(fgets);
	FIND_REAL(fgets_unlocked);
	FIND_REAL(fgetc);
	FIND_REAL(getc);
	FIND_REAL(getchar);
	FIND_REAL_AS(uflow, "__uflow");
	FIND_REAL(fopen);
	FIND_REAL(fdopen);
	FIND_REAL(popen);
}

/* ---- system calls ------------------------------------------------------ */

PORT_INTERCEPTOR ssize_t read(int fd, void *buf, size_t n)
{
	ssize_t r = real_read(fd, buf, n);

	kmsan_wrote_count(buf, r);
	return r;
}

PORT_INTERCEPTOR ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	ssize_t r = real_pread(fd, buf, n, off);

	kmsan_wrote_count(buf, r);
	return r;
}

PORT_INTERCEPTOR ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
	ssize_t r = real_pread(fd, buf, n, off);

	kmsan_wrote_count(buf, r);
	return r;
}

/* r bytes were scattered over the iovecs in order. */
static void wrote_iov(const struct iovec *iov, size_t n, ssize_t r)
{
	size_t i, left = r > 0 ? (size_t)r : 0;

	if (r < 0)
		kmsan_wrote_errno();
	for (i = 0; i < n && left; i++) {
		size_t k = iov[i].iov_len < left ? iov[i].iov_len : left;

		kmsan_wrote(iov[i].iov_base, k);
		left -= k;
	}
}

PORT_INTERCEPTOR ssize_t readv(int fd, const struct iovec *iov, int n)
{
	ssize_t r = real_readv(fd, iov, n);

	wrote_iov(iov, n > 0 ? (size_t)n : 0, r);
	return r;
}

PORT_INTERCEPTOR ssize_t preadv(int fd, const struct iovec *iov, int n, off_t off)
{
	ssize_t r = real_preadv(fd, iov, n, off);

	wrote_iov(iov, n > 0 ? (size_t)n : 0, r);
	return r;
}

PORT_INTERCEPTOR ssize_t preadv64(int fd, const struct iovec *iov, int n, off_t off)
{
	ssize_t r = real_preadv(fd, iov, n, off);

	wrote_iov(iov, n > 0 ? (size_t)n : 0, r);
	return r;
}

PORT_INTERCEPTOR ssize_t recv(int fd, void *buf, size_t n, int flags)
{
	ssize_t r = real_recv(fd, buf, n, flags);

	/* MSG_TRUNC on a datagram returns the real length, maybe > n */
	kmsan_wrote_count(buf, r > 0 && (size_t)r > n ? (ssize_t)n : r);
	return r;
}

/* An address the kernel stored: *len updated, at most the old *len bytes
 * of it at a (the rest was truncated). */
static void wrote_addr(const void *a, const socklen_t *len, socklen_t old)
{
	if (!len)
		return;
	kmsan_wrote(len, sizeof(*len));
	kmsan_wrote(a, *len < old ? *len : old);
}

PORT_INTERCEPTOR ssize_t recvfrom(int fd, void *buf, size_t n, int flags,
				  struct sockaddr *a, socklen_t *alen)
{
	socklen_t old = a && alen ? *alen : 0;
	ssize_t r = real_recvfrom(fd, buf, n, flags, a, alen);

	kmsan_wrote_count(buf, r > 0 && (size_t)r > n ? (ssize_t)n : r);
	if (r >= 0 && a)
		wrote_addr(a, alen, old);
	return r;
}

/*
 * A received message of r bytes (recvmsg, recvmmsg): the payload over the
 * iovecs, the address and control data by the lengths the kernel stored,
 * never past the buffers' sizes before the call (name_len, ctl_len: a
 * truncated address's length is its full length), and the flags.
 */
void kmsan_wrote_msghdr(struct msghdr *m, size_t r, socklen_t name_len, size_t ctl_len)
{
	wrote_iov(m->msg_iov, m->msg_iovlen, (ssize_t)r);
	kmsan_wrote(&m->msg_namelen, sizeof(m->msg_namelen));
	kmsan_wrote(m->msg_name, m->msg_namelen < name_len ? m->msg_namelen : name_len);
	kmsan_wrote(&m->msg_controllen, sizeof(m->msg_controllen));
	kmsan_wrote(m->msg_control, m->msg_controllen < ctl_len ? m->msg_controllen : ctl_len);
	kmsan_wrote(&m->msg_flags, sizeof(m->msg_flags));
}

PORT_INTERCEPTOR ssize_t recvmsg(int fd, struct msghdr *m, int flags)
{
	socklen_t name_len = m->msg_name ? m->msg_namelen : 0;
	size_t ctl_len = m->msg_control ? m->msg_controllen : 0;
	ssize_t r = real_recvmsg(fd, m, flags);

	if (r < 0)
		kmsan_wrote_errno();
	else
		kmsan_wrote_msghdr(m, (size_t)r, name_len, ctl_len);
	return r;
}

/* ---- stdio input ------------------------------------------------------- */

PORT_INTERCEPTOR size_t fread(void *p, size_t size, size_t n, FILE *f)
{
	size_t r = real_fread(p, size, n, f);

	kmsan_wrote(p, r * size);
	kmsan_wrote_file_buffer(f);
	return r;
}

PORT_INTERCEPTOR size_t (fread_unlocked)(void *p, size_t size, size_t n, FILE *f)
{
	size_t r = real_fread_unlocked(p, size, n, f);

	kmsan_wrote(p, r * size);
	kmsan_wrote_file_buffer(f);
	return r;
}

PORT_INTERCEPTOR char *fgets(char *s, int n, FILE *f)
{
	char *r = real_fgets(s, n, f);

	kmsan_wrote_str(r);
	kmsan_wrote_file_buffer(f);
	return r;
}

PORT_INTERCEPTOR char *(fgets_unlocked)(char *s, int n, FILE *f)
{
	char *r = real_fgets_unlocked(s, n, f);

	kmsan_wrote_str(r);
	kmsan_wrote_file_buffer(f);
	return r;
}

/* The characters themselves come back in a register (clean: the caller
 * clears the return shadow before calling uninstrumented code); what
 * matters is the buffer they leave behind for inline getc_unlocked. */
PORT_INTERCEPTOR int fgetc(FILE *f)
{
	int c = real_fgetc(f);

	kmsan_wrote_file_buffer(f);
	return c;
}

PORT_INTERCEPTOR int getc(FILE *f)
{
	int c = real_getc(f);

	kmsan_wrote_file_buffer(f);
	return c;
}

/* <stdio.h> defines getchar inline when optimising: another C name */
int kmsan_getchar(void) __asm__("getchar");

PORT_INTERCEPTOR int kmsan_getchar(void)
{
	int c = real_getchar();

	kmsan_wrote_file_buffer(stdin);
	return c;
}

/* What inline getc_unlocked calls when the buffer is empty: the refill. */
PORT_INTERCEPTOR int __uflow(FILE *f)
{
	int c = real_uflow(f);

	kmsan_wrote_file_buffer(f);
	return c;
}

/*
 * getdelim: ksan's own everywhere (glibc's __getdelim and getdelim share an
 * object that defines __getdelim strongly, so a static executable has no
 * other name to call; and getline is an inline call of __getdelim when
 * optimising).  It runs in the runtime, so every store it makes is one the
 * shadow does not see: the line, its NUL, *line and *n are marked after.
 */
static ssize_t own_getdelim(char **line, size_t *n, int delim, FILE *f)
{
	size_t len = 0;
	int c;

	if (!line || !n || !f) {
		errno = EINVAL;
		return -1;
	}
	if (!*line || !*n) {
		*n = 128;
		if (!(*line = malloc(*n))) {
			errno = ENOMEM;
			return -1;
		}
	}
	flockfile(f);
	for (;;) {
		c = getc_unlocked(f);
		if (c == EOF)
			break;
		if (len + 2 > *n) {	/* room for c and the NUL */
			char *p = realloc(*line, *n * 2);

			if (!p) {
				funlockfile(f);
				errno = ENOMEM;
				return -1;
			}
			*line = p;
			*n *= 2;
		}
		(*line)[len++] = (char)c;
		if (c == delim)
			break;
	}
	funlockfile(f);
	kmsan_wrote(line, sizeof(*line));
	kmsan_wrote(n, sizeof(*n));
	kmsan_wrote_file_buffer(f);
	if (!len)
		return -1;	/* EOF before any byte: *line is unchanged */
	(*line)[len] = 0;
	kmsan_wrote(*line, len + 1);
	return (ssize_t)len;
}

/* <stdio.h> defines getline inline when optimising: another C name */
ssize_t kmsan_getline(char **line, size_t *n, FILE *f) __asm__("getline");

PORT_INTERCEPTOR ssize_t kmsan_getline(char **line, size_t *n, FILE *f)
{
	return own_getdelim(line, n, '\n', f);
}

PORT_INTERCEPTOR ssize_t getdelim(char **line, size_t *n, int delim, FILE *f)
{
	return own_getdelim(line, n, delim, f);
}

PORT_INTERCEPTOR ssize_t __getdelim(char **line, size_t *n, int delim, FILE *f)
{
	return own_getdelim(line, n, delim, f);
}

/* ---- streams: the FILE object the library allocated -------------------- */

/* A FILE from the C library's malloc (ksan's: poisoned) that the library
 * filled in; the program's inline stdio macros read its fields. */
static FILE *opened(FILE *f)
{
	size_t n;

	if (!f) {
		kmsan_wrote_errno();
		return f;
	}
	if (likely(kmsan_ready)) {
		n = kmsan_usable_size(f);
		kmsan_wrote(f, n == (size_t)-1 ? sizeof(*f) : n);
	}
	return f;
}

PORT_INTERCEPTOR FILE *fopen(const char *path, const char *mode)
{
	return opened(real_fopen(path, mode));
}

PORT_INTERCEPTOR FILE *fopen64(const char *path, const char *mode)
{
	return opened(real_fopen(path, mode));
}

PORT_INTERCEPTOR FILE *fdopen(int fd, const char *mode)
{
	return opened(real_fdopen(fd, mode));
}

PORT_INTERCEPTOR FILE *popen(const char *cmd, const char *mode)
{
	return opened(real_popen(cmd, mode));
}
