#!/usr/bin/env python3
"""Crafted bad keys for tests/cli_keychecks.sh (issue 26, items 1-3, 11, 15).

usage: bad_keys.py RSA_DER OUTDIR

From a good RSA-2048 private key (PKCS#8 or PKCS#1 DER, as `openssl
genpkey -outform DER` writes it) it writes into OUTDIR, all DER:

  rsa-dp-flip.der    the key with the lowest bit of dP flipped (item 1)
  rsa-dq-flip.der    the same for dQ
  rsa-qinv-flip.der  the same for qInv
  rsa-d-wrong.der    d + 2 (item 15: a wrong d)
  rsa-e1.der         e = 1 (private; item 2)
  rsa-pub-eN.der     SubjectPublicKeyInfo of the key's n with e = 1, 0, 2,
                     65536 (even), -3 and e = n + 2 (e >= n), N the name
  rsa-pub-neven.der  n - 1 (even n), e = 65537
and the EC scalars outside [1, n-1] (item 11, 15) as canonical PKCS#8
(src/core/der.c's prefix and d):
  p256-d0.der p256-dn.der p256-dn1.der p256-dmax.der (0, n, n+1, 2^256-1)
  sm2-d0.der  sm2-dn.der  sm2-dn1.der  sm2-dmax.der
and the X25519 peer values of RFC 7748 section 6.1's concern: the
all-zero value, 1, the order-8 points, p - 1, p and p + 1 (item 3):
  x25519-peer-*.bin (32 raw bytes each)
Standard library only: a small DER reader and writer.
"""
import os
import sys


def der_len(n):
    if n < 0x80:
        return bytes([n])
    b = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(b)]) + b


def tlv(tag, body):
    return bytes([tag]) + der_len(len(body)) + body


def der_int(v):
    if v == 0:
        return tlv(0x02, b"\x00")
    if v > 0:
        b = v.to_bytes((v.bit_length() + 8) // 8, "big")
    else:
        n = (v.bit_length() + 8) // 8
        b = (v + (1 << (8 * n))).to_bytes(n, "big")
    return tlv(0x02, b)


def read(buf, pos):
    """(tag, body, next position) of the element at pos."""
    tag = buf[pos]
    n = buf[pos + 1]
    pos += 2
    if n & 0x80:
        k = n & 0x7F
        n = int.from_bytes(buf[pos:pos + k], "big")
        pos += k
    return tag, buf[pos:pos + n], pos + n


def elements(body):
    out, pos = [], 0
    while pos < len(body):
        tag, b, pos = read(body, pos)
        out.append((tag, b))
    return out


RSA_ALGID = tlv(0x30, tlv(0x06, bytes.fromhex("2a864886f70d010101")) + b"\x05\x00")


def pkcs8_rsa(ints):
    rsa = tlv(0x30, b"".join(der_int(v) for v in ints))
    return tlv(0x30, der_int(0) + RSA_ALGID + tlv(0x04, rsa))


def spki_rsa(n, e):
    return tlv(0x30, RSA_ALGID + tlv(0x03, b"\x00" + tlv(0x30, der_int(n) + der_int(e))))


P256_N = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
SM2_N = 0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFF7203DF6B21C6052B53BBF40939D54123
P256_PREFIX = bytes.fromhex("3041020100301306072a8648ce3d020106082a8648ce3d030107042730250201010420")
SM2_PREFIX = bytes.fromhex("3041020100301306072a8648ce3d020106082a811ccf5501822d042730250201010420")
P25519 = 2**255 - 19
X25519_PEERS = {
    "zero": 0,
    "one": 1,
    "order8a": int.from_bytes(bytes.fromhex("e0eb7a7c3b41b8ae1656e3faf19fc46ada098deb9c32b1fd866205165f49b800"), "little"),
    "order8b": int.from_bytes(bytes.fromhex("5f9c95bca3508c24b1d0b1559c83ef5b04445cc4581c8e86d8224eddd09f1157"), "little"),
    "p-1": P25519 - 1,
    "p": P25519,
    "p+1": P25519 + 1,
}


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    src, out = sys.argv[1], sys.argv[2]
    with open(src, "rb") as f:
        key = f.read()
    _, top, _ = read(key, 0)
    octets = [b for t, b in elements(top) if t == 0x04]
    rsa = read(octets[0], 0)[1] if octets else top  # PKCS#8, or PKCS#1 as it is
    ints = [int.from_bytes(b, "big") for t, b in elements(rsa)]
    version, n, e, d, p, q, dp, dq, qinv = ints
    assert version == 0 and p * q == n, "not a two-prime RSA key"

    def put(name, data):
        with open(os.path.join(out, name), "wb") as f:
            f.write(data)

    put("rsa-dp-flip.der", pkcs8_rsa([0, n, e, d, p, q, dp ^ 1, dq, qinv]))
    put("rsa-dq-flip.der", pkcs8_rsa([0, n, e, d, p, q, dp, dq ^ 1, qinv]))
    put("rsa-qinv-flip.der", pkcs8_rsa([0, n, e, d, p, q, dp, dq, qinv ^ 1]))
    put("rsa-d-wrong.der", pkcs8_rsa([0, n, e, d + 2, p, q, dp, dq, qinv]))
    put("rsa-e1.der", pkcs8_rsa([0, n, 1, d, p, q, dp, dq, qinv]))
    for name, ev in (("1", 1), ("0", 0), ("2", 2), ("65536", 65536), ("neg3", -3), ("n+2", n + 2)):
        put("rsa-pub-e%s.der" % name, spki_rsa(n, ev))
    put("rsa-pub-neven.der", spki_rsa(n - 1, 65537))
    for curve, order, prefix in (("p256", P256_N, P256_PREFIX), ("sm2", SM2_N, SM2_PREFIX)):
        for name, dv in (("d0", 0), ("dn", order), ("dn1", order + 1), ("dmax", 2**256 - 1)):
            put("%s-%s.der" % (curve, name), prefix + dv.to_bytes(32, "big"))
    for name, u in X25519_PEERS.items():
        put("x25519-peer-%s.bin" % name, u.to_bytes(32, "little"))


main()
