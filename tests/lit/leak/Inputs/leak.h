/* Helpers of the leak tests.  A conservative scan finds a pointer wherever
 * a copy is left: in a dead frame's slot that a later, live frame leaves
 * uninitialised, or in a register nobody overwrote.  So a test that drops
 * a pointer makes it in frames far below its caller (deep(): 16 KiB down,
 * deeper than the check's own frames reach) and wipes what is left. */
#ifndef LEAK_TEST_H
#define LEAK_TEST_H
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* not instrumented: with stack-use-after-return on, an instrumented
 * buf would live on the fake stack and wipe nothing here */
__attribute__((noinline, no_sanitize_address)) static void wipe_stack(void)
{
	volatile char buf[32768];

	memset((char *)buf, 0, sizeof(buf));
	__asm__ volatile("" : : "r"(buf) : "memory");
}

/* Run fn(arg) 16 KiB below the caller's frame, then wipe that stack. */
__attribute__((noinline)) static void deep(void (*fn)(const char *), const char *arg)
{
	volatile char pad[16384];

	pad[0] = 0;
	fn(arg);
	__asm__ volatile("" : : "r"(pad) : "memory");
	wipe_stack();
}

/* The object's address through a volatile sink: the compiler keeps no
 * copy of it in the caller. */
static void *volatile leak_sink;
__attribute__((noinline)) static void *keep(void *p)
{
	leak_sink = p;
	leak_sink = 0;
	return p;
}
#endif
