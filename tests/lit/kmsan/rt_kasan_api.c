// ksan.h's KASAN-style calls link and mean what they can under KMSAN: a pool allocator that poisons an object when it takes it back (KSAN_POISON) and unpoisons it when it hands it out again (KSAN_UNPOISON) gives out uninitialised memory (reported at its use, the poisoning call as the link); unpoisoning says "addressable", not "initialised", so it hides nothing.  ksan_check_read/write (addressability) and ksan_record_aux_stack are silent, and no address is "poisoned" (KMSAN has no addressability).  Written memory is silent.
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O0 %s -o %t0
// RUN: %ksan_cc_plain --ksan-cc=clang --ksan=kmsan -O2 %s -o %t2
// RUN: bash %S/../Inputs/status.sh %t0 reuse 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t2 reuse 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %t0 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
// RUN: bash %S/../Inputs/status.sh %t2 ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KMSAN
#include <ksan/ksan.h>
#include <stdio.h>
#include <string.h>

struct obj {
	int key, val;
};

static struct obj pool[4];
static int used[4];

__attribute__((noinline)) static struct obj *pool_get(void)
{
	int i;

	for (i = 0; i < 4; i++)
		if (!used[i]) {
			used[i] = 1;
			KSAN_UNPOISON(&pool[i], sizeof(pool[i]));
			return &pool[i];
		}
	return NULL;
}

__attribute__((noinline)) static void pool_put(struct obj *o)
{
	KSAN_POISON(o, sizeof(*o));	/* L:poison */
	used[o - pool] = 0;
}

__attribute__((noinline)) static void positive(void)
{
	printf("positive\n");
}

__attribute__((noinline)) static void not_positive(void)
{
	printf("not positive\n");
}

__attribute__((noinline)) static void show(const struct obj *o)
{
	if (o->val > 0)	/* L:use */
		positive();
	else
		not_positive();
}

int main(int argc, char **argv)
{
	struct obj *o = pool_get();
	int ok = !strcmp(argv[1], "ok");

	setvbuf(stdout, NULL, _IONBF, 0);	/* lines before the report stay before it */
	o->key = 1;
	o->val = 2;
	show(o);
	ksan_check_read(o, sizeof(*o));
	ksan_check_write(o, sizeof(*o));
	ksan_record_aux_stack(o);
	if (ksan_region_is_poisoned(o, sizeof(*o)) || ksan_address_is_poisoned(o))
		printf("poisoned\n");
	pool_put(o);
	o = pool_get();		/* the same object, handed out again */
	o->key = 2;
	if (ok)
		o->val = 3;
	ksan_check_read(o, sizeof(*o));	/* addressable: silent */
	show(o);	/* L:show */
	return 0;
}

// OK-NOT: poisoned
// OK: {{^}}positive{{$}}
// OK-NEXT: {{^}}positive{{$}}
// OK-NEXT: STATUS: exit 0{{$}}

// CHECK: {{^}}positive{{$}}
// CHECK-NEXT: {{^}}====================================================={{$}}
// CHECK-NEXT: {{^}}BUG: KMSAN: uninit-value in show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// CHECK-NEXT: {{^}} show+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}rt_kasan_api.c:50{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}rt_kasan_api.c:76{{$}}
// CHECK: {{^}}Uninit was stored to memory at:{{$}}
// CHECK-NEXT: {{^}} pool_put+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}rt_kasan_api.c:34{{$}}
// CHECK-NEXT: {{^}} main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}} {{.*}}rt_kasan_api.c:{{[0-9]+}}{{$}}
// CHECK: STATUS: exit 1{{$}}
