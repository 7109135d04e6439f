// syscall(SYS_getrandom, buf, n, GRND_NONBLOCK) fills buf from the kernel, as expat seeds its hash salt where the C library has no arc4random_buf (writeRandomBytes_getrandom_nonblock, from an instrumented libexpat.so): the count it returns is initialised (was reported: syscall() was not modelled), the byte past it is still reported; other system calls through syscall() work as before (a failing one returns -1 with errno).  Executable, shared library and static link.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -fPIC -shared -DLIB %s -o %t.dir/libsalt.so
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t.dir/exe
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -DUSE_LIB %s -o %t.dir/exe-lib -L%t.dir -lsalt -Wl,-rpath,%t.dir
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %t.dir/exe-static
// RUN: bash %S/../Inputs/status.sh %t.dir/exe ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/exe-lib ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/exe-static ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t.dir/exe past 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t.dir/exe-lib past 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t.dir/exe-static past 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

/* expat's writeRandomBytes_getrandom_nonblock, reduced: 1 on success */
int fill_salt(void *buf, size_t n)
#ifdef USE_LIB
	;
#else
{
	size_t done = 0;

	while (done < n) {
		long r = syscall(SYS_getrandom, (char *)buf + done, n - done, 1 /* GRND_NONBLOCK */);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return 0;
		done += (size_t)r;
	}
	return 1;
}
#endif

#ifndef LIB
static volatile int sink;

/* A branch on each byte: an uninitialised one is reported here. */
__attribute__((noinline)) static void use(const void *p, size_t n)
{
	const unsigned char *c = p;
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i] == 0x5a)
			sink++;
}

int main(int argc, char **argv)
{
	unsigned char salt[17];
	long r;

	if (!fill_salt(salt, 16))
		return 2;
	if (!strcmp(argv[1], "past")) {
		use(salt, 17);		/* salt[16]: not written */
		return 0;
	}
	use(salt, 16);
	/* other numbers pass through: a result, and -1 with errno */
	if (syscall(SYS_getpid) != getpid())
		return 3;
	errno = 0;
	r = syscall(SYS_getrandom, salt, sizeof(salt), ~0u);
	printf("done %ld %d\n", r, errno == EINVAL);
	return 0;
}
#endif

// OK: {{^}}done -1 1{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK: {{^}}Local variable salt created at:
// CHECK: STATUS: exit 1
