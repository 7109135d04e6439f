/*
 * This file contains what reports say about intra-object red zones: the
 * armed object, gap and member an intra-object-out-of-bounds access ran
 * into (intra.c's registry), as one line after the description of the
 * heap object, global or stack frame that holds it, in the kasan and asan
 * layouts, and as the "intra" key of the json layout.
 */
#include "report.h"

/* The first bad byte's shadow is the intra-object value (for a partial
 * granule: the next one's, as classify() reads it). */
static int in_gap(uintptr_t a)
{
	int8_t *s = kasan_shadow(a);
	uint8_t v = (uint8_t)*s;

	if (v > 0 && v < KASAN_GRANULE)
		v = (uint8_t)s[1];
	return v == KASAN_INTRA_OBJECT;
}

void kasan_intra_gather(struct report_ctx *c)
{
	if (!__atomic_load_n(&kasan_intra_armed, __ATOMIC_RELAXED) ||
	    !kasan_has_shadow(c->first_bad) || !in_gap(c->first_bad))
		return;
	c->has_intra = kasan_intra_find(c->first_bad, &c->intra);
}

static unsigned long past_field(const struct report_ctx *c)
{
	const struct ksan_intra_gap *g = c->intra.gap;

	return (unsigned long)(c->first_bad - (c->intra.obj + g->field_offset + g->field_size));
}

static const char *str(const char *s)
{
	return s ? s : "?";
}

/*
 * kasan: "The buggy address is located 2 bytes past the end of field 'data'
 * of struct packet (red zone 'rz0' at offset 16, 16 bytes)", or "The first
 * bad byte 0x... is located" when the access starts before the red zone (a
 * memcpy, a wide load); asan: "0x... is located ...", the first bad byte.
 */
void kasan_print_intra(struct report_ctx *c, int asan)
{
	const struct ksan_intra_gap *g = c->intra.gap;

	if (!c->has_intra)
		return;
	if (asan)
		core_bprintf(&core_rbuf, "0x%lx is located", (unsigned long)c->first_bad);
	else if (c->first_bad == c->r.addr)
		core_bprintf(&core_rbuf, "The buggy address is located");
	else
		core_bprintf(&core_rbuf, "The first bad byte 0x%lx is located",
			     (unsigned long)c->first_bad);
	core_bprintf(&core_rbuf, " %lu bytes past the end of field '%s' of %s"
		     " (red zone '%s' at offset %lu, %lu bytes)\n\n",
		     past_field(c), str(g->field), str(c->intra.type->name), str(g->name),
		     (unsigned long)g->offset, (unsigned long)g->size);
}

void kasan_print_intra_json(struct report_ctx *c)
{
	const struct ksan_intra_gap *g = c->intra.gap;

	if (!c->has_intra)
		return;
	core_bprintf(&core_rbuf, ",\"intra\":{\"struct\":");
	core_json_str(str(c->intra.type->name));
	core_bprintf(&core_rbuf, ",\"object\":\"0x%lx\",\"struct_size\":%lu,\"field\":",
		     (unsigned long)c->intra.obj, (unsigned long)c->intra.type->size);
	core_json_str(str(g->field));
	core_bprintf(&core_rbuf, ",\"field_offset\":%lu,\"field_size\":%lu,\"gap\":",
		     (unsigned long)g->field_offset, (unsigned long)g->field_size);
	core_json_str(str(g->name));
	core_bprintf(&core_rbuf, ",\"gap_offset\":%lu,\"gap_size\":%lu,\"address\":\"0x%lx\","
		     "\"offset\":%lu,\"past_field\":%lu}",
		     (unsigned long)g->offset, (unsigned long)g->size,
		     (unsigned long)c->first_bad, (unsigned long)(c->first_bad - c->intra.obj),
		     past_field(c));
}
