/* KASAN bug types, one per argument (tools/parsers/gen.sh): the function parse has the bug. */
#include <stdlib.h>
#include <string.h>
#include <stdio.h>
#include <alloca.h>
#include <malloc.h>
#ifdef KSAN_POOL
#include <ksan/ksan.h>
#endif
int g[4];
__attribute__((noinline)) int *esc(int *p) { return p; }
void __asan_poison_memory_region(void const volatile *addr, size_t size);
__attribute__((noinline)) volatile int *uar(void) { volatile int x = 1; return (volatile int *)esc((int *)&x); }
__attribute__((noinline)) int deep(int n) { volatile char b[256]; b[0] = (char)n; return n ? deep(n - 1) + b[0] : 0; }
__attribute__((noinline)) void parse(const char *w)
{
	volatile char *p; int i = 1;
	if (!strcmp(w, "oob")) { p = malloc(10); p[10] = 1; }
	else if (!strcmp(w, "oobr")) { p = malloc(10); i = p[10]; }
	else if (!strcmp(w, "uaf")) { p = malloc(10); free((void*)p); i = p[1]; }
	else if (!strcmp(w, "uafbig")) { p = malloc(1<<20); free((void*)p); i = p[1]; }
	else if (!strcmp(w, "global")) { i = ((volatile int*)esc(g))[4]; }
	else if (!strcmp(w, "stack")) { int a[4]; i = ((volatile int*)esc(a))[5]; }
	else if (!strcmp(w, "alloca")) { volatile char *a = alloca(i + 9); i = a[i + 10]; }
	else if (!strcmp(w, "scope")) { volatile int *q; { int x = 3; q = esc(&x); } i = *q; }
	else if (!strcmp(w, "dfree")) { p = malloc(10); free((void*)p); free((void*)p); }
	else if (!strcmp(w, "ifree")) { p = malloc(10); free((void*)(p + 1)); }
	else if (!strcmp(w, "null")) { p = 0; i = p[i * 8]; }
	else if (!strcmp(w, "wildgpf")) { p = (char*)0x10000000000ull; i = *(volatile long*)p; }
	else if (!strcmp(w, "wild")) { p = (char*)0x1000000000000ull; i = *(volatile long*)p; }
	else if (!strcmp(w, "overlap")) { char b[16] = "abcdefgh"; volatile size_t n = 8; memcpy(b + 1, esc((int*)b), n); i = b[3]; }
	else if (!strcmp(w, "uar")) { i = *uar(); }
	else if (!strcmp(w, "poison")) { char *q = malloc(64); __asan_poison_memory_region(q, 64); i = ((volatile char *)q)[3]; }
	else if (!strcmp(w, "calloc")) { volatile size_t n = (size_t)1 << 62; i = calloc(n, 8) != 0; }
	else if (!strcmp(w, "so")) { i = deep(1 << 30); }
	else if (!strcmp(w, "rarray")) { volatile size_t n = (size_t)1 << 62; i = reallocarray(0, n, 8) != 0; }
	else if (!strcmp(w, "pvalloc")) { volatile size_t n = ~(size_t)0 - 100; i = pvalloc(n) != 0; }
	else if (!strcmp(w, "aligned")) { volatile size_t a = 24; i = aligned_alloc(a, 48) != 0; }
	else if (!strcmp(w, "memalign")) { volatile size_t a = 24; i = memalign(a, 48) != 0; }
	else if (!strcmp(w, "posix")) { void *q; volatile size_t a = 12; i = posix_memalign(&q, a, 48); }
	else if (!strcmp(w, "toobig")) { volatile size_t n = (size_t)1 << 44; i = malloc(n) != 0; }
	else if (!strcmp(w, "ptrpair")) { char *a = malloc(8), *b = malloc(8); i = a < b; }
#ifdef KSAN_POOL
	else if (!strcmp(w, "pool")) { static char buf[64]; struct ksan_pool *pl = KSAN_POOL_CREATE("parse_pool", 32, NULL, NULL);
		KSAN_POOL_ADD_MEMORY(pl, buf, sizeof(buf)); KSAN_POOL_ALLOC(pl, buf, 20); KSAN_POOL_DESTROY(pl); }
#endif
	printf("%d\n", i);
}
int main(int argc, char **argv) { parse(argv[1]); return 0; }
