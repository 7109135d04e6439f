// LeakSanitizer's interface: __lsan_do_recoverable_leak_check() reports and returns 1 (0 when clean); __lsan_do_leak_check() is the check at exit, now (status 23, no second check at exit); objects allocated between __lsan_disable() and __lsan_enable(), and one given to __lsan_ignore_object() (through an interior pointer), are not leaks, nor what they point to; __lsan_is_turned_off() returning 1 skips the check at exit; __lsan_default_suppressions() adds leak: lines.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t recoverable 2>&1 | FileCheck %s --check-prefix=RECOVER
// RUN: bash %S/../Inputs/status.sh %run %t now 2>&1 | FileCheck %s --check-prefix=NOW
// RUN: bash %S/../Inputs/status.sh %run %t ignored 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak --implicit-check-not=BUG
// RUN: bash %S/../Inputs/status.sh %run %t not-ignored 2>&1 | FileCheck %s --check-prefix=LEAKS
// RUN: %ksan_cc -O1 -g -DTURNED_OFF %s -o %t.off
// RUN: bash %S/../Inputs/status.sh %run %t.off not-ignored 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak --implicit-check-not=BUG
// RUN: %ksan_cc -O1 -g -DDEFAULT_SUPPRESSIONS %s -o %t.supp
// RUN: bash %S/../Inputs/status.sh %run %t.supp not-ignored 2>&1 | FileCheck %s --check-prefix=SUPP --implicit-check-not=BUG
#include <stdio.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

#ifdef TURNED_OFF
int __lsan_is_turned_off(void)
{
	return 1;
}
#endif
#ifdef DEFAULT_SUPPRESSIONS
const char *__lsan_default_suppressions(void)
{
	return "leak:in_disabled_region\nleak:ignore_me\n";
}
#endif

struct holder {
	void *child;
};

__attribute__((noinline)) void in_disabled_region(const char *how)
{
	struct holder *h;

	if (strcmp(how, "not-ignored"))
		__lsan_disable();
	h = keep(malloc(sizeof(*h)));
	if (strcmp(how, "not-ignored"))
		__lsan_enable();
	/* allocated outside the region, reachable only from h */
	h->child = keep(malloc(100));
}

__attribute__((noinline)) void ignore_me(const char *how)
{
	char *p = keep(malloc(200));

	if (strcmp(how, "not-ignored"))
		__lsan_ignore_object(p + 50);
}

__attribute__((noinline)) void leaks(const char *how)
{
	keep(malloc(300));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	if (!strcmp(argv[1], "recoverable") || !strcmp(argv[1], "now")) {
		deep(leaks, argv[1]);
		if (!strcmp(argv[1], "now")) {
			__lsan_do_leak_check();
			printf("not reached\n");
		}
		printf("recoverable: %d\n", __lsan_do_recoverable_leak_check());
		printf("again: %d\n", __lsan_do_recoverable_leak_check());
		return 0;
	}
	deep(in_disabled_region, argv[1]);
	deep(ignore_me, argv[1]);
	printf("done\n");
	return 0;
}

// RECOVER: {{^}}BUG: memory leak{{$}}
// RECOVER: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// RECOVER-NEXT: {{^}}recoverable: 1{{$}}
// RECOVER: {{^}}BUG: memory leak{{$}}
// RECOVER: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// RECOVER-NEXT: {{^}}again: 1{{$}}
// RECOVER: {{^}}BUG: memory leak{{$}}
// RECOVER: {{^}}STATUS: exit 23{{$}}

// NOW: {{^}}BUG: memory leak{{$}}
// NOW: {{^}}kmemleak: 1 new suspected memory leaks{{$}}
// NOW-NEXT: {{^}}STATUS: exit 23{{$}}

// QUIET: {{^}}done{{$}}
// QUIET-NEXT: {{^}}STATUS: exit 0{{$}}

// LEAKS: {{^}}done{{$}}
// LEAKS: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 200):{{$}}
// LEAKS: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 8):{{$}}
// LEAKS: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 100):{{$}}
// LEAKS: {{^}}  indirect leak in {{[A-Za-z0-9_]+}}: 1 object(s), 100 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// LEAKS: {{^}}kmemleak: 3 new suspected memory leaks{{$}}
// LEAKS-NEXT: {{^}}STATUS: exit 23{{$}}

// SUPP: {{^}}done{{$}}
// SUPP-NEXT: {{^}}kmemleak: 2 object(s), 108 byte(s) suppressed by leak:in_disabled_region{{$}}
// SUPP-NEXT: {{^}}kmemleak: 1 object(s), 200 byte(s) suppressed by leak:ignore_me{{$}}
// SUPP-NEXT: {{^}}STATUS: exit 0{{$}}
