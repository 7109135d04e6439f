#!/usr/bin/env bash
# ksan inside build systems (docs/packaging.md): one small project
# (tests/buildsys/proj: a static library, a shared one with a version
# script, an executable, a test, and a program with a heap overflow) built
# by autotools, CMake and Meson, each with the plain compiler and with
# ksan-cc: configure's answers (config.h) must be the same, the project's
# tests must pass, and the overflow must be reported under ksan only.
# Also CMake's find_package(ksan) with ksan::kasan on chosen targets, and
# pkg-config.  A build system that is not installed is skipped.
#   usage: tests/unit/buildsys.sh [build-dir]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
tmp=$B/unit-tests/buildsys
rm -rf "$tmp" && mkdir -p "$tmp"
proj=$root/tests/buildsys/proj
K=$B/bin/ksan-cc
prefix=$tmp/prefix
unset KSAN_OPTIONS CFLAGS LDFLAGS CPPFLAGS
export MAKEFLAGS=-j2
echo 'PLAN: 19'
pass() { echo "PASS: buildsys/$1"; }
fail() { echo "FAIL: buildsys/$1: $2"; }
skip() { for s in "${@:2}"; do echo "SKIP: buildsys/$s: $1"; done; }
log() { tail -${2:-8} "$1" | sed 's/^/    /'; }

# bug <name> <ksan-built exe> <plain exe>: the overflow is reported under
# ksan (status 1, the report's title) and silent without
bug() {
	"$2" > /dev/null 2> "$tmp/$1-bug.err"
	local rk=$?
	"$3" > /dev/null 2> "$tmp/$1-plain.err"
	local rp=$?
	if [ $rk -eq 1 ] && grep -q '^BUG: KASAN: slab-out-of-bounds in util_dup_short+0x' "$tmp/$1-bug.err" &&
	   [ $rp -eq 0 ] && [ ! -s "$tmp/$1-plain.err" ]; then
		pass "$1/bug"
	else
		fail "$1/bug" "ksan build: status $rk, plain: status $rp"
		log "$tmp/$1-bug.err" 4
	fi
}
# same_config <name> <plain config.h> <ksan config.h>
same_config() {
	if [ -f "$2" ] && diff -u "$2" "$3" > "$tmp/$1-config.diff"; then
		pass "$1/config_h"
	else
		fail "$1/config_h" "config.h differs under ksan:"
		log "$tmp/$1-config.diff" 20
	fi
}

# the install that CMake's find_package and pkg-config read
if make -C "$root" --no-print-directory B="$B" install PREFIX="$prefix" > "$tmp/install.log" 2>&1; then
	pass install
else
	fail install "make install:"; log "$tmp/install.log"
fi
# the installed manual: man finds ksan-cc(1), and ksan(7) lists every option
# of the runtime's table (generated from it)
missing=$(sed -n 's/^KSAN_OPT([A-Z_]*, *\([a-z0-9_]*\),.*/\1/p' "$root/src/core/options.def" |
	while read -r o; do grep -qF "\\fB$o\\fR=" "$prefix/share/man/man7/ksan.7" || echo "$o"; done)
if [ "$(man -M "$prefix/share/man" -w ksan-cc 2>&1)" = "$prefix/share/man/man1/ksan-cc.1" ] &&
   [ -z "$missing" ] && [ "$(grep -c '^KSAN_OPT(' "$root/src/core/options.def")" -ge 30 ]; then
	pass man
else
	fail man "man -w: '$(man -M "$prefix/share/man" -w ksan-cc 2>&1)'; options missing from ksan(7): $missing"
fi

# ---- autotools: ./configure CC=ksan-cc; make check ----------------------
A=(autotools/configure autotools/config_h autotools/cache autotools/leak_probe autotools/check
   autotools/bug autotools/version_script)
if ! command -v autoreconf > /dev/null || ! command -v libtoolize > /dev/null; then
	skip "no autoconf/automake/libtool" "${A[@]}"
