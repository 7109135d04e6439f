// malloc_context_size=N keeps N frames of the caller's stack per allocation/free stack, after the allocator's own entry (malloc/free); the default keeps them all (up to 30).
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=malloc_context_size=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ONE
// RUN: env KSAN_OPTIONS=malloc_context_size=2 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=TWO
// RUN: bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --check-prefix=ALL
#include <stdio.h>
#include <stdlib.h>

char *volatile sink;

__attribute__((noinline)) char *alloc3(void) { sink = malloc(10); return sink; }
__attribute__((noinline)) char *alloc2(void) { char *p = alloc3(); sink = 0; return p; }
__attribute__((noinline)) char *alloc1(void) { char *p = alloc2(); sink = 0; return p; }
__attribute__((noinline)) void release(char *p) { free(p); sink = 0; }

int main(void)
{
	char *p = alloc1();

	release(p);
	return p[0];
}

// ONE: Allocated by task
// ONE-NEXT: {{^}} malloc{{$}}
// ONE-NEXT: {{^}} alloc3+0x{{.*}}malloc_context_size.c:11{{$}}
// ONE-EMPTY:
// ONE-NEXT: Freed by task
// ONE-NEXT: {{^}} free{{$}}
// ONE-NEXT: {{^}} release+0x{{.*}}malloc_context_size.c:14{{$}}
// ONE-EMPTY:

// TWO: Allocated by task
// TWO-NEXT: {{^}} malloc{{$}}
// TWO-NEXT: {{^}} alloc3+0x{{.*}}malloc_context_size.c:11{{$}}
// TWO-NEXT: {{^}} alloc2+0x{{.*}}malloc_context_size.c:12{{$}}
// TWO-EMPTY:
// TWO-NEXT: Freed by task
// TWO-NEXT: {{^}} free{{$}}
// TWO-NEXT: {{^}} release+0x{{.*}}malloc_context_size.c:14{{$}}
// TWO-NEXT: {{^}} main+0x{{.*}}malloc_context_size.c:20{{$}}
// TWO-EMPTY:

// ALL: Allocated by task
// ALL-NEXT: {{^}} malloc{{$}}
// ALL-NEXT: {{^}} alloc3+0x{{.*}}malloc_context_size.c:11{{$}}
// ALL-NEXT: {{^}} alloc2+0x{{.*}}malloc_context_size.c:12{{$}}
// ALL-NEXT: {{^}} alloc1+0x{{.*}}malloc_context_size.c:13{{$}}
// ALL-NEXT: {{^}} main+0x{{.*}}malloc_context_size.c:18{{$}}
