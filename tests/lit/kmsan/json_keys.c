// KMSAN's report_format=json reports carry the keys docs/report-format.md documents, checked by check_json.py (which rejects a missing or unknown key, an origin chain that does not end where the value was created, an infoleak's byte range outside the buffer): uninit-value with heap, stack and stored origins, use-after-free, infoleak and infoleak-after-free (write(2) and ksan_check_memory), and a wild-memory-access fault.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 %s -o %t
// RUN: env KSAN_OPTIONS=report_format=json:halt_on_error=0 bash %S/../Inputs/status.sh %t all 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --implicit-check-not='JSON ERROR'
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %t wild 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=WILD --implicit-check-not='JSON ERROR'
#include <ksan/ksan.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int *volatile sink;
volatile int hits;	/* stdout holds only the JSON */
int *volatile wild = (int *)0x123456789000;

struct msg {
	int id;
	char tag;	/* then 3 bytes of padding */
};

__attribute__((noinline)) static void use(int v)
{
	if (v > 2)
		hits++;
}

__attribute__((noinline)) static void use_local(void)
{
	int x;
	int *volatile p = &x;

	if (*p)
		hits++;
}

__attribute__((noinline)) static void store(int *dst, const int *src)
{
	*dst = *src;
}

__attribute__((noinline)) static void leak(int fd)
{
	struct msg m;

	m.id = 1;
	m.tag = 'a';
	write(fd, &m, sizeof(m));
}

int main(int argc, char **argv)
{
	int fds[2];
	char *buf;
	int *a, *b;

	if (!strcmp(argv[1], "wild"))
		return *wild;
	if (pipe(fds))
		return 2;
	sink = malloc(sizeof(int));
	use(*sink);			/* heap (an eager check at the call) */
	use_local();			/* stack */
	a = malloc(sizeof(int));
	b = malloc(sizeof(int));
	store(b, a);
	use(*b);			/* stored, then heap */
	buf = malloc(16);
	memset(buf, 0, 8);
	free(buf);
	use(buf[4]);			/* use-after-free */
	leak(fds[1]);			/* infoleak */
	buf = malloc(8);
	free(buf);
	write(fds[1], buf, 8);		/* infoleak-after-free */
	buf = malloc(8);
	memset(buf, 0, 6);
	ksan_check_memory(buf, 8, "usb");	/* infoleak in usb */
	return 0;
}

// CHECK: {{^}}report detector=KMSAN type=uninit-value function=main top=main origins=heap@malloc{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=uninit-value function=use_local top=use_local origins=stack(x)@use_local{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=uninit-value function=main top=main origins=stored@store,heap@malloc{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=use-after-free function=main top=main origins=freed@free{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=kernel-infoleak function=write top=leak origins=stack(m)@leak bytes=5-7/8{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=kernel-infoleak-after-free function=write top=main origins=freed@free bytes=0-7/8{{$}}
// CHECK-NEXT: {{^}}report detector=KMSAN type=kernel-infoleak function=usb top=main origins=heap@malloc bytes=6-7/8{{$}}
// CHECK-NEXT: {{^}}STATUS: exit 0{{$}}
// CHECK-NEXT: {{^}}7 json reports{{$}}

// WILD: {{^}}report detector=KMSAN type=wild-memory-access asan_type=SEGV access=read top=main{{$}}
// WILD-NEXT: {{^}}STATUS: exit 1{{$}}
// WILD-NEXT: {{^}}1 json reports{{$}}
