/*
 * This file contains the type-confusion report (types.c): an object of one
 * type used as another, or a container_of whose pointer is not at the
 * member's place.  It is gathered here and printed by the three layouts
 * (report_kasan.c, report_asan.c, report_json.c) with the parts below: the
 * use line, the object's type and the type it was used as, where in the
 * object the pointer points; the object and its allocation stack are the
 * heap's description.
 */
#include "report.h"

/* "struct timer (40 bytes) at offset 0 of the object" and the use. */
static void print_types(struct report_ctx *c, const char *indent)
{
	const struct kasan_type_use *u = c->type_use;
	long at = (long)(c->r.addr - u->member_offset - u->base);

	core_bprintf(&core_rbuf, "%sThe object holds a %s (%lu bytes) at offset %lu;\n",
		     indent, u->have->name, (unsigned long)u->have->size,
		     (unsigned long)u->have_off);
	if (u->member)
		core_bprintf(&core_rbuf, "%s it was used as a %s (%lu bytes) through its member %s"
			     " (offset %lu),\n%s which puts the %s at offset %ld of the object\n",
			     indent, u->used->name, (unsigned long)u->used->size, u->member,
			     (unsigned long)u->member_offset, indent, u->used->name, at);
	else
		core_bprintf(&core_rbuf, "%s it was used as a %s (%lu bytes) at offset %ld of the object\n",
			     indent, u->used->name, (unsigned long)u->used->size, at);
	core_bprintf(&core_rbuf, "\n");
}

/* kasan and asan layouts: the line after the BUG (ERROR) line. */
void kasan_print_type_use(struct report_ctx *c, int asan)
{
	char task[64], tw[48];

	if (asan) {
		core_thread_word(ksan_port_thread_id(), tw, sizeof(tw));
		core_bprintf(&core_rbuf, "USE of %s as %s at 0x%lx thread %s\n",
			     c->type_use->have->name, c->type_use->used->name,
			     (unsigned long)c->r.addr, tw);
		return;
	}
	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "Use of a %s at addr %016lx as a %s by task %s\n",
		     c->type_use->have->name, (unsigned long)c->r.addr, c->type_use->used->name,
		     task);
}

/* kasan and asan layouts: after the object's description. */
void kasan_print_type(struct report_ctx *c, int asan)
{
	if (c->type_use)
		print_types(c, "");
}

/* json layout: "type_confusion" with both types and the offsets. */
void kasan_print_type_json(struct report_ctx *c)
{
	const struct kasan_type_use *u = c->type_use;

	if (!u)
		return;
	core_bprintf(&core_rbuf, ",\"type_confusion\":{\"object_type\":");
	core_json_str(u->have->name);
	core_bprintf(&core_rbuf, ",\"object_type_size\":%lu,\"object_type_offset\":%lu,"
		     "\"used_as\":", (unsigned long)u->have->size, (unsigned long)u->have_off);
	core_json_str(u->used->name);
	core_bprintf(&core_rbuf, ",\"used_as_size\":%lu,\"member\":",
		     (unsigned long)u->used->size);
	core_json_str(u->member ? u->member : "");
	core_bprintf(&core_rbuf, ",\"member_offset\":%lu,\"offset\":%lu}",
		     (unsigned long)u->member_offset, (unsigned long)(c->r.addr - u->base));
}

void kasan_report_type(uintptr_t p, const struct kasan_type_use *u, const struct kasan_object *o,
		       uintptr_t pc, uintptr_t fp, uintptr_t entry)
{
	static struct report_ctx ctx;	/* guarded by the report lock */
	struct report_ctx *c = &ctx;
	static const char type[] = "type-confusion";

	if (!core_report_begin(pc, type, !kasan_halt()))
		return;
	core_memset(c, 0, sizeof(*c));
	c->r.detector = "KASAN";
	c->r.bug_type = type;
	c->r.asan_type = type;
	c->r.addr = p;
	c->r.access = KSAN_READ;
	c->r.pc = pc;
	c->fp = fp;
	c->first_bad = p;
	c->has_entry = entry != 0;
	c->npcs = core_capture_stack(c->pcs, DEPOT_MAX_FRAMES, pc, fp, entry);
	c->supp_type = type;
	if (o) {
		c->obj = *o;
		c->has_obj = 1;
	} else {
		kasan_locate(c, p);	/* a typed global or local */
	}
	c->type_use = u;
	kasan_emit(c);
}
