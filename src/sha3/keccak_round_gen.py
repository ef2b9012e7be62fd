#!/usr/bin/env python3
"""Print the body of the Keccak-f[1600] round loop in keccak.c.

Two rounds per iteration (lanes a -> e -> a).  Theta's column parities c
for the next round are accumulated as lanes are produced.  Lanes in
COMPLEMENTED are stored inverted inside the permutation; for each chi output
the formula [~]B0 ^ [~]([~]B1 op [~]B2), op in {&, |}, with the fewest NOTs
that gives the (possibly inverted) FIPS 202 value is chosen, and checked on
all eight input combinations.

usage: python3 keccak_round_gen.py > round.inc  (then paste into keccak.c)

With --x2 it prints instead the body of the inner loop of
cb_keccak_f1600_x2 (two rounds of one of the two interleaved states, lane
j of s[25][2]): no lane complementing, since chi is ~b1 & b2 (SSE2 pandn)
once gcc vectorises the loop over j; theta's parities are computed at the
start of each round, and the second round writes to s[.][j].
"""
import itertools
import sys

# rho offsets r[x][y] (FIPS 202, Table 2)
RHO = [[0, 36, 3, 41, 18], [1, 44, 10, 45, 2], [62, 6, 43, 15, 61],
       [28, 55, 25, 21, 56], [27, 20, 39, 8, 14]]
COMPLEMENTED = {1, 2, 8, 12, 17, 20}  # lane index x + 5y


def inverted(i):
    return i in COMPLEMENTED


C_INV = [sum(inverted(x + 5 * y) for y in range(5)) % 2 == 1 for x in range(5)]
D_INV = [C_INV[(x + 4) % 5] ^ C_INV[(x + 1) % 5] for x in range(5)]


def chi_formula(b_inv, want_inv):
    best = None
    for n0, n1, n2, nout in itertools.product((0, 1), repeat=4):
        for op in '&|':
            ok = True
            for b0, b1, b2 in itertools.product((0, 1), repeat=3):
                e = b0 ^ ((1 - b1) & b2)
                y0, y1, y2 = b0 ^ b_inv[0] ^ n0, b1 ^ b_inv[1] ^ n1, b2 ^ b_inv[2] ^ n2
                f = ((y1 & y2) if op == '&' else (y1 | y2)) ^ nout
                if y0 ^ f != e ^ want_inv:
                    ok = False
                    break
            cost = n0 + n1 + n2 + nout
            if ok and (best is None or cost < best[0]):
                best = (cost, n0, n1, n2, op, nout)
    return best


def half(src, dst, rc, out):
    for x in range(5):
        out.append("\t\td%d = c%d ^ ROL64(c%d, 1);" % (x, (x + 4) % 5, (x + 1) % 5))
    for row in range(5):
        b_inv = []
        for col in range(5):
            x, y = (col + 3 * row) % 5, col  # pi: B[col, row] = A[col + 3 row, col]
            lane = "%s%d ^ d%d" % (src, x + 5 * y, x)
            rot = RHO[x][y]
            out.append("\t\tb%d = ROL64(%s, %d);" % (col, lane, rot) if rot
                       else "\t\tb%d = %s;" % (col, lane))
            b_inv.append(inverted(x + 5 * y) ^ D_INV[x])
        for col in range(5):
            idx = (col, (col + 1) % 5, (col + 2) % 5)
            _, n0, n1, n2, op, nout = chi_formula([b_inv[i] for i in idx],
                                                  inverted(col + 5 * row))
            t = lambda n, i: ("~b%d" % i) if n else ("b%d" % i)
            inner = "(%s %s %s)" % (t(n1, idx[1]), op, t(n2, idx[2]))
            expr = "%s ^ %s%s" % (t(n0, idx[0]), "~" if nout else "", inner)
            if col == 0 and row == 0:
                expr += " ^ keccak_rc[%s]" % rc
            out.append("\t\t%s%d = %s;" % (dst, col + 5 * row, expr))
            out.append("\t\tc%d %s %s%d;" % (col, "=" if row == 0 else "^=", dst, col + 5 * row))


def half_x2(src, dst, rc, out):
    for x in range(5):
        out.append("\t\t\tc%d = %s;" % (x, " ^ ".join("%s%d" % (src, x + 5 * y) for y in range(5))))
    for x in range(5):
        out.append("\t\t\td%d = c%d ^ ROL64(c%d, 1);" % (x, (x + 4) % 5, (x + 1) % 5))
    for row in range(5):
        for col in range(5):
            x, y = (col + 3 * row) % 5, col
            lane = "%s%d ^ d%d" % (src, x + 5 * y, x)
            rot = RHO[x][y]
            out.append("\t\t\tb%d = ROL64(%s, %d);" % (col, lane, rot) if rot
                       else "\t\t\tb%d = %s;" % (col, lane))
        for col in range(5):
            expr = "b%d ^ (~b%d & b%d)" % (col, (col + 1) % 5, (col + 2) % 5)
            if col == 0 and row == 0:
                expr += " ^ keccak_rc[%s]" % rc
            out.append("\t\t\t%s = %s;" % (dst(col + 5 * row), expr))


lines = []
if sys.argv[1:] == ["--x2"]:
    half_x2('a', lambda i: "e%d" % i, 'i', lines)
    half_x2('e', lambda i: "s[%d][j]" % i, 'i + 1', lines)
else:
    half('a', 'e', 'i', lines)
    half('e', 'a', 'i + 1', lines)
print("\n".join(lines))
