/* A shared library with a checked allocator of its own (slots.h): its
 * pool calls go through libksan_shlib.a's forwarders to the executable's
 * runtime. */
#include "slots.h"

static struct slots lib;

void lib_init(void)
{
	slots_init(&lib, "lib_pool", 32, 16, 1);
}

void *lib_get(void)
{
	return slots_alloc(&lib, 24);
}

void lib_put(void *p)
{
	slots_free(&lib, p);
}

void lib_fini(void)
{
	slots_destroy(&lib);
}
