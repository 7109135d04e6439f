// The same race in the three layouts: report_format=asan gives ThreadSanitizer's words (WARNING: ThreadSanitizer: data race, "Write of size 4 at ... by thread T1", "Previous read of size 4", frames numbered, the threads' creation, SUMMARY: ThreadSanitizer: data race <file:line> in writer); report_format=json gives one object per report with "detector": "KCSAN" and both accesses (checked key by key by Inputs/kcsan_json.py); an assertion and a race of unknown origin in both layouts too.
// RUN: %cc -O1 -c -DUNINSTRUMENTED %s -o %t.w.o
// RUN: %kcsan_cc -g -O1 %s %t.w.o -o %t -pthread
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=asan bash %S/../Inputs/status.sh %t race 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=asan bash %S/../Inputs/status.sh %t assert 2>&1 | FileCheck %s --check-prefix=ASAN-ASSERT
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=asan bash %S/../Inputs/status.sh %t unknown 2>&1 | FileCheck %s --check-prefix=ASAN-UNKNOWN
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=json bash %S/../Inputs/status.sh %t race 2>&1 | python3 %S/Inputs/kcsan_json.py | FileCheck %s --check-prefix=JSON --implicit-check-not='JSON ERROR'
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=json bash %S/../Inputs/status.sh %t assert 2>&1 | python3 %S/Inputs/kcsan_json.py | FileCheck %s --check-prefix=JSON-ASSERT --implicit-check-not='JSON ERROR'
// RUN: env KSAN_OPTIONS=kcsan_skip_watch=0:report_format=json bash %S/../Inputs/status.sh %t unknown 2>&1 | python3 %S/Inputs/kcsan_json.py | FileCheck %s --check-prefix=JSON-UNKNOWN --implicit-check-not='JSON ERROR'
#ifdef UNINSTRUMENTED
extern int x;

__attribute__((noinline)) void uninstrumented_writer(long i)
{
	*(volatile int *)&x = (int)i;
}
#else
#include "Inputs/race.h"

int x;
volatile int sink;

void uninstrumented_writer(long i);

kc_noinline void reader(long i)
{
	sink = x;	/* L:read */
}

kc_noinline void writer(long i)
{
	x = (int)i;	/* L:write */
}

kc_noinline void exclusive(long i)
{
	KSAN_ASSERT_EXCLUSIVE_ACCESS(x);	/* L:assert */
}

int main(int argc, char **argv)
{
	const char *m = argv[1];

	kc_setup();
	printf("x at %p\n", (void *)&x);
	if (!strcmp(m, "race"))
		kc_race(reader, writer, 4000, 1);
	else if (!strcmp(m, "assert"))
		kc_race(exclusive, writer, 4000, 1);
	else {
		kc_any = 1;	/* a race of unknown origin is the one wanted */
		kc_race(reader, uninstrumented_writer, 4000, 1);
	}
	printf("done\n");
	return 0;
}
#endif

// ASAN: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// ASAN: {{^}}WARNING: ThreadSanitizer: data race (pid={{[0-9]+}}){{$}}
// ASAN: {{^}}  Write of size 4 at 0x[[X]] by thread T{{[0-9]+}}{{( \(.*\))?}}:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in writer {{.*}}formats.c:32{{.*$}}
// ASAN: {{^}}  Previous read of size 4 at 0x[[X]] by thread T{{[0-9]+}}{{( \(.*\))?}}:{{$}}
// ASAN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in reader {{.*}}formats.c:27{{.*$}}
// ASAN: {{^}}  Value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}}{{$}}
// ASAN: {{^}}  Thread T{{[0-9]+}} (tid={{[0-9]+}}, running) created by main thread at:{{$}}
// ASAN: {{^}}SUMMARY: ThreadSanitizer: data race {{.*}}formats.c:32{{.*}} in writer{{$}}
// ASAN-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} data-race | reader | kc_loop / writer | kc_loop{{$}}
// ASAN-NEXT: {{^}}=================={{$}}
// ASAN-NOT: KCSAN
// ASAN: {{^}}done{{$}}
// ASAN-NEXT: {{^}}STATUS: exit 0{{$}}

// ASAN-ASSERT: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// ASAN-ASSERT: {{^}}WARNING: ThreadSanitizer: data race (pid={{[0-9]+}}){{$}}
// ASAN-ASSERT: {{^}}  Write of size 4 at 0x[[X]] by thread T{{[0-9]+}}{{( \(.*\))?}}:{{$}}
// ASAN-ASSERT-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in writer {{.*}}formats.c:32{{.*$}}
// ASAN-ASSERT: {{^}}  Previous assert no accesses of size 4 at 0x[[X]] by thread T{{[0-9]+}}{{( \(.*\))?}}:{{$}}
// ASAN-ASSERT-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in exclusive {{.*}}formats.c:37{{.*$}}
// ASAN-ASSERT: {{^}}SUMMARY: ThreadSanitizer: data race {{.*}}formats.c:32{{.*}} in writer{{$}}
// ASAN-ASSERT: {{^}}done{{$}}

// ASAN-UNKNOWN: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// ASAN-UNKNOWN-NEXT: {{^}}=================={{$}}
// ASAN-UNKNOWN-NEXT: {{^}}WARNING: ThreadSanitizer: data race (pid={{[0-9]+}}){{$}}
// ASAN-UNKNOWN-NEXT: {{^}}  Read of size 4 at 0x[[X]] by thread T{{[0-9]+}}{{( \(.*\))?}}:{{$}}
// ASAN-UNKNOWN-NEXT: {{^}}    #0 0x{{[0-9a-f]+}} in reader {{.*}}formats.c:27{{.*$}}
// ASAN-UNKNOWN-NOT: Previous
// ASAN-UNKNOWN: {{^}}  Value changed: 0x{{([0-9a-f]{8})}} -> 0x{{([0-9a-f]{8})}} while this access was watched.{{$}}
// ASAN-UNKNOWN: {{^}}SUMMARY: ThreadSanitizer: data race {{.*}}formats.c:27{{.*}} in reader{{$}}
// ASAN-UNKNOWN: {{^}}done{{$}}

// JSON: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// JSON: {{^}}json KCSAN data-race known function=reader / writer value=0x{{[0-9a-f]+}}->0x{{[0-9a-f]+}}{{$}}
// JSON-NEXT: {{^}}json access write size=4 address=0x[[X]] frame0=writer{{$}}
// JSON-NEXT: {{^}}json access read size=4 address=0x[[X]] frame0=reader{{$}}
// JSON: {{^}}done{{$}}
// JSON-NEXT: {{^}}STATUS: exit 0{{$}}

// JSON-ASSERT: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// JSON-ASSERT: {{^}}json KCSAN assert: race known function=exclusive / writer value={{.*}}{{$}}
// JSON-ASSERT-NEXT: {{^}}json access write size=4 address=0x[[X]] frame0=writer{{$}}
// JSON-ASSERT-NEXT: {{^}}json access {{read-write|write}} assert size=4 address=0x[[X]] frame0=exclusive{{$}}
// JSON-ASSERT: {{^}}done{{$}}

// JSON-UNKNOWN: {{^}}x at 0x[[X:[0-9a-f]+]]{{$}}
// JSON-UNKNOWN-NEXT: {{^}}json KCSAN data-race unknown function=reader+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} value=0x{{[0-9a-f]+}}->0x{{[0-9a-f]+}}{{$}}
// JSON-UNKNOWN-NEXT: {{^}}json access read size=4 address=0x[[X]] frame0=reader{{$}}
// JSON-UNKNOWN: {{^}}done{{$}}
