/*
 * This file contains KMSAN's infoleak checks: where bytes leave the
 * program (a descriptor, a socket, a stream), each uninitialised byte is
 * reported before the call, as the kernel checks copy_to_user and USB
 * transfers ("BUG: KMSAN: kernel-infoleak in write+0x../0x..", "Bytes 4-7 of 16 are
 * uninitialized").  KMSAN always recovers: unless the report halts, the
 * call is then made with the bytes as they are (the kernel copies too).
 *
 * Checked: write pwrite pwrite64 writev pwritev pwritev64 send sendto (and
 * its address) sendmsg (each iovec up to msg_iovlen, msg_name, msg_control)
 * fwrite fwrite_unlocked fputs fputs_unlocked puts.  A scatter list is
 * checked segment by segment, so a report's byte range is one segment's.
 * Not checked: the printf family's arguments (uninitialised arguments are
 * reported at the call by eager checks; a %s string's bytes are not).
 *
 * Dynamic executables call the C library's functions (dlsym(RTLD_NEXT));
 * static ones the system calls and glibc's other names (_IO_fwrite,
 * _IO_fputs, _IO_puts).
 */
#define _GNU_SOURCE
#include <stdio.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>
#include "libc.h"

/* ---- fallbacks: static executables and early calls -------------------- */

static ssize_t own_write(int fd, const void *buf, size_t n)
{
	return syscall(SYS_write, fd, buf, n);
}

static ssize_t own_pwrite(int fd, const void *buf, size_t n, off_t off)
{
	return syscall(SYS_pwrite64, fd, buf, n, off);
}

static ssize_t own_writev(int fd, const struct iovec *iov, int n)
{
	return syscall(SYS_writev, fd, iov, n);
}

static ssize_t own_pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
	return syscall(SYS_pwritev, fd, iov, n, off, 0);
}

static ssize_t own_sendto(int fd, const void *buf, size_t n, int flags,
			  const struct sockaddr *a, socklen_t alen)
{
	return syscall(SYS_sendto, fd, buf, n, flags, a, alen);
}

static ssize_t own_send(int fd, const void *buf, size_t n, int flags)
{
	return own_sendto(fd, buf, n, flags, NULL, 0);
}

static ssize_t own_sendmsg(int fd, const struct msghdr *m, int flags)
{
	return syscall(SYS_sendmsg, fd, m, flags);
}

size_t _IO_fwrite(const void *, size_t, size_t, FILE *);
int _IO_fputs(const char *, FILE *);
int _IO_puts(const char *);

/* ---- the C library's versions, once known ----------------------------- */

static ssize_t (*real_write)(int, const void *, size_t) = own_write;
static ssize_t (*real_pwrite)(int, const void *, size_t, off_t) = own_pwrite;
static ssize_t (*real_writev)(int, const struct iovec *, int) = own_writev;
static ssize_t (*real_pwritev)(int, const struct iovec *, int, off_t) = own_pwritev;
static ssize_t (*real_send)(int, const void *, size_t, int) = own_send;
static ssize_t (*real_sendto)(int, const void *, size_t, int, const struct sockaddr *,
			      socklen_t) = own_sendto;
static ssize_t (*real_sendmsg)(int, const struct msghdr *, int) = own_sendmsg;
static size_t (*real_fwrite)(const void *, size_t, size_t, FILE *) = _IO_fwrite;
static size_t (*real_fwrite_unlocked)(const void *, size_t, size_t, FILE *) = _IO_fwrite;
static int (*real_fputs)(const char *, FILE *) = _IO_fputs;
static int (*real_fputs_unlocked)(const char *, FILE *) = _IO_fputs;
static int (*real_puts)(const char *) = _IO_puts;

void port_kmsan_leak_init(void)
{
	FIND_REAL(write);
	FIND_REAL_AS(pwrite, "pwrite64");
	FIND_REAL(writev);
	FIND_REAL_AS(pwritev, "pwritev64");
	FIND_REAL(send);
	FIND_REAL(sendto);
	FIND_REAL(sendmsg);
	FIND_REAL(fwrite);
	FIND_REAL(fwrite_unlocked);
	FIND_REAL(fputs);
	FIND_REAL(fputs_unlocked);
	FIND_REAL(puts);
}

/*
 * The check, expanded in each exported function: the report's first frame
 * is the function's caller (its return address and this frame).  Only
 * when KMSAN is up, and never for the runtime's own output made while a
 * report is printed (it writes with system calls, but a report callback
 * may not).
 */
#define LEAK(p, n, what)							\
	do {									\
		if (likely(kmsan_ready) && (n) != 0 && !core_thread_get()->in_report) \
			kmsan_check_memory((p), (n), KMSAN_INFOLEAK, (what),	\
				(uintptr_t)__builtin_return_address(0),		\
				(uintptr_t)__builtin_frame_address(0));		\
	} while (0)

