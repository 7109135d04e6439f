/*
 * This file contains the console: COM1 (I/O port 0x3f8), polled, 115200
 * 8N1.  QEMU's -serial stdio connects it to standard output.  Writes take
 * interrupts off so lines from an interrupt handler do not interleave.
 */
#include "kernel/kernel.h"
#include "kernel/io.h"
#include "kernel/spinlock.h"

#define COM1 0x3f8
#define LSR_THRE 0x20	/* transmit holding register empty */

void serial_init(void)
{
	outb(COM1 + 1, 0x00);	/* no interrupts */
	outb(COM1 + 3, 0x80);	/* divisor latch */
	outb(COM1 + 0, 0x01);	/* 115200 baud */
	outb(COM1 + 1, 0x00);
	outb(COM1 + 3, 0x03);	/* 8 bits, no parity, one stop bit */
	outb(COM1 + 2, 0xc7);	/* FIFOs on, cleared */
	outb(COM1 + 4, 0x03);	/* DTR, RTS */
}

static void put(char c)
{
	while (!(inb(COM1 + 5) & LSR_THRE))
		cpu_relax();
	outb(COM1, (uint8_t)c);
}

static spinlock_t console_lock;	/* one CPU's chunk at a time */

void console_write(const char *buf, size_t len)
{
	unsigned long f = spin_lock_irqsave(&console_lock);
	size_t i;

	for (i = 0; i < len; i++)
		put(buf[i]);
	spin_unlock_irqrestore(&console_lock, f);
}

/* QEMU's isa-debug-exit at 0xf4: QEMU exits with status code << 1 | 1. */
void machine_exit(int code)
{
	local_irq_disable();
	outl(0xf4, (uint32_t)code);
	for (;;)
		__asm__ volatile("hlt");
}
