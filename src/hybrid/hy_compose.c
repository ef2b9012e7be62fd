/*
 * Hybrid KEMs as compositions (hybrid.h, docs/HYBRID.md "Compositions"):
 * the combiners of hy_tls.c and hy_xwing.c call an ML-KEM-768 class, a
 * key-agreement class and (X-Wing) a hash class found in the registry.
 * The registry's classes of backend "builtin" are the default
 * composition, builtin's ML-KEM-768 with OpenSSL's key agreement and
 * hash; cb_hybrid_compose() makes any other ("oqs+sodium") once, as a
 * copy of the default class whose variant points at its own parts.
 *
 * What a combiner asks of its key-agreement part: import_secret of a raw
 * secret from the coins (X25519: the 32 bytes, RFC 7748; P-256: d as the
 * canonical PKCS#8 of src/core/der.c), export_public, derive; a fresh
 * handle per call (a KEM has no handle to keep one in), freed at once.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/der.h"
#include "core/util.h"
#include "cryptobench/registry.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"

#define MLKEM768_EK 1184
#define MLKEM768_DK 2400
#define MLKEM768_CT 1088
#define HASH_IN_MAX 512

/*
 * One composable hybrid: its default class, the class its compositions
 * copy (NULL: the default, itself a composition), and the names of its
 * parts.
 */
struct recipe {
	const char *name;
	const cb_kem_class *def, *tmpl;
	const char *kem, *kex, *hash; /* registry names; hash NULL: the combiner does not hash */
	int wei, curve;               /* the key agreement on a Weierstrass curve, and which */
	size_t publen;                /* its public value */
};

static const struct recipe recipes[] = {
	{"x25519mlkem768", &cb_hybrid_x25519mlkem768, NULL, "mlkem768", "x25519", NULL, 0, 0, 32},
	{"secp256r1mlkem768", &cb_hybrid_secp256r1mlkem768, NULL, "mlkem768", "ecdh-p256", NULL, 1, CB_HY_P256, 65},
	{"xwing", &cb_hybrid_xwing, NULL, "mlkem768", "x25519", "sha3-256", 0, 0, 32},
	/*
	 * The default does its SM2 half with OpenSSL's EC_POINT (hy_ecc.c):
	 * OpenSSL's sm2-dh class cannot import a secret.  Its compositions
	 * take an sm2-dh class that can (libgcrypt's, GmSSL's).
	 */
	{"curvesm2mlkem768", &cb_hybrid_curvesm2mlkem768, &cb_hy_curvesm2mlkem768_parts, "mlkem768", "sm2-dh", NULL, 1,
	 CB_HY_SM2, 65},
};

/* The default composition's backends (docs/HYBRID.md). */
#define DEFAULT_KEM "builtin"
#define DEFAULT_KEX "openssl"
#define DEFAULT_HASH "openssl"

static const struct recipe *recipe_of(const char *name)
{
	for (size_t i = 0; name && i < CB_ARRAY_LEN(recipes); i++)
		if (!strcmp(recipes[i].name, name))
			return &recipes[i];
	return NULL;
}

int cb_hybrid_composable(const char *name)
{
	return recipe_of(name) != NULL;
}

/* ---- EC scalars ---------------------------------------------------------- */

/* The group orders, big-endian (FIPS 186-5 / SEC 2; GB/T 32918.5). */
static const uint8_t order[2][32] = {
	{0xff, 0xff, 0xff, 0xff, 0x00, 0x00, 0x00, 0x00, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	 0xbc, 0xe6, 0xfa, 0xad, 0xa7, 0x17, 0x9e, 0x84, 0xf3, 0xb9, 0xca, 0xc2, 0xfc, 0x63, 0x25, 0x51},
	{0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
	 0x72, 0x03, 0xdf, 0x6b, 0x21, 0xc6, 0x05, 0x2b, 0x53, 0xbb, 0xf4, 0x09, 0x39, 0xd5, 0x41, 0x23},
};

/* 1 when d is in [1, n-1]; no branch on d's bytes, only the answer is public. */
static int scalar_ok(int curve, const uint8_t d[32])
{
	unsigned borrow = 0, any = 0;
	for (int i = 31; i >= 0; i--) {
		borrow = ((unsigned)d[i] - order[curve][i] - borrow) >> 8 & 1u;
		any |= d[i];
	}
	return (int)(borrow & (unsigned)((any | (0u - any)) >> 31));
}

