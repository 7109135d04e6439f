// arc4random_buf (glibc 2.36), getrandom and getentropy fill the program's buffer without instrumentation: the bytes they wrote are initialised (issue 25: arc4random_buf was not modelled), the byte past them is still reported; arc4random and arc4random_uniform return initialised values.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 arc4random_buf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 arc4random_buf 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 getrandom 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 getentropy 2>&1 | FileCheck %s
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 -static %s -o %ts
// RUN: bash %S/../Inputs/status.sh %ts ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %ts arc4random_buf 2>&1 | FileCheck %s
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <unistd.h>

#include "../Inputs/kmsan_use.h"

int main(int argc, char **argv)
{
	const char *mode = argv[1];
	unsigned char buf[17];
	unsigned v;

	if (!strcmp(mode, "ok")) {
		arc4random_buf(buf, 16);
		use(buf, 16);
		if (getrandom(buf, 16, 0) != 16 || getentropy(buf + 1, 16))
			return 2;
		use(buf, 17);
		v = arc4random() ^ arc4random_uniform(100);
		use(&v, sizeof(v));
		printf("done %d\n", sink >= 0);
		return 0;
	}
	if (!strcmp(mode, "arc4random_buf"))
		arc4random_buf(buf, 16);
	else if (!strcmp(mode, "getrandom") && getrandom(buf, 16, 0) != 16)
		return 2;
	else if (!strcmp(mode, "getentropy") && getentropy(buf, 16))
		return 2;
	use(buf, 17);		/* buf[16]: not written */
	return 0;
}

// OK: {{^}}done 1{{$}}
// OK-NEXT: STATUS: exit 0

// CHECK: {{^}}BUG: KMSAN: uninit-value in use+0x
// CHECK: {{^}}Local variable buf created at:
// CHECK: STATUS: exit 1
