// The C library's reads fill the program's memory without instrumentation: read, pread, readv, recv, recvfrom and recvmsg (payload across iovecs, msg_flags, msg_controllen, a passed descriptor in the control data, msg_namelen) mark exactly the bytes they report as initialised.  Mode ok uses every byte written and stays silent; each *_past mode uses the first byte after the returned count and is reported with the buffer's own origin.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 ok %t.f 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok %t.f 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 read_past %t.f 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 read_past %t.f 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 pread_past %t.f 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 readv_past %t.f 2>&1 | FileCheck %s --check-prefix=IOV
// RUN: bash %S/../Inputs/status.sh %t2 recv_past %t.f 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 recvfrom_past %t.f 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 recvmsg_past %t.f 2>&1 | FileCheck %s --check-prefix=IOV
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok %t.f 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts read_past %t.f 2>&1 | FileCheck %s
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <unistd.h>

#include "../Inputs/kmsan_use.h"

static int past(const char *mode, const char *name)
{
	return !strncmp(mode, name, strlen(name)) && !strcmp(mode + strlen(name), "_past");
}

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	int ok = !strcmp(mode, "ok");
	char buf[16];	/* L:buf */
	char second[16];
	struct iovec iov[2] = { { buf, 4 }, { second, 16 } };
	int sv[2], pv[2], fd;
	ssize_t n;

	if (socketpair(AF_UNIX, SOCK_DGRAM, 0, sv) || pipe(pv))
		return 2;
	use(sv, sizeof(sv));	/* socketpair and pipe stored the fds */
	use(pv, sizeof(pv));
	fd = open(argv[2], O_RDWR | O_CREAT | O_TRUNC, 0600);
	if (fd < 0 || write(fd, "0123456789", 10) != 10)
		return 3;

	if (ok || past(mode, "read")) {
		write(pv[1], "abcd", 4);
		n = read(pv[0], buf, sizeof(buf));
		use(buf, n);
		if (!ok)
			use(buf + n, 1);	/* L:past */
	}
	if (ok || past(mode, "pread")) {
		n = pread(fd, buf, sizeof(buf), 6);	/* 4 bytes left */
		use(buf, n);
		if (!ok)
			use(buf + n, 1);
	}
	if (ok || past(mode, "readv")) {
		write(pv[1], "abcdefg", 7);	/* 4 in buf, 3 in second */
		n = readv(pv[0], iov, 2);
		use(buf, 4);
		use(second, n - 4);
		if (!ok)
			use(second + n - 4, 1);	/* L:iov */
	}
	if (ok || past(mode, "recv")) {
		send(sv[1], "abcde", 5, 0);
		n = recv(sv[0], buf, sizeof(buf), 0);
		use(buf, n);
		if (!ok)
			use(buf + n, 1);
	}
	if (ok || past(mode, "recvfrom")) {
		struct sockaddr_storage from;
		socklen_t len = sizeof(from);

		send(sv[1], "abc", 3, 0);
		n = recvfrom(sv[0], buf, sizeof(buf), 0, (struct sockaddr *)&from, &len);
		use(&len, sizeof(len));
		use(&from, len);
		use(buf, n);
		if (!ok)
			use(buf + n, 1);
	}
	if (ok || past(mode, "recvmsg")) {
		union {
			struct cmsghdr h;
			char b[CMSG_SPACE(sizeof(int))];
		} ctl;
		struct msghdr m;
		struct cmsghdr *c;
		int passed = pv[1], got;

		memset(&m, 0, sizeof(m));
		m.msg_iov = iov;
		m.msg_iovlen = 2;
		m.msg_control = ctl.b;
		m.msg_controllen = sizeof(ctl.b);
		c = CMSG_FIRSTHDR(&m);
		c->cmsg_level = SOL_SOCKET;
		c->cmsg_type = SCM_RIGHTS;
		c->cmsg_len = CMSG_LEN(sizeof(int));
		memcpy(CMSG_DATA(c), &passed, sizeof(int));
		iov[0].iov_base = "abcdef";
		iov[0].iov_len = 6;
		m.msg_iovlen = 1;	/* only the string leaves */
		if (sendmsg(sv[1], &m, 0) != 6)
			return 4;
		iov[0].iov_base = buf;
		iov[0].iov_len = 4;
		m.msg_iovlen = 2;
		m.msg_controllen = sizeof(ctl.b);
		m.msg_name = NULL;
		m.msg_namelen = 0;
		{
			char fresh[sizeof(ctl.b)];	/* never written by the program */

			m.msg_control = fresh;
			n = recvmsg(sv[0], &m, 0);
			use(&m.msg_flags, sizeof(m.msg_flags));
			use(&m.msg_controllen, sizeof(m.msg_controllen));
			c = CMSG_FIRSTHDR(&m);
			if (!c || c->cmsg_type != SCM_RIGHTS)
				return 5;
			memcpy(&got, CMSG_DATA(c), sizeof(int));
			use(&got, sizeof(got));
			close(got);
		}
		use(buf, 4);
		use(second, n - 4);
		if (!ok)
			use(second + n - 4, 1);
	}
	printf("done %d\n", sink >= 0);
	return 0;
}

// OK: done 1
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK-NEXT: {{^}} use+0x{{.*}}kmsan_use.h:{{[0-9]+}}
// CHECK-NEXT: {{^}} main+0x
// CHECK: {{^}}Local variable buf created at:
// CHECK: STATUS: exit 1

// IOV: {{^}}BUG: KMSAN: uninit-value in use+0x
// IOV: {{^}}Local variable second created at:
// IOV: STATUS: exit 1
