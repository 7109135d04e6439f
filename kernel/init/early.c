/*
 * This file contains the kernel's first C function, early_start(), on the
 * boot stack in long mode: console, CPU tables, memory, page tables, then
 * ksan (options from the built-in defaults and the command line's
 * ksan=...), the constructors (the compilers' KASAN global registration),
 * and only then the first instrumented code, kernel_main().
 *
 * Never instrumented: there is no shadow until ksan_bm_init() returns.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/mm.h"
#include "kernel/task.h"
#include "baremetal.h"

#define MB_BOOT_MAGIC 0x2badb002
#define MB_INFO_CMDLINE (1u << 2)

void kernel_main(void);

/*
 * ksan's options in this kernel: reports go on (KUnit counts them),
 * KFENCE samples one allocation in 16 (its tests are then deterministic:
 * they allocate until they get a KFENCE object, a fixed count), a small
 * pool, a quarantine of 1/32 of RAM (the kernel's default share), shorter
 * allocation stacks, a per-CPU quarantine of 16 KiB (a quarter of a
 * CPU's per-CPU area); in a KCSAN kernel one access in about 20 watched
 * (the kernel's test raises the rate likewise) and the interrupt watcher
 * on (the timer interrupt against the task it interrupts).  The command line's ksan=k=v:k=v comes after these
 * (later keys win); demo= makes reports halt.
 */
static void build_options(char *buf, size_t len)
{
	unsigned long qmb = pmm_ram_end() >> 25;
	const char *v;
	size_t n, used;

	used = (size_t)snprintf(buf, len,
				"halt_on_error=0:kfence_sample_every=16:kfence_num_objects=63:"
				"quarantine_size_mb=%lu:malloc_context_size=16:"
				"pool_quarantine_size=16384:kcsan_skip_watch=20:"
				"kcsan_interrupt_watcher=1",
				qmb ? qmb : 1);
	if (cmdline_get("demo", &n) && used < len)
		used += (size_t)snprintf(buf + used, len - used, ":halt_on_error=1");
	if ((v = cmdline_get("ksan", &n)) && used + n + 2 < len) {
		buf[used++] = ':';
		__memcpy(buf + used, v, n);
		buf[used + n] = 0;
	}
}

void __noreturn early_start(uint32_t magic, uint32_t info)
{
	extern void (*__init_array_start[])(void), (*__init_array_end[])(void);
	const uint32_t *mb = (const uint32_t *)(uintptr_t)info;
	char options[512], err[256];
	void (**ctor)(void);

	serial_init();
	cpu_init(0);
	task_init();
	if (magic != MB_BOOT_MAGIC)
		panic("not started by a Multiboot loader (magic 0x%x)", magic);
	if (mb[0] & MB_INFO_CMDLINE)
		cmdline_set((const char *)(uintptr_t)mb[4]);
	pmm_init(info);
	paging_init();

	build_options(options, sizeof(options));
	if (ksan_bm_init(options, err, sizeof(err)))
		panic("%s", err);
	for (ctor = __init_array_start; ctor < __init_array_end; ctor++)
		(*ctor)();
	kernel_main();
	panic("kernel_main returned");
}
