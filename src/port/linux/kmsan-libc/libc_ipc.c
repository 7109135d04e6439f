/*
 * This file contains KMSAN's model of the C library's calls that move
 * data between processes or ask the kernel through a request code:
 * System V shared memory (shmat: the segment, shmctl: IPC_STAT's struct)
 * and messages (msgrcv), process_vm_readv, recvmmsg and sendmmsg (each
 * message's length), name_to_handle_at, and the multiplexers ioctl,
 * prctl and ptrace for the requests that store into the caller's memory.
 *
 * ioctl: a request encoded with _IOC_READ carries the size the kernel
 * stores (_IOC_SIZE), as MemorySanitizer decodes it; the older requests
 * without an encoding that programs use most are listed by name.  Other
 * requests store nothing the model knows of.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdarg.h>
#include <signal.h>
#include <sys/ioctl.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <termios.h>
#include "libc_model.h"

/* the segment's bytes are the kernel's: initialised, as a new mapping */
KMSAN_REAL(shmat);
PORT_INTERCEPTOR void *shmat(int id, const void *addr, int flag)
{
	void *r = REAL(shmat)(id, addr, flag);
	struct shmid_ds ds;

	if (r == (void *)-1) {
		kmsan_wrote_errno();
		return r;
	}
	if (!shmctl(id, IPC_STAT, &ds))
		kmsan_wrote(r, ds.shm_segsz);
	return r;
}

KMSAN_REAL(shmctl);
PORT_INTERCEPTOR int shmctl(int id, int cmd, struct shmid_ds *buf)
{
	int r = REAL(shmctl)(id, cmd, buf);

	if (r < 0)
		kmsan_wrote_errno();
	else if (buf && (cmd == IPC_STAT || cmd == SHM_STAT || cmd == SHM_STAT_ANY))
		kmsan_wrote(buf, sizeof(*buf));
	else if (buf && (cmd == IPC_INFO || cmd == SHM_INFO))
		kmsan_wrote(buf, sizeof(struct shminfo) > sizeof(struct shm_info) ?
			    sizeof(struct shminfo) : sizeof(struct shm_info));
	return r;
}

/* the type and the r bytes of text */
KMSAN_REAL(msgrcv);
PORT_INTERCEPTOR ssize_t msgrcv(int id, void *msg, size_t n, long type, int flag)
{
	ssize_t r = REAL(msgrcv)(id, msg, n, type, flag);

	if (r >= 0)
		kmsan_wrote(msg, sizeof(long) + (size_t)r);
	else
		kmsan_wrote_errno();
	return r;
}

/* r bytes scattered over the local iovecs in order */
KMSAN_REAL(process_vm_readv);
PORT_INTERCEPTOR ssize_t process_vm_readv(pid_t pid, const struct iovec *local,
					  unsigned long nlocal, const struct iovec *remote,
					  unsigned long nremote, unsigned long flags)
{
	ssize_t r = REAL(process_vm_readv)(pid, local, nlocal, remote, nremote, flags);
	size_t left = r > 0 ? (size_t)r : 0;
	unsigned long i;

	if (r < 0)
		kmsan_wrote_errno();
	for (i = 0; i < nlocal && left; i++) {
		size_t k = local[i].iov_len < left ? local[i].iov_len : left;

		kmsan_wrote(local[i].iov_base, k);
		left -= k;
	}
	return r;
}

KMSAN_REAL(recvmmsg);
PORT_INTERCEPTOR int recvmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags,
			      struct timespec *t)
{
	/* the buffers' sizes before the call: the first RECV_KEEP messages';
	 * later ones are bounded by a socket address's largest size and the
	 * control length the kernel stored (never more than the buffer) */
	enum { RECV_KEEP = 64 };
	socklen_t name_len[RECV_KEEP];
	size_t ctl_len[RECV_KEEP];
	unsigned int i;
	int r;

	for (i = 0; i < n && i < RECV_KEEP; i++) {
		name_len[i] = v[i].msg_hdr.msg_name ? v[i].msg_hdr.msg_namelen : 0;
		ctl_len[i] = v[i].msg_hdr.msg_control ? v[i].msg_hdr.msg_controllen : 0;
	}
	r = REAL(recvmmsg)(fd, v, n, flags, t);
	if (r < 0)
		kmsan_wrote_errno();
	for (i = 0; (int)i < r; i++) {
		kmsan_wrote(&v[i].msg_len, sizeof(v[i].msg_len));
		kmsan_wrote_msghdr(&v[i].msg_hdr, v[i].msg_len,
				   i < RECV_KEEP ? name_len[i] : sizeof(struct sockaddr_storage),
				   i < RECV_KEEP ? ctl_len[i] : v[i].msg_hdr.msg_controllen);
	}
	return r;
}

KMSAN_REAL(sendmmsg);
PORT_INTERCEPTOR int sendmmsg(int fd, struct mmsghdr *v, unsigned int n, int flags)
{
	int r = REAL(sendmmsg)(fd, v, n, flags);
	int i;

	if (r < 0)
		kmsan_wrote_errno();
	for (i = 0; i < r; i++)
		kmsan_wrote(&v[i].msg_len, sizeof(v[i].msg_len));
	return r;
}

