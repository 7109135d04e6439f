// report_format=json prints exactly one JSON object per report, on one line, with the fields of docs/report-format.md (checked by Inputs/check_json.py).
// RUN: %ksan_cc -O1 %S/Inputs/bugs.c -o %t
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t overflow 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=OVF
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t uaf 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=UAF
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t double-free 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=DF
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t invalid-free 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=IF
// RUN: env KSAN_OPTIONS=report_format=json bash %S/../Inputs/status.sh %run %t null 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=NULL
// RUN: env KSAN_OPTIONS=report_format=json:halt_on_error=0 bash %S/../Inputs/status.sh %run %t overflow 2>&1 | python3 %S/../Inputs/check_json.py | FileCheck %s --check-prefix=GOON

// OVF-NOT: JSON ERROR
// OVF: {{^}}report type=slab-out-of-bounds asan_type=heap-buffer-overflow access=write size=1 top=overflow object=allocated/100 cache=kmalloc-128/128 right 0 addr_ok=1 alloc0=malloc{{$}}
// OVF-NEXT: STATUS: exit 1{{$}}
// OVF-NEXT: 1 json reports

// UAF-NOT: JSON ERROR
// UAF: {{^}}report type=slab-use-after-free asan_type=heap-use-after-free access=read size=1 top=after_free object=freed/100 cache=kmalloc-128/128 inside 8 addr_ok=1 alloc0=malloc free0=free{{$}}
// UAF-NEXT: STATUS: exit 1{{$}}

// DF-NOT: JSON ERROR
// DF: {{^}}report type=double-free asan_type=double-free access=free size=0 top=free object=freed/100 cache=kmalloc-128/128 inside 0 addr_ok=1 alloc0=malloc free0=free{{$}}
// DF-NEXT: STATUS: exit 1{{$}}

// IF-NOT: JSON ERROR
// IF: {{^}}report type=invalid-free asan_type=bad-free access=free size=0 top=free{{$}}
// IF-NEXT: STATUS: exit 1{{$}}

// NULL-NOT: JSON ERROR
// NULL: {{^}}report type=null-ptr-deref asan_type=SEGV on unknown address access=read size={{[0-9]+}} top=get{{$}}
// NULL-NEXT: STATUS: exit 1{{$}}

// GOON-NOT: JSON ERROR
// GOON: {{^}}report type=slab-out-of-bounds
// GOON-NEXT: done
// GOON-NEXT: STATUS: exit 0{{$}}
// GOON-NEXT: 1 json reports
