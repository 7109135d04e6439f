# ksan: kernel-style sanitizers for C programs.  GNU make, no generator.
#   make                 runtime, ksan-cc, headers, pkg-config file
#   make check           every test; ends with "N passed, N failed, N skipped"
#   make demo            build examples/ with ksan-cc and show the reports
#   make install PREFIX=/usr/local DESTDIR=
#   make bench           benchmarks (not part of check)
#   make fuzz-runtime    fuzz the runtime's own parsers for long (docs/fuzzing-runtime.md)
#   make package-suites  real packages' own test suites under KMSAN (tests/packages/RESULTS.md)

CC      ?= cc
ifeq ($(origin CC),default)
CC      := gcc
endif
PREFIX  ?= /usr/local
DESTDIR ?=
# where make install puts things (make deb: Debian's multiarch layout)
LIBSUBDIR ?= lib
LIBDIR  = $(PREFIX)/$(LIBSUBDIR)
PCDIR   ?= $(PREFIX)/lib/pkgconfig
CMAKEDIR ?= $(PREFIX)/lib/cmake/ksan
MANDIR  ?= $(PREFIX)/share/man
B       := build
# the one place the version is written: ksan-cc --version, ksan.pc,
# ksan-triage, the man pages and the Debian package take it from here
VERSION := $(shell cat VERSION)

# The runtime is never built with sanitizers or the stack protector.
RT_CFLAGS := -std=gnu11 -O2 -g -fPIC -fno-omit-frame-pointer -fno-stack-protector \
	-fno-sanitize=all -fvisibility=hidden -fno-builtin -fno-common \
	-Wall -Wextra -Wno-unused-parameter -Iinclude -Isrc
# The core and the detectors: freestanding, no libc headers beyond the compiler's.
FREE_CFLAGS := $(RT_CFLAGS) -ffreestanding \
	$(shell $(CC) -fno-tree-loop-distribute-patterns -E -x c /dev/null >/dev/null 2>&1 && echo -fno-tree-loop-distribute-patterns)