/* the handle's header and handle_bytes of handle, and the mount id */
KMSAN_REAL(name_to_handle_at);
PORT_INTERCEPTOR int name_to_handle_at(int dfd, const char *path, struct file_handle *h,
				       int *mount_id, int flags)
{
	int r = REAL(name_to_handle_at)(dfd, path, h, mount_id, flags);

	if (!r) {
		kmsan_wrote(h, sizeof(*h) + h->handle_bytes);
		kmsan_wrote(mount_id, sizeof(*mount_id));
	} else {
		kmsan_wrote(&h->handle_bytes, sizeof(h->handle_bytes));	/* EOVERFLOW: the size needed */
		kmsan_wrote_errno();
	}
	return r;
}

/* ---- request multiplexers -------------------------------------------- */

/* the size an unencoded request stores, 0 if none or unknown */
static size_t ioctl_legacy_size(unsigned long req)
{
	switch (req) {
	case FIONREAD:
	case TIOCOUTQ:
	case TIOCGPGRP:
	case TIOCGSID:
	case TIOCMGET:
	case TIOCGETD:
		return sizeof(int);
	case TIOCGWINSZ:
		return sizeof(struct winsize);
	case TCGETS:
		return sizeof(struct termios);
	default:
		return 0;
	}
}

KMSAN_REAL(ioctl);
PORT_INTERCEPTOR int ioctl(int fd, unsigned long req, ...)
{
	va_list ap;
	void *arg;
	size_t n;
	int r;

	va_start(ap, req);
	arg = va_arg(ap, void *);
	va_end(ap);
	r = REAL(ioctl)(fd, req, arg);
	if (r < 0) {
		kmsan_wrote_errno();
		return r;
	}
	n = (_IOC_DIR(req) & _IOC_READ) ? _IOC_SIZE(req) : ioctl_legacy_size(req);
	if (arg && n)
		kmsan_wrote(arg, n);
	return r;
}

/* PR_GET_NAME: 16 bytes; the PR_GET_* that store an int through arg2 */
KMSAN_REAL(prctl);
PORT_INTERCEPTOR int prctl(int op, ...)
{
	unsigned long a[4];
	va_list ap;
	int i, r;

	va_start(ap, op);
	for (i = 0; i < 4; i++)
		a[i] = va_arg(ap, unsigned long);
	va_end(ap);
	r = REAL(prctl)(op, a[0], a[1], a[2], a[3]);
	if (r < 0) {
		kmsan_wrote_errno();
		return r;
	}
	if (op == PR_GET_NAME)
		kmsan_wrote_strn((char *)a[0], 16);
	else if (op == PR_GET_PDEATHSIG || op == PR_GET_TSC || op == PR_GET_ENDIAN ||
		 op == PR_GET_FPEMU || op == PR_GET_FPEXC || op == PR_GET_UNALIGN)
		kmsan_wrote((void *)a[0], sizeof(int));
	else if (op == PR_GET_TID_ADDRESS)
		kmsan_wrote((void *)a[0], sizeof(void *));
	return r;
}

/*
 * ptrace: PEEK* return the word (the wrapper stores it in its own local);
 * the requests that store into the tracer's memory through data: the
 * registers, the FP registers, the siginfo, the event message, and
 * GETREGSET's iovec (iov_len bytes, the length updated).
 */
KMSAN_REAL(ptrace);
PORT_INTERCEPTOR long ptrace(enum __ptrace_request req, ...)
{
	va_list ap;
	pid_t pid;
	void *addr, *data;
	long r;

	va_start(ap, req);
	pid = va_arg(ap, pid_t);
	addr = va_arg(ap, void *);
	data = va_arg(ap, void *);
	va_end(ap);
	r = REAL(ptrace)(req, pid, addr, data);
	if (r == -1 && req != PTRACE_PEEKTEXT && req != PTRACE_PEEKDATA && req != PTRACE_PEEKUSER) {
		kmsan_wrote_errno();
		return r;
	}
	kmsan_wrote_errno();	/* PEEK*: errno tells a word of -1 from a failure */
	if (req == PTRACE_GETREGS)
		kmsan_wrote(data, sizeof(struct user_regs_struct));
	else if (req == PTRACE_GETFPREGS)
		kmsan_wrote(data, sizeof(struct user_fpregs_struct));
	else if (req == PTRACE_GETSIGINFO)
		kmsan_wrote(data, sizeof(siginfo_t));
	else if (req == PTRACE_GETEVENTMSG)
		kmsan_wrote(data, sizeof(unsigned long));
	else if (req == PTRACE_GETREGSET && data) {
		struct iovec *iov = data;

		kmsan_wrote(&iov->iov_len, sizeof(iov->iov_len));
		kmsan_wrote(iov->iov_base, iov->iov_len);
	}
	return r;
}
