/*
 * Interoperability matrices: what each implementation of an algorithm
 * produces (signatures, ciphertexts, public values, encapsulations),
 * every other implementation of the same name consumes, on fresh random
 * keys and messages (`cryptobench interop`, docs/CLI.md).
 *
 * For each algorithm the result is a producer x consumer matrix of
 * counts: a cell counts the samples in which what the producer made was
 * taken by the consumer and gave back the same message or secret.  A
 * failed sample is described precisely and, when a known incompatibility
 * (cb_interop_known_list) explains it, counted as known.  The library
 * computes and returns; src/report writes the matrices (report.h).
 *
 * What crosses between implementations, per kind:
 *   sig     sample i's key pair is made by the implementations in turn
 *           (keygen, export_secret / export_public), imported by every
 *           other one (PKCS#8 into the signer, SPKI into the verifier);
 *           the producer signs a random message, the consumer verifies.
 *   pke     the same keys; the producer encrypts a random message to the
 *           imported public key, the consumer decrypts with the imported
 *           secret key and must give the message back.
 *   kex     producer and consumer each make a key pair and derive from
 *           the other's public value as sent on the wire; both secrets
 *           must be equal.
 *   cipher  a random key, IV, associated data and message; the producer
 *           encrypts, the consumer decrypts.
 *   kem     the consumer makes the key pair, the producer encapsulates to
 *           its public key, the consumer decapsulates; both secrets equal.
 * sm2-sign is crossed three times: with the default user ID and with the
 * two custom ones below.
 */
#ifndef CRYPTOBENCH_INTEROP_H
#define CRYPTOBENCH_INTEROP_H

#include <stddef.h>

#include "cryptobench/common.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Implementations in one matrix, at most. */
#define CB_INTEROP_MAX_IMPLS 24

/*
 * The SM2 user IDs of sm2-sign's second and third matrices: GM/T 0003.5's
 * example ID, and one with a comma (which an implementation that takes
 * the ID inside a parameter string cannot carry).
 */
#define CB_INTEROP_SM2_CUSTOM_ID "ALICE123@YAHOO.COM"
#define CB_INTEROP_SM2_COMMA_ID "ALICE,BOB@YAHOO.COM"

/* What explains a failure (set where the failure is seen). */
typedef enum cb_interop_diag {
	CB_IOP_DIAG_NONE = 0,
	/*
	 * An SM2 ciphertext whose C2 is right but whose C3 is not GM/T
	 * 0003.4's, where x2 or y2 has a leading zero byte.
	 */
	CB_IOP_DIAG_SM2_C3_WRONG,
	/* A standard SM2 ciphertext (C3 over 32-byte x2, y2) where x2 or y2 has a leading zero byte. */
	CB_IOP_DIAG_SM2_C3_LEADING_ZERO,
	/*
	 * An SM2 ciphertext whose KDF output t is all zero, so C2 = M: GM/T
	 * 0003.4 (6.1 A5) makes the encryptor draw a new k then, and a
	 * standard decryptor refuses it (7.1 B4).  For an n-byte message t
	 * is all zero with probability 2^-8n: 1 in 256 for one byte.
	 */
	CB_IOP_DIAG_SM2_T_ZERO,
	/* The implementation refused a custom SM2 user ID (CB_ERR_UNSUPPORTED on keygen or import). */
	CB_IOP_DIAG_SM2_ID_UNSUPPORTED
} cb_interop_diag;

#define CB_IOP_PRODUCER 1
#define CB_IOP_CONSUMER 2

/* A known incompatibility: an implementation's defect or limitation, as observed. */
typedef struct cb_interop_known {
	const char *alg;      /* class name, or a wildcard (cb_name_match) */
	int custom_id;        /* -1 any matrix; else the variant (0 default ID, 1 custom, 2 with a comma) */
	const char *backend;  /* the implementation at fault */
	int role;             /* CB_IOP_PRODUCER and / or CB_IOP_CONSUMER: where it is at fault */
	cb_interop_diag diag; /* what the failure must look like */
	/* 1: it fails every sample of the pairs it concerns; 0: some (a rate, in `what`). */
	int always;
	const char *what; /* precise description, one sentence */
} cb_interop_known;

