/*
 * cryptobench: common definitions shared by every algorithm class.
 *
 * Every algorithm is described by a const class struct whose first member is
 * a cb_alg_info (BearSSL's br_*_class style).  Generic code holds a pointer
 * to the cb_alg_info and converts it to the class of its kind with the
 * cb_as_*() helpers.  Backends provide const instances; the registry
 * (registry.h) lists them.
 *
 * Every method that makes a handle (keygen, import_*, a cipher's or hash's
 * init) receives its class as first argument, `cls->keygen(cls, opts, &key)`,
 * as BearSSL passes the vtable to its methods; methods on an existing handle
 * do not, the handle records what they need.  One backend function thus
 * serves several classes, reading what tells them apart from
 * cls->info.variant or the class's own fields.
 *
 * Conventions:
 *   - Functions return 0 (CB_OK) on success and a negative CB_ERR_* on
 *     failure.  They never print and never exit.
 *   - On failure, output buffers are zeroed or left untouched.
 *   - Key and context handles are opaque and owned by the backend that made
 *     them; a handle is used by one thread at a time.
 */
#ifndef CRYPTOBENCH_COMMON_H
#define CRYPTOBENCH_COMMON_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define CB_WARN_UNUSED __attribute__((warn_unused_result))
#else
#define CB_WARN_UNUSED
#endif

/* Error codes.  cb_strerror() gives a lowercase English phrase. */
enum {
	CB_OK = 0,
	CB_ERR_ARG = -1,         /* invalid argument (NULL, bad length, ...) */
	CB_ERR_NOMEM = -2,       /* allocation failed */
	CB_ERR_BACKEND = -3,     /* the underlying library reported an error */
	CB_ERR_VERIFY = -4,      /* signature or tag did not verify */
	CB_ERR_UNSUPPORTED = -5, /* operation or parameter not supported */
	CB_ERR_RANDOM = -6,      /* the system random generator failed */
	CB_ERR_INVALID_KEY = -7, /* key fails a validity check (e.g. FIPS 203 7.2) */
	CB_ERR_LENGTH = -8,      /* input length wrong, or output buffer too small */
	CB_ERR_DECRYPT = -9,     /* decryption failed (bad padding, bad ciphertext) */
	CB_ERR_SELFCHECK = -10,  /* a round trip did not give back its input */
	CB_ERR_IO = -11,         /* file input/output failed (errno is kept) */
	CB_ERR_FORMAT = -12      /* malformed encoding (DER, hex, JSON, ...) */
};

/* Returns a static lowercase phrase for an error code; never NULL. */
const char *cb_strerror(int err);

/* The algorithm classes (DESIGN.md). */
typedef enum cb_kind {
	CB_KIND_KEM = 0, /* keypair / encaps / decaps */
	CB_KIND_PKE,     /* keypair / encrypt / decrypt */
	CB_KIND_SIG,     /* keypair / sign / verify */
	CB_KIND_KEX,     /* keypair / derive */
	CB_KIND_CIPHER,  /* encrypt / decrypt over a message */
	CB_KIND_HASH,    /* digest over a message */
	CB_KIND_ENVELOPE, /* seal / open a message to a recipient (envelope.h) */
	CB_KIND_COUNT
} cb_kind;

/* "kem", "pke", ...; NULL for an out-of-range value. */
const char *cb_kind_name(cb_kind kind);

/* Families as the studies group them. */
#define CB_FAMILY_CLASSICAL "classical"
#define CB_FAMILY_GM "gm"
#define CB_FAMILY_PQ "pq"
#define CB_FAMILY_HYBRID "hybrid"

/*
 * Run-time options a caller may pass when a key is made.  Zero-initialise
 * and set what you need; NULL means all defaults.
 */
typedef struct cb_opts {
	/*
	 * SM2 user identity for Z_A (GM/T 0003.2, 0009).  NULL selects the
	 * GM/T 0009 default "1234567812345678".  At most CB_SM2_ID_MAX bytes.
	 */
	const uint8_t *sm2_id;
	size_t sm2_id_len;
	/*
	 * ML-DSA (FIPS 204): the context string of sign / verify (NULL: empty;
	 * at most 255 bytes) and deterministic signing (rnd = 32 zero bytes)
	 * instead of hedged; a handle keeps them from keygen / import.
	 */
	const uint8_t *sig_ctx;
	size_t sig_ctx_len;
	int sig_deterministic;
} cb_opts;

#define CB_SM2_DEFAULT_ID "1234567812345678"
/* The longest SM2 ID: Z_A holds its length in bits in 16 bits (ENTL, GM/T 0003.2 5.5). */
#define CB_SM2_ID_MAX 8191

/*
 * The header of every class struct.  `name` is the stable lower-case
 * selector a user types (e.g. "rsa2048-oaep-sha256"); several backends may
 * provide the same name.  What the algorithm is (family, description,
 * security) is in its catalog row (catalog.h), written once.
 */
typedef struct cb_alg_info {
	cb_kind kind;        /* the same as its catalog row's (a test checks) */
	const char *name;    /* its row in the algorithm catalog (catalog.h) */
	const char *backend; /* "openssl", "builtin", ... */
	/*
	 * What this backend's implementation adds to the catalog's
	 * description ("includes a small DER-to-raw conversion"), or NULL.
	 */
	const char *notes;
	/*
	 * NULL when usable here; otherwise a static reason why not
	 * ("OpenSSL was built without SM2").  May itself be NULL (always usable).
	 */
	const char *(*unavailable)(void);
	/*
	 * The implementation that actually runs, e.g. "openssl-3.0.19" or
	 * "builtin-c".  May be NULL: the backend name is used instead.
	 */
	const char *(*implementation)(void);
	/*
	 * Backend-private parameters of this class (a curve id, a digest, a
	 * padding), read only by the backend's own methods, which receive the
	 * class; NULL when the backend needs none.  Generic code never reads it.
	 */
	const void *variant;
} cb_alg_info;

#ifdef __cplusplus
}
#endif
#endif
