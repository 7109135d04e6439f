#!/bin/sh
# changelog.sh NEWS: the Debian changelog of the package (native: no
# Debian revision), one entry per NEWS section.  NEWS sections look like
#   ksan 0.1.0 (2026-12-06)
#   <blank>
#     * change
#       continued
set -eu
awk '
function close_entry() {
	if (ver != "")
		printf "\n -- ksan developers <ksan@ksan-project.org>  %s\n\n", when
}
/^ksan [0-9][^ ]* \([0-9-]+\)$/ {
	close_entry()
	ver = $2; d = $3; gsub(/[()]/, "", d)
	cmd = "LC_ALL=C date -u -R -d " d " 2>/dev/null"
	cmd | getline when; close(cmd)
	printf "ksan (%s) unstable; urgency=medium\n\n", ver
	next
}
ver != "" && /^  / { print }
END { close_entry() }
' "$1"
