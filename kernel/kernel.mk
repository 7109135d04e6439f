# The x86-64 test kernel (kernel/), included by the top Makefile's kernel
# section.  Seven builds, each a bootable image:
#   $(B)/kernel/<build>/ksan-kernel      (32-bit ELF, what qemu -kernel boots)
#   $(B)/kernel/<build>/ksan-kernel.elf  (the 64-bit image, with symbols)
# for <build> in <cc>-<mode> (KASAN, KFENCE, UBSAN; <cc> gcc or clang,
# <mode> inline or outline), kcsan-<cc> (KCSAN, UBSAN) and kmsan-clang
# (KMSAN; clang only, as in Linux).  ksan's runtime
# (the core, the detectors and src/port/baremetal) is built once per
# compiler and detector set, with the kernel's code-generation flags and
# never instrumented;
# the kernel's own files are instrumented unless listed in KERNEL_NOSAN.
# Each image is linked twice: the second link adds the symbol table
# (kallsyms) generated from the first, which must not move any function.

KERNEL_CCS   := gcc clang
KERNEL_MODES := inline outline
# KASAN (+KFENCE, UBSAN) builds: <cc>-<mode>; KCSAN (+UBSAN): kcsan-<cc>
KERNEL_KASAN_BUILDS := $(foreach c,$(KERNEL_CCS),$(foreach m,$(KERNEL_MODES),$(c)-$(m)))
KERNEL_KCSAN_BUILDS := kcsan-gcc kcsan-clang
KERNEL_KMSAN_BUILDS := kmsan-clang
KERNEL_BUILDS := $(KERNEL_KASAN_BUILDS) $(KERNEL_KCSAN_BUILDS) $(KERNEL_KMSAN_BUILDS)
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
# per runtime set: the detectors, and the port's variant files (init, heap,
# mem: KASAN's shadow and heap, or none of them)
KERNEL_RT_COMMON := $(wildcard src/core/*.c src/kfence/*.c src/ubsan/*.c) \
	src/port/baremetal/port.c src/port/baremetal/unwind.c src/port/baremetal/kmalloc.c
KERNEL_RT_SRC_kasan := $(KERNEL_RT_COMMON) $(wildcard src/kasan/*.c src/leak/*.c) \
	src/port/baremetal/init.c src/port/baremetal/heap.c src/port/baremetal/mem.c
KERNEL_RT_ASM_kasan := src/kasan/abi_clang_x86_64.S
KERNEL_RT_SRC_kcsan := $(KERNEL_RT_COMMON) $(wildcard src/kcsan/*.c) \
	src/port/baremetal/init_kcsan.c src/port/baremetal/heap_plain.c \
	src/port/baremetal/mem_kcsan.c
KERNEL_RT_ASM_kcsan :=
KERNEL_RT_SRC_kmsan := $(KERNEL_RT_COMMON) $(wildcard src/kmsan/*.c) \
	src/port/baremetal/init_kmsan.c src/port/baremetal/heap_kmsan.c \
	src/port/baremetal/mem_kmsan.c
KERNEL_RT_ASM_kmsan :=

# the kernel; KERNEL_NOSAN: files that can run before there is shadow
# (early start-up, and what it calls: printk, panic, the exception
# handlers), or that ksan's runtime calls (as the kernel's
# KASAN_SANITIZE := n)
KERNEL_SRC := $(filter-out kernel/test/%,$(wildcard kernel/*/*.c))
# the suites each runtime set runs
KERNEL_TESTS_kasan := kernel/test/kunit.c kernel/test/kernel_test.c kernel/test/kasan_test.c \
	kernel/test/kfence_test.c kernel/test/ubsan_test.c kernel/test/percpu_test.c
KERNEL_TESTS_kcsan := kernel/test/kunit.c kernel/test/kernel_test.c kernel/test/ubsan_test.c \
	kernel/test/kcsan_test.c
