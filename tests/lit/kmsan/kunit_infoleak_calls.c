// Every boundary where bytes leave the program checks them (the list): write, pwrite, writev, send, sendto, sendmsg and fwrite each report a struct whose padding bytes 4-7 were never written, naming the call and the byte range of the buffer (for writev and sendmsg, of the iovec segment that holds it: a clean 8-byte segment goes first); cleared first, all of them are silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t2 write 2>&1 | FileCheck %s -DCALL=write
// RUN: bash %S/../Inputs/status.sh %t2 pwrite %t.pwrite 2>&1 | FileCheck %s -DCALL=pwrite
// RUN: bash %S/../Inputs/status.sh %t2 writev 2>&1 | FileCheck %s -DCALL=writev
// RUN: bash %S/../Inputs/status.sh %t2 send 2>&1 | FileCheck %s -DCALL=send
// RUN: bash %S/../Inputs/status.sh %t2 sendto 2>&1 | FileCheck %s -DCALL=sendto
// RUN: bash %S/../Inputs/status.sh %t2 sendmsg 2>&1 | FileCheck %s -DCALL=sendmsg
// RUN: bash %S/../Inputs/status.sh %t2 fwrite %t.fwrite 2>&1 | FileCheck %s -DCALL=fwrite
// RUN: bash %S/../Inputs/status.sh %t0 sendmsg 2>&1 | FileCheck %s -DCALL=sendmsg
// RUN: bash %S/../Inputs/status.sh %t0 fwrite %t.fwrite 2>&1 | FileCheck %s -DCALL=fwrite
// RUN: bash %S/../Inputs/status.sh %t0 ok %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok %t.ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

struct msg {
	int type;	/* bytes 0-3, then 4 bytes of padding */
	long value;	/* bytes 8-15 */
};

static int all(const char *mode, const char *name, int ok)
{
	return ok || !strcmp(mode, name);
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	struct msg m;	/* L:local */
	long head = 7;
	struct iovec iov[2] = { { &head, sizeof(head) }, { &m, sizeof(m) } };
	struct msghdr mh;
	int sv[2];
	unsigned char in[64];
	int n = 0;

	if (ok)
		memset(&m, 0, sizeof(m));
	m.type = 1;
	m.value = 2;
	memset(&mh, 0, sizeof(mh));
	mh.msg_iov = iov;
	mh.msg_iovlen = 2;
	if (socketpair(AF_UNIX, SOCK_STREAM, 0, sv))
		return 2;
	if (all(mode, "write", ok))
		n += write(sv[0], &m, sizeof(m)) == sizeof(m);
	if (all(mode, "pwrite", ok)) {
		int fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);

		n += pwrite(fd, &m, sizeof(m), 0) == sizeof(m);
		close(fd);
	}
	if (all(mode, "writev", ok))
		n += writev(sv[0], iov, 2) == 24;
	if (all(mode, "send", ok))
		n += send(sv[0], &m, sizeof(m), 0) == sizeof(m);
	if (all(mode, "sendto", ok))
		n += sendto(sv[0], &m, sizeof(m), 0, NULL, 0) == sizeof(m);
	if (all(mode, "sendmsg", ok))
		n += sendmsg(sv[0], &mh, 0) == 24;
	if (all(mode, "fwrite", ok)) {
		FILE *f = fopen(argv[2], "w");

		n += fwrite(&m, sizeof(m), 1, f) == 1;
		fclose(f);
	}
	while (ok && read(sv[1], in, sizeof(in)) == sizeof(in))
		;
	printf("%d sent\n", n);
	return 0;
}

// CHECK: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: kernel-infoleak in [[CALL]]+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}kunit_infoleak_calls.c:{{[0-9]+}}{{$}}
// CHECK: {{^}}Local variable m created at:{{$}}
// CHECK-NEXT: {{^}} main+
// CHECK: {{^}}Bytes 4-7 of 16 are uninitialized{{$}}
// CHECK-NEXT: {{^}}Memory access of size 16 starts at 0x{{[0-9a-f]+}}{{$}}
// CHECK: {{^}}====================================================={{$}}
// CHECK-NOT: sent
// CHECK: STATUS: exit 1{{$}}

// OK: {{^}}7 sent{{$}}
// OK-NEXT: STATUS: exit 0{{$}}
