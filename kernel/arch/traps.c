/*
 * This file contains the exception handlers: page faults (KFENCE's first,
 * then the exception table, then an oops), general protection, invalid
 * opcode, double fault (on its own stack: a kernel stack overflow) and
 * the rest, each reported the kernel's way ("BUG: unable to handle page
 * fault", "general protection fault", "invalid opcode", registers, Call
 * Trace).  An oops in a task_run() task ends that task (KUnit's
 * try-catch); anywhere else it is fatal.
 */
#include "kernel/kernel.h"
#include "kernel/cpu.h"
#include "kernel/io.h"
#include "kernel/kallsyms.h"
#include "kernel/smp.h"
#include "kernel/task.h"
#include "baremetal.h"

#define PF_PRESENT (1u << 0)
#define PF_WRITE (1u << 1)
#define PF_INSN (1u << 4)

static const char *const names[32] = {
	"divide error", "debug", "NMI", "int3", "overflow", "bounds",
	"invalid opcode", "device not available", "double fault", "coprocessor segment overrun",
	"invalid TSS", "segment not present", "stack segment", "general protection fault",
	"page fault", "reserved", "x87 floating point", "alignment check", "machine check",
	"SIMD floating point", "virtualization", "control protection",
};

volatile uint64_t last_fixup_vector, last_fixup_addr;
static int oops_count;

static int fixup(struct pt_regs *r, uint64_t addr)
{
	extern const struct exception_entry __start___ex_table[], __stop___ex_table[];
	const struct exception_entry *e;

	for (e = __start___ex_table; e < __stop___ex_table; e++) {
		if (e->insn == r->rip) {
			last_fixup_vector = r->vector;
			last_fixup_addr = addr;
			r->rip = e->fixup;
			return 1;
		}
	}
	return 0;
}

/* Frame records on the interrupted stack, bounded by it. */
static void show_trace(uintptr_t rip, uintptr_t rbp)
{
	struct task *t = current_task();
	uintptr_t lo = t->stack_lo, hi = t->stack_hi, fp = rbp;
	char fn[128];
	int n = 0;

	printk("Call Trace:\n");
	kallsyms_sprint(fn, sizeof(fn), rip);
	printk(" %s\n", fn);
	while (n++ < 32 && !(fp & 7) && fp >= lo && fp + 16 <= hi) {
		uintptr_t next = ((uintptr_t *)fp)[0], ret = ((uintptr_t *)fp)[1];

		if (ret < PAGE_SIZE)
			break;
		kallsyms_sprint(fn, sizeof(fn), ret);
		printk(" %s\n", fn);
		if (next <= fp)
			break;
		fp = next;
	}
}

static void die(const char *what, struct pt_regs *r)
{
	struct task *t = current_task();
	char fn[128];

	printk("%s: %04lx [#%d]\n", what, (unsigned long)r->error, ++oops_count);
	printk("CPU: %d PID: %u Comm: %s\n", this_cpu()->id, (unsigned)t->pid, t->comm);
	kallsyms_sprint(fn, sizeof(fn), r->rip);
	printk("RIP: 0010:%s\n", fn);
	printk("RSP: 0018:%016lx EFLAGS: %08lx\n", (unsigned long)r->rsp,
	       (unsigned long)r->rflags);
	printk("RAX: %016lx RBX: %016lx RCX: %016lx\n", (unsigned long)r->rax,
	       (unsigned long)r->rbx, (unsigned long)r->rcx);
	printk("RDX: %016lx RSI: %016lx RDI: %016lx\n", (unsigned long)r->rdx,
	       (unsigned long)r->rsi, (unsigned long)r->rdi);
	printk("RBP: %016lx R08: %016lx R09: %016lx\n", (unsigned long)r->rbp,
	       (unsigned long)r->r8, (unsigned long)r->r9);
	show_trace(r->rip, r->rbp);
	printk("---[ end trace ]---\n");
	this_cpu()->irq_depth--;
	task_abort_current();	/* returns only outside a task_run() task */
	panic("Fatal exception");
}

static void page_fault(struct pt_regs *r)
{
	uintptr_t addr = read_cr2(), lo, hi;
	unsigned err = (unsigned)r->error;
	struct task *t;

	if (!(err & PF_INSN) && ksan_bm_page_fault(addr, !!(err & PF_WRITE), r->rip, r->rbp))
		return;
	if (fixup(r, addr))
		return;
	t = task_of_stack(addr);
	if (t && addr < t->stack_lo)
		printk("BUG: stack guard page was hit at %016lx (stack is %016lx..%016lx)\n",
		       (unsigned long)addr, (unsigned long)t->stack_lo,
		       (unsigned long)t->stack_hi);
	else if (addr < PAGE_SIZE)
		printk("BUG: kernel NULL pointer dereference, address: %016lx\n",
		       (unsigned long)addr);
	else
		printk("BUG: unable to handle page fault for address: %016lx\n",
		       (unsigned long)addr);
	printk("#PF: supervisor %s access in kernel mode\n",
	       err & PF_INSN ? "instruction fetch" : err & PF_WRITE ? "write" : "read");
	printk("#PF: error_code(0x%04x) - %s\n", err,
	       err & PF_PRESENT ? "permissions violation" : "not-present page");
	/* an inline KASAN check read the shadow of a wild pointer */
	if (ksan_bm_shadow_range(addr, &lo, &hi))
		printk("KASAN: maybe wild-memory-access in range [0x%016lx-0x%016lx]\n",
		       (unsigned long)lo, (unsigned long)hi);
	die("Oops", r);
}

void trap_dispatch(struct pt_regs *r)
{
	struct cpu *c = this_cpu();

	c->irq_depth++;
	if (r->vector == 2) {
		smp_nmi();	/* a TLB shoot-down */
	} else if (r->vector == IPI_VECTOR) {
		c->irqs++;
		lapic_eoi();	/* the wake-up did its work */
	} else if (r->vector == SPURIOUS_VECTOR) {
		c->irqs++;	/* no end of interrupt for these */
	} else if (r->vector >= 32) {
		c->irqs++;
		irq_dispatch(r);
	} else if (r->vector == 14) {
		page_fault(r);
	} else if (r->vector == 8) {
		struct task *t = task_of_stack(r->rsp);

		if (t && r->rsp < t->stack_lo + 64)
			printk("BUG: kernel stack overflow (task %s/%u, stack %016lx..%016lx)\n",
			       t->comm, (unsigned)t->pid, (unsigned long)t->stack_lo,
			       (unsigned long)t->stack_hi);
		die("double fault", r);
	} else if (!fixup(r, 0)) {
		die(r->vector < 32 && names[r->vector] ? names[r->vector] : "exception", r);
	}
	c->irq_depth--;
}
