/*
 * A TLS 1.3-like handshake's public-key work per algorithm choice
 * (handshake.h), from a run's per-operation figures.
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/handshake.h"

/*
 * The combinations, in one place: a key exchange as TLS 1.3 groups name
 * them (or the SM2 and ML-KEM schemes alone), a signature as the server's
 * certificate would carry, and the classical choice a post-quantum one
 * replaces (its cost is set against that).  docs/PLAN.md lists them.
 */
static const cb_hs_combo combos[] = {
	{"x25519+ecdsa-p256", "x25519", "ecdsa-p256", NULL, "tls13-x25519-ecdsa-p256"},
	{"x25519+ed25519", "x25519", "ed25519", NULL, "tls13-x25519-ed25519"},
	{"ecdh-p256+ecdsa-p256", "ecdh-p256", "ecdsa-p256", NULL, "tls13-p256-ecdsa-p256"},
	{"x25519+rsa2048-pss", "x25519", "rsa2048-pss-sha256", "x25519+ecdsa-p256", "tls13-x25519-rsa2048"},
	{"x25519+rsa2048-pkcs1", "x25519", "rsa2048-pkcs1-sha256", "x25519+ecdsa-p256", NULL},
	{"sm2-dhkem+sm2", "sm2-dhkem", "sm2-sign", NULL, NULL},
	{"sm2-dh+sm2", "sm2-dh", "sm2-sign", NULL, "tls13-sm2-sm2"},
	{"x25519mlkem768+ecdsa-p256", "x25519mlkem768", "ecdsa-p256", "x25519+ecdsa-p256",
	 "tls13-x25519mlkem768-ecdsa-p256"},
	{"secp256r1mlkem768+ecdsa-p256", "secp256r1mlkem768", "ecdsa-p256", "ecdh-p256+ecdsa-p256", NULL},
	{"xwing+ed25519", "xwing", "ed25519", "x25519+ed25519", NULL},
	{"curvesm2mlkem768+sm2", "curvesm2mlkem768", "sm2-sign", "sm2-dh+sm2", NULL},
	{"sm2mlkem768+sm2", "sm2mlkem768", "sm2-sign", "sm2-dhkem+sm2", NULL},
	{"mlkem768+ecdsa-p256", "mlkem768", "ecdsa-p256", "x25519+ecdsa-p256", NULL},
	/* post-quantum signatures (FIPS 204) in the certificate as well */
	{"x25519mlkem768+mldsa44", "x25519mlkem768", "mldsa44", "x25519+ecdsa-p256", NULL},
	{"x25519mlkem768+mldsa65", "x25519mlkem768", "mldsa65", "x25519+ecdsa-p256", "tls13-x25519mlkem768-mldsa65"},
	{"sm2mlkem768+mldsa65", "sm2mlkem768", "mldsa65", "sm2-dhkem+sm2", NULL},
	{"curvesm2mlkem768+mldsa65", "curvesm2mlkem768", "mldsa65", "sm2-dh+sm2", NULL},
	{"mlkem1024+mldsa87", "mlkem1024", "mldsa87", "x25519+ecdsa-p256", "tls13-mlkem1024-mldsa87"},
};

const cb_hs_combo *cb_hs_combos(size_t *n)
{
	*n = sizeof(combos) / sizeof(combos[0]);
	return combos;
}

/* ns per operation on one core: from the entry's throughput over its threads. */
static double per_core_ns(const cb_result *r)
{
	unsigned t = r->threads ? r->threads : 1;
	return r->ops_per_sec > 0 ? 1e9 * t / r->ops_per_sec : 0;
}

/*
 * Whether a result's backend is `backend`: the backend itself, or a
 * composition of its own parts ("boringssl+boringssl": the hybrid a
 * backend without it is timed as, docs/HYBRID.md).
 */
static int on_backend(const cb_result *r, const char *backend)
{
	size_t n = strlen(backend);
	if (!strcmp(r->backend, backend))
		return 1;
	return !strncmp(r->backend, backend, n) && r->backend[n] == '+' && !strcmp(r->backend + n + 1, backend);
}

/*
 * The figure of alg's op: at the smallest message size measured, the
 * entry with the most threads of each backend, the fastest backend per
 * core (or only `backend`).  NULL when the run has none.
 */
