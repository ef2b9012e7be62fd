/*
 * Known-answer tests run at run time (`cryptobench verify`, and by `run`
 * before it times an algorithm).
 *
 * A small const table of vectors taken from the standards (NIST SP 800-38A,
 * the GCM specification, RFC 8439, FIPS 180-4 / 202, RFC 8032, RFC 6979,
 * RFC 7748, RFC 5903, GB/T 32905 / 32907, draft-ribose-cfrg-sm4,
 * GM/T 0003.5, NIST ACVP for FIPS 203, draft-connolly-cfrg-xwing-kem), keyed by algorithm name: a vector applies to every backend that
 * provides that name.  A round trip (decrypt(encrypt(m)) = m) passes for a
 * consistent but wrong implementation; a known answer does not.
 *
 * What is checked, per class:
 *   cipher  encrypt gives the expected ciphertext (and tag); decrypt gives
 *           the plaintext back; an AEAD rejects a modified tag
 *   hash    the digest
 *   sig     verify only: import_public, the signature verifies, and the
 *           same signature over a modified message does not
 *   kex     import_secret, export_public gives the expected public value
 *           (where the vector has it), derive gives the shared secret
 *   pke     import_secret, decrypt gives the message; a modified ciphertext
 *           is rejected
 *   kem     keypair_derand and encaps_derand give the expected outputs
 *           (compared by SHA-3 digest), decaps gives the shared secret;
 *           the hybrids (src/hybrid) on coins built from published
 *           component vectors (ACVP ML-KEM, RFC 7748, RFC 5903, GM/T
 *           0003.5) or the X-Wing draft's own vector, checking the parts
 *           those vectors fix
 */
#ifndef CRYPTOBENCH_KAT_H
#define CRYPTOBENCH_KAT_H

#include <stddef.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/*
 * Run every embedded vector for alg's name against alg.  opts may be NULL.
 * Returns 0 when all passed; CB_ERR_SELFCHECK when one gave a wrong answer
 * (err says which vector and how); CB_ERR_UNSUPPORTED when there is no
 * vector for this name, the algorithm is unavailable here, or the class
 * lacks the import / derand function a vector needs (err says which); another CB_ERR_* when an operation failed
 * (err says which).  err (errlen bytes, may be NULL when errlen is 0)
 * always receives a NUL-terminated message, "" on success.
 */
int cb_kat_run(const cb_alg_info *alg, const cb_opts *opts, char *err, size_t errlen) CB_WARN_UNUSED;

/* Number of embedded vectors for alg's name (0: none). */
size_t cb_kat_count(const cb_alg_info *alg);

/*
 * The citation of alg's i-th vector (0 <= i < cb_kat_count(alg)), e.g.
 * "NIST SP 800-38A F.1.1"; NULL when out of range.  Static storage.
 */
const char *cb_kat_source(const cb_alg_info *alg, size_t i);

#ifdef __cplusplus
}
#endif
#endif
