// KMSAN's crash signature: an uninitialised value used in a function inlined at -O2 (a frame of its own at -O0) has one signature in both builds and in the three layouts; an infoleak at write(2) names the writing function, not the interceptor; a null dereference is a fault with its access word.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 -g %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -g %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 use > %t.u0 2>&1
// RUN: bash %S/../Inputs/status.sh %t2 use > %t.u2 2>&1
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %t2 use > %t.ua 2>&1
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %t2 use > %t.uj 2>&1
// RUN: FileCheck %s --check-prefix=USE < %t.u2
// RUN: python3 %S/../formats/Inputs/sigcmp.py O0=%t.u0 O2=%t.u2 asan=%t.ua json=%t.uj | FileCheck %s --check-prefix=SAME
// RUN: python3 %S/../Inputs/check_json.py --signature < %t.uj | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %t2 leak 2>&1 | FileCheck %s --check-prefix=LEAK
// RUN: bash %S/../Inputs/status.sh %t0 null 2>&1 | FileCheck %s --check-prefix=NULL
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=signature
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

struct msg {
	int id;			/* 4 bytes of padding follow */
	long value;
};

int *volatile sink;
int *volatile null_ptr;

static inline int is_set(const int *p, int i)
{
	volatile int r = 0;

	if (p[i] == 42)	/* the use: a branch on it */
		r = 1;
	return r;
}

__attribute__((noinline)) int check(const int *p)
{
	return is_set(p, 1);
}

__attribute__((noinline)) int send_msg(int fd, long v)
{
	struct msg m;

	m.id = 1;
	m.value = v;
	return write(fd, &m, sizeof(m)) == sizeof(m) ? 0 : -1;
}

__attribute__((noinline)) int deref(int *p)
{
	return *p;
}

int main(int argc, char **argv)
{
	int *p = malloc(4 * sizeof(int));
	const char *m = argv[1];

	p[0] = 1;
	sink = p;
	if (!strcmp(m, "use"))
		check(p);
	if (!strcmp(m, "leak")) {
		int fd[2];

		if (pipe(fd))
			return 2;
		send_msg(fd[1], 7);
	}
	if (!strcmp(m, "null"))
		printf("%d\n", deref(null_ptr));
	printf("done\n");
	return 0;
}

// USE: {{^}}BUG: KMSAN: uninit-value in {{is_set|check}}+0x
// USE: {{^}}Crash signature: {{([0-9a-f]{16})}} uninit-value | is_set | check | main{{$}}
// USE-NEXT: {{^}}={{=+}}{{$}}

// SAME: {{^}}O0: {{([0-9a-f]{16})}} uninit-value | is_set | check | main{{$}}
// SAME: {{^}}signatures: same{{$}}
// SAME: {{^}}hash: ok{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}signature {{([0-9a-f]{16})}} uninit-value | is_set | check | main{{$}}

// LEAK: {{^}}BUG: KMSAN: kernel-infoleak in write+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// LEAK: {{^}}Crash signature: {{([0-9a-f]{16})}} kernel-infoleak | send_msg | main{{$}}

// NULL: {{^}}BUG: KMSAN: null-ptr-deref in deref+0x
// NULL: {{^}}Crash signature: {{([0-9a-f]{16})}} null-ptr-deref Read | deref | main{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
