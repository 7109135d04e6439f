#!/bin/bash
# This file contains the run of real packages' own test suites under KMSAN (issue 25): Debian
# bookworm's sources, built with ksan-cc --ksan=kmsan (clang), checked against Debian's own,
# uninstrumented libc, every report logged.  Not part of make check (it takes long); run it with
# `make package-suites` or directly:
#
#   tests/packages/kmsan-suites.sh [-w WORKDIR] [-b KSAN_BUILD] [PACKAGE...]
#
# PACKAGE is one of: zlib lz4 bzip2 libyaml expat xz-utils libzstd jq (default: all, in that
# order), or expat-nogetrandom: expat as it builds on a C library without arc4random_buf and
# getrandom (glibc before 2.25), seeding its salt with syscall(SYS_getrandom).  Needs a deb-src entry for bookworm (apt-get source), dpkg-dev, clang, autoconf,
# automake, libtool, cmake.  Each build and suite runs on one core (make -j1).  For each package
# it prints one line: name, version, suite exit status, seconds, KMSAN reports, distinct
# reports; the reports themselves are in WORKDIR/log/PACKAGE.PID, one file per process
# (KSAN_OPTIONS=halt_on_error=0:log_path=...), and the build/test output in WORKDIR/PACKAGE.out.
set -u

here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../.." && pwd)
work=${TMPDIR:-/tmp}/ksan-package-suites
build=$top/build
while getopts "w:b:" o; do
	case $o in
	w) work=$OPTARG ;;
	b) build=$OPTARG ;;
	*) echo "usage: $0 [-w WORKDIR] [-b KSAN_BUILD] [PACKAGE...]" >&2; exit 2 ;;
	esac
done
shift $((OPTIND - 1))
all="zlib lz4 bzip2 libyaml expat xz-utils libzstd jq"
pkgs=${*:-$all}

# The versions measured in tests/packages/RESULTS.md (bookworm's, at the snapshot the runs used;
# the -security versions are not on every mirror, so the point-release ones are pinned).
declare -A version=(
	[zlib]=1:1.2.13.dfsg-1 [lz4]=1.9.4-1 [bzip2]=1.0.8-5 [libyaml]=0.2.5-1
	[expat]=2.5.0-1+deb12u2 [xz-utils]=5.4.1-1+deb12u1 [libzstd]=1.5.4+dfsg2-5
	[jq]=1.6-2.1+deb12u2 [expat-nogetrandom]=2.5.0-1+deb12u2
)
# variants: another build of a source package
declare -A srcpkg=([expat-nogetrandom]=expat)

# A binary of each suite that must be instrumented, so that a build which silently used another
# compiler cannot pass as "0 reports".
declare -A probe=(
	[zlib]=example [lz4]=programs/lz4 [bzip2]=bzip2 [libyaml]=src/.libs/libyaml-0.so.2.0.9
	[expat]=expat/tests/runtests [xz-utils]=src/liblzma/.libs/liblzma.so.5
	[libzstd]=programs/zstd [jq]=.libs/jq [expat-nogetrandom]=expat/tests/runtests
)

[ -x "$build/bin/ksan-cc" ] || { echo "$0: no $build/bin/ksan-cc: run make first" >&2; exit 2; }
build=$(cd "$build" && pwd)
mkdir -p "$work/src" "$work/log" "$work/bin" || exit 2
work=$(cd "$work" && pwd)

# Compiler wrappers: configure scripts and cmake take one word as CC.
for w in kcc:clang kcxx:clang++; do
	printf '#!/bin/sh\nexec "%s" --ksan=kmsan --ksan-cc=%s -g "$@"\n' \
		"$build/bin/ksan-cc" "${w#*:}" > "$work/bin/${w%%:*}"
	chmod +x "$work/bin/${w%%:*}"
done
export CC=$work/bin/kcc CXX=$work/bin/kcxx
export MAKEFLAGS=-j1

