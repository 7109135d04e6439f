/*
 * This file contains the checked I/O and formatting functions: read, pread,
 * write, pwrite, recv, send, fread, fwrite, fgets, getline, getdelim and
 * the sscanf family (the printf family and the other output functions are
 * in intercept_stdio.c).  The rules are
 * intercept_str.c's; what each function is known to touch differs:
 *
 * - Transfers (read, fread, fgets, getline, write, ...): how much they move
 *   is only known after the call, so the whole buffer the caller declares
 *   is checked before it, as the kernel checks a copy_to_user or
 *   copy_from_user: read(fd, buf, n) may write all n bytes.  A bad buffer
 *   fails the call (-1 with errno EFAULT, 0 items, NULL) and nothing moves;
 *   that includes write(): sending out-of-bounds bytes is the leak.
 * - sscanf family: the input string is read whole (glibc measures it), then
 *   after the call each assigned destination is checked for what was
 *   stored: the size of its type, the width of %c, strlen+1 of %s and %[.
 *   The store has happened by then (it depends on the input), so this
 *   reports and cannot prevent.  Positional arguments (%1$d) end the walk.
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones call the system calls directly (read..send: no cancellation
 * points there) and the C library's stdio functions under another name
 * (libc.c: glibc's _IO_fread, _IO_fwrite, _IO_fgets, __vsscanf, which are
 * the same code, or musl's renamed copies); with glibc __isoc99_vsscanf
 * then becomes __vsscanf, which differs only in reading "%as" and "%a[" as
 * GNU's allocating form.  getline and getdelim are ksan's own everywhere
 * (see own_getdelim).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>
#include <wchar.h>
#include "../platform/libc.h"
#include "../linux.h"
#include "../platform/scanf_format.h"

/* musl's <unistd.h> makes pread64 and pwrite64 macros for pread and pwrite
 * (_GNU_SOURCE); the functions below are the exported names */
#undef pread64
#undef pwrite64


/* ---- ksan's own versions: static executables and early calls --------- */

static ssize_t own_read(int fd, void *buf, size_t n)
{
	return syscall(SYS_read, fd, buf, n);
}

static ssize_t own_pread(int fd, void *buf, size_t n, off_t off)
{
	return syscall(SYS_pread64, fd, buf, n, off);
}

static ssize_t own_write(int fd, const void *buf, size_t n)
{
	return syscall(SYS_write, fd, buf, n);
}

static ssize_t own_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return syscall(SYS_pwrite64, fd, buf, n, off);
}

static ssize_t own_recv(int fd, void *buf, size_t n, int flags)
{
	return syscall(SYS_recvfrom, fd, buf, n, flags, NULL, NULL);
}

static ssize_t own_send(int fd, const void *buf, size_t n, int flags)
{
	return syscall(SYS_sendto, fd, buf, n, flags, NULL, 0);
}

/*
 * getdelim, used in every executable: ours defines __getdelim too (getline
 * is an inline call of it in optimised code), so a static executable has no
 * other to call; and the C library's grows the line with realloc from code
 * without frame pointers, where the allocation stack would end.
 */
static ssize_t own_getdelim(char **line, size_t *n, int delim, FILE *f)
{
	size_t len = 0;
	int c = 0;

	if (!line || !n) {
		errno = EINVAL;
		return -1;
	}
	if (!*line || !*n) {	/* as glibc: a new buffer, whatever *line was */
		if (!(*line = malloc(120))) {
			errno = ENOMEM;
			return -1;
		}
		*n = 120;
	}
	flockfile(f);
	while (c != delim) {
		if (len + 2 > *n) {
			char *p = realloc(*line, *n * 2);

			if (!p) {
				funlockfile(f);
				errno = ENOMEM;
				return -1;
			}
			*line = p;
			*n *= 2;
		}
		if ((c = getc_unlocked(f)) == EOF)
			break;
		(*line)[len++] = (char)c;
	}
	funlockfile(f);
	if (!len)
		return -1;
	(*line)[len] = 0;
	return (ssize_t)len;
}


/* ---- the C library's versions, once known ----------------------------- */

