/*
 * This file contains the JSON layout of generic KASAN's reports
 * (report_format=json): one object per report, on one line.
 */
#include "report.h"

void kasan_print_json(struct report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char task[64];

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"type\":\"%s\",\"asan_type\":",
		     r->bug_type);
	core_json_str(r->asan_type);
	core_bprintf(&core_rbuf, ",\"access\":\"%s\"",
		     r->access == KSAN_FREE ? "free" : r->access == KSAN_WRITE ? "write" : "read");
	/* a fault with no address (non-canonical, undecodable) has none here,
	 * as in the text layouts: 0x0 would read as a null dereference */
	if (!c->fault || c->fault->addr_known)
		core_bprintf(&core_rbuf, ",\"address\":\"0x%lx\"", (unsigned long)r->addr);
	core_bprintf(&core_rbuf, ",\"size\":%lu,\"pc\":\"0x%lx\",\"task\":",
		     (unsigned long)r->size, (unsigned long)r->pc);
	core_json_str(task);
	core_json_key_frames("stack", c->pcs, c->npcs, c->has_entry);
	if (c->note) {
		core_bprintf(&core_rbuf, ",\"note\":");
		core_json_str(c->note);
	}
	kasan_print_json_where(c);
	kasan_print_intra_json(c);
	kasan_print_pool_json(c);
	kasan_print_unmap_json(c);
	kasan_print_type_json(c);
	kasan_print_signature(c, 1);
	core_bprintf(&core_rbuf, "}\n");
}

void kasan_print_json_where(struct report_ctx *c)
{
	struct ksan_report *r = &c->r;

	if (c->has_obj) {
		char cache[32];
		size_t dist;
		const char *rel = core_relation(r->addr, c->obj.start, c->obj.size, &dist);

		core_bprintf(&core_rbuf, ",\"object\":{\"start\":\"0x%lx\",\"size\":%lu,"
			     "\"cache\":\"%s\",\"cache_size\":%lu,\"state\":\"%s\","
			     "\"relation\":\"%s\",\"distance\":%lu,\"alloc_task\":%u",
			     (unsigned long)c->obj.start, (unsigned long)c->obj.size,
			     kasan_cache_name(&c->obj, cache, sizeof(cache)),
			     (unsigned long)c->obj.cache_size,
			     c->obj.freed ? "freed" : "allocated",
			     rel[0] == 'i' ? "inside" : rel[3] == 't' && rel[7] == 'r' ? "right" : "left",
			     (unsigned long)dist, (unsigned)c->obj.alloc_tid);
		if (c->obj.freed)
			core_bprintf(&core_rbuf, ",\"free_task\":%u", (unsigned)c->obj.free_tid);
		core_bprintf(&core_rbuf, "}");
		core_json_key_depot("alloc_stack", c->obj.alloc_stack, 1);
		if (c->obj.freed)
			core_json_key_depot("free_stack", c->obj.free_stack, 1);
		{
			depot_handle_t aux[2];

			if (kasan_aux_stacks(c->obj.start, aux)) {
				if (aux[0])
					core_json_key_depot("aux_stack", aux[0], 0);
				if (aux[1])
					core_json_key_depot("aux_stack2", aux[1], 0);
			}
		}
	}
	if (c->has_global) {
		core_bprintf(&core_rbuf, ",\"global\":{\"name\":");
		core_json_str(c->glob.name);
		core_bprintf(&core_rbuf, ",\"start\":\"0x%lx\",\"size\":%lu,\"file\":",
			     (unsigned long)c->glob.beg, (unsigned long)c->glob.size);
		core_json_str(c->glob.file ? core_file(c->glob.file) : c->glob.module);
		core_bprintf(&core_rbuf, ",\"line\":%u,\"column\":%u}", c->glob.line,
			     c->glob.column);
	}
	if (c->has_frame) {
		struct ksan_symbol sym;
		unsigned i, n = kasan_frame_nvars(&c->frame);

		core_memset(&sym, 0, sizeof(sym));
		ksan_port_symbolize(c->frame.pc, 0, &sym);
		core_bprintf(&core_rbuf, ",\"frame\":{\"function\":");
		core_json_str(sym.function ? sym.function : "");
		core_bprintf(&core_rbuf, ",\"offset\":%lu,\"task\":%u,\"objects\":[",
			     (unsigned long)c->frame.offset, (unsigned)c->stack_tid);
		for (i = 0; i < n; i++) {
			struct kasan_frame_var v;
			char name[128];

			if (kasan_frame_var(&c->frame, i, &v))
				break;
			core_snprintf(name, sizeof(name), "%s", "");
			core_memcpy(name, v.name, v.name_len < sizeof(name) - 1 ?
				    v.name_len : sizeof(name) - 1);
			name[v.name_len < sizeof(name) - 1 ? v.name_len : sizeof(name) - 1] = 0;
			core_bprintf(&core_rbuf, "%s{\"name\":", i ? "," : "");
			core_json_str(name);
			core_bprintf(&core_rbuf, ",\"start\":%lu,\"end\":%lu,\"line\":%lu}",
				     v.beg, v.beg + v.size, v.line);
		}
		core_bprintf(&core_rbuf, "]}");
	}
}
