// Infoleaks at the boundaries beyond the plain buffers: sendmsg's control message (its cmsg_len bytes; the CMSG_SPACE alignment padding after the data is not sent and not checked), sendto's address, fputs and puts strings (bytes before the NUL), and writev segment by segment with halt_on_error=0 (two reports, each with its segment's byte range, then the call is made).  Each names the call and the exact bytes; the initialised twin (mode ok) is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 cmsg 2>&1 | FileCheck %s --check-prefix=CMSG
// RUN: bash %S/../Inputs/status.sh %t0 cmsg 2>&1 | FileCheck %s --check-prefix=CMSG
// RUN: bash %S/../Inputs/status.sh %t2 sendto 2>&1 | FileCheck %s --check-prefix=ADDR
// RUN: bash %S/../Inputs/status.sh %t2 fputs 2>&1 | FileCheck %s --check-prefix=FPUTS
// RUN: bash %S/../Inputs/status.sh %t2 puts 2>&1 | FileCheck %s --check-prefix=PUTS
// RUN: env KSAN_OPTIONS=halt_on_error=0 bash %S/../Inputs/status.sh %t2 writev 2>&1 | FileCheck %s --check-prefix=IOV
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts cmsg 2>&1 | FileCheck %s --check-prefix=CMSG
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>
#include <ksan/ksan.h>

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	int sv[2], dg[2];
	char in[256];

	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv) || socketpair(AF_UNIX, SOCK_DGRAM, 0, dg))
		return 2;
	if (ok || !strcmp(mode, "cmsg")) {
		union {
			struct cmsghdr h;
			char b[CMSG_SPACE(sizeof(int)) + 8];	/* padding never written */
		} ctl;
		struct iovec iov = { "x", 1 };
		struct msghdr m;
		struct cmsghdr *c;
		int fds[2];

		memset(&m, 0, sizeof(m));
		m.msg_iov = &iov;
		m.msg_iovlen = 1;
		m.msg_control = ctl.b;
		m.msg_controllen = CMSG_SPACE(sizeof(int));
		c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		fds[0] = 1;	/* stdout: a descriptor to pass */
		memcpy(CMSG_DATA(c), fds, sizeof(int));
		if (!ok)	/* as if fds[0] had never been set */
			ksan_poison_memory(CMSG_DATA(c), sizeof(int));
		if (sendmsg(sv[0], &m, 0) != 1 && !ok)
			return 3;
		read(sv[1], in, 1);
	}
	if (ok || !strcmp(mode, "sendto")) {
		struct sockaddr_un a;	/* L:addr */

		if (ok)
			memset(&a, 0, sizeof(a));
		a.sun_family = AF_UNIX;
		/* connected datagram socket: the address is checked, then
		 * refused by the kernel (EISCONN) */
		sendto(dg[0], "y", 1, 0, (struct sockaddr *)&a, sizeof(sa_family_t) + 4);
	}
	if (ok || !strcmp(mode, "fputs")) {
		char s[8] = "abcdefg";

		if (!ok)
			ksan_poison_memory(s + 2, 3);
		fputs(s, stderr);
		fputs("\n", stderr);
	}
	if (ok || !strcmp(mode, "puts")) {
		char s[8] = "abcdefg";

		if (!ok)
			ksan_poison_memory(s + 6, 1);
		puts(s);
	}
	if (ok || !strcmp(mode, "writev")) {
		struct { char c; int i; } a, b;	/* 3 padding bytes each */
		struct iovec iov[2] = { { &a, sizeof(a) }, { &b, sizeof(b) } };

		memset(&a, 0, sizeof(a));
		memset(&b, 0, sizeof(b));
		if (!ok) {	/* fresh structs: only the fields are set */
			ksan_poison_memory(&a, sizeof(a));
			ksan_poison_memory(&b, sizeof(b));
		}
		a.c = 1;
		a.i = 2;
		b.c = 3;
		b.i = 4;
		printf("wrote %zd\n", writev(sv[0], iov, 2));
	}
	printf("done\n");
	return 0;
}

// OK: done
// OK-NEXT: STATUS: exit 0

// CMSG: {{^}}BUG: KMSAN: kernel-infoleak in sendmsg+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CMSG-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}libc_leak.c:{{[0-9]+}}{{$}}
// CMSG: {{^}}Bytes 0-3 of 4 are uninitialized{{$}}
// CMSG-NEXT: {{^}}Memory access of size 4 starts at
// CMSG: STATUS: exit 1

// ADDR: {{^}}BUG: KMSAN: kernel-infoleak in sendto+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// ADDR-NEXT: {{^}} main+0x{{.*}}libc_leak.c:{{[0-9]+}}{{$}}
// ADDR: {{^}}Local variable a created at:
// ADDR: {{^}}Bytes 2-5 of 6 are uninitialized{{$}}
// ADDR: STATUS: exit 1

// FPUTS: {{^}}BUG: KMSAN: kernel-infoleak in fputs+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// FPUTS-NEXT: {{^}} main+0x
// FPUTS: {{^}}Bytes 2-4 of 7 are uninitialized{{$}}
// FPUTS-NOT: abcdefg
// FPUTS: STATUS: exit 1

// PUTS: {{^}}BUG: KMSAN: kernel-infoleak in puts+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// PUTS: {{^}}Byte 6 of 7 is uninitialized{{$}}
// PUTS: STATUS: exit 1

// IOV: {{^}}BUG: KMSAN: kernel-infoleak in writev+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// IOV: {{^}}Bytes 1-3 of 8 are uninitialized{{$}}
// IOV: {{^}}BUG: KMSAN: kernel-infoleak in writev+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// IOV: {{^}}Bytes 1-3 of 8 are uninitialized{{$}}
// IOV: {{^}}wrote 16{{$}}
// IOV: {{^}}done{{$}}
// IOV: STATUS: exit 0
