// gcc cannot compile with -fsanitize=thread and link -static in one command (its driver insists on the dynamic libtsan): ksan-cc --ksan=kcsan -static with a source file says so in one line with the two-step advice, and exit 2; the two steps work (static.c).
// REQUIRES: gcc
// RUN: not %kcsan_cc -static %s -o %t 2>&1 | FileCheck %s
// RUN: not %ksan_cc -fsanitize=thread -static %s -o %t 2>&1 | FileCheck %s
int main(void)
{
	return 0;
}

// CHECK-NOT: {{.}}
// CHECK: {{^}}ksan-cc: gcc cannot compile for kcsan (-fsanitize=thread) and link -static in one command: compile with -c first, then link the objects with ksan-cc --ksan=kcsan -static{{$}}
// CHECK-NOT: {{.}}