# fetch PACKAGE: the Debian source tree, extracted with Debian's patches applied, in $src.
fetch() {
	local p=${srcpkg[$1]:-$1} v=${version[$1]}
	local uv=${v#*:}
	src=$work/src/$1-${uv%-*}
	[ -d "$src" ] && return 0
	(cd "$work/src" && apt-get source --download-only "$p=$v" >/dev/null &&
		dpkg-source --no-check -x "${p}_${uv}.dsc" "$src" >/dev/null)
}

# One function per package: build with $CC (one core) and run the package's own suite, as
# debian/rules runs it (dh_auto_test) unless the comment says otherwise.  The suite's exit
# status is the function's.
build_zlib() {
	CFLAGS="-O2" ./configure && make
}

suite_zlib() {
	build_zlib && make check
}

suite_lz4() {
	# debian/rules: make && make test.  That is tests/'s test target and examples/' test, run
	# here without test-lz4-hugefile (3.25 GB through lz4 twice: hours under KMSAN on a shared
	# core) and with the two fuzzers at 20 s each instead of 90 s.
	make && make -C tests FUZZER_TIME=-T20s test-lz4-essentials test-lz4-opt-parser \
		test-lz4-sparse test-lz4-dict test-lz4-skippable test-lz4c test-frametest \
		test-fullbench test-fuzzer test-amalgamation listTest test-decompress-partial &&
		make -C examples test
}

suite_bzip2() {
	# Its Makefile sets CC=gcc: give it on the command line.
	make CC="$CC" bzip2 bzip2recover && make CC="$CC" check
}

suite_libyaml() {
	# make check runs test-version and test-reader only; tests/run-all-tests.sh wants the
	# yaml-test-suite data, which is not in the source package.  So also: every tool in tests/
	# over the package's own examples/ and regression-inputs/ (a rejected input exits 1).
	./bootstrap && ./configure --disable-static && make && make check || return
	local t f
	for t in run-scanner run-parser run-loader run-emitter run-dumper; do
		tests/$t examples/*.yaml regression-inputs/*.yml > /dev/null || return
	done
	for t in example-reformatter example-reformatter-alt example-deconstructor \
		example-deconstructor-alt run-parser-test-suite; do
		for f in examples/*.yaml regression-inputs/*.yml; do
			tests/$t < "$f" > /dev/null
			[ $? -le 1 ] || return
		done
	done
}

suite_expat() {
	cd expat && ./buildconf.sh && ./configure --disable-static --without-docbook &&
		make && make check
}

suite_expat-nogetrandom() {
	# configure finds arc4random_buf and getrandom in glibc 2.36; without them (as before
	# glibc 2.25) expat calls syscall(SYS_getrandom) (lib/xmlparse.c, its own MSan ignore list)
	cd expat && ./buildconf.sh && ./configure --disable-static --without-docbook &&
		sed -i -e '/define HAVE_ARC4RANDOM_BUF/d' -e '/define HAVE_GETRANDOM/d' expat_config.h &&
		grep -q 'define HAVE_SYSCALL_GETRANDOM 1' expat_config.h && make && make check
}

build_xz-utils() {
	./configure --disable-static --enable-threads && make
}

suite_xz-utils() {
	build_xz-utils && make check
}

# dep_dir PACKAGE FILE: the directory of FILE in PACKAGE's KMSAN build under WORKDIR, the one
# its own suite made, or built here (no suite) if that has not run.
dep_dir() {
	local f=$2
	fetch "$1" || return
	[ -e "$src/$f" ] || (cd "$src" && "build_$1") >&2 || return
	[ -e "$src/$f" ] && dirname "$src/$f"
}

suite_libzstd() {
	# zstd's .gz and .xz paths call libz and liblzma.  As MemorySanitizer asks (every
	# library instrumented), they are zlib's and xz-utils' KMSAN builds, not Debian's
	# uninstrumented libz.so.1 and liblzma.so.5, which write zstd's buffers unseen.  The
	# Makefiles add to CPPFLAGS and LDFLAGS, so they come from the environment.
	local z x
	z=$(dep_dir zlib libz.so.1) && x=$(dep_dir xz-utils src/liblzma/.libs/liblzma.so.5) ||
		return
	export CPPFLAGS="-I$z -I$x/../api" LDFLAGS="-L$z -L$x -Wl,-rpath,$z:$x"
	make -C lib libzstd.a && make -C programs zstd && linked_to programs/zstd "$z" "$x" &&
		make check && linked_to programs/zstd "$z" "$x"
}

# linked_to BINARY DIR...: BINARY loads its libz and liblzma from the DIRs (KMSAN builds).
linked_to() {
	local b=$1 l
	shift
	for l in libz.so.1 liblzma.so.5; do
		ldd "$b" | grep -Eq "$l => ($(echo "$@" | tr ' ' '|'))/$l " ||
			{ echo "$b: $l is not the KMSAN build" >&2; return 1; }
	done
}

suite_jq() {
	# Oniguruma (jq's regular expressions; Debian links libonig5) is Debian's libonig, built
	# with KMSAN too and installed under WORKDIR/onig: an uninstrumented one would write jq's
	# memory unseen.  --disable-valgrind: jq's tests otherwise run each jq under valgrind.
	local onig=$work/onig v=6.9.8-1
	local uv=${v#*:}
	if [ ! -e "$onig/lib/libonig.so" ]; then
		(cd "$work/src" && apt-get source --download-only "libonig=$v" >/dev/null &&
		 rm -rf "libonig-${uv%-*}" &&
		 dpkg-source --no-check -x "libonig_${uv}.dsc" "libonig-${uv%-*}" >/dev/null &&
		 cd "libonig-${uv%-*}" && autoreconf -fi && ./configure --prefix="$onig" &&
		 make && make install) || return
	fi
	# tests/mantest takes its cases from `rake mantests` (docs/Rakefile.manual: each example
	# of docs/content/3.manual/manual.yml); without rake it runs 0 tests and passes.  Where
	# rake is missing, a stand-in prints the same lines.
	if ! command -v rake > /dev/null; then
		mkdir -p "$work/jq-tools" && cat > "$work/jq-tools/rake" <<-'EOF'
		#!/usr/bin/python3
		import sys, yaml
		if sys.argv[1:] != ["mantests"]:
		    sys.exit("rake stand-in: only `rake mantests`")
		def s(v):
		    return "" if v is None else str(v).lower() if isinstance(v, bool) else str(v)
		for sec in yaml.safe_load(open("content/3.manual/manual.yml"))["sections"]:
		    for e in sec.get("entries") or []:
		        for x in e.get("examples") or []:
		            print(s(x["program"]).replace("\n", " "))
		            print(s(x["input"]))
		            for o in x["output"]:
		                print(s(o))
		            print()
		EOF
		chmod +x "$work/jq-tools/rake" && export PATH=$work/jq-tools:$PATH || return
	fi
	autoreconf -fi && ./configure --disable-static --with-oniguruma="$onig" --disable-docs \
		--disable-valgrind LDFLAGS="-Wl,-rpath,$onig/lib" && make && make check
}

printf '%-9s %-22s %6s %6s %8s %8s\n' package version status secs reports distinct
for p in $pkgs; do
	[ -n "${version[$p]:-}" ] || { echo "$0: unknown package $p" >&2; continue; }
	fetch "$p" || { echo "$p: apt-get source ${version[$p]} failed" >&2; continue; }
	rm -f "$work/log/$p".*
	start=$(date +%s)
	(cd "$src" &&
		KSAN_OPTIONS=halt_on_error=0:log_path=$work/log/$p${KSAN_OPTIONS:+:$KSAN_OPTIONS} \
			"suite_$p") > "$work/$p.out" 2>&1
	status=$?
	if ! nm -D "$src/${probe[$p]}" 2>/dev/null | grep -q __msan_ &&
	   ! nm "$src/${probe[$p]}" 2>/dev/null | grep -q __msan_; then
		echo "$p: ${probe[$p]} is not instrumented (or was not built): not counted" >&2
		status=not-instrumented
	fi
	secs=$(( $(date +%s) - start ))
	reports=$(cat "$work/log/$p".* 2>/dev/null | grep -c '^BUG: KMSAN')
	distinct=$(cat "$work/log/$p".* 2>/dev/null | grep '^BUG: KMSAN' | sort -u | wc -l)
	printf '%-9s %-22s %6s %6s %8s %8s\n' "$p" "${version[$p]}" "$status" "$secs" \
		"$reports" "$distinct"
done
