#!/bin/sh
# Suites are data (issue 26, items 7 and 19): a suite may not name outputs
# or options that read or write other files, a suite file is an input (-o
# cannot replace it), an empty or comment-only suite says so, and an
# unknown --backend is named with the known ones.
# Usage: cli_suite.sh PATH/TO/cryptobench.  Prints "N passed, N failed".
set -u
CB=$1
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

# expect STATUS PATTERN-IN-STDERR(or '') -- command...
expect() {
	want=$1 pat=$2
	shift 2
	"$@" >"$T/out" 2>"$T/err"
	got=$?
	if [ "$got" -ne "$want" ]; then
		bad "'$*' exited $got, expected $want; stderr: $(head -c 300 "$T/err")"
		return
	fi
	if [ -n "$pat" ] && ! grep -q -- "$pat" "$T/err"; then
		bad "'$*': stderr lacks '$pat': $(head -c 300 "$T/err")"
		return
	fi
	ok
}

cd "$T" || exit 1
RUN="$CB run --quick --no-progress --backend openssl --sizes 64"

# Item 7: the suite file is an input; -o naming it is refused and it is kept.
echo "sha256" >my.json
cp my.json keep.json
expect 2 "output 'my.json' is the input './my.json'" $RUN --suite ./my.json -o my.json
cmp -s my.json keep.json && ok || bad "run --suite ./my.json -o my.json replaced the suite: $(head -c 200 my.json)"
ln my.json hard.json
expect 2 'is the input' $RUN --suite ./my.json -o hard.json
cmp -s my.json keep.json && ok || bad "-o through a hard link replaced the suite"

# Item 7: a suite may not name outputs, nor options that read or write other files.
echo '{"victim": true}' >victim.json
cp victim.json victim.keep
for words in "-o $T/victim.json" "--output $T/victim.json" "--output=$T/victim.json" "-o$T/victim.json" \
	"--suite $T/other.suite" "--format json"; do
	printf 'sha256\n%s\n' "$words" >bad.suite
	expect 2 "is not allowed in a suite: a suite is data" $RUN --suite ./bad.suite
	cmp -s victim.json victim.keep && ok || bad "a suite's '$words' changed victim.json"
done
# ... nor options of the program that are no part of a run.
printf 'sha256 --verbose\n' >cli.suite
expect 2 "'--verbose' is not an option a suite may give" $RUN --suite ./cli.suite
# The options of a run still work in a suite, and the command line's win.
printf 'sha256 --title "from the suite" --sizes 16\n' >good.suite
expect 0 '' $RUN --suite ./good.suite --format csv
grep -q '^sha256,.*,64,' out && ok || bad "the command line's --sizes wins over the suite's: $(head -3 out)"

# Item 19: an empty or comment-only suite says so.
: >empty.suite
expect 2 "suite './empty.suite': it holds no selector and no option (it is empty or only comments)" \
	$RUN --suite ./empty.suite
printf '# only a comment\n   \n# another\n' >comment.suite
expect 2 "suite './comment.suite': it holds no selector and no option" $RUN --suite ./comment.suite
printf -- '--time 0.2 # options, no algorithm\n' >opts.suite
expect 2 "suite './opts.suite' selects nothing: it names no algorithm" $RUN --suite ./opts.suite
grep -q "none of the operations ''" err && bad "an options-only suite blames the operations" || ok

# Item 19: an unknown backend is named, with the known ones.
expect 2 "unknown backend 'nosuch' (this build has: " "$CB" run --quick --backend nosuch sha256
grep -q "openssl" err && ok || bad "the known backends are listed: $(cat err)"
expect 2 "unknown backend 'nosuch'" "$CB" run --quick --backend openssl,nosuch sha256
expect 2 "unknown backend 'nosuch'" "$CB" verify --backend nosuch sha256
# A group of backends by prefix still is one.
expect 0 '' "$CB" list --backends
if grep -q '^mlkem-native-c ' out; then
	expect 0 '' "$CB" verify --backend mlkem-native mlkem768
fi

echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
