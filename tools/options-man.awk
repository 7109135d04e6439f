# This file turns src/core/options.def into the OPTIONS section's entries
# of ksan(7) (roff), so the manual lists exactly the options the runtime
# parses: make builds man/ksan.7 with it.  One .TP entry per KSAN_OPT line:
# the key, its type and default, then its help text.
function roff(s) {
	gsub(/\\/, "\\e", s)
	gsub(/-/, "\\-", s)
	return s
}
/^KSAN_OPT\(/ {
	s = $0
	sub(/^KSAN_OPT\( */, "", s)
	type = s; sub(/ *,.*/, "", type)
	s = substr(s, index(s, ",") + 1); sub(/^ */, "", s)
	name = s; sub(/ *,.*/, "", name)
	s = substr(s, index(s, ",") + 1); sub(/^ */, "", s)
	if (substr(s, 1, 1) == "\"") {
		def = substr(s, 2); def = substr(def, 1, index(def, "\"") - 1)
		s = substr(s, length(def) + 3)
	} else {
		def = s; sub(/ *,.*/, "", def)
		s = substr(s, index(s, ","))
	}
	help = substr(s, index(s, "\"") + 1); sub(/"\) *$/, "", help)
	if (type == "ENUM_FORMAT") { type = "kasan|asan|json"; def = def == "0" ? "kasan" : def }
	else if (type == "STR") type = "string"
	else type = tolower(type)
	if (def == "") def = "(empty)"
	else if (def == "-1") def = "not set"
	print ".TP"
	print "\\fB" roff(name) "\\fR=\\fI" roff(type) "\\fR (default: " roff(def) ")"
	print roff(help)
	n++
}
END { if (n < 10) { print "options-man.awk: only " n " options read" > "/dev/stderr"; exit 1 } }
