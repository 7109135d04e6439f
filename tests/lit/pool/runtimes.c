// The pool calls under the runtimes without generic KASAN are no-ops: KCSAN (libksan-kcsan.a), KMSAN (libksan-kmsan.a, clang) and the KFENCE preload (libksan-kfence.so, linked here directly) create no pool (NULL), ksan_pool_free() returns 1, and a use after free of a pool object runs silently; tag-based KASAN's archive (aarch64, when built) has the same weak definitions.  --ksan=kfence links KASAN's runtime without instrumentation: the pool works (a pool, a freed object poisoned) and only the checked C library functions see it: memcpy from the freed object reports slab-use-after-free naming the pool, the plain read does not.
// RUN: %kcsan_cc -O1 -g %s -o %t.kcsan
// RUN: bash %S/../Inputs/status.sh %run %t.kcsan memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O1 -g %s -o %t.kmsan
// RUN: bash %S/../Inputs/status.sh %run %t.kmsan memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %cc -O1 -D__KSAN__=1 -I%root/include %s -o %t.preload %build/lib/libksan-kfence.so -Wl,-rpath,%build/lib
// RUN: env KSAN_OPTIONS=kfence_sample_every=1 bash %S/../Inputs/status.sh %run %t.preload memcpy 2>&1 | FileCheck %s --check-prefix=NOOP --implicit-check-not=BUG
// RUN: %ksan_cc_plain --ksan-cc=%cc --ksan=kfence -O1 -g %s -o %t.kfence
// RUN: bash %S/../Inputs/status.sh %run %t.kfence read 2>&1 | FileCheck %s --check-prefix=READ --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t.kfence memcpy 2>&1 | FileCheck %s --check-prefix=KFENCE
// RUN: bash %S/Inputs/tags_noops.sh %build/lib/aarch64/libksan-tags.a | FileCheck %s --check-prefix=TAGS
// UNSUPPORTED: aarch64
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ksan/ksan.h>

int main(int argc, char **argv)
{
	char *buf = malloc(256), copy[16];
	struct ksan_pool *p = KSAN_POOL_CREATE("rt_pool", 64, NULL, NULL);
	int r;

	setvbuf(stdout, NULL, _IONBF, 0);
	memset(buf, 'x', 256);
	printf("pool %s\n", p ? "made" : "NULL");
	KSAN_POOL_ADD_MEMORY(p, buf, 256);
	KSAN_POOL_ALLOC(p, buf + 64, 64);
	r = KSAN_POOL_FREE(p, buf + 64);
	printf("free returned %d\n", r);
	printf("read %c\n", buf[70]);
	if (!strcmp(argv[1], "memcpy")) {
		memcpy(copy, buf + 64, strlen(argv[1]) + 10);	/* 16, a call */
		printf("memcpy %c\n", copy[3]);
	}
	KSAN_POOL_DESTROY(p);
	free(buf);
	printf("done\n");
	return 0;
}

// NOOP: {{^}}pool NULL{{$}}
// NOOP-NEXT: {{^}}free returned 1{{$}}
// NOOP-NEXT: {{^}}read x{{$}}
// NOOP-NEXT: {{^}}memcpy x{{$}}
// NOOP-NEXT: {{^}}done{{$}}
// NOOP-NEXT: STATUS: exit 0{{$}}

// READ: {{^}}pool made{{$}}
// READ-NEXT: {{^}}free returned 1{{$}}
// READ-NEXT: {{^}}read x{{$}}
// READ-NEXT: {{^}}done{{$}}
// READ-NEXT: STATUS: exit 0{{$}}

// KFENCE: {{^}}read x{{$}}
// KFENCE-NEXT: {{^}}={{=+}}{{$}}
// KFENCE-NEXT: {{^}}BUG: KASAN: slab-use-after-free in main+
// KFENCE-NEXT: {{^}}Read of size 16 at addr
// KFENCE: {{^}}Freed by task
// KFENCE-NEXT: {{^}} ksan_pool_free{{$}}
// KFENCE: {{^}} which belongs to the cache rt_pool of size 64{{$}}
// KFENCE: STATUS: exit 1{{$}}

// TAGS: {{^}}libksan-tags.a: {{(not built|6 weak ksan_pool_ definitions)$}}
