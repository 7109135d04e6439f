// ksan-cc: kmsan needs clang (one line, status != 0); kasan,kmsan is
// refused; -fsanitize=memory selects kmsan; a wild pointer is still a
// fault report (its metadata is not mapped for memory that is not there).
// RUN: not %ksan_cc_plain --ksan-cc=gcc --ksan=kmsan -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=GCC
// RUN: not %ksan_cc_plain --ksan-cc=clang --ksan=kasan,kmsan -c %s -o %t.o 2>&1 | FileCheck %s --check-prefix=BOTH
// RUN: %ksan_cc_plain --ksan-cc=clang -fsanitize=memory -O1 %s -o %t
// RUN: bash %S/../Inputs/status.sh %t 2>&1 | FileCheck %s --check-prefix=WILD
// GCC: {{^}}ksan-cc: kmsan needs clang (GCC has no kernel-memory instrumentation); use --ksan-cc=clang{{$}}
// GCC-NOT: {{.}}
// BOTH: {{^}}ksan-cc: kasan and kmsan exclude each other (as in the kernel): pick one{{$}}
// WILD: BUG: KMSAN: wild-memory-access in main
// WILD-NEXT: Read of size 4 at addr 0000123456789000 by task
// WILD: STATUS: exit 1
int *volatile wild = (int *)0x123456789000;

int main(void)
{
	return *wild;
}
