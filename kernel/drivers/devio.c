/*
 * This file contains the test kernel's two boundaries where data leaves
 * it: writes to the serial console on behalf of a caller (as a write to
 * /dev/console) and a "device": an I/O port the kernel hands a buffer to
 * (QEMU's debug port 0xe9, ignored without -debugcon).  Under KMSAN both
 * check the whole buffer first (the kernel's kmsan_check_memory at
 * copy_to_user and at USB/DMA boundaries): uninitialised bytes there are an
 * infoleak, reported with their exact range.  Elsewhere the check is
 * nothing.
 */
#include "kernel/kernel.h"
#include "kernel/io.h"
#include "kernel/devio.h"
#include "ksan/ksan.h"

#define DEBUG_PORT 0xe9

void serial_write(const char *buf, size_t n)
{
	ksan_check_memory(buf, n, "serial_write");
	console_write(buf, n);
}

void dev_write(const void *buf, size_t n)
{
	const void *p = buf;

	ksan_check_memory(buf, n, "dev_write");
	/* the device reads the bytes itself (rep outsb): the check above is
	 * the only one */
	__asm__ volatile("rep outsb" : "+S"(p), "+c"(n) : "d"((uint16_t)DEBUG_PORT) : "memory");
}
