/*
 * This file contains KMSAN's view of the calls the executable makes into
 * code it does not see, for the report's hint (src/kmsan/calls.c): at
 * start-up each PLT slot of the executable (R_X86_64_JUMP_SLOT: a function
 * of the C library or of another shared library that ksan does not
 * intercept, since the functions it models are defined in the executable
 * itself) is pointed at a small stub.  The stub saves the argument
 * registers, lets kmsan_note_call look at the six integer arguments, and
 * jumps on to the function with the registers and the stack exactly as
 * the caller left them (a tail jump: setjmp, vfork and dlsym(RTLD_NEXT)
 * see their real caller).
 *
 * Not seen: calls through function pointers or -fno-plt (GOT entries of
 * type GLOB_DAT may hold data, so they are left alone), calls made by
 * shared libraries, and functions bound before start-up.  On with
 * KSAN_OPTIONS=kmsan_call_hints=1 (off by default: docs/kmsan.md, "Hints
 * by default?", says why and what it costs).
 * x86-64 only (KMSAN's port is).
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <string.h>
#include <sys/mman.h>
#include "../linux.h"

/*
 * The stub for slot i: endbr64; mov $i, %r11d; jmp *common(%rip)
 * (r11 is free at a call: the PLT itself clobbers it).  common saves
 * rdi..r9, rax (the vector count of a variadic call), r10 and xmm0-7,
 * calls kmsan_call_seen(i, saved registers, return address), which
 * returns the function, restores everything and jumps there.
 */
#define STUB_SIZE 32
static const char **stub_name;
static uintptr_t *stub_target;

/*
 * Called from the stubs: never through the PLT itself (the runtime is in
 * the executable).  An argument is looked at only where its metadata is
 * known to exist, so reading it cannot fault (the SIGSEGV handler calls
 * the C library): a heap region of ksan's, or the caller's stack just
 * above the saved registers (the handler maps a stack's metadata on first
 * touch, and the guard stops a nested call from looking again).
 */
#define STACK_WINDOW (32u << 10)
static __thread int seen_busy;

__attribute__((used)) uintptr_t port_kmsan_call_seen(unsigned long i, const uintptr_t *regs,
						     uintptr_t ret)
{
	uintptr_t sp = (uintptr_t)regs;
	unsigned k;

	if (seen_busy)
		return stub_target[i];
	seen_busy = 1;
	for (k = 0; k < 6; k++) {
		uintptr_t p = regs[k];

		if (p - sp < STACK_WINDOW || (p > 4096 && core_pagemap_get(p)))
			kmsan_note_call(stub_name[i], p, ret);
	}
	seen_busy = 0;
	return stub_target[i];
}

__asm__(
	".text\n"
	".p2align 4\n"
	".type port_kmsan_call_common, @function\n"
	"port_kmsan_call_common:\n"
	"	endbr64\n"
	"	push %rbp\n"
	"	mov %rsp, %rbp\n"
	"	push %r10\n"
	"	push %rax\n"
	"	push %r9\n"
	"	push %r8\n"
	"	push %rcx\n"
	"	push %rdx\n"
	"	push %rsi\n"
	"	push %rdi\n"		/* regs[0..5] = rdi, rsi, rdx, rcx, r8, r9 */
	"	sub $128, %rsp\n"
	"	movdqu %xmm0, 0(%rsp)\n"
	"	movdqu %xmm1, 16(%rsp)\n"
	"	movdqu %xmm2, 32(%rsp)\n"
	"	movdqu %xmm3, 48(%rsp)\n"
	"	movdqu %xmm4, 64(%rsp)\n"
	"	movdqu %xmm5, 80(%rsp)\n"
	"	movdqu %xmm6, 96(%rsp)\n"
	"	movdqu %xmm7, 112(%rsp)\n"
	"	mov %r11, %rdi\n"
	"	lea 128(%rsp), %rsi\n"
	"	mov 8(%rbp), %rdx\n"
	"	cld\n"
	"	call port_kmsan_call_seen\n"
	"	mov %rax, %r11\n"
	"	movdqu 0(%rsp), %xmm0\n"
	"	movdqu 16(%rsp), %xmm1\n"
	"	movdqu 32(%rsp), %xmm2\n"
	"	movdqu 48(%rsp), %xmm3\n"
	"	movdqu 64(%rsp), %xmm4\n"
	"	movdqu 80(%rsp), %xmm5\n"
	"	movdqu 96(%rsp), %xmm6\n"
	"	movdqu 112(%rsp), %xmm7\n"
	"	add $128, %rsp\n"
	"	pop %rdi\n"
	"	pop %rsi\n"
	"	pop %rdx\n"
	"	pop %rcx\n"
	"	pop %r8\n"
	"	pop %r9\n"
	"	pop %rax\n"
	"	pop %r10\n"
	"	pop %rbp\n"
	"	jmp *%r11\n"
	".size port_kmsan_call_common, .-port_kmsan_call_common\n");
void port_kmsan_call_common(void);

