#!/bin/sh
# The HTML report in a real browser (issues 11 and 24): headless Chromium
# loads the report of a fixed run (tests/golden/report_charts.json) without
# console errors; the charts in the DOM it built have as many bars and
# lines as the run has cases for them (counted from the same run's CSV and
# Markdown, not typed in); each run's first section is its answer block
# (verdicts and decision guide where the run has claims and scenarios);
# a page script driven through --dump-dom sorts and filters the results
# tables by their own controls and reports the rows it sees; and a
# screenshot is kept as an artefact.
# Usage: report_browser.sh PATH/TO/cryptobench FIXTURE.json ARTIFACT-DIR
# Exit 77 (skipped) when no Chromium is installed.
set -u
CB=$1
FX=$2
ART=$3
pass=0 fail=0

ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL: $*" >&2; }

BROWSER=""
for b in chromium chromium-browser google-chrome; do
	if command -v "$b" >/dev/null 2>&1; then
		BROWSER=$b
		break
	fi
done
if [ -z "$BROWSER" ]; then
	echo "SKIP: no chromium installed (scripts/install-deps.sh installs Debian's 'chromium')"
	exit 77
fi
if ! timeout 20 "$BROWSER" --version >/dev/null 2>&1; then
	echo "SKIP: '$BROWSER --version' fails: the browser cannot start here"
	exit 77
fi

T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
mkdir -p "$ART" || { echo "FAIL: cannot make $ART" >&2; exit 1; }

# The fixture, and one quick real run beside it (two sections of one page).
RUNS=$FX
if "$CB" run aes-128-gcm x25519 --backend openssl --ops encrypt,keygen,derive --sizes 16,1K --quick \
	-o "$T/quick.json" >/dev/null 2>"$T/err"; then
	RUNS="$FX $T/quick.json"
else
	echo "note: the quick real run failed, the fixture alone is checked: $(head -c 200 "$T/err")"
fi
# shellcheck disable=SC2086
"$CB" report $RUNS -o "$T/report.html" -o "$T/run.md" 2>"$T/err" && ok || bad "report: $(cat "$T/err")"
n=0
for r in $RUNS; do
	n=$((n + 1))
	"$CB" report "$r" -o "$T/run$n.csv" 2>"$T/err" && ok || bad "report csv: $(cat "$T/err")"
done

# Chromium in a container: no sandbox, no /dev/shm, a HOME of its own, a timeout.
browse() {
	HOME="$T/home" timeout 30 "$BROWSER" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage \
		--no-first-run --disable-extensions --user-data-dir="$T/profile" "$@"
}
mkdir -p "$T/home"
browse --enable-logging=stderr --v=0 --dump-dom "file://$T/report.html" >"$T/dom.html" 2>"$T/log"
rc=$?
if [ "$rc" -ne 0 ] || ! grep -q '</html>' "$T/dom.html"; then
	bad "chromium --dump-dom exited $rc: $(tail -c 400 "$T/log")"
fi
# the page's one script logs nothing: any console message (an error, "Uncaught ...") is wrong
if grep -q ':CONSOLE\|Uncaught' "$T/log"; then
	bad "console messages: $(grep ':CONSOLE\|Uncaught' "$T/log" | head -3)"
else
	ok
fi

# count PATTERN: occurrences in the DOM Chromium built.
count() { grep -o -- "$1" "$T/dom.html" | wc -l | tr -d ' '; }
# expect NAME GOT WANT
expect() {
	if [ "$2" = "$3" ] && [ "$3" -gt 0 ]; then ok; else bad "$1: $2 in the page, expected $3 (from the run)"; fi
}

