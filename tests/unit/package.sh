#!/usr/bin/env bash
# The Debian package (docs/packaging.md): make deb, lintian (no errors),
# apt-get install ./ksan_*.deb into this system, use /usr/bin/ksan-cc on an
# example and check the report, man pages, pkg-config, ksan-triage, then
# apt-get purge and check that no file of the package is left.  Needs root,
# dpkg-deb, apt-get and lintian (.ci/run installs them); skipped without.
# Runs are serialised (flock): the package is installed system-wide.
#   usage: tests/unit/package.sh [build-dir]
set -u -o pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
B=${1:-$root/build}
mkdir -p "$B" && B=$(cd "$B" && pwd)
tmp=$B/unit-tests/package
rm -rf "$tmp" && mkdir -p "$tmp"
steps="build lintian version install use man pkgconfig cmake triage purge"
echo "PLAN: $(echo $steps | wc -w)"
skip_all() { for s in $steps; do echo "SKIP: package/$s: $1"; done; exit 0; }
pass() { echo "PASS: package/$1"; }
fail() { echo "FAIL: package/$1: $2"; }

# root, or sudo without a password (CI runners)
if [ "$(id -u)" -eq 0 ]; then
	as_root=()
elif command -v sudo > /dev/null && sudo -n true 2> /dev/null; then
	as_root=(sudo -n)
else
	skip_all "needs root or password-less sudo (installs the package)"
fi
for t in dpkg-deb apt-get lintian flock; do
	command -v $t > /dev/null || skip_all "no $t"
done
exec 9> /tmp/ksan-package-test.lock
flock -w 600 9 || skip_all "another package test holds /tmp/ksan-package-test.lock"
if dpkg -s ksan > /dev/null 2>&1; then
	skip_all "a ksan package is already installed: not touching it"
fi
version=$(cat "$root/VERSION")
apt=("${as_root[@]}" env DEBIAN_FRONTEND=noninteractive apt-get -y -q -o DPkg::Lock::Timeout=300)
# slim container images tell dpkg to drop every man page: let ksan's in
if grep -qs '^path-exclude.*/usr/share/man' /etc/dpkg/dpkg.cfg.d/*; then
	apt+=(-o 'DPkg::Options::=--path-include=/usr/share/man/man*/ksan*')
fi
purged=0
cleanup() { [ "$purged" = 1 ] || "${apt[@]}" purge ksan > /dev/null 2>&1; }
trap cleanup EXIT

# 1. build
if make -C "$root" --no-print-directory B="$B" deb > "$tmp/deb.log" 2>&1 &&
   deb=$(tail -1 "$tmp/deb.log") && [ -f "$deb" ] &&
   [ "$(basename "$deb")" = "ksan_${version}_$(dpkg --print-architecture).deb" ]; then
	pass build
else
	fail build "$(tail -5 "$tmp/deb.log" | tr '\n' ' ')"
	for s in $steps; do [ $s = build ] || echo "SKIP: package/$s: no package"; done
	exit 0
fi

# 2. lintian: no error (warnings are listed)
lintian --tag-display-limit 0 "$deb" > "$tmp/lintian.log" 2>&1
if ! grep -q '^E: ' "$tmp/lintian.log"; then
	pass lintian
	grep '^W: ' "$tmp/lintian.log" | sed 's/^/    /'
else
	fail lintian "$(grep -c '^E: ' "$tmp/lintian.log") errors:"
	grep '^E: ' "$tmp/lintian.log" | sed 's/^/    /'
fi

# 3. the one version: the package's, its changelog's (from NEWS)
dpkg-deb -x "$deb" "$tmp/x"
cl=$(zcat "$tmp/x/usr/share/doc/ksan/changelog.gz" | head -1)
if [ "$(dpkg-deb -f "$deb" Version)" = "$version" ] &&
   [ "$cl" = "ksan ($version) unstable; urgency=medium" ] &&
   zcat "$tmp/x/usr/share/doc/ksan/NEWS.gz" | grep "^ksan $version " > /dev/null; then
	pass version
else
	fail version "package $(dpkg-deb -f "$deb" Version), changelog '$cl', VERSION $version"
fi

# the package's paths, and which of them exist now (directories it shares
# with the system do; its own files must not, before or after)
dpkg-deb -c "$deb" | awk '{ print $6 }' | sed 's|^\./|/|; s|/$||' | grep . | sort > "$tmp/paths"
state() { while read -r p; do [ -e "$p" ] && echo "$p"; done < "$tmp/paths"; ls /var/lib/dpkg/info/ksan.* 2>/dev/null; }
state > "$tmp/before"

# 4. install with apt-get, as a user would
if "${apt[@]}" install "$deb" > "$tmp/install.log" 2>&1 && dpkg -s ksan > /dev/null 2>&1 &&
   [ -x /usr/bin/ksan-cc ] && [ "$(/usr/bin/ksan-cc --version | head -1)" = "ksan-cc (ksan) $version" ]; then
	pass install
