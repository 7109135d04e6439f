// KMSAN's C library model, IPC and request multiplexers (src/port/linux/kmsan/libc_ipc.c; issue 25): one row per function of tests/kmsan-libc/list.txt.  Mode ok: every byte the C library stored is initialised (silent); mode past: the byte after them is still reported, one report per row (shmat: the segment, silent only).
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t list > %t.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t past 2>&1 | FileCheck %t.check --check-prefix=PAST
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -static -DROWS_STATIC %s -o %t.static
// RUN: bash %S/../Inputs/status.sh %t.static ok 2>&1 | FileCheck %s --implicit-check-not=KMSAN --implicit-check-not=BAD
// RUN: %t.static list > %t.static.check
// RUN: env KSAN_OPTIONS=halt_on_error=0 %t.static past 2>&1 | FileCheck %t.static.check --check-prefix=PAST
#define _GNU_SOURCE
#include <fcntl.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ioctl.h>
#include <sys/msg.h>
#include <sys/prctl.h>
#include <sys/ptrace.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>
#include "Inputs/libc_rows.h"

ROW(shmat, 0)
{
	int id = shmget(IPC_PRIVATE, 8192, IPC_CREAT | 0600);
	void *p = shmat(id, NULL, 0);

	if (p == (void *)-1)
		return -2;
	use(p, 8192);
	shmdt(p);
	shmctl(id, IPC_RMID, NULL);
	return NOPAST;
}

ROW(shmctl, sizeof(struct shmid_ds))
{
	int id = shmget(IPC_PRIVATE, 4096, IPC_CREAT | 0600);
	long n = shmctl(id, IPC_STAT, (struct shmid_ds *)b) ? -2 : (long)sizeof(struct shmid_ds);

	shmctl(id, IPC_RMID, NULL);
	return n;
}

ROW(msgrcv, sizeof(long) + 16)
{
	struct { long type; char text[16]; } m = { 1, "hello" };
	int id = msgget(IPC_PRIVATE, IPC_CREAT | 0600);
	ssize_t r;

	msgsnd(id, &m, 5, 0);
	r = msgrcv(id, b, 16, 0, 0);
	msgctl(id, IPC_RMID, NULL);
	return r < 0 ? -2 : (long)sizeof(long) + r;
}

ROW(process_vm_readv, 16)
{
	static const char text[16] = "0123456789abcde";
	struct iovec local = { b, 16 }, remote = { (void *)text, 16 };
	ssize_t r = process_vm_readv(getpid(), &local, 1, &remote, 1, 0);

	return r < 0 ? 0 : r;	/* not permitted (a sandbox): nothing stored */
}

ROW(recvmmsg, 16)
{
	struct iovec iov = { b, 16 };
	struct mmsghdr m = { { .msg_iov = &iov, .msg_iovlen = 1 } };
	int sv[2];
	long n;

	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	send(sv[1], "abcdef", 6, 0);
	n = recvmmsg(sv[0], &m, 1, 0, NULL) == 1 ? (long)m.msg_len : -2;
	use(&m.msg_len, sizeof(m.msg_len));
	close(sv[0]);
	close(sv[1]);
	return n;
}

/* the header at b is the program's; msg_len is what the call stores (the
 * padding after it stays uninitialised) */
ROW(sendmmsg, sizeof(struct mmsghdr))
{
	struct mmsghdr *m = (struct mmsghdr *)b;
	struct iovec iov = { "x", 1 };
	int sv[2];
	long n;

	memset(&m->msg_hdr, 0, sizeof(m->msg_hdr));
	m->msg_hdr.msg_iov = &iov;
	m->msg_hdr.msg_iovlen = 1;
	socketpair(AF_UNIX, SOCK_DGRAM, 0, sv);
	n = sendmmsg(sv[0], m, 1, 0) == 1 ? (long)(offsetof(struct mmsghdr, msg_len) +
						 sizeof(m->msg_len)) : -2;
	close(sv[0]);
	close(sv[1]);
	return n;
}

/* handle_bytes is the program's (the buffer's size); the call stores the
 * type and the handle, and the mount id (checked at once) */
ROW(name_to_handle_at, sizeof(struct file_handle) + MAX_HANDLE_SZ)
{
	struct file_handle *h = (struct file_handle *)b;
	int mount_id;

	h->handle_bytes = MAX_HANDLE_SZ;
	if (name_to_handle_at(AT_FDCWD, "/", h, &mount_id, 0)) {
		use(&h->handle_bytes, sizeof(h->handle_bytes));
		return sizeof(h->handle_bytes);	/* not supported here */
	}
	use(&mount_id, sizeof(mount_id));
	return (long)(sizeof(*h) + h->handle_bytes);
}

ROW(ioctl, sizeof(int))
{
	int p[2];
	long n;

	if (pipe(p))
		return -2;
	write(p[1], "abc", 3);
	n = ioctl(p[0], FIONREAD, (int *)b) ? -2 : (long)sizeof(int);
	close(p[0]);
	close(p[1]);
	return n;
}

ROW(prctl, 16)
{
	prctl(PR_SET_NAME, "rows-prctl");
	return prctl(PR_GET_NAME, b) ? -2 : (long)strlen((char *)b) + 1;
}

/* a stopped child's registers; ptrace not permitted (a sandbox): nothing */
ROW(ptrace, sizeof(struct user_regs_struct))
{
	pid_t pid = fork();
	long n = 0;

	if (pid == 0) {
		ptrace(PTRACE_TRACEME, 0, NULL, NULL);
		raise(SIGSTOP);
		_exit(0);
	}
	waitpid(pid, NULL, 0);
	if (!ptrace(PTRACE_GETREGS, pid, NULL, b))
		n = sizeof(struct user_regs_struct);
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
	return n;
}

int main(int argc, char **argv)
{
	return rows_main(argc, argv);
}

// CHECK: {{^}}rows 10{{$}}
// CHECK-NEXT: STATUS: exit 0
