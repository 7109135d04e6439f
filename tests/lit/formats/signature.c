// The crash signature: one bug reached through three builds (-O0, where fill is a function of its own; -O1, where it is inlined into parse; -O1 with unrelated code added to parse) has one signature while the printed frames differ; the kasan, asan and json layouts give it the same hash; a libFuzzer-style entry (LLVMFuzzerTestOneInput) is left out; a read, another function and another bug type each give another signature; memcpy's overflow names its caller, not the interceptor.
// RUN: %ksan_cc -O0 -g %s -o %t0
// RUN: %ksan_cc -O1 -g %s -o %t1
// RUN: %ksan_cc -O1 -g -DEXTRA %s -o %t2
// RUN: bash %S/../Inputs/status.sh %run %t0 write > %t.w0 2>&1
// RUN: bash %S/../Inputs/status.sh %run %t1 write > %t.w1 2>&1
// RUN: bash %S/../Inputs/status.sh %run %t2 write > %t.w2 2>&1
// RUN: python3 %S/Inputs/sigcmp.py O0=%t.w0 O1=%t.w1 extra=%t.w2 | FileCheck %s --check-prefix=BUILDS
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t1 write > %t.wa 2>&1
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t1 write > %t.wj 2>&1
// RUN: python3 %S/Inputs/sigcmp.py kasan=%t.w1 asan=%t.wa json=%t.wj | FileCheck %s --check-prefix=LAYOUTS
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t1 write 2>&1 | python3 %S/../Inputs/check_json.py --signature | FileCheck %s --check-prefix=JSON
// RUN: bash %S/../Inputs/status.sh %run %t1 fuzz > %t.f 2>&1
// RUN: FileCheck %s --check-prefix=FUZZ < %t.f
// RUN: python3 %S/Inputs/sigcmp.py direct=%t.w1 fuzz=%t.f | FileCheck %s --check-prefix=SAME
// RUN: bash %S/../Inputs/status.sh %run %t1 read > %t.r 2>&1
// RUN: python3 %S/Inputs/sigcmp.py write=%t.w1 read=%t.r | FileCheck %s --check-prefix=READ
// RUN: bash %S/../Inputs/status.sh %run %t1 other > %t.o 2>&1
// RUN: python3 %S/Inputs/sigcmp.py write=%t.w1 other=%t.o | FileCheck %s --check-prefix=OTHER
// RUN: bash %S/../Inputs/status.sh %run %t1 uaf > %t.u 2>&1
// RUN: python3 %S/Inputs/sigcmp.py write=%t.w1 uaf=%t.u | FileCheck %s --check-prefix=UAF
// RUN: bash %S/../Inputs/status.sh %run %t1 memcpy 2>&1 | FileCheck %s --check-prefix=MEMCPY
// RUN: bash %S/../Inputs/status.sh %run %t1 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=signature
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *volatile sink;
volatile int vsink;

/* not noinline: a frame of its own at -O0, inlined at -O1 (the report
 * lists it as an [inline] frame, and so does the signature) */
static inline void fill(char *p, size_t n, char c)
{
	p[n] = c;
}

static inline char get(const char *p, size_t n)
{
	return p[n];
}

#ifdef EXTRA
/* unrelated code: every offset in parse moves */
__attribute__((noinline)) int checksum(const char *p, size_t n)
{
	int s = 0;

	while (n--)
		s = s * 31 + *p++;
	return s;
}
#endif

__attribute__((noinline)) void parse(char *p, size_t n)
{
#ifdef EXTRA
	vsink = checksum(p, n > 4 ? 4 : n) + (int)n * 7;
#endif
	fill(p, n, 'x');
}

__attribute__((noinline)) void parse_read(char *p, size_t n)
{
	vsink = get(p, n);
}

__attribute__((noinline)) void other(char *p, size_t n)
{
	p[n] = 'y';
}

__attribute__((noinline)) void copy(char *p, const char *s, size_t n)
{
	memcpy(p, s, n);
}

/* a fuzz target's entry, called here by main as a fuzzing engine would */
__attribute__((noinline)) int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	parse((char *)data, size);
	return 0;
}

