#!/usr/bin/env bash
# The way in: README.md stays short (at most 300 lines), the files a newcomer
# is sent to exist (docs/design.md, docs/README.md, CONTRIBUTING.md, LICENSE),
# and every relative link in README.md, CONTRIBUTING.md and docs/*.md names a
# file or folder of the tree (anchors and web links are not followed).
#   usage: tests/unit/docs.sh [build-dir]
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
cd "$root" || exit 1
pages=(README.md CONTRIBUTING.md docs/*.md)
echo "PLAN: $((2 + ${#pages[@]}))"

n=$(wc -l < README.md)
if [ "$n" -le 300 ]; then echo "PASS: readme_short"
else echo "FAIL: readme_short: README.md has $n lines (at most 300)"; fi

missing=
for f in docs/design.md docs/README.md CONTRIBUTING.md LICENSE; do
	[ -s "$f" ] || missing="$missing $f"
done
if [ -z "$missing" ]; then echo "PASS: way_in_files"
else echo "FAIL: way_in_files: missing or empty:$missing"; fi

# links_of <page>: the targets of its Markdown links [text](target), one a
# line, outside fenced code blocks
links_of() {
	awk '/^```/ { code = !code; next } !code' "$1" |
		grep -oE '\]\([^)]+\)' | sed -E 's/^\]\(//; s/\)$//'
}
for page in "${pages[@]}"; do
	dir=$(dirname "$page") bad=
	while IFS= read -r target; do
		case $target in http://*|https://*|mailto:*|\#*) continue ;; esac
		path=${target%%#*}
		[ -e "$dir/$path" ] || bad="$bad $target"
	done < <(links_of "$page")
	if [ -z "$bad" ]; then echo "PASS: links_${page//\//_}"
	else echo "FAIL: links_${page//\//_}: no such file:$bad"; fi
done