int cb_hy_ec_random_scalar(int curve, uint8_t d[32])
{
	if (curve != CB_HY_P256 && curve != CB_HY_SM2)
		return CB_ERR_UNSUPPORTED;
	/* n > 2^255 on both curves: a try fails with probability below 2^-32 */
	for (int tries = 0; tries < 64; tries++) {
		if (cb_random_bytes(d, 32))
			return CB_ERR_RANDOM;
		if (scalar_ok(curve, d))
			return CB_OK;
	}
	cb_wipe(d, 32);
	return CB_ERR_RANDOM;
}

/* ---- the parts ------------------------------------------------------------- */

/* The usable class of that name and kind in backend be; NULL and why otherwise. */
static const cb_alg_info *part(const char *name, cb_kind kind, const char *be, char *why, size_t cap)
{
	const cb_alg_info *a = cb_registry_find(name, be);
	const char *u;

	if (!a || a->kind != kind) {
		snprintf(why, cap, "backend '%s' has no %s", be, name);
		return NULL;
	}
	if ((u = cb_alg_unavailable(a)) != NULL) {
		snprintf(why, cap, "%s of %s is not usable here: %s", name, be, u);
		return NULL;
	}
	return a;
}

/* Fill s with the parts of r on kem_be / kex_be; 0, or CB_ERR_UNSUPPORTED and why. */
static int resolve(const struct recipe *r, const char *kem_be, const char *kex_be, cb_hy_slot *s, char *why,
		   size_t cap)
{
	const cb_kem_class *k = cb_as_kem(part(r->kem, CB_KIND_KEM, kem_be, why, cap));
	const cb_kex_class *x = k ? cb_as_kex(part(r->kex, CB_KIND_KEX, kex_be, why, cap)) : NULL;
	const cb_hash_class *h = NULL;

	if (!k || !x)
		return CB_ERR_UNSUPPORTED;
	if (!k->keypair_derand || !k->encaps_derand || k->keypair_coins_bytes != 64 || k->encaps_coins_bytes != 32 ||
	    k->public_key_bytes != MLKEM768_EK || k->secret_key_bytes != MLKEM768_DK ||
	    k->ciphertext_bytes != MLKEM768_CT || k->shared_secret_bytes != 32) {
		snprintf(why, cap, "%s of %s has no derandomised key generation and encapsulation", r->kem, kem_be);
		return CB_ERR_UNSUPPORTED;
	}
	if (!x->import_secret || !x->export_public || !x->derive) {
		snprintf(why, cap, "%s of %s cannot import a secret key", r->kex, kex_be);
		return CB_ERR_UNSUPPORTED;
	}
	if (r->hash) {
		/* the key agreement's backend's, else OpenSSL's */
		const cb_alg_info *a = cb_registry_find(r->hash, kex_be);
		if (!a || a->kind != CB_KIND_HASH || cb_alg_unavailable(a))
			a = part(r->hash, CB_KIND_HASH, DEFAULT_HASH, why, cap);
		if (!(h = cb_as_hash(a)) || h->digest_bytes != 32)
			return CB_ERR_UNSUPPORTED;
	}
	s->wei = r->wei;
	s->curve = r->curve;
	s->publen = r->publen;
	s->parts.kem = k;
	s->parts.kex = x;
	s->parts.hash = h;
	return CB_OK;
}

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

const cb_hy_slot *cb_hy_parts_of(const cb_kem_class *cls)
{
	const cb_hy_variant *v = cls->info.variant;
	cb_hy_slot *s = v ? v->slot : NULL;
	int state;

	if (!s)
		return NULL;
	state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
	if (state == 0) {
		/* the registry's default class, on its first call */
		const struct recipe *r = recipe_of(v->recipe);
		char why[160];
		pthread_mutex_lock(&lock);
		state = __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
		if (state == 0) {
			state = r && resolve(r, DEFAULT_KEM, DEFAULT_KEX, s, why, sizeof(why)) == CB_OK ? 1 : -1;
			__atomic_store_n(&s->state, state, __ATOMIC_RELEASE);
		}
		pthread_mutex_unlock(&lock);
	}
	return state == 1 ? s : NULL;
}

