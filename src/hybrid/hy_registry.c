/*
 * The hybrid KEMs' entry in the registry (backends.h), the components of
 * each for `run`, and length-checked KEM calls (hybrid.h).
 */
#include <string.h>

#include "backends/backends.h"
#include "core/util.h"
#include "hybrid/hy_ecc.h"
#include "hybrid/hybrid.h"

const cb_alg_info *const cb_hybrid_algs[] = {
	&cb_hybrid_x25519mlkem768.info,
	&cb_hybrid_secp256r1mlkem768.info,
	&cb_hybrid_xwing.info,
	&cb_hybrid_curvesm2mlkem768.info,
	&cb_hybrid_sm2mlkem768.info,
	&cb_hybrid_sm2_dhkem.info,
	&cb_hybrid_sm2_enc_kem.info,
	NULL,
};

static const struct {
	const char *name;
	const char *parts[3];
} parts[] = {
	{"x25519mlkem768", {"mlkem768", "x25519", NULL}},
	{"secp256r1mlkem768", {"ecdh-p256", "mlkem768", NULL}},
	{"xwing", {"mlkem768", "x25519", NULL}},
	{"curvesm2mlkem768", {"sm2-dh", "mlkem768", NULL}},
	{"sm2mlkem768", {"mlkem768", "sm2-dh", NULL}},
};

#define T_END {NULL, NULL}
/*
 * The composed hybrids call their key agreement as keygen-cold (import of
 * the secret, export of the public value) and derive-cold (import,
 * derive): a KEM has no handle to keep a prepared key in.  The default
 * SM2 hybrids' SM2 half is not a class (hy_ecc.c): their terms are the
 * sm2-dh class's warm operations, the nearest there is; curvesm2mlkem768's
 * compositions (composed 1) call an sm2-dh class cold.  composed: 0 every
 * class of the name, -1 the default only, 1 compositions only.
 */
static const struct {
	const char *name, *op;
	int composed;
	cb_hybrid_term terms[5];
} terms[] = {
	{"x25519mlkem768", "keygen", 0, {{"mlkem768", "keygen"}, {"x25519", "keygen-cold"}, T_END}},
	{"x25519mlkem768", "encaps", 0, {{"mlkem768", "encaps"}, {"x25519", "derive-cold"}, T_END}},
	{"x25519mlkem768", "decaps", 0, {{"mlkem768", "decaps"}, {"x25519", "derive-cold"}, T_END}},
	{"secp256r1mlkem768", "keygen", 0, {{"ecdh-p256", "keygen-cold"}, {"mlkem768", "keygen"}, T_END}},
	{"secp256r1mlkem768", "encaps", 0, {{"ecdh-p256", "derive-cold"}, {"mlkem768", "encaps"}, T_END}},
	{"secp256r1mlkem768", "decaps", 0, {{"ecdh-p256", "derive-cold"}, {"mlkem768", "decaps"}, T_END}},
	{"xwing", "keygen", 0, {{"mlkem768", "keygen"}, {"x25519", "keygen-cold"}, T_END}},
	{"xwing", "encaps", 0, {{"mlkem768", "encaps"}, {"x25519", "derive-cold"}, T_END}},
	/* decapsulation re-expands the seed (draft section 5.5) */
	{"xwing", "decaps", 0, {{"mlkem768", "keygen"}, {"mlkem768", "decaps"}, {"x25519", "derive-cold"}, T_END}},
	{"curvesm2mlkem768", "keygen", -1, {{"sm2-dh", "keygen"}, {"mlkem768", "keygen"}, T_END}},
	{"curvesm2mlkem768", "encaps", -1, {{"sm2-dh", "keygen"}, {"sm2-dh", "derive"}, {"mlkem768", "encaps"}, T_END}},
	{"curvesm2mlkem768", "decaps", -1, {{"sm2-dh", "derive"}, {"mlkem768", "decaps"}, T_END}},
	{"curvesm2mlkem768", "keygen", 1, {{"sm2-dh", "keygen-cold"}, {"mlkem768", "keygen"}, T_END}},
	{"curvesm2mlkem768", "encaps", 1, {{"sm2-dh", "derive-cold"}, {"mlkem768", "encaps"}, T_END}},
	{"curvesm2mlkem768", "decaps", 1, {{"sm2-dh", "derive-cold"}, {"mlkem768", "decaps"}, T_END}},
	{"sm2mlkem768", "keygen", 0, {{"mlkem768", "keygen"}, {"sm2-dh", "keygen"}, T_END}},
	{"sm2mlkem768", "encaps", 0, {{"mlkem768", "encaps"}, {"sm2-dh", "keygen"}, {"sm2-dh", "derive"}, T_END}},
	{"sm2mlkem768", "decaps", 0, {{"mlkem768", "decaps"}, {"sm2-dh", "derive"}, T_END}},
};

const cb_hybrid_term *cb_hybrid_terms(const char *name, const char *backend, const char *op)
{
	int composed = backend && strchr(backend, '+') ? 1 : -1;
	for (size_t i = 0; name && op && i < CB_ARRAY_LEN(terms); i++)
		if (!strcmp(terms[i].name, name) && !strcmp(terms[i].op, op) &&
		    (!terms[i].composed || terms[i].composed == composed))
			return terms[i].terms;
	return NULL;
}

