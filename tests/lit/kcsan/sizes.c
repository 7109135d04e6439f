// Accesses other than aligned 1, 2, 4 and 8 bytes: a 16-byte read racing with a 16-byte write (__int128: never assumed atomic, the value is not compared, so no "value changed" line); a 64-byte struct copied out (a range read) racing with a plain write of one member inside it; an unaligned int in a packed struct read and written by two threads (an unaligned write is not assumed atomic).  Twin: the same loops under a mutex stay silent, also with kcsan_strict=1.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t int128 2>&1 | FileCheck %s --check-prefix=I128
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t range 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t unaligned 2>&1 | FileCheck %s --check-prefix=UNALIGNED
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

struct big {
	long v[8];
};
struct __attribute__((packed)) packed {
	char c;
	int v;
};

__int128 w, w_out;
struct big s, s_out;
struct packed p;
volatile long sink;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void reader16(long i)
{
	w_out = w;	/* L:r16 */
}

kc_noinline void writer16(long i)
{
	w = (__int128)i << 64 | (unsigned long)i;	/* L:w16 */
}

kc_noinline void struct_reader(long i)
{
	s_out = s;	/* L:copy */
}

kc_noinline void member_writer(long i)
{
	s.v[5] = i;	/* L:member */
}

kc_noinline void unaligned_reader(long i)
{
	sink = p.v;	/* L:ur */
}

kc_noinline void unaligned_writer(long i)
{
	p.v = (int)i;	/* L:uw */
}

kc_noinline void locked_a(long i)
{
	pthread_mutex_lock(&lock);
	reader16(i);
	struct_reader(i);
	unaligned_reader(i);
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_b(long i)
{
	pthread_mutex_lock(&lock);
	writer16(i);
	member_writer(i);
	unaligned_writer(i);
	pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("w at %p, s at %p, s.v[5] at %p, p.v at %p\n", (void *)&w, (void *)&s,
	       (void *)&s.v[5], (void *)((char *)&p + 1));
	if (!strcmp(m, "int128"))
		kc_race(reader16, writer16, 4000, 1);
	else if (!strcmp(m, "range"))
		kc_race(struct_reader, member_writer, 4000, 1);
	else if (!strcmp(m, "unaligned"))
		kc_race(unaligned_reader, unaligned_writer, 4000, 1);
	else
		kc_race(locked_a, locked_b, 300, 0);
	printf("done\n");
	return 0;
}

// I128: {{^}}w at 0x[[W:[0-9a-f]+]], s at
// I128: {{^}}BUG: KCSAN: data-race in reader16 / writer16{{$}}
// I128-EMPTY:
// I128-NEXT: {{^}}{{read|write}} to 0x[[W]] of 16 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// I128-NEXT: {{^}} {{reader16\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:25|writer16\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:30}}{{$}}
// I128: {{^}}{{read|write}} to 0x[[W]] of 16 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// I128-NEXT: {{^}} {{reader16\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:25|writer16\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:30}}{{$}}
// I128-NOT: value changed
// I128: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// I128: {{^}}done{{$}}
// I128-NEXT: {{^}}STATUS: exit 0{{$}}

// RANGE: {{^}}w at 0x{{[0-9a-f]+}}, s at 0x[[S:[0-9a-f]+]], s.v[5] at 0x[[M:[0-9a-f]+]],
// RANGE: {{^}}BUG: KCSAN: data-race in member_writer / struct_reader{{$}}
// RANGE-EMPTY:
// RANGE-NEXT: {{^}}write to 0x[[M]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// RANGE-NEXT: {{^}} member_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}sizes.c:40{{$}}
// RANGE: {{^}}read to 0x[[S]] of 64 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// RANGE: {{^}} struct_reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}sizes.c:35{{$}}
// RANGE-NOT: value changed
// RANGE: {{^}}done{{$}}
// RANGE-NEXT: {{^}}STATUS: exit 0{{$}}

// UNALIGNED: {{^}}w at {{.*}}, p.v at 0x[[V:[0-9a-f]+]]{{$}}
// UNALIGNED: {{^}}BUG: KCSAN: data-race in unaligned_reader / unaligned_writer{{$}}
// UNALIGNED-EMPTY:
// UNALIGNED-NEXT: {{^}}{{read|write}} to 0x[[V]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// UNALIGNED-NEXT: {{^}} {{unaligned_reader\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:45|unaligned_writer\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:50}}{{$}}
// UNALIGNED: {{^}}{{read|write}} to 0x[[V]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// UNALIGNED-NEXT: {{^}} {{unaligned_reader\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:45|unaligned_writer\+0x[0-9a-f]+/0x[0-9a-f]+ .*sizes.c:50}}{{$}}
// UNALIGNED: {{^}}value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// UNALIGNED: {{^}}done{{$}}
// UNALIGNED-NEXT: {{^}}STATUS: exit 0{{$}}

// OK: {{^}}w at 0x{{[0-9a-f]+}}, s at
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