/* A handle of the key-agreement part for the raw secret sec. */
static int kex_load(const cb_hy_slot *s, const uint8_t sec[32], void **key)
{
	const cb_kex_class *x = s->parts.kex;
	uint8_t der[sizeof(cb_pkcs8_p256_prefix) + 32];
	const uint8_t *prefix = s->curve == CB_HY_SM2 ? cb_pkcs8_sm2_prefix : cb_pkcs8_p256_prefix;
	int r;

	*key = NULL;
	if (!s->wei) {
		r = x->import_secret(x, sec, 32, NULL, key);
	} else {
		if (s->curve != CB_HY_P256 && s->curve != CB_HY_SM2)
			return CB_ERR_UNSUPPORTED;
		if (!scalar_ok(s->curve, sec))
			return CB_ERR_ARG;
		memcpy(der, prefix, sizeof(cb_pkcs8_p256_prefix));
		memcpy(der + sizeof(cb_pkcs8_p256_prefix), sec, 32);
		r = x->import_secret(x, der, sizeof(der), NULL, key);
		cb_wipe(der, sizeof(der));
	}
	if (r) {
		*key = NULL;
		return r == CB_ERR_NOMEM ? r : CB_ERR_BACKEND;
	}
	return CB_OK;
}

static int export_pub(const cb_hy_slot *s, void *key, uint8_t *pub)
{
	size_t n = s->publen;
	int r = s->parts.kex->export_public(key, pub, &n);
	if (!r && n != s->publen)
		r = CB_ERR_BACKEND;
	return r;
}

int cb_hy_kex_public(const cb_hy_slot *s, uint8_t *pub, const uint8_t sec[32])
{
	void *key;
	int r = kex_load(s, sec, &key);
	if (r)
		return r;
	r = export_pub(s, key, pub);
	s->parts.kex->key_free(key);
	return r;
}

int cb_hy_kex_shared(const cb_hy_slot *s, uint8_t *pub, uint8_t ss[32], const uint8_t sec[32], const uint8_t *peer)
{
	size_t n = 32;
	void *key;
	int r;

	/* RFC 8446 4.2.8.2: the uncompressed form only */
	if (s->wei && peer[0] != 0x04)
		return CB_ERR_INVALID_KEY;
	if ((r = kex_load(s, sec, &key)) != CB_OK)
		return r;
	if (pub)
		r = export_pub(s, key, pub);
	/* the peer is the only outside input here: a refusal is about it */
	if (!r && (r = s->parts.kex->derive(key, peer, s->publen, ss, &n)) != CB_OK)
		r = r == CB_ERR_NOMEM ? r : CB_ERR_INVALID_KEY;
	if (!r && n != 32)
		r = CB_ERR_BACKEND;
	/* RFC 8446 7.4.2 (X25519: a low-order peer), whatever the class checks */
	if (!r && cb_hy_is_zero(ss, 32))
		r = CB_ERR_INVALID_KEY;
	if (r)
		cb_wipe(ss, 32);
	s->parts.kex->key_free(key);
	return r;
}

int cb_hy_hash(const cb_hy_slot *s, uint8_t *out, const uint8_t *const *in, const size_t *lens, size_t n)
{
	const cb_hash_class *h = s->parts.hash;
	uint8_t buf[HASH_IN_MAX];
	size_t len = 0;
	void *ctx = NULL;
	int r;

	if (!h)
		return CB_ERR_UNSUPPORTED;
	for (size_t i = 0; i < n; i++) {
		if (lens[i] > sizeof(buf) - len)
			return CB_ERR_ARG;
		memcpy(buf + len, in[i], lens[i]);
		len += lens[i];
	}
	r = h->init(h, &ctx);
	if (!r)
		r = h->digest(ctx, buf, len, out);
	if (ctx)
		h->free(ctx);
	cb_wipe(buf, len);
	return r;
}

/* ---- compositions ------------------------------------------------------------ */

struct composed {
	cb_kem_class cls;
	cb_hy_variant var;
	cb_hy_slot slot;
	char backend[32];
	char notes[320];
	struct composed *next;
};

static struct composed *made; /* under lock; never freed (the classes live as long as the program) */

/* "A+B" into its two backends; 0 or CB_ERR_ARG. */
static int split(const char *backends, char *a, char *b, size_t cap)
{
	const char *plus = backends ? strchr(backends, '+') : NULL;
	size_t la;

	if (!plus || strchr(plus + 1, '+') || plus == backends || !plus[1])
		return CB_ERR_ARG;
	la = (size_t)(plus - backends);
	if (la >= cap || strlen(plus + 1) >= cap)
		return CB_ERR_ARG;
	memcpy(a, backends, la);
	a[la] = 0;
	snprintf(b, cap, "%s", plus + 1);
	return CB_OK;
}