const char *const *cb_hybrid_parts(const char *name)
{
	for (size_t i = 0; name && i < CB_ARRAY_LEN(parts); i++)
		if (!strcmp(parts[i].name, name))
			return parts[i].parts;
	return NULL;
}

/* 1 when op is one of the comma-separated items of list. */
static int listed(const char *list, const char *op)
{
	size_t n = strlen(op);
	for (const char *p = list; p && *p;) {
		const char *e = strchr(p, ',');
		size_t len = e ? (size_t)(e - p) : strlen(p);
		if (len == n && !strncmp(p, op, n))
			return 1;
		p = e ? e + 1 : NULL;
	}
	return 0;
}

int cb_hybrid_needs_op(const cb_alg_info *part, const char *op, const cb_alg_info *const *algs, size_t n,
		       const char *hybrid_ops)
{
	for (size_t i = 0; part && op && i < n; i++) {
		char buf[32];
		const char *be;
		if (!cb_hybrid_composable(algs[i]->name) ||
		    !(be = cb_hybrid_part_backend(algs[i]->name, algs[i]->backend, part->name, buf, sizeof(buf))) ||
		    strcmp(be, part->backend))
			continue;
		int composed = strchr(algs[i]->backend, '+') ? 1 : -1;
		for (size_t k = 0; k < CB_ARRAY_LEN(terms); k++) {
			if (strcmp(terms[k].name, algs[i]->name) || (hybrid_ops && !listed(hybrid_ops, terms[k].op)) ||
			    (terms[k].composed && terms[k].composed != composed))
				continue;
			for (const cb_hybrid_term *t = terms[k].terms; t->alg; t++)
				if (!strcmp(t->alg, part->name) && !strcmp(t->op, op))
					return 1;
		}
	}
	return 0;
}

/* The coins of a derand method, as c says (hybrid.h); n <= 96. */
static int hy_draw(const cb_hy_coins *c, uint8_t *coins, size_t n)
{
	int r;

	if (!c->scalar)
		return cb_random_bytes(coins, n);
	if (c->scalar_at + 32 > n)
		return CB_ERR_ARG;
	if (c->scalar_at && (r = cb_random_bytes(coins, c->scalar_at)) != CB_OK)
		return r;
	if ((r = cb_hy_ec_random_scalar(c->curve, coins + c->scalar_at)) != CB_OK)
		return r;
	if (c->scalar_at + 32 < n)
		return cb_random_bytes(coins + c->scalar_at + 32, n - c->scalar_at - 32);
	return CB_OK;
}

int cb_hy_keypair(const cb_kem_class *cls, uint8_t *pk, uint8_t *sk)
{
	const cb_hy_variant *v = cls->info.variant;
	uint8_t coins[96];
	int r = CB_ERR_ARG;

	if (cls->keypair_coins_bytes <= sizeof(coins))
		r = hy_draw(&v->keypair, coins, cls->keypair_coins_bytes);
	if (!r)
		r = cls->keypair_derand(cls, pk, sk, coins);
	cb_wipe(coins, sizeof(coins));
	return r;
}

int cb_hy_encaps(const cb_kem_class *cls, uint8_t *ct, uint8_t *ss, const uint8_t *pk)
{
	const cb_hy_variant *v = cls->info.variant;
	uint8_t coins[96];
	int r = CB_ERR_ARG;

	for (int tries = 0; tries < (v->encaps_tries > 1 ? v->encaps_tries : 1); tries++) {
		r = CB_ERR_ARG;
		if (cls->encaps_coins_bytes <= sizeof(coins))
			r = hy_draw(&v->encaps, coins, cls->encaps_coins_bytes);
		if (!r)
			r = cls->encaps_derand(cls, ct, ss, pk, coins);
		if (r != CB_ERR_ARG)
			break;
	}
	cb_wipe(coins, sizeof(coins));
	return r;
}

int cb_kem_encaps_checked(const cb_kem_class *k, uint8_t *ct, size_t ctcap, uint8_t *ss, size_t sscap,
			  const uint8_t *pk, size_t pklen)
{
	if (!k || !ct || !ss || !pk)
		return CB_ERR_ARG;
	if (pklen != k->public_key_bytes || ctcap < k->ciphertext_bytes || sscap < k->shared_secret_bytes)
		return CB_ERR_LENGTH;
	return k->encaps(k, ct, ss, pk);
}

int cb_kem_decaps_checked(const cb_kem_class *k, uint8_t *ss, size_t sscap, const uint8_t *ct,
			  size_t ctlen, const uint8_t *sk, size_t sklen)
{
	if (!k || !ss || !ct || !sk)
		return CB_ERR_ARG;
	if (ctlen != k->ciphertext_bytes || sklen != k->secret_key_bytes || sscap < k->shared_secret_bytes)
		return CB_ERR_LENGTH;
	return k->decaps(k, ss, ct, sk);
}
