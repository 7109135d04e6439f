// kcsan_test test_write_write_assume_atomic, test_write_write_struct, test_write_write_struct_part: two threads writing an aligned int with plain stores are silent by default (aligned plain writes up to 8 bytes are assumed atomic) and a race with kcsan_strict=1; two threads copying a 64-byte struct race by default (a range write is never assumed atomic), and so does a struct copy against a plain write of one of its members.  Twin: the struct copies under a mutex stay silent, also with kcsan_strict=1.
// RUN: %kcsan_cc -g -O1 %s -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t int 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t int racy 2>&1 | FileCheck %s --check-prefix=STRICT
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t struct 2>&1 | FileCheck %s --check-prefix=STRUCT
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0 bash %S/../Inputs/status.sh %t part 2>&1 | FileCheck %s --check-prefix=PART
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:kcsan_strict=1 bash %S/../Inputs/status.sh %t mutex 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KCSAN
#include "Inputs/race.h"

struct big {
	long v[8];
};

int x;
struct big s;
const struct big src[2] = { { { 1, 2, 3, 4, 5, 6, 7, 8 } }, { { 8, 7, 6, 5, 4, 3, 2, 1 } } };
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

kc_noinline void writer_a(long i)
{
	x = (int)i;	/* L:a */
}

kc_noinline void writer_b(long i)
{
	x = (int)-i;	/* L:b */
}

kc_noinline void struct_writer_a(long i)
{
	s = src[i & 1];	/* L:sa */
}

kc_noinline void struct_writer_b(long i)
{
	s = src[(i + 1) & 1];	/* L:sb */
}

kc_noinline void member_writer(long i)
{
	s.v[3] = i;	/* L:member */
}

kc_noinline void locked_writer_a(long i)
{
	pthread_mutex_lock(&lock);
	s = src[i & 1];
	pthread_mutex_unlock(&lock);
}

kc_noinline void locked_writer_b(long i)
{
	pthread_mutex_lock(&lock);
	s = src[(i + 1) & 1];
	pthread_mutex_unlock(&lock);
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("x at %p, s at %p, s.v[3] at %p\n", (void *)&x, (void *)&s, (void *)&s.v[3]);
	if (!strcmp(m, "int"))
		kc_race(writer_a, writer_b, argc > 2 ? 4000 : 300, 1);	/* racy: a report is expected */
	else if (!strcmp(m, "struct"))
		kc_race(struct_writer_a, struct_writer_b, 4000, 1);
	else if (!strcmp(m, "part"))
		kc_race(struct_writer_a, member_writer, 4000, 1);
	else if (!strcmp(m, "mutex"))
		kc_race(locked_writer_a, locked_writer_b, 300, 0);
	printf("done\n");
	return 0;
}

// OK: {{^}}x at 0x{{[0-9a-f]+}}, s at
// OK-NEXT: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}

// STRICT: {{^}}x at 0x[[X:[0-9a-f]+]], s at
// STRICT: {{^}}BUG: KCSAN: data-race in writer_a / writer_b{{$}}
// STRICT-EMPTY:
// STRICT-NEXT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STRICT-NEXT: {{^}} writer_{{a\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:21|b\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:26}}{{$}}
// STRICT: {{^}}write to 0x[[X]] of 4 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STRICT-NEXT: {{^}} writer_{{a\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:21|b\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:26}}{{$}}
// STRICT: {{^}}done{{$}}
// STRICT-NEXT: {{^}}STATUS: exit 0{{$}}

// STRUCT: {{^}}x at 0x{{[0-9a-f]+}}, s at 0x[[S:[0-9a-f]+]],
// STRUCT: {{^}}BUG: KCSAN: data-race in struct_writer_a / struct_writer_b{{$}}
// STRUCT-EMPTY:
// STRUCT-NEXT: {{^}}write to 0x[[S]] of 64 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STRUCT-NEXT: {{^}} struct_writer_{{a\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:31|b\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:36}}{{$}}
// STRUCT: {{^}}write to 0x[[S]] of 64 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// STRUCT-NEXT: {{^}} struct_writer_{{a\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:31|b\+0x[0-9a-f]+/0x[0-9a-f]+ .*write_write.c:36}}{{$}}
// STRUCT-NOT: value changed
// STRUCT: {{^}}Reported by Kernel Concurrency Sanitizer on:{{$}}
// STRUCT: {{^}}done{{$}}
// STRUCT-NEXT: {{^}}STATUS: exit 0{{$}}

// PART: {{^}}x at 0x{{[0-9a-f]+}}, s at 0x[[S:[0-9a-f]+]], s.v[3] at 0x[[M:[0-9a-f]+]]{{$}}
// PART: {{^}}BUG: KCSAN: data-race in member_writer / struct_writer_a{{$}}
// PART-EMPTY:
// PART-NEXT: {{^}}write to 0x[[M]] of 8 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// PART-NEXT: {{^}} member_writer+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}write_write.c:41{{$}}
// PART: {{^}}write to 0x[[S]] of 64 bytes by task {{[0-9]+}} on cpu {{[0-9]+}}:{{$}}
// PART-NEXT: {{^}} struct_writer_a+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}write_write.c:31{{$}}
// PART: {{^}}done{{$}}
// PART-NEXT: {{^}}STATUS: exit 0{{$}}
