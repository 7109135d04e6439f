/*
 * This file contains the Linux port's private interface: what its files
 * share (initialisation state, the real mem* functions, the signal code).
 */
#ifndef KSAN_PORT_LINUX_H
#define KSAN_PORT_LINUX_H

#include "../../kasan/kasan.h"

#define PORT_API __attribute__((visibility("default")))

/* init.c */
void port_init(void);
static inline void port_ensure_init(void)
{
	extern int port_init_state;

	if (unlikely(port_init_state != 2))
		port_init();
}
uintptr_t port_main_stack_top(void);

/* mem.c: the C library's implementations (or ksan's own before they are
 * known, e.g. in static executables) */
extern void *(*real_memcpy)(void *, const void *, size_t);
extern void *(*real_memmove)(void *, const void *, size_t);
extern void *(*real_memset)(void *, int, size_t);
void port_mem_init(void);

/* signal.c */
void port_signal_init(void);
void port_altstack_init(void);

/* port.c */
void port_threads_init(void);
void port_set_log_path(const char *path);

#endif
