// ASan's public interface on a program's own pool: __asan_poison_memory_region makes an access a use-after-poison report, the queries answer, unpoisoning makes it silent; ksan builds look sanitized to the usual feature tests.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t bad 2>&1 | FileCheck %s
// RUN: bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>

void __asan_poison_memory_region(const volatile void *addr, size_t size);
void __asan_unpoison_memory_region(const volatile void *addr, size_t size);
int __asan_address_is_poisoned(const volatile void *addr);
void *__asan_region_is_poisoned(void *addr, size_t size);

#if defined(__SANITIZE_ADDRESS__)
#define SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SANITIZED 1
#endif
#endif
#ifndef SANITIZED
#error "a ksan build must look sanitized"
#endif

static char pool[256] __attribute__((aligned(16)));

__attribute__((noinline)) int peek(volatile char *p, int i)
{
	return p[i];
}

int main(int argc, char **argv)
{
	__asan_poison_memory_region(pool + 64, 64);
	fprintf(stderr, "poisoned %d %d region %d\n", __asan_address_is_poisoned(pool + 64),
	       __asan_address_is_poisoned(pool + 63),
	       __asan_region_is_poisoned(pool, 256) == pool + 64);
	if (!strcmp(argv[1], "ok"))
		__asan_unpoison_memory_region(pool + 64, 64);
	printf("%d\n", peek(pool, 70));
	return 0;
}

// CHECK: poisoned 1 0 region 1
// CHECK: BUG: KASAN: use-after-poison in peek+0x
// CHECK: STATUS: exit 1{{$}}
// OK: poisoned 1 0 region 1
// OK: STATUS: exit 0{{$}}