static const cb_result *pick(const cb_run *run, const char *alg, const char *op, const char *backend)
{
	const cb_result *best = NULL;
	size_t msg = (size_t)-1;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status == CB_STATUS_OK && per_core_ns(r) > 0 && !strcmp(r->algorithm, alg) &&
		    !strcmp(r->operation, op) && (!backend || on_backend(r, backend)) && r->message_bytes < msg)
			msg = r->message_bytes;
	}
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		int beaten = 0;
		if (r->status != CB_STATUS_OK || per_core_ns(r) <= 0 || strcmp(r->algorithm, alg) ||
		    strcmp(r->operation, op) || (backend && !on_backend(r, backend)) || r->message_bytes != msg)
			continue;
		for (size_t k = 0; k < run->nresults && !beaten; k++) {
			const cb_result *o = &run->results[k];
			beaten = o->status == CB_STATUS_OK && per_core_ns(o) > 0 && o->threads > r->threads &&
				 !strcmp(o->algorithm, alg) && !strcmp(o->operation, op) &&
				 !strcmp(o->backend, r->backend) && o->message_bytes == msg;
		}
		if (!beaten && (!best || per_core_ns(r) < per_core_ns(best)))
			best = r;
	}
	return best;
}

/* The kind the run records for alg ("kem", "kex", "sig"); "" when it has none. */
static const char *kind_of(const cb_run *run, const char *alg)
{
	for (size_t i = 0; i < run->nresults; i++)
		if (!strcmp(run->results[i].algorithm, alg))
			return run->results[i].kind;
	return "";
}

static int add_step(const cb_run *run, cb_hs_row *row, const char *alg, const char *op, int server,
		    const char *backend, const cb_result **out)
{
	const cb_result *r = pick(run, alg, op, backend);
	cb_hs_step *s;
	if (!r) {
		if (!kind_of(run, alg)[0])
			snprintf(row->why, sizeof(row->why), "%s is not in the run", alg);
		else if (backend)
			snprintf(row->why, sizeof(row->why), "no %s of %s measured on %s", op, alg, backend);
		else
			snprintf(row->why, sizeof(row->why), "no %s of %s measured", op, alg);
		return -1;
	}
	s = &row->steps[row->nsteps++];
	snprintf(s->alg, sizeof(s->alg), "%s", alg);
	snprintf(s->op, sizeof(s->op), "%s", op);
	snprintf(s->backend, sizeof(s->backend), "%s", r->backend);
	s->server = server;
	s->ns = per_core_ns(r);
	s->threads = r->threads ? r->threads : 1;
	if (out)
		*out = r;
	return 0;
}

/* The combination measured through a TLS stack, when the run has its class's server side. */
static void measure(const cb_run *run, const cb_hs_combo *c, const char *backend, cb_hs_row *row)
{
	const cb_result *srv = c->tls ? pick(run, c->tls, "server", backend) : NULL, *hs;
	row->measured_client_bytes = row->measured_server_bytes = -1;
	if (!srv)
		return;
	row->measured = 1;
	snprintf(row->measured_backend, sizeof(row->measured_backend), "%s", srv->backend);
	row->measured_server_ns = per_core_ns(srv);
	row->measured_client_bytes = srv->sizes.handshake_client;
	row->measured_server_bytes = srv->sizes.handshake_server;
	hs = pick(run, c->tls, "handshake", srv->backend);
	if (hs)
		row->measured_handshake_ns = per_core_ns(hs);
}

/*
 * A stack whose handshake makes a step otherwise than the step's class
 * times it itself (its TLS class's sign-cold or share-cold, tls.h):
 * GmSSL's TLS 1.3 sets its signing context up every handshake, libssl
 * 3.0 makes its key share through fresh provider contexts.  The model of
 * that stack (a backend given) takes the server's step from there: s
 * becomes that figure; 1 when it did.
 */
static int stack_step(const cb_run *run, const cb_hs_combo *c, const char *backend, const char *op, cb_hs_step *s)
{
	const cb_result *r = c->tls && backend ? pick(run, c->tls, op, backend) : NULL;
	if (!r)
		return 0;
	snprintf(s->alg, sizeof(s->alg), "%s", c->tls);
	snprintf(s->op, sizeof(s->op), "%s", r->operation);
	snprintf(s->backend, sizeof(s->backend), "%s", r->backend);
	s->server = 1;
	s->ns = per_core_ns(r);
	s->threads = r->threads ? r->threads : 1;
	return 1;
}