else
	cp -r "$proj" "$tmp/at" && mkdir -p "$tmp/at/m4" "$tmp/at/k" "$tmp/at/p" "$tmp/at/l"
	if (cd "$tmp/at" && autoreconf -fi) > "$tmp/autoreconf.log" 2>&1 &&
	   (cd "$tmp/at/p" && ../configure CC=gcc) > "$tmp/at-p.log" 2>&1 &&
	   (cd "$tmp/at/k" && ../configure CC="$K") > "$tmp/at-k.log" 2>&1; then
		pass autotools/configure
	else
		fail autotools/configure "autoreconf or configure failed:"
		log "$tmp/autoreconf.log" 3; log "$tmp/at-p.log" 3; log "$tmp/at-k.log" 5
	fi
	same_config autotools "$tmp/at/p/config.h" "$tmp/at/k/config.h"
	# every answer configure cached (autoconf's, automake's, libtool's),
	# not only those config.h shows; the ones naming the compiler differ
	for d in p k; do
		grep '^\(ac\|am\|lt\)_cv_' "$tmp/at/$d/config.log" |
			grep -v '^ac_cv_\(env_CC_value\|prog_CPP\|prog_ac_ct_CC\)=' > "$tmp/at-$d.cache"
	done
	if [ "$(wc -l < "$tmp/at-p.cache")" -ge 50 ] && diff -u "$tmp/at-p.cache" "$tmp/at-k.cache" > "$tmp/at-cache.diff"; then
		pass autotools/cache
	else
		fail autotools/cache "configure's cached answers differ under ksan:"
		log "$tmp/at-cache.diff" 20
	fi
	# what the probe rule prevents: with the leak check forced on, the
	# leaking run checks answer no (the comparison above can fail)
	(cd "$tmp/at/l" && KSAN_OPTIONS=detect_leaks=1 ../configure CC="$K") > "$tmp/at-l.log" 2>&1
	if grep -q '^#define MALLOC_0_IS_NONNULL 1' "$tmp/at/k/config.h" &&
	   grep -q '^/\* #undef MALLOC_0_IS_NONNULL \*/' "$tmp/at/l/config.h"; then
		pass autotools/leak_probe
	else
		fail autotools/leak_probe "detect_leaks=1 did not change MALLOC_0_IS_NONNULL"
	fi
	if make -C "$tmp/at/k" check > "$tmp/at-k-check.log" 2>&1 &&
	   grep -q '^# PASS: *1$' "$tmp/at-k-check.log" &&
	   make -C "$tmp/at/p" check > "$tmp/at-p-check.log" 2>&1; then
		pass autotools/check
	else
		fail autotools/check "make check:"; log "$tmp/at-k-check.log" 15
	fi
	bug autotools "$tmp/at/k/overflow" "$tmp/at/p/overflow"
	syms=$(nm -D --defined-only "$tmp/at/k/.libs/libshape.so" 2>/dev/null | awk '$2 == "T" { print $3 }' | sort | tr '\n' ' ')
	if [ "$syms" = "shape_area@@SHAPE_1.0 shape_version@@SHAPE_1.0 " ]; then
		pass autotools/version_script
	else
		fail autotools/version_script "libshape.so exports '$syms'"
	fi
fi

# ---- CMake: -DCMAKE_C_COMPILER=ksan-cc; find_package(ksan) --------------
C=(cmake/configure cmake/config_h cmake/test cmake/bug cmake/targets)
if ! command -v cmake > /dev/null; then
	skip "no cmake" "${C[@]}"
