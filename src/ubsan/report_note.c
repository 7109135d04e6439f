/*
 * This file contains the memory note of UBSAN's asan-layout reports: for
 * a misaligned or too small object's address, compiler-rt's UBSan adds
 *   0x<addr>: note: pointer points here
 *    <32 bytes from 8 before the address, in hex>
 *    <a '^' under the address's byte>
 * and so does ksan (GCC's own ubsan tests match these three lines).  The
 * bytes are read through the port, which says when they cannot be read:
 * "<memory cannot be printed>", as compiler-rt says then.
 */
#include "ubsan.h"

#define NOTE_BYTES 32		/* compiler-rt's BytesToShow */

void ubsan_print_memory_note(uintptr_t loc)
{
	unsigned char b[NOTE_BYTES];
	uintptr_t min = loc >= 8 ? loc - 8 : 0, p;

	if (min + NOTE_BYTES < min)
		min = (uintptr_t)0 - NOTE_BYTES;
	core_bprintf(&core_rbuf, "0x%012lx: note: pointer points here\n", (unsigned long)loc);
	if (ksan_port_read(b, (const void *)min, NOTE_BYTES) != NOTE_BYTES) {
		core_bprintf(&core_rbuf, "<memory cannot be printed>\n");
		return;
	}
	for (p = min; p != min + NOTE_BYTES; p++)
		core_bprintf(&core_rbuf, "%s%02x", p % 8 ? " " : "  ", b[p - min]);
	core_bprintf(&core_rbuf, "\n");
	/* the marker line: each byte's three columns up to the address, an
	 * extra space before each 8-byte group, as the bytes line has */
	for (p = min; p <= loc; p++)
		core_bprintf(&core_rbuf, "%s %c ", p % 8 ? "" : " ", p == loc ? '^' : ' ');
	core_bprintf(&core_rbuf, "\n");
}
