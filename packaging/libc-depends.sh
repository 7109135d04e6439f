#!/bin/sh
# libc-depends.sh BINARY: the libc6 dependency of the Debian package, as
# dpkg-shlibdeps computes it for BINARY (it wants a debian/control), else
# a bare "libc6".
set -u
t=$(mktemp -d) || { echo libc6; exit 0; }
mkdir -p "$t/debian"
printf 'Source: ksan\n\nPackage: ksan\nArchitecture: any\n' > "$t/debian/control"
dep=$(cd "$t" && dpkg-shlibdeps -O "$1" 2>/dev/null | sed -n 's/^shlibs:Depends=//p')
rm -rf "$t"
echo "${dep:-libc6}"
