# The x86-64 test kernel (kernel/), included by the top Makefile's kernel
# section.  Four builds, each a bootable image:
#   $(B)/kernel/<cc>-<mode>/ksan-kernel      (32-bit ELF, what qemu -kernel boots)
#   $(B)/kernel/<cc>-<mode>/ksan-kernel.elf  (the 64-bit image, with symbols)
# for <cc> in gcc clang and <mode> in inline outline.  ksan's runtime (the
# core, KASAN, KFENCE, UBSAN and src/port/baremetal) is built once per
# compiler, with the kernel's code-generation flags and never instrumented;
# the kernel's own files are instrumented unless listed in KERNEL_NOSAN.
# Each image is linked twice: the second link adds the symbol table
# (kallsyms) generated from the first, which must not move any function.

KERNEL_CCS   := gcc clang
KERNEL_MODES := inline outline
KERNEL_BUILDS := $(foreach c,$(KERNEL_CCS),$(foreach m,$(KERNEL_MODES),$(c)-$(m)))
KERNEL_IMAGES := $(foreach b,$(KERNEL_BUILDS),$(B)/kernel/$(b)/ksan-kernel)

# What every kernel object and the runtime are compiled with: no red zone
# (interrupts push on the current stack), no SSE in C (handlers do not
# save vector registers), frame pointers for the unwinder, no PIC: the
# kernel is linked at 1 MiB and identity-mapped.
KERNEL_CFLAGS := -std=gnu11 -O2 -g -ffreestanding -fno-builtin -fno-common \
	-fno-pic -fno-pie -mno-red-zone -mgeneral-regs-only -mcmodel=small \
	-fno-omit-frame-pointer -fno-optimize-sibling-calls -fno-stack-protector \
	-fno-asynchronous-unwind-tables -fno-unwind-tables \
	-Wall -Wextra -Wno-unused-parameter \
	-Iinclude -Isrc -Ikernel/include -Ikernel -Isrc/port/baremetal
KERNEL_CFLAGS_gcc := -fno-tree-loop-distribute-patterns
KERNEL_CFLAGS_clang :=

# KASAN as ksan-cc passes it (tools/ksan-cc.c's kasan_flags), per
# compiler and mode, and UBSAN's bounds and shift checks
KASAN_gcc := -fsanitize=kernel-address -fasan-shadow-offset=0x7fff8000 \
	--param asan-stack=1 --param asan-globals=1 --param asan-instrument-allocas=1 \
	-fsanitize-address-use-after-scope
KASAN_gcc_inline := --param asan-instrumentation-with-call-threshold=10000
KASAN_gcc_outline := --param asan-instrumentation-with-call-threshold=0
KASAN_clang := -fsanitize=kernel-address -mllvm -asan-mapping-offset=0x7fff8000 \
	-mllvm -asan-use-after-scope=1
KASAN_clang_inline :=
KASAN_clang_outline := -mllvm -asan-instrumentation-with-call-threshold=0 \
	-mllvm -asan-optimize-callbacks
UBSAN_gcc := -fsanitize=bounds,shift
UBSAN_clang := -fsanitize=array-bounds,shift

