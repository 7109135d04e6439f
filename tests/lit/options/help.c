// help=1 lists every option with its help text and exits 0 before main runs.
// RUN: %ksan_cc -O1 %s -o %t
// RUN: env KSAN_OPTIONS=help=1 bash %S/../Inputs/status.sh %run %t 2>&1 | FileCheck %s --implicit-check-not=main-ran
#include <stdio.h>

int main(void)
{
	printf("main-ran\n");
	return 3;
}

// CHECK: ksan options
// CHECK-DAG: halt_on_error
// CHECK-DAG: exitcode
// CHECK-DAG: abort_on_error
// CHECK-DAG: log_path
// CHECK-DAG: report_format
// CHECK-DAG: quarantine_size_mb
// CHECK-DAG: malloc_context_size
// CHECK-DAG: redzone
// CHECK-DAG: allocator_may_return_null
// CHECK-DAG: symbolize
// CHECK-DAG: verbosity
// CHECK-DAG: kfence_sample_interval
// CHECK-DAG: kfence_sample_every
// CHECK-DAG: kfence_num_objects
// CHECK: STATUS: exit 0{{$}}