/* The known incompatibilities, NULL-terminated on `alg`. */
extern const cb_interop_known cb_interop_known_list[];

typedef struct cb_interop_cell {
	size_t total;                  /* samples tried */
	size_t ok;                     /* the consumer took the producer's output */
	size_t known;                  /* failures a known incompatibility explains */
	const cb_interop_known *which; /* that incompatibility (the first one seen), or NULL */
	char known_example[320];       /* what the first such failure looked like */
	size_t unexpected;             /* total - ok - known */
	char detail[256];              /* the first unexpected failure, precisely; "" when none */
} cb_interop_cell;

typedef struct cb_interop_matrix {
	const char *alg;     /* the algorithm (class name) */
	int custom_id;       /* the variant: 0, or sm2-sign's 1 / 2 (cb_interop_sm2_id) */
	const char *sm2_id;  /* cb_interop_sm2_id(custom_id): NULL for the default ID */
	size_t variants;     /* cb_interop_variants(alg): the matrices of this algorithm */
	const char *crosses; /* "signatures", "ciphertexts", ... */
	size_t n;            /* implementations crossed */
	const cb_alg_info *impl[CB_INTEROP_MAX_IMPLS];
	cb_interop_cell cell[CB_INTEROP_MAX_IMPLS][CB_INTEROP_MAX_IMPLS]; /* [producer][consumer] */
	size_t ok, known, unexpected; /* sums over the cells */
} cb_interop_matrix;

/*
 * The algorithms `cryptobench interop` crosses by default, NULL-terminated:
 * SM2 signatures and ciphertexts, RSA-2048 OAEP-SHA256 / PKCS#1 v1.5
 * encryption and PKCS#1 v1.5 / PSS signatures, ECDSA P-256, Ed25519,
 * X25519, SM4-GCM, AES-256-GCM, ChaCha20-Poly1305, ML-KEM-768 and the
 * hybrid KEMs.
 */
extern const char *const cb_interop_default_algs[];

/* 1 when interop can cross classes of this kind (sig, pke, kex, cipher, kem), else 0. */
int cb_interop_kind_supported(cb_kind kind);

/* Number of matrices an algorithm of this name gives (3 for sm2-sign, else 1). */
size_t cb_interop_variants(const char *alg);

/* The SM2 user ID of sm2-sign's matrix `variant`; NULL for 0 (the default ID). */
const char *cb_interop_sm2_id(int variant);

/*
 * Why a decryptor and an SM2 ciphertext of class alg (sm2-enc-*, which
 * says the form) of message msg may disagree, from the secret key (the
 * canonical PKCS#8 of src/core/der.c): (x2, y2) = d C1 and, when x2 or
 * y2 starts with a zero byte, CB_IOP_DIAG_SM2_C3_LEADING_ZERO if C3 is
 * GM/T 0003.4's SM3(x2 || M || y2), CB_IOP_DIAG_SM2_C3_WRONG if it is not
 * but C2 is M xor KDF(x2 || y2).  CB_IOP_DIAG_NONE otherwise (also on
 * malformed input).
 */
cb_interop_diag cb_interop_sm2_diagnose(const char *alg, const uint8_t *sk, size_t sklen, const uint8_t *msg,
					size_t mlen, const uint8_t *ct, size_t clen);

/*
 * Cross impls[0..n) (classes of one name and a supported kind, usable
 * here, n <= CB_INTEROP_MAX_IMPLS) on `count` samples per cell, into *m
 * (variant: 0, or 1 / 2 for sm2-sign's custom-ID matrices).  Failures of the
 * implementations are results, not errors.  Returns 0, CB_ERR_ARG (n out
 * of range, names or kinds that differ, an unsupported kind),
 * CB_ERR_NOMEM or CB_ERR_RANDOM.
 */
int cb_interop_run(const cb_alg_info *const *impls, size_t n, int variant, size_t count,
		   cb_interop_matrix *m) CB_WARN_UNUSED;

#ifdef __cplusplus
}
#endif
#endif