# Each runtime is a list of folders: the freestanding core and detectors
# (src/<name>/) and the Linux port's rooms (src/port/linux/<room>/,
# docs/design.md: "Layout").  A new .c file in a listed folder joins its
# runtimes with no edit here.
src_of = $(foreach d,$(1),$(wildcard src/$(d)/*.c))
# the compiler's target: aarch64 builds leave out x86-64's assembly
IS_AARCH64 := $(findstring aarch64,$(shell $(CC) -dumpmachine 2>/dev/null))
asm_of = $(if $(IS_AARCH64),$(filter-out %_x86_64.S,$(wildcard src/$(1)/*.S)),$(filter-out %_aarch64.S,$(wildcard src/$(1)/*.S)))
LP := port/linux
# the rooms every runtime takes, the KFENCE preload too
PORT_BASE := $(LP)/platform $(LP)/fault $(LP)/symbolize
# and what a runtime linked into the program adds (start-up, threads,
# signal masks, suppressions, the real mem* functions)
PORT_LINKED := $(PORT_BASE) $(LP)/process
# nokasan.c (what a runtime without KASAN's interceptors answers for them)
# is a file, not a room
PORT_NOKASAN := src/$(LP)/nokasan.c

# libksan.a: the core, generic KASAN, leak detection (it walks the heap
# registry), KFENCE, UBSAN; the port with the malloc family over KASAN's
# heap, KASAN's interceptors and leak detection's port side
KASAN_SRC := $(call src_of,core kasan leak ubsan kfence)
KASAN_PORT_SRC := $(call src_of,$(PORT_LINKED) $(LP)/malloc $(LP)/kasan $(LP)/leak)
FREE_OBJ  := $(patsubst src/%.c,$(B)/obj/%.o,$(KASAN_SRC)) $(patsubst src/%.S,$(B)/obj/%.o,$(call asm_of,kasan))
# with kasan/'s assembly (x86-64: outline checks whose range test the
# fault handler does)
LINUX_OBJ := $(patsubst src/%.c,$(B)/obj/%.o,$(KASAN_PORT_SRC)) \
	$(patsubst src/%.S,$(B)/obj/%.o,$(call asm_of,$(LP)/kasan))
STUB_OBJ  := $(B)/obj/port/stub/stub.o

HEADERS   := $(B)/include/ksan/ksan.h $(B)/include/ksan/port.h $(B)/include/ksan/kasan_cold.h \
	$(B)/include/ksan/kmsan_simd.h

all: $(B)/lib/libksan.a $(B)/lib/libksan_shlib.a $(B)/lib/libksan_core.a \
	$(STUB_OBJ) $(B)/lib/ksan.exports $(B)/bin/ksan-cc $(HEADERS) \
	$(B)/lib/ksan-noubsan/libubsan.a $(B)/lib/ksan-noubsan/libtsan.a \
	$(B)/lib/pkgconfig/ksan.pc $(B)/lib/libksan-kfence.so $(B)/lib/libksan-kmsan.a \
	$(B)/lib/libksan-kmsan_shlib.a $(B)/lib/libksan-kmsan-libc.a $(B)/lib/libksan-kcsan.a \
	$(B)/lib/libksan-kcsan-kfence.a $(B)/lib/libksan-kmsan-libc-wrap.a \
	$(B)/lib/libksan-kmsan-libc-text.ld

# One rule per kind of object.  Objects of src/X.c are $(B)/obj/X.o, or
# $(B)/obj/rt-<runtime>/X.o when a runtime builds X with its own -D flags
# (RT_FLAGS_<runtime>); the port is built with the C library's headers
# (RT_CFLAGS), everything else freestanding (FREE_CFLAGS); CFLAGS_<X>
# adds a file's own flags.  -MMD -MP: each object's header dependencies
# in its .d file.
DEPFLAGS := -MMD -MP
cflags_of = $(if $(filter port/linux/%,$(1)),$(RT_CFLAGS),$(FREE_CFLAGS)) $(CFLAGS_$(1))
# the malloc family's entry points keep the caller's frame pointer (see there)
CFLAGS_port/linux/kfence/malloc := -fomit-frame-pointer
CFLAGS_tags/mte := $(if $(IS_AARCH64),-march=armv8.5-a+memtag)
RT_FLAGS_preload := -DKSAN_PORT_KFENCE_ONLY
RT_FLAGS_kmsan := -DKSAN_PORT_KMSAN
RT_FLAGS_kcsan := -DKSAN_PORT_KCSAN -DKSAN_KCSAN_TLS
RT_FLAGS_tags := -DKSAN_PORT_TAGS
RT_FLAGS_kmsanwrap := -DKSAN_PORT_KMSAN -DKMSAN_LIBC_WRAP -ffunction-sections -fdata-sections
RUNTIMES := preload kmsan kcsan tags kmsanwrap
$(B)/obj/%.o: src/%.c
	@mkdir -p $(@D)
	$(CC) $(call cflags_of,$*) $(DEPFLAGS) -c $< -o $@
$(B)/obj/%.o: src/%.S
	@mkdir -p $(@D)
	$(CC) $(DEPFLAGS) -c $< -o $@
define RUNTIME_RULE
$(B)/obj/rt-$(1)/%.o: src/%.c
	@mkdir -p $$(@D)
	$$(CC) $$(call cflags_of,$$*) $(RT_FLAGS_$(1)) $$(DEPFLAGS) -c $$< -o $$@
endef
$(foreach r,$(RUNTIMES),$(eval $(call RUNTIME_RULE,$(r))))
# a runtime's objects: rt_obj,<runtime>,<sources>
rt_obj = $(patsubst src/%.c,$(B)/obj/rt-$(1)/%.o,$(2))

# libksan-kfence.so (LD_PRELOAD): the core, KFENCE and the port's base
# rooms with the KFENCE preload's (no KASAN)
PRELOAD_OBJ := $(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,core kfence)) \
	$(call rt_obj,preload,$(call src_of,$(PORT_BASE) $(LP)/kfence))
$(B)/lib/libksan-kfence.so: $(PRELOAD_OBJ)
	@mkdir -p $(@D)
	$(CC) -shared -Wl,-z,defs -Wl,-z,nodelete -o $@ $^ -lpthread -ldl

# libksan-kmsan.a: the core, KMSAN, KFENCE, UBSAN and the port built for
# KMSAN (its heap, metadata faults, mem*, the libc model); KASAN's
# interceptors stay out
KMSAN_OBJ := $(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,core kmsan kfence ubsan)) \
	$(call rt_obj,kmsan,$(call src_of,$(PORT_LINKED) $(LP)/malloc $(LP)/kmsan) \
		$(PORT_NOKASAN))
$(B)/lib/libksan-kmsan.a: $(KMSAN_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# libksan-kmsan-libc.a: the rest of KMSAN's C library model
# (src/port/linux/kmsan-libc/), which finds the C library's functions with
# dlsym: ksan-cc links it into dynamic executables only
$(B)/lib/libksan-kmsan-libc.a: $(call rt_obj,kmsan,$(call src_of,$(LP)/kmsan-libc))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# libksan-kmsan-libc-wrap.a (and its .wrap, the linker's --wrap=NAME
# options): the same model for static executables, one member per function,
# each __wrap_NAME calling __real_NAME (tools/kmsan-libc-wrap.sh)
$(B)/lib/libksan-kmsan-libc-wrap.a: tools/kmsan-libc-wrap.sh \
		$(call rt_obj,kmsanwrap,$(call src_of,$(LP)/kmsan-libc))
	@mkdir -p $(@D)
	sh tools/kmsan-libc-wrap.sh $@ $(filter %.o,$^)
# and the linker script that tells the runtime where libc.a's code lies in
# a static executable (ksan-cc adds it to static KMSAN links)
$(B)/lib/libksan-kmsan-libc-text.ld: src/$(LP)/kmsan/libc_text.ld
	@mkdir -p $(@D)
	cp $< $@

# libksan-kcsan.a: the core, KCSAN (its per-thread context in a __thread
# variable), KFENCE, UBSAN and the port built for KCSAN (no shadow, no
# heap of its own: the C library's; mem* checked)
KCSAN_OBJ := $(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,core kfence ubsan)) \
	$(call rt_obj,kcsan,$(call src_of,kcsan $(PORT_LINKED) $(LP)/kcsan) $(PORT_NOKASAN))
$(B)/lib/libksan-kcsan.a: $(KCSAN_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# --ksan=kcsan,kfence: the malloc family in front of glibc's (dynamic only)
$(B)/lib/libksan-kcsan-kfence.a: $(B)/obj/rt-kcsan/$(LP)/kfence/malloc.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# libksan-tags.a (aarch64 only: built when $(CC) targets aarch64): the core,
# tag-based KASAN (software and hardware tags; ksan-cc --ksan=kasan-hw
# defines __ksan_tags_hw), KFENCE, UBSAN and the port built for it
TAGS_OBJ := $(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,core kfence ubsan tags)) \
	$(patsubst src/%.S,$(B)/obj/%.o,$(call asm_of,tags)) \
	$(call rt_obj,tags,$(call src_of,$(PORT_LINKED) $(LP)/malloc $(LP)/tags) $(PORT_NOKASAN))
$(B)/lib/libksan-tags.a: $(TAGS_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
all: $(if $(IS_AARCH64),$(B)/lib/libksan-tags.a)

# aarch64 from an x86-64 host: the same rules again, in a sub-make with
# CC=$(AARCH64_CC) and B=$(B)/aarch64 (objects in $(B)/aarch64/obj), then
# the archives copied to $(B)/lib/aarch64/, where ksan-cc looks for the
# runtime of a compiler that builds for aarch64.  Part of `all` when
# aarch64-linux-gnu-gcc and its C library (libc6-dev-arm64-cross) are
# installed; skipped without a word otherwise.  A file in a runtime's
# room goes into its aarch64 archive as into the x86-64 one; an archive
# new to aarch64 goes into AARCH64_LIBS.
# Not built for aarch64: libksan-kmsan*.a (KMSAN's metadata layout and
# fault handling are x86-64's), libksan_shlib.a (x86-64 assembly
# forwarders; ksan-cc refuses -shared for aarch64), libksan-kfence.so.
AARCH64_CC ?= aarch64-linux-gnu-gcc
AARCH64_LIBS := libksan.a libksan_shlib.a libksan_core.a libksan-kcsan.a libksan-kcsan-kfence.a \
	libksan-tags.a
HAVE_AARCH64_CC := $(if $(IS_AARCH64),,$(shell echo '\#include <stdio.h>' | \
	$(AARCH64_CC) -E -x c - >/dev/null 2>&1 && echo yes))
aarch64:
	@$(MAKE) --no-print-directory B=$(B)/aarch64 CC="$(AARCH64_CC)" aarch64-libs
	@mkdir -p $(B)/lib/aarch64
	@for a in $(AARCH64_LIBS); do cmp -s $(B)/aarch64/lib/$$a $(B)/lib/aarch64/$$a || \
		cp $(B)/aarch64/lib/$$a $(B)/lib/aarch64/$$a || exit 1; done
all: $(if $(HAVE_AARCH64_CC),aarch64)
tags-aarch64: aarch64	# the tag-based runtime alone (an older name)
aarch64-libs: $(addprefix $(B)/lib/,$(AARCH64_LIBS))	# in the sub-make
	@:
.PHONY: aarch64 tags-aarch64 aarch64-libs

# musl: the same rules again, in a sub-make with CC=$(MUSL_CC) (Debian's
# musl-gcc, from musl-tools: gcc with musl's specs file) and B=$(B)/musl,
# then the archives copied to $(B)/lib/musl/, where ksan-cc looks for the
# runtime of a compiler that links with musl (docs/platforms.md: "musl").  Part of
# `all` when musl-gcc works; skipped without a word otherwise.  The port's
# glibc and musl differences are in src/port/linux/platform/libc.h.  Not built for
# musl: KMSAN, KCSAN (their runtimes model glibc).
MUSL_CC ?= musl-gcc
MUSL_LIBS := libksan.a libksan_shlib.a ksan-musl-libc.o libksan-kfence.so
HAVE_MUSL_CC := $(shell echo '\#include <stdio.h>' | $(MUSL_CC) -E -x c - >/dev/null 2>&1 && echo yes)
musl:
	@$(MAKE) --no-print-directory B=$(B)/musl CC="$(MUSL_CC)" musl-libs
	@mkdir -p $(B)/lib/musl
	@for a in $(MUSL_LIBS); do cmp -s $(B)/musl/lib/$$a $(B)/lib/musl/$$a || \
		cp $(B)/musl/lib/$$a $(B)/lib/musl/$$a || exit 1; done
all: $(if $(HAVE_MUSL_CC),musl)
musl-libs: $(addprefix $(B)/lib/,$(MUSL_LIBS))	# in the sub-make
	@:
.PHONY: musl musl-libs
# ksan-musl-libc.o (in the sub-make): musl has no second name for the
# stdio functions ksan intercepts, so a static executable, where ksan's
# definitions hide libc.a's, reaches them here: libc.a's own members for
# them, linked into one object whose public names become
# __ksan_musl_<name> (their internal, hidden ones stay, for the rest of
# libc.a).  ksan-cc links it into static musl executables only.
MUSL_COPIES := fread fwrite fgets fputs puts vfprintf vsnprintf vsprintf vsscanf \
	vfwprintf vswprintf
$(B)/lib/ksan-musl-libc.o: Makefile
	@mkdir -p $(@D) $(B)/obj/musl-libc
	libc=$$(echo 'int main(void) { return 0; }' | $(CC) -static -Wl,--trace -x c - \
		-o /dev/null 2>/dev/null | grep -m1 '/libc\.a$$') && \
	rm -f $(B)/obj/musl-libc/* && cd $(B)/obj/musl-libc && \
	ar x "$$libc" $(MUSL_COPIES:%=%.lo) && $(CC) -r -nostdlib -o all.o $(MUSL_COPIES:%=%.lo)
	readelf -sW $(B)/obj/musl-libc/all.o | \
		awk 'NR > 3 && $$5 != "LOCAL" && $$7 != "UND" && $$6 == "DEFAULT" \
		     { print $$8, "__ksan_musl_" $$8 }' > $(B)/obj/musl-libc/names
	objcopy --redefine-syms=$(B)/obj/musl-libc/names $(B)/obj/musl-libc/all.o $@

$(B)/obj/shlib_stubs.o: src/port/linux/shlib/stubs.c include/ksan/*.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -fPIC -fno-sanitize=all -Iinclude -c $< -o $@
# the same forwarders for KMSAN's entry points (__msan_*)
$(B)/obj/shlib_stubs_kmsan.o: src/port/linux/shlib/stubs.c include/ksan/*.h
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -fPIC -fno-sanitize=all -Iinclude -DKSAN_SHLIB_KMSAN -c $< -o $@

$(B)/lib/libksan.a: $(FREE_OBJ) $(LINUX_OBJ)
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
# the freestanding core and detectors alone (for embedding, and the link
# test): KASAN, KFENCE, UBSAN, KMSAN and KCSAN (their compiler ABIs do not
# clash)
$(B)/lib/libksan_core.a: $(FREE_OBJ) $(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,kmsan kcsan tags))
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(B)/lib/libksan_shlib.a: $(B)/obj/shlib_stubs.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^
$(B)/lib/libksan-kmsan_shlib.a: $(B)/obj/shlib_stubs_kmsan.o
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@ $^

# empty: shadow the -lubsan (-ltsan) gcc adds when -fsanitize=undefined
# (thread) reaches a link that also compiles (ksan's own handlers and
# __tsan_* entry points are in its runtime archives)
$(B)/lib/ksan-noubsan/libubsan.a $(B)/lib/ksan-noubsan/libtsan.a:
	@mkdir -p $(@D)
	rm -f $@ && ar rcs $@

$(B)/lib/ksan.exports: src/port/linux/shlib/exports.txt
	@mkdir -p $(@D)
	{ echo '{'; grep -v '^#' $< | grep . | sed 's/.*/  &;/'; echo '};'; } > $@

$(B)/bin/ksan-cc: tools/ksan-cc.c VERSION
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -DKSAN_VERSION='"$(VERSION)"' -o $@ $<
# ksan-opt.so: ksan's check optimizer, a pass plugin for clang 14
# (tools/ksan-opt, docs/optimizer.md).  Built when llvm-14-dev's headers are
# there (llvm-config-14 --includedir); without them ksan builds as before and
# ksan-cc compiles without it.  No -lLLVM: clang's own copy resolves the
# plugin's references; -fno-rtti as Debian's LLVM is built.
LLVM_CONFIG ?= llvm-config-14
KSAN_OPT_INC := $(shell $(LLVM_CONFIG) --includedir 2>/dev/null)
ifneq ($(wildcard $(KSAN_OPT_INC)/llvm/Passes/PassPlugin.h),)
KSAN_OPT_SRC := $(wildcard tools/ksan-opt/*.cpp)
KSAN_OPT_OBJ := $(patsubst tools/ksan-opt/%.cpp,$(B)/obj/ksan-opt/%.o,$(KSAN_OPT_SRC))
KSAN_OPT_CXXFLAGS := $(shell $(LLVM_CONFIG) --cxxflags) -fPIC -fno-rtti -O2 -Wall -Wno-unused-parameter
$(B)/obj/ksan-opt/%.o: tools/ksan-opt/%.cpp tools/ksan-opt/KsanOpt.h
	@mkdir -p $(@D)
	$(CXX) $(KSAN_OPT_CXXFLAGS) -c $< -o $@
$(B)/lib/ksan-opt.so: $(KSAN_OPT_OBJ)
	@mkdir -p $(@D)
	$(CXX) -shared -o $@.tmp $^ && mv $@.tmp $@	# clang may be loading it
all: $(B)/lib/ksan-opt.so
endif
$(B)/bin/ksan-triage: tools/ksan-triage VERSION
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/' $< > $@ && chmod 755 $@
all: $(B)/bin/ksan-triage

$(B)/include/ksan/%.h: include/ksan/%.h
	@mkdir -p $(@D)
	cp $< $@

# ksan.pc: what a program calling ksan.h's API needs, the include
# directory.  No Libs: built with ksan-cc, the program gets the runtime from
# ksan-cc; built without ksan, ksan.h's KSAN_* macros are no-ops and need
# nothing (linking libksan.a into a program not built with ksan would put
# an unchecking runtime's malloc under it).
define PCFILE
prefix=$(1)
libdir=$${prefix}/$(2)
includedir=$${prefix}/include

Name: ksan
Description: kernel-style sanitizers for C programs (build with ksan-cc)
Version: $(VERSION)
Cflags: -I$${includedir}
Libs:
endef
export PCFILE_BUILD := $(call PCFILE,$(abspath $(B)),lib)
export PCFILE_INSTALL = $(call PCFILE,$(PREFIX),$(LIBSUBDIR))

# man pages: the version from VERSION; ksan(7)'s options from options.def
MANPAGES := $(B)/man/ksan-cc.1 $(B)/man/ksan-triage.1 $(B)/man/ksan.7
all: $(MANPAGES)
$(B)/man/%.1: man/%.1.in VERSION
	@mkdir -p $(@D)
	sed 's/@VERSION@/$(VERSION)/' $< > $@
$(B)/man/ksan.7: man/ksan.7.in src/core/options.def tools/options-man.awk VERSION
	@mkdir -p $(@D)
	awk -f tools/options-man.awk src/core/options.def > $@.opts
	sed -e 's/@VERSION@/$(VERSION)/' -e '/^@OPTIONS@$$/{r $@.opts' -e 'd}' $< > $@
	rm -f $@.opts

# the installed ksan-cc knows LIBSUBDIR (build/bin/ksan-cc: "lib")
$(B)/install/ksan-cc: tools/ksan-cc.c VERSION FORCE
	@mkdir -p $(@D)
	$(CC) -std=gnu11 -O2 -Wall -Wextra -DKSAN_VERSION='"$(VERSION)"' \
		-DKSAN_LIBSUBDIR='"$(LIBSUBDIR)"' -o $@ $<
FORCE:
.PHONY: FORCE

$(B)/lib/pkgconfig/ksan.pc: Makefile VERSION
	@mkdir -p $(@D)
	echo "$$PCFILE_BUILD" > $@

install: all $(B)/install/ksan-cc
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PCDIR) $(DESTDIR)$(PREFIX)/include/ksan \
		$(DESTDIR)$(LIBDIR)/ksan-noubsan $(DESTDIR)$(MANDIR)/man1 $(DESTDIR)$(MANDIR)/man7 \
		$(DESTDIR)$(CMAKEDIR)
	install -m 755 $(B)/install/ksan-cc $(DESTDIR)$(PREFIX)/bin/ksan-cc
	install -m 755 $(B)/bin/ksan-triage $(DESTDIR)$(PREFIX)/bin/ksan-triage
	install -m 644 $(B)/lib/ksan-noubsan/libubsan.a $(B)/lib/ksan-noubsan/libtsan.a \
		$(DESTDIR)$(LIBDIR)/ksan-noubsan/
	install -m 644 $(B)/lib/libksan.a $(B)/lib/libksan_shlib.a $(B)/lib/libksan_core.a \
		$(B)/lib/libksan-kmsan.a $(B)/lib/libksan-kmsan_shlib.a $(B)/lib/libksan-kmsan-libc.a \
		$(B)/lib/libksan-kmsan-libc-wrap.a $(B)/lib/libksan-kmsan-libc-wrap.a.wrap \
		$(B)/lib/libksan-kmsan-libc-text.ld $(B)/lib/libksan-kcsan.a \
		$(B)/lib/libksan-kcsan-kfence.a $(B)/lib/ksan.exports $(DESTDIR)$(LIBDIR)/
	install -m 644 $(B)/lib/libksan-kfence.so $(DESTDIR)$(LIBDIR)/
	if [ -f $(B)/lib/ksan-opt.so ]; then \
		install -m 644 $(B)/lib/ksan-opt.so $(DESTDIR)$(LIBDIR)/; fi
	if [ -d $(B)/lib/aarch64 ]; then \
		install -d $(DESTDIR)$(LIBDIR)/aarch64 && \
		install -m 644 $(B)/lib/aarch64/*.a $(DESTDIR)$(LIBDIR)/aarch64/; fi
	if [ -d $(B)/lib/musl ]; then \
		install -d $(DESTDIR)$(LIBDIR)/musl && \
		install -m 644 $(B)/lib/musl/* $(DESTDIR)$(LIBDIR)/musl/; fi
	if [ -f $(B)/lib/libksan-tags.a ]; then \
		install -m 644 $(B)/lib/libksan-tags.a $(DESTDIR)$(LIBDIR)/; fi
	install -m 644 include/ksan/ksan.h include/ksan/port.h include/ksan/kasan_cold.h \
		include/ksan/kmsan_simd.h $(DESTDIR)$(PREFIX)/include/ksan/
	echo "$$PCFILE_INSTALL" > $(DESTDIR)$(PCDIR)/ksan.pc
	install -m 644 $(B)/man/ksan-cc.1 $(B)/man/ksan-triage.1 $(DESTDIR)$(MANDIR)/man1/
	install -m 644 $(B)/man/ksan.7 $(DESTDIR)$(MANDIR)/man7/
	sed 's/@VERSION@/$(VERSION)/' packaging/cmake/ksan-config-version.cmake.in > \
		$(DESTDIR)$(CMAKEDIR)/ksan-config-version.cmake
	install -m 644 packaging/cmake/ksan-config.cmake $(DESTDIR)$(CMAKEDIR)/

include packaging/deb.mk

check: all
	@bash tests/run-tests.sh

demo: all
	@bash examples/run-demo.sh $(B)

bench: all
	@BUILD=$(B) bash bench/run.sh

# peak RSS of aarch64 builds under qemu-aarch64 (issue 13): native, generic
# KASAN, software and hardware tags; bench/results/latest-aarch64.md
bench-aarch64: all
	@BUILD=$(B) bash bench/run.sh --aarch64
.PHONY: bench-aarch64

# Debian's zlib, lz4, bzip2, libyaml, expat, xz-utils, zstd and jq built with ksan-cc
# --ksan=kmsan, each package's own suite run (issue 25); PACKAGES= picks some.  Long: not in check.
package-suites: all
	@bash tests/packages/kmsan-suites.sh -b $(B) $(PACKAGES)
.PHONY: package-suites

clean:
	rm -rf $(B)

.PHONY: all install check demo bench clean

# ---- the x86-64 test kernel (kernel/, src/port/baremetal/) ----------------
# ksan's freestanding core in a small kernel booted by qemu-system-x86_64:
#   make kernel        the seven builds (KASAN: gcc, clang x inline, outline;
#                      KCSAN: gcc, clang; KMSAN: clang), in
#                      $(B)/kernel/<build>/ksan-kernel (kernel/kernel.mk)
#   make kernel-check  boot each on two CPUs, run its KUnit-style tests,
#                      print the serial logs and "kernel <build>: N passed,
#                      M failed"
#   make kernel-demo   boot the gcc-inline kernel with demo=kasan: a real
#                      KASAN report from inside the kernel, which halts it
#                      (KERNEL_DEMO=kfence, ubsan or percpu: those reports)
# Not part of `all`: make check builds and boots them (tests/unit/kernel.sh).
include kernel/kernel.mk
KERNEL_DEMO ?= kasan
kernel: $(KERNEL_IMAGES)
kernel-check: kernel
	@bash tests/unit/kernel.sh $(B) --log
kernel-demo: $(B)/kernel/gcc-inline/ksan-kernel
	@bash kernel/scripts/boot.sh $< demo=$(KERNEL_DEMO); s=$$?; \
	echo "(qemu: the kernel stopped with status $$s; 1 = halted by the report)"; [ $$s -eq 1 ]
.PHONY: kernel kernel-check kernel-demo
.DELETE_ON_ERROR:

# ---- fuzz targets of the runtime's own parsers (tests/fuzz/) -------------
# Each parser's own source files, built with clang's libFuzzer, ASan and
# UBSan (never the runtime's flags: the parser is what is tested), linked
# with tests/fuzz/stubs.c for what they call elsewhere in ksan.
#   make fuzz            build them ($(B)/fuzz/<target>)
#   make fuzz-runtime    run each for FUZZ_RUNS inputs, one at a time
#                        (FUZZ_TARGETS= a subset, FUZZ_SECONDS= a time
#                        limit each); tests/fuzz/RESULTS.md has the runs
# make check runs each briefly (tests/unit/fuzz.sh): docs/fuzzing-runtime.md
FUZZ_CC ?= clang-14
FUZZ_RUNS ?= 10000000
FUZZ_SECONDS ?= 0
FUZZ_TARGETS ?= options suppressions symbolize_answer elf ksan_cc
FUZZ_CFLAGS := -std=gnu11 -g -O1 -fno-omit-frame-pointer \
	-fsanitize=fuzzer,address,undefined -fno-sanitize-recover=all \
	-Iinclude -Isrc -Itests/fuzz -D__asan_default_options=fuzz_asan_default_options \
	-D__ubsan_default_options=fuzz_ubsan_default_options \
	-D__lsan_default_options=fuzz_lsan_default_options \
	-D__ksan_default_options=fuzz_ksan_default_options -DKSAN_VERSION='"$(VERSION)"'
FUZZ_SRC_options := src/core/options.c src/core/print.c src/core/mem.c src/port/linux/platform/options.c \
	src/port/linux/platform/secure.c
# (the harness includes core/suppress.c and ubsan/suppress.c: their statics)
FUZZ_SRC_suppressions := src/core/options.c src/core/print.c src/core/mem.c
FUZZ_SRC_symbolize_answer := src/core/mem.c src/port/linux/symbolize/answer.c
FUZZ_SRC_elf := src/core/mem.c src/port/linux/symbolize/elf.c
FUZZ_SRC_ksan_cc :=
FUZZ_DEPS_suppressions := src/core/suppress.c src/ubsan/suppress.c
FUZZ_DEPS_ksan_cc := tools/ksan-cc.c
define FUZZ_RULE
$(B)/fuzz/$(1): tests/fuzz/$(1).c tests/fuzz/stubs.c tests/fuzz/fuzz.h $(FUZZ_SRC_$(1)) \
		$(FUZZ_DEPS_$(1)) src/core/*.h $(wildcard src/port/linux/*.h src/port/linux/*/*.h) src/core/options.def
	@mkdir -p $$(@D)
	$(FUZZ_CC) $(FUZZ_CFLAGS) -o $$@ tests/fuzz/$(1).c tests/fuzz/stubs.c $(FUZZ_SRC_$(1))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_RULE,$(t))))
fuzz: $(addprefix $(B)/fuzz/,$(FUZZ_TARGETS))
fuzz-runtime: fuzz
	@FUZZ_SECONDS=$(FUZZ_SECONDS) bash tests/fuzz/run.sh $(B) $(FUZZ_RUNS) $(FUZZ_TARGETS)
.PHONY: fuzz fuzz-runtime

# the header dependencies -MMD wrote (none before the first build)
-include $(patsubst %.o,%.d,$(FREE_OBJ) $(LINUX_OBJ) $(STUB_OBJ) $(PRELOAD_OBJ) $(KMSAN_OBJ) \
	$(KCSAN_OBJ) $(TAGS_OBJ) $(B)/obj/rt-kcsan/$(LP)/kfence/malloc.o \
	$(foreach r,kmsan kmsanwrap,$(call rt_obj,$(r),$(call src_of,$(LP)/kmsan-libc))) \
	$(patsubst src/%.c,$(B)/obj/%.o,$(call src_of,kmsan kcsan tags)))