# the runtime: ksan's freestanding core and detectors, and the port.
# src/ubsan/report.c prints a float operand through x87 long double, so it
# alone keeps the x87 (still no SSE): only a UBSAN report about a float
# value runs that code, nothing in this kernel computes with floats, and no
# interrupt handler touches the x87, so there is no state to save.
KERNEL_RT_X87 := src/ubsan/report.c
KERNEL_RT_SRC := $(wildcard src/core/*.c src/kasan/*.c src/kfence/*.c src/ubsan/*.c \
	src/port/baremetal/*.c)
KERNEL_RT_ASM := src/kasan/abi_clang_x86_64.S

# the kernel; KERNEL_NOSAN: files that can run before there is shadow
# (early start-up, and what it calls: printk, panic, the exception
# handlers), or that ksan's runtime calls (as the kernel's
# KASAN_SANITIZE := n)
KERNEL_SRC := $(wildcard kernel/*/*.c)
KERNEL_ASM := $(wildcard kernel/arch/*.S)
KERNEL_NOSAN := kernel/arch/cpu.c kernel/arch/paging.c kernel/arch/serial.c \
	kernel/arch/traps.c kernel/mm/pmm.c kernel/init/early.c kernel/init/kport.c \
	kernel/init/cmdline.c kernel/lib/printk.c kernel/lib/string.c \
	kernel/lib/kallsyms.c kernel/sched/task.c kernel/arch/smp.c \
	kernel/mm/percpu.c
KERNEL_HDRS := $(wildcard kernel/include/kernel/*.h kernel/test/*.h src/port/baremetal/*.h \
	src/core/*.h src/kasan/*.h src/kfence/*.h src/ubsan/*.h include/ksan/*.h) src/core/options.def \
	kernel/kernel.mk

kernel-rt-objs = $(patsubst %.c,$(B)/kernel/rt-$(1)/%.o,$(KERNEL_RT_SRC)) \
	$(patsubst %.S,$(B)/kernel/rt-$(1)/%.o,$(KERNEL_RT_ASM))
kernel-objs = $(patsubst %.c,$(B)/kernel/$(1)-$(2)/obj/%.o,$(KERNEL_SRC)) \
	$(patsubst %.S,$(B)/kernel/$(1)-$(2)/obj/%.o,$(KERNEL_ASM))

# $(1) compiler: the runtime's objects
define KERNEL_RT_RULES
$(B)/kernel/rt-$(1)/%.o: %.c $(KERNEL_HDRS)
	@mkdir -p $$(@D)
	$(1) $$(if $$(filter $$<,$(KERNEL_RT_X87)),$$(subst -mgeneral-regs-only,-mno-sse -mno-mmx,$(KERNEL_CFLAGS)),$(KERNEL_CFLAGS)) \
		$(KERNEL_CFLAGS_$(1)) -fvisibility=hidden -c $$< -o $$@
$(B)/kernel/rt-$(1)/%.o: %.S src/kasan/layout.h
	@mkdir -p $$(@D)
	$(1) -c $$< -o $$@
endef

# $(1) compiler, $(2) mode: one kernel
define KERNEL_RULES
KB_$(1)_$(2) := $(B)/kernel/$(1)-$(2)
KOBJ_$(1)_$(2) := $(call kernel-objs,$(1),$(2)) $(call kernel-rt-objs,$(1))
KSAN_$(1)_$(2) := $(KASAN_$(1)) $(KASAN_$(1)_$(2)) $(UBSAN_$(1))
$(B)/kernel/$(1)-$(2)/obj/%.o: %.c $(KERNEL_HDRS)
	@mkdir -p $$(@D)
	$(1) $(KERNEL_CFLAGS) $(KERNEL_CFLAGS_$(1)) -DKERNEL_BUILD='"$(1)-$(2)"' \
		$$(if $$(filter $$<,$(KERNEL_NOSAN)),,$$(KSAN_$(1)_$(2))) -c $$< -o $$@
$(B)/kernel/$(1)-$(2)/obj/%.o: %.S
	@mkdir -p $$(@D)
	$(1) -c $$< -o $$@
# first link, with an empty symbol table
$(B)/kernel/$(1)-$(2)/vmlinux.1: $$(KOBJ_$(1)_$(2)) kernel/kernel.ld kernel/scripts/kallsyms.sh
	sh kernel/scripts/kallsyms.sh nm > $$(KB_$(1)_$(2))/kallsyms.1.S
	$(1) -c $$(KB_$(1)_$(2))/kallsyms.1.S -o $$(KB_$(1)_$(2))/kallsyms.1.o
	$(1) -nostdlib -static $(if $(filter gcc,$(1)),-no-pie) -Wl,-T,kernel/kernel.ld -Wl,-z,max-page-size=4096 \
		-Wl,--build-id=none -o $$@ $$(KOBJ_$(1)_$(2)) $$(KB_$(1)_$(2))/kallsyms.1.o -lgcc
# second link: the table of the first, at the same addresses (checked)
$(B)/kernel/$(1)-$(2)/ksan-kernel.elf: $(B)/kernel/$(1)-$(2)/vmlinux.1
	sh kernel/scripts/kallsyms.sh nm $$< > $$(KB_$(1)_$(2))/kallsyms.S
	$(1) -c $$(KB_$(1)_$(2))/kallsyms.S -o $$(KB_$(1)_$(2))/kallsyms.o
	$(1) -nostdlib -static $(if $(filter gcc,$(1)),-no-pie) -Wl,-T,kernel/kernel.ld -Wl,-z,max-page-size=4096 \
		-Wl,--build-id=none -o $$@.tmp $$(KOBJ_$(1)_$(2)) $$(KB_$(1)_$(2))/kallsyms.o -lgcc
	sh kernel/scripts/kallsyms.sh nm $$@.tmp | cmp -s - $$(KB_$(1)_$(2))/kallsyms.S || \
		{ echo "kallsyms: the second link of $$@ moved symbols"; exit 1; }
	mv $$@.tmp $$@
# what qemu -kernel loads: the same image as a 32-bit ELF
$(B)/kernel/$(1)-$(2)/ksan-kernel: $(B)/kernel/$(1)-$(2)/ksan-kernel.elf
	objcopy -O elf32-i386 $$< $$@
endef

$(foreach c,$(KERNEL_CCS),$(eval $(call KERNEL_RT_RULES,$(c))))
$(foreach c,$(KERNEL_CCS),$(foreach m,$(KERNEL_MODES),$(eval $(call KERNEL_RULES,$(c),$(m)))))
