/*
 * This file contains the JSON layout of tag-based KASAN's reports
 * (report_format=json): one object per report, on one line, with generic
 * KASAN's keys plus the two tags and the mode.
 */
#include "report.h"

void tags_print_json(struct tags_report_ctx *c)
{
	struct ksan_report *r = &c->r;
	char task[64];
	uintptr_t start;
	size_t size;

	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KASAN\",\"mode\":\"%s\",\"type\":\"%s\",\"asan_type\":",
		     tags_hw ? "hw_tags" : "sw_tags", r->bug_type);
	core_json_str(r->asan_type);
	core_bprintf(&core_rbuf, ",\"access\":\"%s\"",
		     r->access == KSAN_FREE ? "free" : r->access == KSAN_WRITE ? "write" : "read");
	if (c->addr_known)
		core_bprintf(&core_rbuf, ",\"address\":\"0x%lx\"", (unsigned long)r->addr);
	core_bprintf(&core_rbuf, ",\"size\":%lu,\"pc\":\"0x%lx\",\"task\":",
		     (unsigned long)r->size, (unsigned long)r->pc);
	core_json_str(task);
	core_bprintf(&core_rbuf, ",\"pointer_tag\":\"%02x\"", c->ptr_tag);
	if (c->has_mem_tag)
		core_bprintf(&core_rbuf, ",\"memory_tag\":\"%02x\"", c->mem_tag);
	core_json_key_frames("stack", c->pcs, c->npcs, c->has_entry);
	tags_report_object(c, &start, &size);
	if (start && c->addr_known) {
		size_t dist;
		const char *rel = core_relation(tag_reset(r->addr), start, size, &dist);

		core_bprintf(&core_rbuf, ",\"object\":{\"start\":\"0x%lx\",\"size\":%lu,"
			     "\"relation\":\"%s\",\"distance\":%lu}",
			     (unsigned long)start, (unsigned long)size,
			     rel[0] == 'i' ? "inside" : rel[7] == 'r' ? "right" : "left",
			     (unsigned long)dist);
	}
	if (c->alloc.ptr) {
		core_bprintf(&core_rbuf, ",\"alloc_task\":%u", (unsigned)c->alloc.tid);
		core_json_key_depot("alloc_stack", c->alloc.stack, 1);
	}
	if (c->freed.ptr) {
		core_bprintf(&core_rbuf, ",\"free_task\":%u", (unsigned)c->freed.tid);
		core_json_key_depot("free_stack", c->freed.stack, 1);
	}
	tags_print_signature(c, 1);
	core_bprintf(&core_rbuf, "}\n");
}
