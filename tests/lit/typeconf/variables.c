// Typed globals and locals: a global typed at start-up (KSAN_SET_TYPE) and a local declared with KSAN_LOCAL_TYPED are checked like heap objects; a callback given the wrong one of them is reported, with the variable described as the report describes a global or a stack frame.  Silent twins: the right variables; a local whose scope ended (its record is gone: a check of its old address as another type is not reported; nor an untyped local).
// RUN: %ksan_cc -O0 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t global 2>&1 | FileCheck %s --check-prefix=GLOBAL
// RUN: bash %S/../Inputs/status.sh %run %t local 2>&1 | FileCheck %s --check-prefix=LOCAL
// RUN: bash %S/../Inputs/status.sh %run %t right 2>&1 | FileCheck %s --check-prefix=RIGHT --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>
#include <ksan/ksan.h>

struct config {
	int port;
	int backlog;
	char host[24];
};

struct stats {
	long hits;
	long misses;
	long bytes[2];
};

static struct config cfg = { 8080, 16, "localhost" };

__attribute__((noinline)) static int show_config(void *arg)
{
	return KSAN_CAST(struct config, arg)->port;
}

__attribute__((noinline)) static long show_stats(void *arg)
{
	return KSAN_CAST(struct stats, arg)->hits;
}

static void *volatile last_local;

__attribute__((noinline)) static long scoped(void)
{
	KSAN_LOCAL_TYPED(struct stats, st);

	memset(&st, 0, sizeof(st));
	st.hits = 3;
	last_local = &st;
	return show_stats(&st);
}

__attribute__((noinline)) static long untyped_after(void)
{
	struct config c;	/* likely where st was */

	memset(&c, 0, sizeof(c));
	return show_stats(&c);
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	KSAN_SET_TYPE(&cfg, struct config);
	if (!strcmp(argv[1], "global"))
		return (int)show_stats(&cfg);
	if (!strcmp(argv[1], "local")) {
		KSAN_LOCAL_TYPED(struct stats, st);

		memset(&st, 0, sizeof(st));
		return show_config(&st);
	}
	printf("right %d %ld %ld\n", show_config(&cfg), scoped(), untyped_after());
	/* the local's scope ended: its address is no typed variable now */
	printf("gone %d\n", KSAN_CAST(struct config, last_local) != 0);
	return 0;
}
// GLOBAL: KASAN: type-confusion in show_stats
// GLOBAL-NEXT: Use of a struct config at addr {{[0-9a-f]+}} as a struct stats by task
// GLOBAL: The buggy address belongs to the variable:
// GLOBAL-NEXT: cfg of size 32 defined in
// GLOBAL: The object holds a struct config (32 bytes) at offset 0;
// GLOBAL-NEXT: it was used as a struct stats (32 bytes) at offset 0 of the object
// GLOBAL: STATUS: exit 1
// LOCAL: KASAN: type-confusion in show_config
// LOCAL-NEXT: Use of a struct stats at addr {{[0-9a-f]+}} as a struct config by task
// LOCAL: The buggy address belongs to stack of task
// LOCAL: main
// LOCAL: The object holds a struct stats (32 bytes) at offset 0;
// LOCAL: STATUS: exit 1
// RIGHT: right 8080 3 0
// RIGHT: gone 1
// RIGHT: STATUS: exit 0