int cb_hybrid_compose(const char *name, const char *backends, const cb_alg_info **out, char *why, size_t cap)
{
	const struct recipe *r = recipe_of(name);
	char kem_be[32], kex_be[32], tmp[1];
	struct composed *c;
	int rc;

	if (!why || !cap) {
		why = tmp;
		cap = sizeof(tmp);
	}
	why[0] = 0;
	*out = NULL;
	if (!r) {
		snprintf(why, cap, "%s is not a hybrid made of parts", name ? name : "(null)");
		return CB_ERR_UNSUPPORTED;
	}
	if (split(backends, kem_be, kex_be, sizeof(kem_be)) || strlen(backends) >= sizeof(c->backend)) {
		snprintf(why, cap, "'%s' is not KEM-BACKEND+KEX-BACKEND", backends ? backends : "(null)");
		return CB_ERR_ARG;
	}
	pthread_mutex_lock(&lock);
	for (c = made; c; c = c->next)
		if (!strcmp(c->cls.info.name, name) && !strcmp(c->backend, backends))
			break;
	if (!c && (c = calloc(1, sizeof(*c))) == NULL) {
		pthread_mutex_unlock(&lock);
		snprintf(why, cap, "out of memory");
		return CB_ERR_NOMEM;
	}
	if (c->slot.state != 1) {
		rc = resolve(r, kem_be, kex_be, &c->slot, why, cap);
		if (rc) {
			free(c);
			pthread_mutex_unlock(&lock);
			return rc;
		}
		snprintf(c->backend, sizeof(c->backend), "%s", backends);
		snprintf(c->notes, sizeof(c->notes), "parts %s@%s, %s@%s%s%s%s%s", r->kem, kem_be, r->kex, kex_be,
			 r->hash ? ", " : "", r->hash ? r->hash : "", r->hash ? "@" : "",
			 r->hash ? c->slot.parts.hash->info.backend : "");
		c->var = *(const cb_hy_variant *)(r->tmpl ? r->tmpl : r->def)->info.variant;
		c->var.slot = &c->slot;
		c->cls = r->tmpl ? *r->tmpl : *r->def;
		c->cls.info.backend = c->backend;
		c->cls.info.notes = c->notes;
		c->cls.info.unavailable = NULL;
		c->cls.info.implementation = NULL; /* the backend string names it */
		c->cls.info.variant = &c->var;
		c->cls.skipped_checks = c->slot.parts.kem->skipped_checks;
		__atomic_store_n(&c->slot.state, 1, __ATOMIC_RELEASE);
		c->next = made;
		made = c;
	}
	pthread_mutex_unlock(&lock);
	*out = &c->cls.info;
	return CB_OK;
}

size_t cb_hybrid_compositions(const char *name, const cb_alg_info **out, size_t cap)
{
	const struct recipe *r = recipe_of(name);
	const cb_alg_info *a;
	size_t n = 0;
	char be[64];

	if (!r || !cap || (!r->tmpl && !cb_hy_parts_of(r->def)) || cb_alg_unavailable(&r->def->info))
		return 0;
	out[n++] = &r->def->info;
	for (int pass = 0; pass < 2; pass++)
		for (size_t i = 0; (a = cb_registry_get(i)) != NULL && n < cap; i++) {
			const cb_alg_info *c;
			if (strcmp(a->name, pass ? r->kex : r->kem) || cb_alg_unavailable(a) ||
			    !strcmp(a->backend, pass ? DEFAULT_KEX : DEFAULT_KEM))
				continue;
			snprintf(be, sizeof(be), "%s+%s", pass ? DEFAULT_KEM : a->backend, pass ? a->backend : DEFAULT_KEX);
			if (cb_hybrid_compose(name, be, &c, NULL, 0) == CB_OK)
				out[n++] = c;
		}
	return n;
}

const char *cb_hybrid_part_backend(const char *name, const char *backend, const char *p, char *buf, size_t cap)
{
	const struct recipe *r = recipe_of(name);
	char a[32], b[32];
	const char *be = NULL;

	if (!r || !backend || !p || !cap)
		return NULL;
	if (!strcmp(backend, "builtin")) {
		be = !strcmp(p, r->kem) ? DEFAULT_KEM : !strcmp(p, r->kex) ? DEFAULT_KEX : NULL;
	} else if (split(backend, a, b, sizeof(a)) == CB_OK) {
		be = !strcmp(p, r->kem) ? a : !strcmp(p, r->kex) ? b : NULL;
	}
	if (!be)
		return NULL;
	snprintf(buf, cap, "%s", be);
	return buf;
}
