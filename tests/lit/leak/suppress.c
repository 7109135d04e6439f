// leak: lines of the suppressions file, matched as LeakSanitizer matches them against every frame of a leak's allocation stack: a function (a substring, ^ and $ anchors, * wildcards), a source file, a module (a shared library).  What only a suppressed object points to is not reported either; the asan layout lists the suppressions used; a leak no line covers is still reported, and a line without a pattern stops the program at start-up.
// RUN: %ksan_cc -O1 -g -fPIC -shared -DLIB %s -o %t.so
// RUN: %ksan_cc -O1 -g %s -o %t %t.so -Wl,-rpath,%T
// RUN: printf 'leak:make_head\nleak:lib_alloc\n' > %t.fn
// RUN: env KSAN_OPTIONS=suppressions=%t.fn bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak: --implicit-check-not=BUG
// RUN: env KSAN_OPTIONS=suppressions=%t.fn:report_format=asan bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=TABLE --implicit-check-not=Leak
// RUN: printf '# comment\nleak:*head$\nubsan:signed-integer-overflow:foo\nleak:tmp.so$\n' > %t.anchor
// RUN: env KSAN_OPTIONS=suppressions=%t.anchor bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=QUIET --implicit-check-not=leak: --implicit-check-not=BUG
// RUN: printf 'leak:suppress.c\n' > %t.file
// RUN: env KSAN_OPTIONS=suppressions=%t.file bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=FILE --implicit-check-not=leak: --implicit-check-not=BUG
// RUN: printf 'leak:^ake_head\nleak:make_heads\nleak:lib_alloc\n' > %t.miss
// RUN: env KSAN_OPTIONS=suppressions=%t.miss bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=MISS
// RUN: printf 'leak:make_head\n leak: \n' > %t.bad
// RUN: env KSAN_OPTIONS=suppressions=%t.bad bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=BAD
// UNSUPPORTED: aarch64
#include <stdio.h>
#include "Inputs/leak.h"

struct node {
	struct node *next;
	long v;
};

#ifdef LIB
__attribute__((noinline)) void *lib_alloc(size_t n)
{
	return malloc(n);
}
#else
void *lib_alloc(size_t n);

__attribute__((noinline)) struct node *make_child(void)
{
	return calloc(1, sizeof(struct node));
}

__attribute__((noinline)) struct node *make_head(void)
{
	return calloc(1, sizeof(struct node));
}

/* the children's stacks do not pass through make_head */
__attribute__((noinline)) void build(const char *how)
{
	struct node *c = keep(make_child()), *h = keep(make_head());

	c->next = keep(make_child());
	h->next = c;
	keep(lib_alloc(77));
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IONBF, 0);
	deep(build, "");
	printf("done\n");
	return 0;
}
#endif

// QUIET: {{^}}done{{$}}
// QUIET-NEXT: {{^}}kmemleak: 1 object(s), 16 byte(s) suppressed by leak:{{.*}}head{{.*}}{{$}}
// QUIET-NEXT: {{^}}kmemleak: 1 object(s), 77 byte(s) suppressed by leak:{{.*}}{{$}}
// QUIET-NEXT: {{^}}STATUS: exit 0{{$}}

// a file (and the executable's module, whose name holds suppress.c too)
// covers every frame of this file: all four objects
// FILE: {{^}}done{{$}}
// FILE-NEXT: {{^}}kmemleak: 4 object(s), 125 byte(s) suppressed by leak:suppress.c{{$}}
// FILE-NEXT: {{^}}STATUS: exit 0{{$}}

// TABLE: {{^}}done{{$}}
// TABLE-NEXT: {{^}}-----------------------------------------------------{{$}}
// TABLE-NEXT: {{^}}Suppressions used:{{$}}
// TABLE-NEXT: {{^}}  count      bytes template{{$}}
// TABLE-NEXT: {{^}}      1         16 make_head{{$}}
// TABLE-NEXT: {{^}}      1         77 lib_alloc{{$}}
// TABLE-NEXT: {{^}}-----------------------------------------------------{{$}}
// TABLE-EMPTY:
// TABLE-NEXT: {{^}}STATUS: exit 0{{$}}

// MISS: {{^}}done{{$}}
// MISS-NEXT: {{^}}={{=+}}{{$}}
// MISS-NEXT: {{^}}BUG: memory leak{{$}}
// MISS: {{^}}  direct leak in make_head: 1 object(s), 16 byte(s) allocated from this backtrace{{$}}
// MISS: {{^}}  indirect leak in {{[A-Za-z0-9_]+}}: 1 object(s), 16 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// MISS: {{^}}  indirect leak in {{[A-Za-z0-9_]+}}: 1 object(s), 16 byte(s) allocated from this backtrace (only leaked objects point to them){{$}}
// MISS-NEXT: {{^}}Crash signature: {{([0-9a-f]{16})}} memory-leak | {{.+}}{{$}}
// MISS-NEXT: {{^}}={{=+}}{{$}}
// MISS-NEXT: {{^}}kmemleak: 1 object(s), 77 byte(s) suppressed by leak:lib_alloc{{$}}
// MISS-NEXT: {{^}}kmemleak: 3 new suspected memory leaks{{$}}
// MISS-NEXT: {{^}}STATUS: exit 23{{$}}

// BAD: {{^}}ksan: bad suppression at {{.*}}.bad:2: 'leak:' (expected leak:<pattern>: a function, source file or module){{$}}
// BAD-NEXT: {{^}}STATUS: exit 1{{$}}