static ssize_t (*real_read)(int, void *, size_t) = own_read;
static ssize_t (*real_pread)(int, void *, size_t, off_t) = own_pread;
static ssize_t (*real_write)(int, const void *, size_t) = own_write;
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t) = own_pwrite;
static ssize_t (*real_recv)(int, void *, size_t, int) = own_recv;
static ssize_t (*real_send)(int, const void *, size_t, int) = own_send;
static size_t (*real_fread)(void *, size_t, size_t, FILE *) = port_libc_fread;
static size_t (*real_fwrite)(const void *, size_t, size_t, FILE *) = port_libc_fwrite;
static char *(*real_fgets)(char *, int, FILE *) = port_libc_fgets;
static int (*real_vsscanf)(const char *, const char *, va_list) = port_libc_vsscanf;
static int (*real_isoc99_vsscanf)(const char *, const char *, va_list) = port_libc_vsscanf;

void port_intercept_io_init(void)
{
	FIND_REAL(read);
	FIND_REAL_AS(pread, "pread64");
	FIND_REAL(write);
	FIND_REAL_AS(pwrite, "pwrite64");
	FIND_REAL(recv);
	FIND_REAL(send);
	FIND_REAL(fread);
	FIND_REAL(fwrite);
	FIND_REAL(fgets);
	FIND_REAL(vsscanf);
	FIND_REAL_AS(isoc99_vsscanf, "__isoc99_vsscanf");
}

#define READ(p, n) port_check(&cl, (p), (n), KSAN_READ)
#define WRITE(p, n) port_check(&cl, (p), (n), KSAN_WRITE)

/* ---- system calls ------------------------------------------------------ */

#define FAULT() (errno = EFAULT, -1)

PORT_INTERCEPTOR ssize_t read(int fd, void *buf, size_t n)
{
	PORT_CALLER(cl, read);

	if (likely(kasan_ready) && n && !WRITE(buf, n))
		return FAULT();
	return real_read(fd, buf, n);
}