int main(int argc, char **argv)
{
	static const char src[32] = "0123456789abcdef0123456789abcdef";
	char *p = malloc(16);
	const char *m = argc > 1 ? argv[1] : "";

	sink = p;
	memset(p, 0, 16);
	if (!strcmp(m, "write"))
		parse(p, 16);
	else if (!strcmp(m, "fuzz"))
		LLVMFuzzerTestOneInput((const uint8_t *)p, 16);
	else if (!strcmp(m, "read"))
		parse_read(p, 16);
	else if (!strcmp(m, "other"))
		other(p, 16);
	else if (!strcmp(m, "uaf")) {
		free(p);
		parse(p, 0);
	} else if (!strcmp(m, "memcpy"))
		copy(p, src, 17);
	else
		parse(p, 15);
	printf("done\n");
	return 0;
}

// BUILDS: {{^}}O0: [[H:[0-9a-f]+]] slab-out-of-bounds Write | fill | parse | main{{$}}
// BUILDS-NEXT: {{^}}O0: top fill+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signature.c:{{[0-9]+}}{{$}}
// BUILDS-NEXT: {{^}}O1: [[H]] slab-out-of-bounds Write | fill | parse | main{{$}}
// BUILDS-NEXT: {{^}}O1: top parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signature.c:{{[0-9]+}}{{$}}
// BUILDS-NEXT: {{^}}extra: [[H]] slab-out-of-bounds Write | fill | parse | main{{$}}
// BUILDS-NEXT: {{^}}extra: top parse+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signature.c:{{[0-9]+}}{{$}}
// BUILDS-NEXT: {{^}}signatures: same{{$}}
// BUILDS-NEXT: {{^}}texts: same{{$}}
// BUILDS-NEXT: {{^}}tops: different{{$}}
// BUILDS-NEXT: {{^}}hash: ok{{$}}

// LAYOUTS: {{^}}kasan: [[H:[0-9a-f]+]] slab-out-of-bounds Write | fill | parse | main{{$}}
// LAYOUTS: {{^}}asan: [[H]] slab-out-of-bounds Write | fill | parse | main{{$}}
// LAYOUTS: {{^}}json: [[H]] slab-out-of-bounds Write | fill | parse | main{{$}}
// LAYOUTS: {{^}}signatures: same{{$}}
// LAYOUTS: {{^}}hash: ok{{$}}

// JSON-NOT: JSON ERROR
// JSON: {{^}}signature {{[0-9a-f]+}} slab-out-of-bounds Write | fill | parse | main{{$}}
// JSON-NEXT: {{^}}report type=slab-out-of-bounds {{.*}}top=fill
// JSON: STATUS: exit 1{{$}}

// FUZZ: {{^}} LLVMFuzzerTestOneInput+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}signature.c:{{[0-9]+}}{{$}}
// FUZZ: {{^}}Crash signature: {{[0-9a-f]+}} slab-out-of-bounds Write | fill | parse | main{{$}}
// SAME: {{^}}signatures: same{{$}}

// READ: {{^}}write: {{[0-9a-f]+}} slab-out-of-bounds Write | fill | parse | main{{$}}
// READ: {{^}}read: {{[0-9a-f]+}} slab-out-of-bounds Read | get | parse_read | main{{$}}
// READ: {{^}}signatures: different{{$}}
// OTHER: {{^}}other: {{[0-9a-f]+}} slab-out-of-bounds Write | other | main{{$}}
// OTHER: {{^}}signatures: different{{$}}
// UAF: {{^}}uaf: {{[0-9a-f]+}} slab-use-after-free Write | fill | parse | main{{$}}
// UAF: {{^}}signatures: different{{$}}

// The interceptor heads the call trace; the signature starts at its caller.
// MEMCPY: {{^}}Call Trace:{{$}}
// MEMCPY-NEXT: {{^}} memcpy{{$}}
// MEMCPY-NEXT: {{^}} copy+0x
// MEMCPY: {{^}}Crash signature: {{[0-9a-f]+}} slab-out-of-bounds Write | copy | main{{$}}
// MEMCPY-NEXT: {{^}}={{=+}}{{$}}

// OK: {{^}}done{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
