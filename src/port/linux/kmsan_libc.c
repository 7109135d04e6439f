/*
 * This file contains KMSAN's model of the uninstrumented C library, for
 * what the runtime itself needs: memory the kernel maps is initialised
 * (zero or file data), so a new mapping's metadata is dropped, and so is
 * an unmapped range's (the next mapping there must not inherit poison).
 * Other helpers add kmsan_libc*.c files for the rest of the library.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>
#include "linux.h"

void port_kmsan_forget(uintptr_t lo, uintptr_t hi);

PORT_API void *mmap(void *addr, size_t len, int prot, int flags, int fd, off_t off)
{
	long r = syscall(SYS_mmap, addr, len, prot, flags, fd, off);

	if (r == -1)		/* syscall() set errno */
		return MAP_FAILED;
	if (kmsan_ready)
		port_kmsan_forget((uintptr_t)r, ROUND_UP((uintptr_t)r + len, 4096));
	return (void *)r;
}

PORT_API void *mmap64(void *addr, size_t len, int prot, int flags, int fd, off_t off)
	__attribute__((alias("mmap")));

PORT_API int munmap(void *addr, size_t len)
{
	int r = (int)syscall(SYS_munmap, addr, len);

	if (!r && kmsan_ready)
		port_kmsan_forget((uintptr_t)addr, ROUND_UP((uintptr_t)addr + len, 4096));
	return r;
}
