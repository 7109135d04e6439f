/*
 * This file contains KMSAN's start-up for the libc model: from
 * .preinit_array (after init.c's entry, which brings the runtime up: the
 * archive lists init.o first) it points the interceptors at the C
 * library's functions and marks what the kernel and the C library set up
 * before main as initialised: argv and envp (the arrays and their
 * strings), the auxiliary vector after them, and the main thread's errno.
 * All of it lies on the initial stack or in libc's TLS, memory no
 * instrumented code has written, so its shadow is normally clean already;
 * marking it is cheap and keeps it so if a mapping or a reused page says
 * otherwise.
 */
#define _GNU_SOURCE
#include <elf.h>
#include "libc.h"

/* Each string of a NULL-terminated vector, and the vector with its NULL;
 * returns the address after the NULL. */
static char **wrote_vector(char **v)
{
	char **p = v;

	for (; *p; p++)
		kmsan_wrote_str(*p);
	kmsan_wrote(v, (size_t)(p + 1 - v) * sizeof(*p));
	return p + 1;
}

static void kmsan_start(int argc, char **argv, char **envp)
{
	Elf64_auxv_t *aux, *end;

	port_ensure_init();
	port_kmsan_libc_io_init();
	port_kmsan_libc_sys_init();
	port_kmsan_libc_str_init();
	port_kmsan_libc_stdio_init();
	port_kmsan_libc_math_init();
	port_kmsan_libc_cmp_init();
	port_kmsan_libc_wchar_init();
	port_kmsan_libc_random_init();
	port_kmsan_libc_thread_init();
	port_kmsan_leak_init();
	port_kmsan_libc_text_init();
	port_kmsan_calls_init();	/* kmsan/call_stubs.c: the report's hint */
	if (!kmsan_ready)
		return;
	kmsan_wrote_errno();
	kmsan_wrote(&argc, sizeof(argc));
	if (argv)
		wrote_vector(argv);
	if (!envp)
		return;
	/* the auxiliary vector follows envp's NULL on the initial stack */
	aux = (Elf64_auxv_t *)wrote_vector(envp);
	for (end = aux; end->a_type != AT_NULL; end++)
		;
	kmsan_wrote(aux, (size_t)(end + 1 - aux) * sizeof(*aux));
}

/* Runs after init.c's entry (link order), before every constructor. */
__attribute__((section(".preinit_array"), used))
static void (*const kmsan_start_entry)(int, char **, char **) = kmsan_start;