PORT_INTERCEPTOR ssize_t pread(int fd, void *buf, size_t n, off_t off)
{
	PORT_CALLER(cl, pread);

	if (likely(kasan_ready) && n && !WRITE(buf, n))
		return FAULT();
	return real_pread(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t pread64(int fd, void *buf, size_t n, off_t off)
{
	PORT_CALLER(cl, pread64);

	if (likely(kasan_ready) && n && !WRITE(buf, n))
		return FAULT();
	return real_pread(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t recv(int fd, void *buf, size_t n, int flags)
{
	PORT_CALLER(cl, recv);

	if (likely(kasan_ready) && n && !WRITE(buf, n))
		return FAULT();
	return real_recv(fd, buf, n, flags);
}

PORT_INTERCEPTOR ssize_t write(int fd, const void *buf, size_t n)
{
	PORT_CALLER(cl, write);

	if (likely(kasan_ready) && n && !READ(buf, n))
		return FAULT();
	return real_write(fd, buf, n);
}

PORT_INTERCEPTOR ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	PORT_CALLER(cl, pwrite);

	if (likely(kasan_ready) && n && !READ(buf, n))
		return FAULT();
	return real_pwrite(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	PORT_CALLER(cl, pwrite64);

	if (likely(kasan_ready) && n && !READ(buf, n))
		return FAULT();
	return real_pwrite(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t send(int fd, const void *buf, size_t n, int flags)
{
	PORT_CALLER(cl, send);

	if (likely(kasan_ready) && n && !READ(buf, n))
		return FAULT();
	return real_send(fd, buf, n, flags);
}

/* ---- stdio ------------------------------------------------------------- */

PORT_INTERCEPTOR size_t fread(void *p, size_t size, size_t nmemb, FILE *f)
{
	PORT_CALLER(cl, fread);

	if (likely(kasan_ready) && size && nmemb && !WRITE(p, size * nmemb))
		return 0;
	return real_fread(p, size, nmemb, f);
}

PORT_INTERCEPTOR size_t fwrite(const void *p, size_t size, size_t nmemb, FILE *f)
{
	PORT_CALLER(cl, fwrite);

	if (likely(kasan_ready) && size && nmemb && !READ(p, size * nmemb))
		return 0;
	return real_fwrite(p, size, nmemb, f);
}

PORT_INTERCEPTOR char *fgets(char *s, int n, FILE *f)
{
	PORT_CALLER(cl, fgets);

	if (likely(kasan_ready) && n > 0 && !WRITE(s, (size_t)n))
		return 0;
	return real_fgets(s, n, f);
}

/* The pointer and size it updates, and the buffer it may fill: *n bytes at
 * *line (a larger line goes to a new buffer from ksan's realloc). */
static int check_getdelim(const struct kasan_caller *c, char **line, size_t *n)
{
	const struct kasan_caller cl = *c;

	if (!line || !n)
		return 1;	/* EINVAL, not a memory access */
	return WRITE(line, sizeof(*line)) && WRITE(n, sizeof(*n)) &&
	       (!*line || !*n || WRITE(*line, *n));
}

/* <stdio.h> defines getline inline when optimising: another C name */
ssize_t ksan_getline(char **line, size_t *n, FILE *f) __asm__("getline");

PORT_INTERCEPTOR ssize_t ksan_getline(char **line, size_t *n, FILE *f)
{
	PORT_CALLER(cl, ksan_getline);

	if (likely(kasan_ready) && !check_getdelim(&cl, line, n)) {
		errno = EINVAL;
		return -1;
	}
	return own_getdelim(line, n, '\n', f);
}

PORT_INTERCEPTOR ssize_t getdelim(char **line, size_t *n, int delim, FILE *f)
{
	PORT_CALLER(cl, getdelim);

	if (likely(kasan_ready) && !check_getdelim(&cl, line, n)) {
		errno = EINVAL;
		return -1;
	}
	return own_getdelim(line, n, delim, f);
}

PORT_INTERCEPTOR ssize_t __getdelim(char **line, size_t *n, int delim, FILE *f)
{
	PORT_CALLER(cl, __getdelim);

	if (likely(kasan_ready) && !check_getdelim(&cl, line, n)) {
		errno = EINVAL;
		return -1;
	}
	return own_getdelim(line, n, delim, f);
}

/* ---- sscanf family ----------------------------------------------------- */

/* One destination a call stored to (scanf_format.h walks the format). */
static int check_scanf_store(void *ctx, void *dst, size_t size, int alloc)
{
	const struct kasan_caller cl = *(const struct kasan_caller *)ctx;

	return WRITE(dst, size);
}

/*
 * After a call that assigned n conversions: check each destination
 * written, in order, as ASan's scanf_common does (%n counts as none).
 * gnu: "%as"/"%a[" allocate (sscanf and vsscanf without C99 semantics).
 */
static void check_scanf_results(const struct kasan_caller *c, const char *fmt,
				va_list ap, int n, int gnu)
{
	scanf_each_store(fmt, ap, n, gnu, check_scanf_store, (void *)c);
}

static int checked_vsscanf(const struct kasan_caller *c, int (*fn)(const char *,
			   const char *, va_list), int gnu, const char *s,
			   const char *fmt, va_list ap)
{
	const struct kasan_caller cl = *c;
	va_list aq;
	int r;

	if (unlikely(!kasan_ready))
		return fn(s, fmt, ap);
	if (!READ(s, core_strlen(s) + 1))
		return EOF;
	va_copy(aq, ap);	/* fn consumes ap */
	r = fn(s, fmt, ap);
	check_scanf_results(&cl, fmt, aq, r, gnu);
	va_end(aq);
	return r;
}

/* <stdio.h> names __isoc99_sscanf and __isoc99_vsscanf "sscanf" and
 * "vsscanf": the plain (GNU) ones need other C names. */
int ksan_vsscanf(const char *s, const char *fmt, va_list ap) __asm__("vsscanf");
int ksan_sscanf(const char *s, const char *fmt, ...) __asm__("sscanf");

PORT_INTERCEPTOR int ksan_vsscanf(const char *s, const char *fmt, va_list ap)
{
	PORT_CALLER(cl, ksan_vsscanf);

	return checked_vsscanf(&cl, real_vsscanf, 1, s, fmt, ap);
}

PORT_INTERCEPTOR int __isoc99_vsscanf(const char *s, const char *fmt, va_list ap)
{
	PORT_CALLER(cl, __isoc99_vsscanf);

	return checked_vsscanf(&cl, real_isoc99_vsscanf, 0, s, fmt, ap);
}

PORT_INTERCEPTOR int ksan_sscanf(const char *s, const char *fmt, ...)
{
	PORT_CALLER(cl, ksan_sscanf);
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = checked_vsscanf(&cl, real_vsscanf, 1, s, fmt, ap);
	va_end(ap);
	return r;
}

PORT_INTERCEPTOR int __isoc99_sscanf(const char *s, const char *fmt, ...)
{
	PORT_CALLER(cl, __isoc99_sscanf);
	va_list ap;
	int r;

	va_start(ap, fmt);
	r = checked_vsscanf(&cl, real_isoc99_vsscanf, 0, s, fmt, ap);
	va_end(ap);
	return r;
}
