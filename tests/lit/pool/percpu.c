// A per-CPU area (ksan.h's ksan_percpu_*, as the kernel's percpu allocator keeps it: four CPUs' units 4 KiB apart, CPU n's copy of an object n units after CPU 0's): one byte past CPU 1's copy is percpu-out-of-bounds naming CPU 1's copy and CPU 0's pointer; a read of CPU 2's copy after ksan_percpu_free is percpu-use-after-free with the allocation and free stacks; the same in the asan layout; "ok" (every copy's last byte, before the free) is the silent twin, and the free's release comes only when the quarantine pushes the object out.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t oob 2>&1 | FileCheck %s --check-prefix=OOB
// RUN: bash %S/../Inputs/status.sh %run %t uaf 2>&1 | FileCheck %s --check-prefix=UAF
// RUN: env KSAN_OPTIONS=report_format=asan bash %S/../Inputs/status.sh %run %t oob 2>&1 | FileCheck %s --check-prefix=ASAN
// RUN: env KSAN_OPTIONS=pool_quarantine_size=0 bash %S/../Inputs/status.sh %run %t ok 2>&1 | FileCheck %s --check-prefix=OK --implicit-check-not=KASAN
#include <stdio.h>
#include <string.h>
#include <ksan/ksan.h>

#define NCPUS 4
#define UNIT 4096

static char area[NCPUS * UNIT] __attribute__((aligned(4096)));
static int released;

static void release(void *obj, void *arg)
{
	(void)arg;
	printf("released %ld\n", (long)((char *)obj - area));
	released++;
}

#define per_cpu_ptr(p, cpu) ((p) + (cpu) * UNIT)

__attribute__((noinline)) static char *stats_alloc(struct ksan_percpu *pc)
{
	char *p = area + 64;

	ksan_percpu_alloc(pc, p, 24);
	return p;
}

__attribute__((noinline)) static void stats_free(struct ksan_percpu *pc, char *p)
{
	if (ksan_percpu_free(pc, p))
		printf("free at once\n");
}

int main(int argc, char **argv)
{
	struct ksan_percpu *pc;
	volatile char *v;
	char *p;
	int cpu;

	setvbuf(stdout, NULL, _IONBF, 0);
	pc = ksan_percpu_create("net_stats", NCPUS, UNIT, release, 0);
	if (!pc)
		return 2;
	ksan_percpu_add_memory(pc, area, UNIT);
	p = stats_alloc(pc);
	__asm__ volatile("" : "+r"(p));	/* not provably inside area: checked */
	for (cpu = 0; cpu < NCPUS; cpu++)
		memset(per_cpu_ptr(p, cpu), 0, 24);
	if (!strcmp(argv[1], "oob")) {
		v = per_cpu_ptr(p, 1);
		v[24] = 1;
	} else if (!strcmp(argv[1], "uaf")) {
		stats_free(pc, p);
		v = per_cpu_ptr(p, 2);
		printf("%d\n", v[3]);
	} else {
		for (cpu = 0; cpu < NCPUS; cpu++) {
			v = per_cpu_ptr(p, cpu);
			v[23] = 1;
		}
		stats_free(pc, p);
	}
	printf("done, released %d\n", released);
	return 0;
}
// OOB: {{^}}BUG: KASAN: percpu-out-of-bounds in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// OOB-NEXT: {{^}}Write of size 1 at addr {{0*}}[[ADDR:[1-9a-f][0-9a-f]*]] by task {{.*}}{{$}}
// OOB: {{^}}CPU: {{[0-9]+}} PID: {{[0-9]+}} Comm: {{.*}}{{$}}
// OOB: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// OOB-NEXT: {{^}} ksan_percpu_alloc{{$}}
// OOB-NEXT: {{^}} stats_alloc+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{( .*percpu.c:[0-9]+)?$}}
// OOB: {{^}}The buggy address belongs to CPU 1's copy of the per-CPU object at 0x{{[0-9a-f]+}}{{$}}
// OOB-NEXT: {{^}} (per_cpu_ptr(0x{{[0-9a-f]+}}, 1)) which belongs to the per-CPU area net_stats{{$}}
// OOB-NEXT: {{^}}The buggy address is located 0 bytes to the right of{{$}}
// OOB-NEXT: {{^}} 24-byte region [0x{{[0-9a-f]+}}, 0x[[ADDR]]){{$}}
// OOB: {{^}}STATUS: exit 1{{$}}
// UAF: {{^}}BUG: KASAN: percpu-use-after-free in main+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{$}}
// UAF-NEXT: {{^}}Read of size 1 at addr {{[0-9a-f]+}} by task {{.*}}{{$}}
// UAF: {{^}}Allocated by task {{[0-9]+}}:{{$}}
// UAF-NEXT: {{^}} ksan_percpu_alloc{{$}}
// UAF-NEXT: {{^}} stats_alloc+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{( .*percpu.c:[0-9]+)?$}}
// UAF: {{^}}Freed by task {{[0-9]+}}:{{$}}
// UAF-NEXT: {{^}} ksan_percpu_free{{$}}
// UAF-NEXT: {{^}} stats_free+0x{{[0-9a-f]+}}/0x{{[0-9a-f]+}}{{( .*percpu.c:[0-9]+)?$}}
// UAF: {{^}}The buggy address belongs to CPU 2's copy of the per-CPU object at 0x{{[0-9a-f]+}}{{$}}
// UAF-NEXT: {{^}} (per_cpu_ptr(0x{{[0-9a-f]+}}, 2)) which belongs to the per-CPU area net_stats{{$}}
// UAF-NEXT: {{^}}The buggy address is located 3 bytes inside of{{$}}
// UAF: {{^}}STATUS: exit 1{{$}}
// ASAN: {{^}}==[[PID:[0-9]+]]==ERROR: AddressSanitizer: percpu-buffer-overflow on address 0x{{[0-9a-f]+}}
// ASAN: {{^}}The region is CPU 1's copy of a per-CPU object of net_stats (CPU 0's at 0x{{[0-9a-f]+}}){{$}}
// OK: {{^}}released 64{{$}}
// OK-NEXT: {{^}}done, released 1{{$}}
// OK-NEXT: {{^}}STATUS: exit 0{{$}}
