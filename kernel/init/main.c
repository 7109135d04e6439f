/*
 * This file contains kernel_main(), the first instrumented code: the
 * timer, then either the KUnit-style tests (the default) or, with demo=,
 * one buggy driver for a real report; then the exit status through QEMU's
 * isa-debug-exit (0 only when every test passed).
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/mm.h"
#include "kernel/smp.h"
#include "kernel/task.h"
#include "test/kunit.h"

#ifndef KERNEL_BUILD
#define KERNEL_BUILD "unknown"
#endif

void demo_run(const char *which, size_t len);

void kernel_main(void)
{
	const char *v;
	size_t n;

	printk("ksan test kernel (%s) booting\n", KERNEL_BUILD);
	irq_init();
	local_irq_enable();
	tsc_calibrate();
	printk("Memory: %luK free of %luK; timer %u Hz\n",
	       (unsigned long)(pmm_free_pages() * PAGE_SIZE >> 10),
	       (unsigned long)(pmm_ram_end() >> 10), HZ);
	smp_init();

	if ((v = cmdline_get("demo", &n))) {
		demo_run(v, n);
		printk("demo: no report halted the kernel\n");
		machine_exit(EXIT_FAILED);
	}
	v = cmdline_get("kunit.filter_glob", &n);
	machine_exit(kunit_run_all(v, v ? n : 0) ? EXIT_FAILED : EXIT_ALL_PASSED);
}
