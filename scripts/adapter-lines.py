#!/usr/bin/env python3
"""What each library adapter costs in lines: for every folder under
src/backends/ (and the shared files beside them), the physical lines
(wc -l) and the source lines (neither blank nor comment: C comments and
// comments stripped), as git tracks them at REV (default: the working
tree).  Issue 20 measures a new adapter by what wolfSSL's shrank to.

    scripts/adapter-lines.py [REV]
"""
import re
import subprocess
import sys


def source_lines(text):
    text = re.sub(r"/\*.*?\*/", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)
    text = re.sub(r"//[^\n]*", "", text)
    return sum(1 for line in text.split("\n") if line.strip())


def main():
    rev = sys.argv[1] if len(sys.argv) > 1 else None
    if len(sys.argv) > 2 or (rev and rev.startswith("-")):
        sys.exit("usage: scripts/adapter-lines.py [REV]")
    ls = ["git", "ls-tree", "-r", "--name-only", rev, "src/backends"] if rev else ["git", "ls-files", "src/backends"]
    try:
        files = subprocess.run(ls, check=True, capture_output=True, text=True).stdout.split()
    except subprocess.CalledProcessError as e:
        sys.exit("adapter-lines: " + (e.stderr.strip().splitlines() or ["git failed"])[-1])
    rows = {}
    for f in files:
        if rev:
            text = subprocess.run(["git", "show", f"{rev}:{f}"], check=True, capture_output=True).stdout
        else:
            with open(f, "rb") as fh:
                text = fh.read()
        text = text.decode("utf-8", "replace")
        parts = f.split("/")
        folder = parts[2] if len(parts) > 3 else "(shared)"
        phys, src = rows.get(folder, (0, 0))
        rows[folder] = (phys + text.count("\n"), src + source_lines(text))
    print(f"{'folder':20s} {'lines':>7s} {'source':>7s}")
    for folder, (phys, src) in sorted(rows.items(), key=lambda kv: -kv[1][0]):
        print(f"{folder:20s} {phys:7d} {src:7d}")
    print(f"{'total':20s} {sum(p for p, _ in rows.values()):7d} {sum(s for _, s in rows.values()):7d}")


if __name__ == "__main__":
    main()