else
	if cmake -S "$proj" -B "$tmp/cm/p" -DCMAKE_C_COMPILER=gcc > "$tmp/cm-p.log" 2>&1 &&
	   cmake -S "$proj" -B "$tmp/cm/k" -DCMAKE_C_COMPILER="$K" > "$tmp/cm-k.log" 2>&1; then
		pass cmake/configure
	else
		fail cmake/configure "cmake:"; log "$tmp/cm-p.log" 4; log "$tmp/cm-k.log"
	fi
	same_config cmake "$tmp/cm/p/config.h" "$tmp/cm/k/config.h"
	if cmake --build "$tmp/cm/k" > "$tmp/cm-k-build.log" 2>&1 &&
	   cmake --build "$tmp/cm/p" > "$tmp/cm-p-build.log" 2>&1 &&
	   (cd "$tmp/cm/k" && ctest --output-on-failure) > "$tmp/cm-k-test.log" 2>&1; then
		pass cmake/test
	else
		fail cmake/test "build or ctest:"; log "$tmp/cm-k-build.log"; log "$tmp/cm-k-test.log"
	fi
	bug cmake "$tmp/cm/k/overflow" "$tmp/cm/p/overflow"
	# a plain compiler; ksan::kasan on util, shapeapp, test_shape, overflow:
	# the overflow is caught, libshape is left alone, the test passes
	if cmake -S "$proj" -B "$tmp/cm/t" -DCMAKE_C_COMPILER=gcc -DKSAN_TARGETS=ON \
		-DCMAKE_PREFIX_PATH="$prefix" > "$tmp/cm-t.log" 2>&1 &&
	   cmake --build "$tmp/cm/t" > "$tmp/cm-t-build.log" 2>&1 &&
	   (cd "$tmp/cm/t" && ctest) > "$tmp/cm-t-test.log" 2>&1 &&
	   { "$tmp/cm/t/overflow" > /dev/null 2> "$tmp/cm-t-bug.err"; [ $? -eq 1 ]; } &&
	   grep -q '^BUG: KASAN: slab-out-of-bounds in util_dup_short+0x' "$tmp/cm-t-bug.err" &&
	   ! nm "$tmp/cm/t/libshape.so" | grep '__asan_' > /dev/null &&
	   nm "$tmp/cm/t/shapeapp" | grep ' T __asan_report_load1$' > /dev/null; then
		pass cmake/targets
	else
		fail cmake/targets "find_package(ksan) with ksan::kasan:"
		log "$tmp/cm-t.log" 5; log "$tmp/cm-t-build.log" 5; log "$tmp/cm-t-bug.err" 3
	fi
fi

# ---- Meson: CC=ksan-cc meson setup ----------------------------------------
M=(meson/configure meson/config_h meson/test meson/bug)
if ! command -v meson > /dev/null || ! command -v ninja > /dev/null; then
	skip "no meson or ninja" "${M[@]}"
else
	if CC=gcc meson setup "$tmp/ms/p" "$proj" > "$tmp/ms-p.log" 2>&1 &&
	   CC="$K" meson setup "$tmp/ms/k" "$proj" > "$tmp/ms-k.log" 2>&1; then
		pass meson/configure
	else
		fail meson/configure "meson setup:"; log "$tmp/ms-p.log" 4; log "$tmp/ms-k.log"
	fi
	same_config meson "$tmp/ms/p/config.h" "$tmp/ms/k/config.h"
	if meson compile -C "$tmp/ms/p" > "$tmp/ms-p-build.log" 2>&1 &&
	   meson compile -C "$tmp/ms/k" > "$tmp/ms-k-build.log" 2>&1 &&
	   meson test -C "$tmp/ms/k" > "$tmp/ms-k-test.log" 2>&1; then
		pass meson/test
	else
		fail meson/test "meson compile or test:"; log "$tmp/ms-k-build.log" 4; log "$tmp/ms-k-test.log"
	fi
	bug meson "$tmp/ms/k/overflow" "$tmp/ms/p/overflow"
fi

# ---- pkg-config: the API's include directory, with and without ksan --------
if ! command -v pkg-config > /dev/null; then
	skip "no pkg-config" pkgconfig
else
	pc=$(PKG_CONFIG_PATH=$prefix/lib/pkgconfig pkg-config --cflags --libs ksan 2>&1)
	pc=$(echo $pc)	# pkg-config ends the line with a space
	if [ "$pc" = "-I$prefix/include" ] &&
	   gcc $pc "$root/tests/buildsys/api.c" -o "$tmp/api-plain" && [ "$("$tmp/api-plain")" = ok ] &&
	   "$prefix/bin/ksan-cc" $pc "$root/tests/buildsys/api.c" -o "$tmp/api-ksan" &&
	   { "$tmp/api-ksan" > /dev/null 2> "$tmp/api.err"; [ $? -eq 1 ]; } &&
	   grep -q '^BUG: KASAN: use-after-poison in main' "$tmp/api.err"; then
		pass pkgconfig
	else
		fail pkgconfig "pkg-config --cflags --libs ksan: '$pc'"
	fi
fi