# From each run's CSV (columns: 1 algorithm, 4 backend, 7 operation,
# 8 message_bytes, 9 threads, 10 status, 29 ops_per_sec), summed over the runs.
csv() {
	total=0 k=0
	for r in $RUNS; do
		k=$((k + 1))
		total=$((total + $(tail -n +2 "$T/run$k.csv" | unquote | awk -F '\t' "$1")))
	done
	echo "$total"
}
# CSV (RFC 4180 quoting: descriptions have commas) to tab-separated fields
unquote() {
	awk '{
		n = 0; cur = ""; q = 0
		for (i = 1; i <= length($0); i++) {
			c = substr($0, i, 1)
			if (q) {
				if (c == "\"" && substr($0, i + 1, 1) == "\"") { cur = cur c; i++ }
				else if (c == "\"") q = 0
				else cur = cur c
			} else if (c == "\"") q = 1
			else if (c == ",") { f[++n] = cur; cur = "" }
			else cur = cur c
		}
		f[++n] = cur
		out = f[1]
		for (i = 2; i <= n; i++) out = out "\t" f[i]
		print out
	}'
}
# a bar per measured case; a chart per operation, size and thread count
want_bars=$(csv '$10 == "ok" && $29 > 0 { n++ } END { print n + 0 }')
want_ops=$(csv '$10 == "ok" && $29 > 0 { g[$7 " " $8 " " $9] = 1 } END { for (k in g) n++; print n + 0 }')
# a line per algorithm and backend measured at two sizes or more (one thread)
want_sweep=$(csv '$10 == "ok" && $9 == 1 && $8 > 0 && $29 > 0 { p[$1 " " $4 " " $7 " " $8] = 1 }
	END { for (k in p) { split(k, a, " "); s[a[1] " " a[2] " " a[3]]++ } for (k in s) if (s[k] > 1) n++; print n + 0 }')
# a line per algorithm, backend, operation and size measured at two thread counts or more
want_thr=$(csv '$10 == "ok" && $29 > 0 { p[$1 " " $4 " " $7 " " $8 " " $9] = 1 }
	END { for (k in p) { split(k, a, " "); s[a[1] " " a[2] " " a[3] " " a[4]]++ } for (k in s) if (s[k] > 1) n++; print n + 0 }')
# From the Markdown's study tables: two parts per row of the wire table,
# a bar per published figure measured, a bar per claim measured.
table_rows() { # TITLE [COLUMN-THAT-MUST-BE-SET]
	awk -v t="## $1" -v c="${2:-0}" '
		$0 == t { on = 1; h = 0; next }
		on && /^##/ { on = 0 }
		on && /^\| / && !/^\| :---/ { if (h++ == 0) next; split($0, f, " \\| "); if (c == 0 || f[c] != "") n++ }
		END { print n + 0 }' "$T/run.md"
}
want_wire=$(($(table_rows "bytes on the wire") * 2))
want_pub=$(awk '/^## published figures/ { on = 1; h = 0; next } on && /^##/ { on = 0 }
	on && /^\| / && !/^\| :---/ { if (h++ == 0) next; if ($0 !~ /\|  \|$/) n++ } END { print n + 0 }' "$T/run.md")
want_claims=$(awk '/^## published claims/ { on = 1; h = 0; next } on && /^##/ { on = 0 }
	on && /^\| / && !/^\| :---/ { if (h++ == 0) next; split($0, f, "|"); if (f[3] !~ /^ *$/) n++ } END { print n + 0 }' "$T/run.md")

echo "expected from the run: $want_bars bars in $want_ops charts, $want_sweep size and $want_thr thread lines," \
	"$want_wire wire, $want_pub published and $want_claims claim bars"
expect "ops bars" "$(count 'class="bar[^"]*" data-of="ops"')" "$want_bars"
expect "ops charts" "$(count 'data-chart="ops"')" "$want_ops"
expect "ops whiskers" "$(count 'class="whisker" data-of="ops"')" "$want_bars"
expect "sweep series" "$(count 'class="series" data-of="sweep"')" "$want_sweep"
expect "thread series" "$(count 'class="series" data-of="threads"')" "$want_thr"
expect "wire bars" "$(count 'class="bar[^"]*" data-of="wire"')" "$want_wire"
expect "published bars" "$(count 'class="bar[^"]*" data-of="published"')" "$want_pub"
expect "claim bars" "$(count 'class="bar[^"]*" data-of="claims"')" "$want_claims"
expect "claim markers" "$(count 'class="marker published" data-of="claims"')" "$want_claims"
# every chart is labelled for screen readers, and no coordinate is nan or inf
nfig=$(count '<figure class="chart"')
expect "labelled charts" "$(count 'role="img" aria-labelledby="')" "$nfig"
expect "chart titles" "$(count '<title id="')" "$nfig"
if grep -Eo ' (x|y|x1|x2|y1|y2|cx|cy|width|height|points|d|viewBox)="[^"]*"' "$T/dom.html" | grep -qi 'nan\|inf'; then
	bad "a coordinate is nan or inf"
else
	ok
fi

# No case that cannot exist is a row: the fixture's left-out case is a line under the table.
if grep -q '<td colspan="[0-9]*" class="status">unsupported' "$T/dom.html"; then
	bad "an unsupported case is a row of the results table"
else
	ok
fi
if grep -q '<ul class="leftout">' "$T/dom.html" && grep -q 'aes-128-cbc (openssl) takes whole 16-byte blocks' "$T/dom.html"; then
	ok
else
	bad "the left-out case has no line of its own"
fi

# The answer first, sorting and filtering: a page script (appended to a copy
# of the report, after the report's own) clicks the results tables' header
# buttons and sets their filters, and writes what it sees into the DOM that
# --dump-dom prints.  Its lines start with "CBT|" (written split in the
# script, so the script's own text never matches).
cat >"$T/probe.js" <<'JS'
(function () {
  var out = [];
  function say(s) { out.push('CB' + 'T|' + s); }
  function shown(t) { return Array.prototype.filter.call(t.tBodies[0].rows, function (r) { return !r.hidden; }); }
  function figs(t, col) {
    return shown(t).map(function (r) { return r.cells[col] && r.cells[col].getAttribute('data-v'); })
      .filter(function (v) { return v !== null; }).map(Number);
  }
  function ordered(v, desc) {
    for (var i = 1; i < v.length; i++) if (desc ? v[i - 1] < v[i] : v[i - 1] > v[i]) return false;
    return v.length > 1;
  }
  Array.prototype.forEach.call(document.querySelectorAll('section.run'), function (s) {
    var first = s.querySelector(':scope > section');
    var answer = first && first.classList.contains('answer');
    say('answer ' + s.id + ' first=' + (answer ? 'yes' : 'no') +
      ' verdicts=' + (answer ? first.querySelectorAll('ul.verdicts > li').length : 0) +
      ' choices=' + (answer ? first.querySelectorAll('ul.choices > li').length : 0) +
      ' how=' + (answer ? first.querySelectorAll('p.how').length : 0) +
      ' charts=' + (answer ? Array.prototype.map.call(first.querySelectorAll('figure.chart'),
        function (c) { return c.getAttribute('data-chart'); }).join(',') : ''));
  });
  Array.prototype.forEach.call(document.querySelectorAll('table.res.sortable'), function (t) {
    var heads = t.tHead.rows[0].cells, col = -1, total = t.tBodies[0].rows.length;
    for (var i = 0; i < heads.length; i++) if (heads[i].textContent.replace(/[^a-z\/]/g, '') === 'ops/s') col = i;
    var button = col >= 0 && heads[col].querySelector('button.sort');
    var key = function () { return shown(t).map(function (r) { return r.getAttribute('data-i'); }).join(','); };
    if (!button) { say('sort ' + t.id + ' button=no'); return; }
    var before = key();
    button.click();
    var desc = ordered(figs(t, col), true), once = key();
    button.click();
    var asc = ordered(figs(t, col), false), twice = key();
    say('sort ' + t.id + ' button=yes desc=' + desc + ' asc=' + asc + ' changed=' + (before !== once && once !== twice));
    var box = document.querySelector('div.filters[data-for="' + t.id + '"]');
    Array.prototype.forEach.call(box ? box.querySelectorAll('select') : [], function (sel) {
      var k = sel.getAttribute('data-key');
      if (sel.options.length < 3) { say('filter ' + t.id + ' ' + k + ' values=' + (sel.options.length - 1)); return; }
      sel.value = sel.options[1].value;
      sel.dispatchEvent(new Event('change'));
      var vis = shown(t), match = vis.every(function (r) { return r.getAttribute('data-' + k) === sel.value; });
      say('filter ' + t.id + ' ' + k + ' values=' + (sel.options.length - 1) + ' shown=' + vis.length + ' total=' + total +
        ' match=' + match + ' fewer=' + (vis.length < total && vis.length > 0));
      sel.value = '';
      sel.dispatchEvent(new Event('change'));
      say('reset ' + t.id + ' ' + k + ' shown=' + shown(t).length + ' total=' + total);
    });
  });
  // print: no print rule hides a chart or its drawing, and the charts fit the page
  var hidden = 0, fits = 0, printRules = 0, charts = document.querySelectorAll('figure.chart');
  Array.prototype.forEach.call(document.styleSheets, function (sheet) {
    Array.prototype.forEach.call(sheet.cssRules, function (rule) {
      if (!rule.media || Array.prototype.indexOf.call(rule.media, 'print') < 0) return;
      Array.prototype.forEach.call(rule.cssRules, function (r) {
        printRules++;
        if (!r.selectorText || (r.style.display !== 'none' && r.style.visibility !== 'hidden')) return;
        Array.prototype.forEach.call(charts, function (c) {
          if (c.matches(r.selectorText) || c.querySelector(r.selectorText) || c.closest(r.selectorText)) hidden++;
        });
        if (r.selectorText.indexOf('svg') >= 0 || r.selectorText.indexOf('figure') >= 0) hidden++;
      });
      Array.prototype.forEach.call(rule.cssRules, function (r) {
        if (r.selectorText && r.selectorText.indexOf('svg') >= 0 && r.style.maxWidth === '100%') fits = 1;
      });
    });
  });
  say('print rules=' + printRules + ' hidden=' + hidden + ' fits=' + fits + ' charts=' + charts.length);
  var pre = document.createElement('pre');
  pre.id = 'cb-probe';
  pre.textContent = out.join('\n');
  document.body.appendChild(pre);
})();
JS
sed 's|</body>|<script>\n__PROBE__\n</script>\n</body>|' "$T/report.html" >"$T/probe.html.in"
awk -v probe="$T/probe.js" '$0 == "__PROBE__" { while ((getline l < probe) > 0) print l; next } { print }' \
	"$T/probe.html.in" >"$T/probe.html"
browse --enable-logging=stderr --v=0 --dump-dom "file://$T/probe.html" >"$T/probe.dom" 2>"$T/probe.log"
grep -o 'CBT|[^<]*' "$T/probe.dom" | sed 's/&amp;/\&/g' >"$T/probe.out"
if grep -q ':CONSOLE\|Uncaught' "$T/probe.log"; then
	bad "console messages with the probe: $(grep ':CONSOLE\|Uncaught' "$T/probe.log" | head -3)"
fi
sed 's/^CBT|/  probe: /' "$T/probe.out"
nruns=$(echo $RUNS | wc -w)
expect "runs opening with their answer" "$(grep -c '^CBT|answer .* first=yes' "$T/probe.out")" "$nruns"
expect "answers saying how they were measured" "$(grep -c '^CBT|answer .* how=1' "$T/probe.out")" "$nruns"
# the fixture (run1) has a published claim and a scenario: its answer has their lines
if grep -q '^CBT|answer run1 first=yes verdicts=[1-9][0-9]* choices=[1-9]' "$T/probe.out"; then ok; else
	bad "the fixture's answer lacks its verdict or its decision guide: $(grep '^CBT|answer run1' "$T/probe.out")"
fi
# the answer carries the published-against-measured and wire charts (the fixture has both)
if grep -q '^CBT|answer run1 .*charts=.*wire.*claims' "$T/probe.out"; then ok; else
	bad "the fixture's answer lacks its wire or claims chart: $(grep '^CBT|answer run1' "$T/probe.out")"
fi
# sweeps on a log axis of sizes, thread scaling against its ideal
expect "sweeps on a log axis" "$(count 'message size (log scale)')" "$(count 'data-chart="sweep"')"
expect "ideal lines" "$(count '<line [^>]*class="ideal" ')" "$((want_thr + $(count 'data-chart="threads"')))"
expect "tables sorted both ways by ops/s" "$(grep -c '^CBT|sort .* desc=true asc=true changed=true' "$T/probe.out")" "$nruns"
nfilt=$(grep -c '^CBT|filter .* shown=' "$T/probe.out")
expect "filters that keep only their rows" "$(grep -c '^CBT|filter .* match=true fewer=true' "$T/probe.out")" "$nfilt"
if grep '^CBT|filter run1-res ' "$T/probe.out" | grep -q 'backend .*fewer=true' &&
	grep '^CBT|filter run1-res ' "$T/probe.out" | grep -q 'msg .*fewer=true' &&
	grep '^CBT|filter run1-res ' "$T/probe.out" | grep -q 'thr .*fewer=true'; then
	ok
else
	bad "the fixture's table was not filtered by backend, size and threads"
fi
nreset=$(grep -c '^CBT|reset ' "$T/probe.out")
expect "filters reset to every row" "$(grep '^CBT|reset ' "$T/probe.out" | awk '{ split($4, a, "="); split($5, b, "="); if (a[2] == b[2]) n++ } END { print n + 0 }')" "$nreset"
if grep -q '^CBT|print rules=[1-9][0-9]* hidden=0 fits=1 charts=[1-9]' "$T/probe.out"; then ok; else
	bad "the print style hides a chart or lets it overflow: $(grep '^CBT|print' "$T/probe.out")"
fi
# without the script the table is whole and the controls hidden (the DOM before any script: the file itself)
if grep -q '<div class="filters" data-for="run1-res" hidden>' "$T/report.html"; then ok; else
	bad "the filter controls are not hidden for a page without scripts"
fi
# the report of the three studies stays one file: no external reference
if grep -Eq '<(script|link|img)[^>]* (src|href)=' "$T/report.html"; then
	bad "the page loads an external file"
else
	ok
fi

# The screenshot, kept under the build folder.
rm -f "$ART/report.png"
browse --hide-scrollbars --screenshot="$ART/report.png" --window-size=1280,2400 "file://$T/report.html" \
	>"$T/shot.log" 2>&1
size=$(stat -c %s "$ART/report.png" 2>/dev/null || echo 0)
if [ "$size" -gt 20000 ] && [ "$(head -c 8 "$ART/report.png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ]; then
	ok
else
	bad "screenshot $ART/report.png: $size bytes: $(tail -c 300 "$T/shot.log")"
fi

# The page printed (the charts are vector drawings in it), kept beside the screenshot.
rm -f "$ART/report.pdf"
browse --no-pdf-header-footer --print-to-pdf="$ART/report.pdf" "file://$T/report.html" >"$T/pdf.log" 2>&1
size=$(stat -c %s "$ART/report.pdf" 2>/dev/null || echo 0)
if [ "$size" -gt 20000 ] && [ "$(head -c 5 "$ART/report.pdf")" = "%PDF-" ]; then
	ok
else
	bad "printing to $ART/report.pdf: $size bytes: $(tail -c 300 "$T/pdf.log")"
fi

echo "$pass passed, $fail failed (screenshot: $ART/report.png, printed: $ART/report.pdf)"
[ "$fail" -eq 0 ]
