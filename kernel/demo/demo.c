/*
 * This file contains the demo (demo= on the command line): a small buggy
 * "driver" that parses a packet into a kmalloc'ed buffer one byte too
 * short (demo=kasan), reads a KFENCE-sampled object after freeing it
 * (demo=kfence), shifts too far (demo=ubsan), or counts a received packet
 * one slot past its per-CPU statistics on CPU 1 (demo=percpu), so a real
 * report comes out of the kernel on the serial line.  KASAN's halts the
 * machine.
 */
#include "kernel/kernel.h"
#include "kernel/kfence.h"
#include "kernel/mm.h"
#include "kernel/percpu.h"
#include "kernel/smp.h"

struct packet {
	uint8_t len;
	char data[31];
};

/* Copies the payload and its terminating NUL: one byte too many. */
static __noinline char *demo_parse_packet(const struct packet *pkt)
{
	char *name = kmalloc(pkt->len, GFP_KERNEL | __GFP_NOKFENCE);
	int i;

	if (!name)
		return 0;
	for (i = 0; i <= pkt->len; i++)
		name[i] = i < pkt->len ? pkt->data[i] : 0;
	return name;
}

static __noinline void demo_kasan(void)
{
	struct packet pkt = { 13, "hello, kernel" };
	char *name = demo_parse_packet(&pkt);

	kfree(name);
}

static __noinline void demo_kfence(void)
{
	char *p = 0;
	int i;

	for (i = 0; i < 1024; i++) {
		p = kmalloc(64, GFP_KERNEL);
		if (is_kfence_address(p))
			break;
		kfree(p);
	}
	kfree(p);
	printk("demo: read after free: %d\n", ((volatile char *)p)[3]);
}

static __noinline void demo_ubsan(void)
{
	volatile int shift = 40, one = 1;

	printk("demo: 1 << %d = %d\n", shift, one << shift);
}

struct demo_stats {
	unsigned long rx_packets, tx_packets;
	unsigned long drops[2];
};

/* The bug: drops counted by queue number, and queue 2 exists. */
static __noinline void demo_count_drop(void *arg)
{
	struct demo_stats *s = this_cpu_ptr((struct demo_stats *)arg);
	volatile int queue = 2;

	s->rx_packets++;
	s->drops[queue]++;
}

static __noinline void demo_percpu(void)
{
	struct demo_stats *stats = alloc_percpu(struct demo_stats);

	if (!stats)
		return;
	if (smp_call_on_cpu(1, demo_count_drop, stats) == -2)
		demo_count_drop(stats);		/* one CPU */
	free_percpu(stats);
}

void demo_run(const char *which, size_t len)
{
	if (len == 6 && !strncmp(which, "percpu", 6))
		demo_percpu();
	else if (len == 6 && !strncmp(which, "kfence", 6))
		demo_kfence();
	else if (len == 5 && !strncmp(which, "ubsan", 5))
		demo_ubsan();
	else
		demo_kasan();
}