else
	fail install "$(tail -5 "$tmp/install.log" | tr '\n' ' ')"
fi

# 5. use: an example built by /usr/bin/ksan-cc with the installed runtime
triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -dumpmachine)
cp "$root/examples/strbuf_overflow.c" "$tmp/"
(cd "$tmp" && KSAN_CC_VERBOSE=1 /usr/bin/ksan-cc -g strbuf_overflow.c -o sb) > "$tmp/use.log" 2>&1
(cd "$tmp" && ./sb > /dev/null 2> "$tmp/report.txt")
rc=$?
if grep -q "/usr/lib/$triplet/ksan/libksan.a" "$tmp/use.log" &&
   [ $rc -eq 1 ] && grep -q '^BUG: KASAN: slab-out-of-bounds in strbuf_append+0x' "$tmp/report.txt" &&
   grep -q "^ strbuf_append+0x[0-9a-f]*/0x[0-9a-f]* $tmp/strbuf_overflow.c:27$" "$tmp/report.txt"; then
	pass use
else
	fail use "exit status $rc; $(head -c 300 "$tmp/use.log" "$tmp/report.txt" | tr '\n' ' ')"
fi

# 6. man ksan-cc works; ksan(7) lists the runtime's options
if [ "$(man -w ksan-cc 2>/dev/null)" = /usr/share/man/man1/ksan-cc.1.gz ] &&
   MANWIDTH=200 man ksan-cc 2>/dev/null | grep '^ *ksan-cc - compile and link C programs' > /dev/null &&
   MANWIDTH=200 man 7 ksan 2>/dev/null | grep '^ *log_socket=string' > /dev/null &&
   man -w ksan-triage > /dev/null 2>&1; then
	pass man
else
	fail man "man -w ksan-cc: '$(man -w ksan-cc 2>&1)'"
fi

# 7. pkg-config: a program calling ksan.h's API builds with and without ksan
pc=$(pkg-config --cflags --libs ksan 2>&1)
if [ "$(pkg-config --modversion ksan 2>&1)" = "$version" ] &&
   gcc $pc "$root/tests/buildsys/api.c" -o "$tmp/api-plain" && [ "$("$tmp/api-plain")" = ok ] &&
   /usr/bin/ksan-cc $pc "$root/tests/buildsys/api.c" -o "$tmp/api-ksan" &&
   { "$tmp/api-ksan" > /dev/null 2> "$tmp/api.err"; [ $? -eq 1 ]; } &&
   grep -q '^BUG: KASAN: use-after-poison in main' "$tmp/api.err"; then
	pass pkgconfig
else
	fail pkgconfig "'$pc'; $(head -c 200 "$tmp/api.err" 2>/dev/null)"
fi

# 8. CMake's find_package(ksan) finds the installed package by itself
# (/usr/bin on PATH): ksan::kasan on some targets of tests/buildsys/proj
if ! command -v cmake > /dev/null; then
	echo "SKIP: package/cmake: no cmake"
elif cmake -S "$root/tests/buildsys/proj" -B "$tmp/cm" -DCMAKE_C_COMPILER=gcc -DKSAN_TARGETS=ON \
	> "$tmp/cm.log" 2>&1 && grep "^KSAN_CC:FILEPATH=/usr/bin/ksan-cc$" "$tmp/cm/CMakeCache.txt" > /dev/null &&
   cmake --build "$tmp/cm" > "$tmp/cm-build.log" 2>&1 &&
   { "$tmp/cm/overflow" > /dev/null 2> "$tmp/cm-bug.err"; [ $? -eq 1 ]; } &&
   grep -q '^BUG: KASAN: slab-out-of-bounds in util_dup_short+0x' "$tmp/cm-bug.err"; then
	pass cmake
else
	fail cmake "$(tail -3 "$tmp/cm.log" "$tmp/cm-build.log" 2>&1 | tr '\n' ' ')"
fi

# 9. ksan-triage, installed
if [ "$(/usr/bin/ksan-triage --version)" = "ksan-triage $version" ] &&
   /usr/bin/ksan-triage "$tmp/report.txt" | grep '^    1  .*  BUG: KASAN: slab-out-of-bounds in strbuf_append$' > /dev/null; then
	pass triage
else
	fail triage "$(/usr/bin/ksan-triage "$tmp/report.txt" 2>&1 | head -3)"
fi

# 10. purge: nothing of the package is left
"${apt[@]}" purge ksan > "$tmp/purge.log" 2>&1
purged=1
state > "$tmp/after"
if ! dpkg -s ksan > /dev/null 2>&1 && diff "$tmp/before" "$tmp/after" > "$tmp/diff"; then
	pass purge
else
	fail purge "left behind: $(head -5 "$tmp/diff" | tr '\n' ' ') $(tail -3 "$tmp/purge.log" | tr '\n' ' ')"
fi
