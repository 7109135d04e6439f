/*
 * This file contains KCSAN's reports as JSON (report_format=json): one
 * object per report, on one line, with the other detectors' keys where
 * they mean the same ("detector", "type" the kernel word, "asan_type",
 * "function", "pc", "task", "address", "size", "access", "stack" with the
 * core's frames):
 *
 *   {"detector":"KCSAN","type":"data-race","asan_type":"data race",
 *    "origin":"known|unknown","function":"reader / writer","pc":"0x...",
 *    "task":"<name>/<tid>",
 *    "accesses":[{"address":"0x...","size":N,"access":"read|write|read-write",
 *                 "marked":B,"assert":B,"tid":N,"cpu":N,"interrupt":B,
 *                 "stack":[<frame>,...]}, ...],
 *    "value":{"old":"0x...","new":"0x...","mask":"0x..."}}
 *
 * accesses[0] is the access that ran into the watchpoint (or the watched
 * one, for a race of unknown origin), accesses[1] the watcher, as the text
 * layouts print them.  "type" is "data-race" or "assert: race"; "cpu" is
 * -1 when unknown; "value" appears when the value was read (sizes 1, 2, 4,
 * 8), "mask" 0x0 meaning all bits; "task" is the reporting thread.
 */
#include "report.h"

static void json_access(const struct kcsan_access *a, int first)
{
	const uintptr_t *pcs;
	size_t n = kcsan_access_stack(a, &pcs);
	int t = a->type;

	core_bprintf(&core_rbuf, "%s{\"address\":\"0x%lx\",\"size\":%lu,\"access\":\"%s\","
		     "\"marked\":%s,\"assert\":%s,\"tid\":%u,\"cpu\":%d,\"interrupt\":%s,"
		     "\"stack\":", first ? "" : ",", (unsigned long)a->ptr,
		     (unsigned long)a->size,
		     !(t & KCSAN_ACCESS_WRITE) ? "read" :
		     t & KCSAN_ACCESS_COMPOUND ? "read-write" : "write",
		     t & KCSAN_ACCESS_ATOMIC ? "true" : "false",
		     t & KCSAN_ACCESS_ASSERT ? "true" : "false", (unsigned)a->tid, a->cpu,
		     a->interrupt ? "true" : "false");
	core_json_frames(pcs, n, 0);
	core_bprintf(&core_rbuf, "}");
}

void kcsan_print_json(const struct kcsan_rctx *c)
{
	char in[300], task[64];
	unsigned i;

	kcsan_report_title(c, in, sizeof(in));
	core_task_name(task, sizeof(task));
	core_bprintf(&core_rbuf, "{\"detector\":\"KCSAN\",\"type\":");
	core_json_str(c->bug);
	core_bprintf(&core_rbuf, ",\"asan_type\":\"data race\",\"origin\":\"%s\",\"function\":",
		     c->n == 2 ? "known" : "unknown");
	core_json_str(in);
	core_bprintf(&core_rbuf, ",\"pc\":\"0x%lx\",\"task\":", (unsigned long)c->a[0]->ip);
	core_json_str(task);
	core_bprintf(&core_rbuf, ",\"accesses\":[");
	for (i = 0; i < c->n; i++)
		json_access(c->a[i], i == 0);
	core_bprintf(&core_rbuf, "]");
	if (c->v && c->v->known && ksan_port_secure())
		core_bprintf(&core_rbuf, ",\"value\":\"withheld\"");
	else if (c->v && c->v->known)
		core_bprintf(&core_rbuf, ",\"value\":{\"old\":\"0x%llx\",\"new\":\"0x%llx\","
			     "\"mask\":\"0x%llx\"}", (unsigned long long)c->v->old,
			     (unsigned long long)c->v->new, (unsigned long long)c->v->mask);
	kcsan_print_signature(c, 1);
	core_bprintf(&core_rbuf, "}\n");
}