static void build(const cb_run *run, const cb_hs_combo *c, const char *backend, double rate, double headroom,
		  cb_hs_row *row)
{
	const char *kind = kind_of(run, c->kex);
	const cb_result *share = NULL, *reply = NULL, *sig = NULL;
	int e = 0;
	memset(row, 0, sizeof(*row));
	row->combo = c;
	row->client_share = row->server_share = row->signature = row->wire = row->chain = -1;
	measure(run, c, backend, row);
	if (!kind[0]) {
		snprintf(row->why, sizeof(row->why), "%s is not in the run", c->kex);
		return;
	}
	if (strcmp(kind, "kem") && strcmp(kind, "kex")) {
		snprintf(row->why, sizeof(row->why), "%s is a %s, not a key exchange", c->kex, kind);
		return;
	}
	e = add_step(run, row, c->kex, "keygen", 0, backend, &share);
	if (!e && !strcmp(kind, "kem")) {
		e = add_step(run, row, c->kex, "encaps", 1, backend, &reply);
		e = e ? e : add_step(run, row, c->kex, "decaps", 0, backend, NULL);
	} else if (!e) {
		/* the server's keygen and derive, or the stack's own key share in their place */
		e = add_step(run, row, c->kex, "keygen", 1, backend, &reply);
		if (!e && !(row->stack_share = stack_step(run, c, backend, "share-cold", &row->steps[row->nsteps - 1])))
			e = add_step(run, row, c->kex, "derive", 1, backend, NULL);
		e = e ? e : add_step(run, row, c->kex, "derive", 0, backend, NULL);
	}
	e = e ? e : add_step(run, row, c->sig, "sign", 1, backend, &sig);
	if (!e)
		row->stack_sign = stack_step(run, c, backend, "sign-cold", &row->steps[row->nsteps - 1]);
	e = e ? e : add_step(run, row, c->sig, "verify", 0, backend, NULL);
	if (e)
		return;
	row->ok = 1;
	for (size_t i = 0; i < row->nsteps; i++)
		*(row->steps[i].server ? &row->server_ns : &row->client_ns) += row->steps[i].ns;
	row->per_core = 1e9 / row->server_ns;
	row->cores = ceil(rate / (row->per_core * (1 - headroom / 100)));
	/* On the wire: the client's share, the server's (its share or the ciphertext), the signature. */
	row->client_share = share->sizes.public_key;
	row->server_share = !strcmp(kind, "kem") ? reply->sizes.ciphertext : reply->sizes.public_key;
	row->signature = sig->sizes.signature;
	if (row->client_share >= 0 && row->server_share >= 0 && row->signature >= 0)
		row->wire = row->client_share + row->server_share + row->signature;
	if (sig->sizes.public_key >= 0 && row->signature >= 0)
		row->chain = 2 * (sig->sizes.public_key + row->signature);
}

int cb_hs_plan(const cb_run *run, const char *backend, const char *against, double rate, double headroom,
	       cb_hs_row **rows, size_t *n)
{
	size_t nc = sizeof(combos) / sizeof(combos[0]), fixed = nc;
	cb_hs_row *v;
	*rows = NULL;
	*n = 0;
	if (against) {
		for (size_t i = 0; i < nc && fixed == nc; i++)
			if (!strcmp(combos[i].name, against))
				fixed = i;
		if (fixed == nc)
			return CB_ERR_ARG;
	}
	v = calloc(nc, sizeof(*v));
	if (!v)
		return CB_ERR_NOMEM;
	for (size_t i = 0; i < nc; i++)
		build(run, &combos[i], backend, rate, headroom, &v[i]);
	for (size_t i = 0; i < nc; i++) {
		const char *name = fixed < nc ? combos[fixed].name : combos[i].baseline;
		for (size_t k = 0; name && k < nc && v[i].ok; k++)
			if (v[k].ok && k != i && !strcmp(combos[k].name, name)) {
				v[i].against = combos[k].name;
				v[i].server_ratio = v[i].server_ns / v[k].server_ns;
				v[i].client_ratio = v[i].client_ns / v[k].client_ns;
			}
	}
	*rows = v;
	*n = nc;
	return 0;
}
