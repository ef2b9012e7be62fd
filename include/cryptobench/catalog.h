/*
 * The algorithm catalog: what an algorithm is, written once, whichever
 * backends implement it.  A class (common.h) carries only its name, its
 * backend and what is particular to that backend; its kind, family,
 * description and security come from the catalog row of its name.
 */
#ifndef CRYPTOBENCH_CATALOG_H
#define CRYPTOBENCH_CATALOG_H

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct cb_catalog_entry {
	cb_kind kind;
	const char *name;        /* the selector, e.g. "rsa2048-oaep-sha256" */
	const char *family;      /* CB_FAMILY_* */
	int classical_bits;      /* classical security in bits (SP 800-57), 0 if n/a */
	int quantum_bits;        /* security against a quantum adversary, 0 if broken */
	const char *description; /* one line, e.g. "RSA-2048 OAEP (SHA-256, MGF1-SHA-256)" */
	int nist_category;       /* NIST PQC security category (FIPS 203 section 8), 0 if n/a */
	/*
	 * Sizes, stated once per algorithm (0: not applicable); the generic
	 * layer (layer.h) checks every call against them, so no backend
	 * states them again.
	 */
	unsigned key_bits;     /* RSA modulus bits (a key of another size is refused); EC: 256 */
	unsigned key_bytes;    /* cipher key */
	unsigned iv_bytes;     /* cipher IV / nonce, the only length taken; 0 for ECB */
	unsigned block_bytes;  /* cipher block (1: stream modes and AEADs); hash input block */
	unsigned tag_bytes;    /* AEAD tag, appended to the ciphertext */
	unsigned padded;       /* cipher: 1 for PKCS#7 padding */
	unsigned public_bytes; /* kex: the peer's public value on the wire */
	unsigned output_bytes; /* kex: the shared secret; hash: the digest */
} cb_catalog_entry;

/*
 * Where a row's security figures come from (SP 800-57 Part 1 Rev. 5
 * table 2, FIPS 203 section 8, ...), for the security table.
 */
const char *cb_catalog_security_source(const cb_catalog_entry *e);

/* Number of rows and the i-th (0 <= i < count), grouped by kind. */
size_t cb_catalog_count(void);
const cb_catalog_entry *cb_catalog_get(size_t i);

/* The row of this name; NULL if the catalog has none. */
const cb_catalog_entry *cb_catalog_find(const char *name);

/*
 * The row of a class's name.  Never NULL: a class whose name has no row
 * (a test rejects that) gets a row that says so, of the class's kind.
 */
const cb_catalog_entry *cb_alg_catalog(const cb_alg_info *a);

#ifdef __cplusplus
}
#endif
#endif
