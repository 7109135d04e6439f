/*
 * This file contains KMSAN's model of the dynamic loader's queries:
 * dladdr's Dl_info, and the struct dl_phdr_info dl_iterate_phdr hands
 * each call of the program's callback.  That struct lies in the loader's
 * own stack frame, whose shadow is whatever instrumented frames left
 * there before (a report on a field the loader did fill); the model calls
 * the callback through a trampoline that marks the struct (size bytes)
 * and the object's name initialised, and gives the callback's arguments
 * clean shadow (the loader, uninstrumented, passes none).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <link.h>
#include "libc_model.h"

KMSAN_REAL(dladdr);
PORT_INTERCEPTOR int dladdr(const void *addr, Dl_info *info)
{
	int r = REAL(dladdr)(addr, info);

	if (r)
		kmsan_wrote(info, sizeof(*info));
	return r;
}

struct phdr_call {
	int (*fn)(struct dl_phdr_info *, size_t, void *);
	void *data;
};

static int phdr_trampoline(struct dl_phdr_info *info, size_t size, void *arg)
{
	const struct phdr_call *c = arg;

	kmsan_wrote(info, size);
	kmsan_wrote_str(info->dlpi_name);
	if (likely(kmsan_ready))
		memset(kmsan_context()->param_tls, 0, 3 * sizeof(uint64_t));
	return c->fn(info, size, c->data);
}

KMSAN_REAL(dl_iterate_phdr);
PORT_INTERCEPTOR int dl_iterate_phdr(int (*fn)(struct dl_phdr_info *, size_t, void *), void *data)
{
	struct phdr_call c = { fn, data };

	if (unlikely(!kmsan_ready))
		return REAL(dl_iterate_phdr)(fn, data);
	return REAL(dl_iterate_phdr)(phdr_trampoline, &c);
}