/* Each segment of a scatter list, up to n of them. */
#define LEAK_IOV(iov, n, what)							\
	do {									\
		size_t i_;							\
										\
		for (i_ = 0; (iov) && i_ < (size_t)(n); i_++)			\
			LEAK((iov)[i_].iov_base, (iov)[i_].iov_len, (what));	\
	} while (0)

/* ---- system calls -------------------------------------------------------- */

PORT_INTERCEPTOR ssize_t write(int fd, const void *buf, size_t n)
{
	LEAK(buf, n, "write");
	return real_write(fd, buf, n);
}

PORT_INTERCEPTOR ssize_t pwrite(int fd, const void *buf, size_t n, off_t off)
{
	LEAK(buf, n, "pwrite");
	return real_pwrite(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t pwrite64(int fd, const void *buf, size_t n, off_t off)
{
	LEAK(buf, n, "pwrite64");
	return real_pwrite(fd, buf, n, off);
}

PORT_INTERCEPTOR ssize_t writev(int fd, const struct iovec *iov, int n)
{
	LEAK_IOV(iov, n > 0 ? n : 0, "writev");
	return real_writev(fd, iov, n);
}

PORT_INTERCEPTOR ssize_t pwritev(int fd, const struct iovec *iov, int n, off_t off)
{
	LEAK_IOV(iov, n > 0 ? n : 0, "pwritev");
	return real_pwritev(fd, iov, n, off);
}

PORT_INTERCEPTOR ssize_t pwritev64(int fd, const struct iovec *iov, int n, off_t off)
{
	LEAK_IOV(iov, n > 0 ? n : 0, "pwritev64");
	return real_pwritev(fd, iov, n, off);
}

PORT_INTERCEPTOR ssize_t send(int fd, const void *buf, size_t n, int flags)
{
	LEAK(buf, n, "send");
	return real_send(fd, buf, n, flags);
}

PORT_INTERCEPTOR ssize_t sendto(int fd, const void *buf, size_t n, int flags,
				const struct sockaddr *a, socklen_t alen)
{
	LEAK(buf, n, "sendto");
	if (a)
		LEAK(a, alen, "sendto");
	return real_sendto(fd, buf, n, flags, a, alen);
}

/*
 * The payload, the destination address and the control messages all go
 * to the kernel and on (a peer reads the ancillary data too).  Each
 * control message is checked for its cmsg_len bytes: the alignment
 * padding CMSG_SPACE adds after the data is never read by the kernel (as
 * compiler-rt's read_msghdr_control).
 */
PORT_INTERCEPTOR ssize_t sendmsg(int fd, const struct msghdr *m, int flags)
{
	struct cmsghdr *c;

	LEAK_IOV(m->msg_iov, m->msg_iovlen, "sendmsg");
	if (m->msg_name)
		LEAK(m->msg_name, m->msg_namelen, "sendmsg");
	if (m->msg_control && m->msg_controllen >= sizeof(struct cmsghdr)) {
		for (c = CMSG_FIRSTHDR(m); c; c = CMSG_NXTHDR((struct msghdr *)m, c)) {
			size_t room = (size_t)((char *)m->msg_control + m->msg_controllen -
					       (char *)c);

			/* the header first: its length says how far to go */
			LEAK(c, sizeof(*c), "sendmsg");
			if (c->cmsg_len < sizeof(*c))
				break;
			LEAK(c + 1, (c->cmsg_len < room ? c->cmsg_len : room) - sizeof(*c),
			     "sendmsg");
		}
	}
	return real_sendmsg(fd, m, flags);
}

/* ---- stdio: bytes leave the program when they enter the stream ------- */

PORT_INTERCEPTOR size_t fwrite(const void *p, size_t size, size_t n, FILE *f)
{
	LEAK(p, size * n, "fwrite");
	return real_fwrite(p, size, n, f);
}

PORT_INTERCEPTOR size_t (fwrite_unlocked)(const void *p, size_t size, size_t n, FILE *f)
{
	LEAK(p, size * n, "fwrite_unlocked");
	return real_fwrite_unlocked(p, size, n, f);
}

PORT_INTERCEPTOR int fputs(const char *s, FILE *f)
{
	LEAK(s, strlen(s), "fputs");
	return real_fputs(s, f);
}

PORT_INTERCEPTOR int (fputs_unlocked)(const char *s, FILE *f)
{
	LEAK(s, strlen(s), "fputs_unlocked");
	return real_fputs_unlocked(s, f);
}

PORT_INTERCEPTOR int puts(const char *s)
{
	LEAK(s, strlen(s), "puts");
	return real_puts(s);
}