KERNEL_TESTS_kmsan := kernel/test/kunit.c kernel/test/kernel_test.c kernel/test/kmsan_test.c
KERNEL_ASM := $(wildcard kernel/arch/*.S)
KERNEL_NOSAN := kernel/arch/cpu.c kernel/arch/paging.c kernel/arch/serial.c \
	kernel/arch/traps.c kernel/mm/pmm.c kernel/init/early.c kernel/init/kport.c \
	kernel/init/cmdline.c kernel/lib/printk.c kernel/lib/string.c \
	kernel/lib/kallsyms.c kernel/sched/task.c kernel/arch/smp.c \
	kernel/mm/percpu.c
# a KMSAN kernel's interrupt handlers would share the interrupted task's
# KMSAN context (parameter and return shadow): kept out, as the kernel
# keeps a context per interrupt level
KERNEL_NOSAN_kasan := $(KERNEL_NOSAN)
KERNEL_NOSAN_kcsan := $(KERNEL_NOSAN)
KERNEL_NOSAN_kmsan := $(KERNEL_NOSAN) kernel/arch/irq.c
KERNEL_HDRS := $(wildcard kernel/include/kernel/*.h kernel/test/*.h src/port/baremetal/*.h \
	src/core/*.h src/kasan/*.h src/leak/*.h src/kfence/*.h src/ubsan/*.h src/kcsan/*.h src/kmsan/*.h \
	include/ksan/*.h) \
	src/core/options.def kernel/kernel.mk

# $(1) compiler, $(2) runtime set
kernel-rt-objs = $(patsubst %.c,$(B)/kernel/rt-$(1)-$(2)/%.o,$(KERNEL_RT_SRC_$(2))) \
	$(patsubst %.S,$(B)/kernel/rt-$(1)-$(2)/%.o,$(KERNEL_RT_ASM_$(2)))
# $(1) build, $(2) runtime set
kernel-objs = $(patsubst %.c,$(B)/kernel/$(1)/obj/%.o,$(KERNEL_SRC) $(KERNEL_TESTS_$(2))) \
	$(patsubst %.S,$(B)/kernel/$(1)/obj/%.o,$(KERNEL_ASM))

# the sanitizer flags of each build: KASAN as ksan-cc passes it
# (tools/ksan-cc.c's kasan_flags and kcsan_flags), UBSAN's bounds and shift
$(foreach c,$(KERNEL_CCS),$(foreach m,$(KERNEL_MODES),\
	$(eval KSAN_$(c)-$(m) := $(KASAN_$(c)) $(KASAN_$(c)_$(m)) $(UBSAN_$(c)))))
KCSAN_gcc := -fsanitize=thread --param tsan-instrument-func-entry-exit=0 \
	--param tsan-distinguish-volatile=1 -Wno-tsan
KCSAN_clang := -fsanitize=thread -mllvm -tsan-instrument-func-entry-exit=0 \
	-mllvm -tsan-distinguish-volatile=1 -mllvm -tsan-compound-read-before-write=1
KSAN_kcsan-gcc := $(KCSAN_gcc) $(UBSAN_gcc) -D__KSAN_KCSAN__=1
KSAN_kcsan-clang := $(KCSAN_clang) $(UBSAN_clang) -D__KSAN_KCSAN__=1
KSAN_kmsan-clang := -fsanitize=kernel-memory -mllvm -msan-eager-checks=1 -D__KSAN_KMSAN__=1

KCONFIG_kasan := -DCONFIG_KASAN=1 -DCONFIG_KFENCE=1
KCONFIG_kcsan := -DCONFIG_KCSAN=1
KCONFIG_kmsan := -DCONFIG_KMSAN=1

# $(1) compiler, $(2) runtime set: the runtime's objects
define KERNEL_RT_RULES
$(B)/kernel/rt-$(1)-$(2)/%.o: %.c $(KERNEL_HDRS)
	@mkdir -p $$(@D)
	$(1) $$(if $$(filter $$<,$(KERNEL_RT_X87)),$$(subst -mgeneral-regs-only,-mno-sse -mno-mmx,$(KERNEL_CFLAGS)),$(KERNEL_CFLAGS)) \
		$(KERNEL_CFLAGS_$(1)) -fvisibility=hidden -c $$< -o $$@
$(B)/kernel/rt-$(1)-$(2)/%.o: %.S src/kasan/layout.h
	@mkdir -p $$(@D)
	$(1) -c $$< -o $$@
endef

# $(1) build, $(2) compiler, $(3) runtime set: one kernel
define KERNEL_RULES
KB_$(1) := $(B)/kernel/$(1)
KOBJ_$(1) := $(call kernel-objs,$(1),$(3)) $(call kernel-rt-objs,$(2),$(3))
$(B)/kernel/$(1)/obj/%.o: %.c $(KERNEL_HDRS)
	@mkdir -p $$(@D)
	$(2) $(KERNEL_CFLAGS) $(KERNEL_CFLAGS_$(2)) -DKERNEL_BUILD='"$(1)"' $(KCONFIG_$(3)) \
		$$(if $$(filter $$<,$(KERNEL_NOSAN_$(3))),,$$(KSAN_$(1))) -c $$< -o $$@
$(B)/kernel/$(1)/obj/%.o: %.S
	@mkdir -p $$(@D)
	$(2) -c $$< -o $$@
# first link, with an empty symbol table
$(B)/kernel/$(1)/vmlinux.1: $$(KOBJ_$(1)) kernel/kernel.ld kernel/scripts/kallsyms.sh
	sh kernel/scripts/kallsyms.sh nm > $$(KB_$(1))/kallsyms.1.S
	$(2) -c $$(KB_$(1))/kallsyms.1.S -o $$(KB_$(1))/kallsyms.1.o
	$(2) -nostdlib -static $(if $(filter gcc,$(2)),-no-pie) -Wl,-T,kernel/kernel.ld -Wl,-z,max-page-size=4096 \
		-Wl,--build-id=none -o $$@ $$(KOBJ_$(1)) $$(KB_$(1))/kallsyms.1.o -lgcc
# second link: the table of the first, at the same addresses (checked)
$(B)/kernel/$(1)/ksan-kernel.elf: $(B)/kernel/$(1)/vmlinux.1
	sh kernel/scripts/kallsyms.sh nm $$< > $$(KB_$(1))/kallsyms.S
	$(2) -c $$(KB_$(1))/kallsyms.S -o $$(KB_$(1))/kallsyms.o
	$(2) -nostdlib -static $(if $(filter gcc,$(2)),-no-pie) -Wl,-T,kernel/kernel.ld -Wl,-z,max-page-size=4096 \
		-Wl,--build-id=none -o $$@.tmp $$(KOBJ_$(1)) $$(KB_$(1))/kallsyms.o -lgcc
	sh kernel/scripts/kallsyms.sh nm $$@.tmp | cmp -s - $$(KB_$(1))/kallsyms.S || \
		{ echo "kallsyms: the second link of $$@ moved symbols"; exit 1; }
	mv $$@.tmp $$@
# what qemu -kernel loads: the same image as a 32-bit ELF
$(B)/kernel/$(1)/ksan-kernel: $(B)/kernel/$(1)/ksan-kernel.elf
	objcopy -O elf32-i386 $$< $$@
endef

$(foreach c,$(KERNEL_CCS),$(eval $(call KERNEL_RT_RULES,$(c),kasan)))
$(foreach c,$(KERNEL_CCS),$(eval $(call KERNEL_RT_RULES,$(c),kcsan)))
$(foreach c,$(KERNEL_CCS),$(foreach m,$(KERNEL_MODES),$(eval $(call KERNEL_RULES,$(c)-$(m),$(c),kasan))))
$(foreach c,$(KERNEL_CCS),$(eval $(call KERNEL_RULES,kcsan-$(c),$(c),kcsan)))
$(eval $(call KERNEL_RT_RULES,clang,kmsan))
$(eval $(call KERNEL_RULES,kmsan-clang,clang,kmsan))
