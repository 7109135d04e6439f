/*
 * This file contains tag-based KASAN's part of the fault handler
 * (fault/signal.c): its SIGSEGV cases (port.c), and the null or wild
 * access of the program it reports.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <signal.h>
#include <sys/mman.h>
#include <ucontext.h>
#include "../linux.h"
#include "../fault/fault.h"

/* tag-based KASAN: tags_port.c tells its own cases (an MTE tag-check
 * fault, reported there, or tag shadow to map: 1, retry) from a null or
 * wild access of the program (2: bad, described in *f as generic KASAN's
 * classify describes one), which is reported, as generic KASAN's, only
 * when the program has no SIGSEGV handler of its own */
void port_tags_report_fault(const struct kasan_fault *f);	/* port.c */
struct fault { struct kasan_fault k; };
static int classify(int sig, siginfo_t *info, const ucontext_t *uc,
			   struct fault *f)
{
	core_memset(f, 0, sizeof(*f));
	switch (port_tags_fault(sig, info, (void *)uc)) {
	case 1:
		return FAULT_RETRY;
	case 2:
		f->k.pc = uc_pc(uc);
		f->k.fp = uc_fp(uc);
		f->k.sp = uc_sp(uc);
		f->k.write = uc_write(uc);
		f->k.addr = (uintptr_t)info->si_addr;
		f->k.addr_known = 1;
		return FAULT_BAD;
	}
	return FAULT_PROGRAM;
}
static void report_fault(struct fault *f)
{
	if (core_opt.handle_segv)
		port_tags_report_fault(&f->k);
}

int port_fault(int sig, siginfo_t *si, const ucontext_t *uc, int user)
{
	struct fault f;
	int what = classify(sig, si, uc, &f);

	if (what == FAULT_BAD && !user)
		report_fault(&f);
	return what;
}