static void write_stub(uint8_t *s, unsigned i)
{
	uintptr_t common = (uintptr_t)port_kmsan_call_common;
	static const uint8_t head[] = { 0xf3, 0x0f, 0x1e, 0xfa,	/* endbr64 */
					0x41, 0xbb };		/* mov $imm32, %r11d */
	static const uint8_t jmp[] = { 0xff, 0x25, 0, 0, 0, 0 };	/* jmp *0(%rip) */

	memcpy(s, head, sizeof(head));
	memcpy(s + 6, &i, 4);
	memcpy(s + 10, jmp, sizeof(jmp));
	memcpy(s + 16, &common, 8);
	memset(s + 24, 0xcc, STUB_SIZE - 24);
}

struct dyn {
	uintptr_t base, jmprel, symtab, strtab, lo, hi, relro_lo, relro_hi;
	size_t pltrelsz;
};

/* A d_ptr as the loader left it: relocated in place, or not. */
static uintptr_t dptr(const struct dyn *d, uintptr_t v)
{
	return v < d->base ? v + d->base : v;
}

static int read_exe(struct dl_phdr_info *info, size_t size, void *arg)
{
	struct dyn *d = arg;
	const ElfW(Dyn) *dyn = 0;
	int i;

	(void)size;
	d->base = info->dlpi_addr;
	d->lo = UINTPTR_MAX;
	for (i = 0; i < info->dlpi_phnum; i++) {
		const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
		uintptr_t a = info->dlpi_addr + ph->p_vaddr;

		if (ph->p_type == PT_DYNAMIC)
			dyn = (const ElfW(Dyn) *)a;
		if (ph->p_type == PT_GNU_RELRO) {
			d->relro_lo = a;
			d->relro_hi = a + ph->p_memsz;
		}
		if (ph->p_type == PT_LOAD) {
			d->lo = a < d->lo ? a : d->lo;
			d->hi = a + ph->p_memsz > d->hi ? a + ph->p_memsz : d->hi;
		}
	}
	for (; dyn && dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_JMPREL)
			d->jmprel = dptr(d, dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_PLTRELSZ)
			d->pltrelsz = dyn->d_un.d_val;
		else if (dyn->d_tag == DT_SYMTAB)
			d->symtab = dptr(d, dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_STRTAB)
			d->strtab = dptr(d, dyn->d_un.d_ptr);
	}
	return 1;		/* the first object is the executable */
}

/* The function slot holds, or will hold once bound: 0 to leave it. */
static uintptr_t target_of(const struct dyn *d, uintptr_t *slot, const char *name)
{
	uintptr_t t = *slot;

	if (t - d->lo < d->hi - d->lo) {	/* not bound yet: the PLT */
		t = (uintptr_t)dlsym(RTLD_DEFAULT, name);
		if (t - d->lo < d->hi - d->lo)
			return 0;		/* the executable's own */
	}
	return t;
}

static void set_slot(const struct dyn *d, uintptr_t *slot, uintptr_t v)
{
	uintptr_t page = ROUND_DOWN((uintptr_t)slot, 4096);
	int ro = (uintptr_t)slot - d->relro_lo < d->relro_hi - d->relro_lo;

	if (ro && mprotect((void *)page, 4096, PROT_READ | PROT_WRITE))
		return;
	__atomic_store_n(slot, v, __ATOMIC_RELEASE);
	if (ro)
		mprotect((void *)page, 4096, PROT_READ);
}

void port_kmsan_calls_init(void)
{
	struct dyn d = { 0 };
	const ElfW(Rela) *r;
	size_t n, i, used = 0, bytes;
	uintptr_t **slots;
	uint8_t *stubs, *m;

	if (!core_opt.kmsan_call_hints || !kmsan_ready)
		return;
	dl_iterate_phdr(read_exe, &d);
	if (!d.jmprel || !d.symtab || !d.strtab || !d.pltrelsz)
		return;
	r = (const ElfW(Rela) *)d.jmprel;
	n = d.pltrelsz / sizeof(*r);
	/* the stubs, then names, targets and slots (never freed) */
	bytes = ROUND_UP(n * STUB_SIZE, 4096);
	m = mmap(0, bytes + n * 3 * sizeof(void *), PROT_READ | PROT_WRITE,
		 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (m == MAP_FAILED)
		return;
	stubs = m;
	stub_name = (const char **)(m + bytes);
	stub_target = (uintptr_t *)(stub_name + n);
	slots = (uintptr_t **)(stub_target + n);
	for (i = 0; i < n; i++) {
		const ElfW(Sym) *sym = (const ElfW(Sym) *)d.symtab + ELF64_R_SYM(r[i].r_info);
		const char *name = (const char *)d.strtab + sym->st_name;
		uintptr_t *slot = (uintptr_t *)(d.base + r[i].r_offset);
		uintptr_t t;

		if (ELF64_R_TYPE(r[i].r_info) != R_X86_64_JUMP_SLOT || !*name ||
		    !(t = target_of(&d, slot, name)))
			continue;
		stub_name[used] = name;
		stub_target[used] = t;
		slots[used] = slot;
		write_stub(stubs + used * STUB_SIZE, (unsigned)used);
		used++;
	}
	if (!used || mprotect(stubs, bytes, PROT_READ | PROT_EXEC))
		return;
	for (i = 0; i < used; i++)
		set_slot(&d, slots[i], (uintptr_t)(stubs + i * STUB_SIZE));
}
