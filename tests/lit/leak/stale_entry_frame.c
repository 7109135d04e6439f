// The frames of the check's entry points hold no root either: a leaked object's address written over the dead stack right below the caller, where ksan_leak_check() and the check's frames then lie, keeps nothing.  The check zeroes where its big frame goes before it is made, and its entry frames keep nothing of their own (src/kasan/leak.c, kasan_leak_check()).  What made this change: Juliet's CWE401 char_calloc_01 built by gcc, whose leak was not reported because an unwritten slot of the check's frame held the leaked pointer as printf had left it there (tools/juliet.sh, docs/juliet.md).  "live" is the silent twin: the address in the caller's live frame keeps the object.
// RUN: %ksan_cc -O1 -g %s -o %t
// RUN: bash %S/../Inputs/status.sh %run %t sprayed 2>&1 | FileCheck %s --check-prefix=SPRAYED
// RUN: bash %S/../Inputs/status.sh %run %t live 2>&1 | FileCheck %s --check-prefix=LIVE --implicit-check-not=leak --implicit-check-not=BUG
#include <stdio.h>
#include <stdint.h>
#include <string.h>
#include <ksan/ksan.h>
#include "Inputs/leak.h"

#define MASK 0x5a5a5a5a5a5a5a5aull
static volatile uintptr_t hidden;	/* the object's address, not as a pointer */

__attribute__((noinline)) static void make(const char *how)
{
	hidden = (uintptr_t)keep(malloc(72)) ^ MASK;
	(void)how;
}

/* The object's address over 8 KiB right below the caller's frame. */
__attribute__((noinline, no_sanitize_address)) static void spray(void)
{
	volatile uintptr_t buf[8 * 1024 / 8];
	size_t i;

	for (i = 0; i < sizeof(buf) / sizeof(buf[0]); i++)
		buf[i] = hidden ^ MASK;
	__asm__ volatile("" : : "r"(buf) : "memory");
}

void *volatile held;

int main(int argc, char **argv)
{
	volatile uintptr_t live = 0;

	setvbuf(stdout, NULL, _IONBF, 0);
	deep(make, argv[1]);
	if (!strcmp(argv[1], "live"))
		live = hidden ^ MASK;
	spray();
	printf("found: %d\n", ksan_leak_check());
	held = (void *)live;
	hidden = 0;
	return 0;
}

// SPRAYED: {{^}}unreferenced object 0x{{[0-9a-f]+}} (size 72):{{$}}
// SPRAYED: {{^}}found: 1{{$}}
// SPRAYED: {{^}}STATUS: exit 23{{$}}

// LIVE: {{^}}found: 0{{$}}
// LIVE-NEXT: {{^}}STATUS: exit 0{{$}}
