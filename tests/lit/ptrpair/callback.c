// The report callback (ksan.h) sees an invalid pointer pair as kind KSAN_BUG_POINTER_PAIR, bug_type and asan_type "invalid-pointer-pair", access KSAN_COMPARE or KSAN_SUBTRACT, addr and other_addr the two pointers in the program's order, size 0, and the first pointer's heap object; a callback that handles it leaves nothing printed and the program going on, even with halt_on_error=1.
// RUN: %ksan_cc -O1 -fsanitize=pointer-compare,pointer-subtract %s -o %t
// RUN: env KSAN_OPTIONS=detect_invalid_pointer_pairs=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=KASAN
#include <stdio.h>
#include <stdlib.h>
#include <ksan/ksan.h>

static char *a, *b;
volatile long sink;

static int seen(const struct ksan_report *r, void *arg)
{
	(void)arg;
	printf("kind=%d pointer_pair=%d type=%s asan_type=%s access=%s size=%zu "
	       "addr=%s other=%s object=%s object_size=%zu\n",
	       (int)r->kind, r->kind == KSAN_BUG_POINTER_PAIR, r->bug_type, r->asan_type,
	       r->access == KSAN_COMPARE ? "compare" : r->access == KSAN_SUBTRACT ? "subtract" : "?",
	       r->size, r->addr == (uintptr_t)a ? "a" : r->addr == (uintptr_t)b ? "b" : "?",
	       r->other_addr == (uintptr_t)a ? "a" : r->other_addr == (uintptr_t)b ? "b" :
	       r->other_addr == 0 ? "null" : "?",
	       r->object == (uintptr_t)a ? "a" : r->object == (uintptr_t)b ? "b" : "none",
	       r->object_size);
	return 1;
}

__attribute__((noinline)) void gt(char *p, char *q)
{
	sink = p > q;
}

__attribute__((noinline)) void sub(char *p, char *q)
{
	sink = p - q;
}

int main(void)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	a = malloc(30);
	b = malloc(50);
	ksan_set_report_callback(seen, 0);
	gt(a, b);
	sub(b + 5, a);
	gt(b, 0);
	puts("went on");
	free(a);
	free(b);
	return 0;
}

// CHECK: kind=5 pointer_pair=1 type=invalid-pointer-pair asan_type=invalid-pointer-pair access=compare size=0 addr=a other=b object=a object_size=30
// CHECK-NEXT: kind=5 pointer_pair=1 type=invalid-pointer-pair asan_type=invalid-pointer-pair access=subtract size=0 addr=? other=a object=b object_size=50
// CHECK-NEXT: kind=5 pointer_pair=1 type=invalid-pointer-pair asan_type=invalid-pointer-pair access=compare size=0 addr=b other=null object=b object_size=50
// CHECK-NEXT: went on
// CHECK-NEXT: STATUS: exit 0{{$}}
