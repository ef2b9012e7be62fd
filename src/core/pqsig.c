/* The post-quantum signature adapters' shared part (pqsig.h). */
#include <stdlib.h>
#include <string.h>

#include "core/ct.h"
#include "core/pqsig.h"
#include "core/util.h"

int cb_pqsig_mode_set(cb_pqsig_mode *m, const cb_opts *opts)
{
	memset(m, 0, sizeof(*m));
	if (!opts)
		return CB_OK;
	if (opts->sig_ctx_len > CB_PQSIG_CTX_MAX || (opts->sig_ctx_len && !opts->sig_ctx))
		return CB_ERR_ARG;
	m->deterministic = opts->sig_deterministic != 0;
	m->ctx_len = opts->sig_ctx_len;
	if (m->ctx_len)
		memcpy(m->ctx, opts->sig_ctx, m->ctx_len);
	return CB_OK;
}

cb_sig_params cb_pqsig_params(const cb_pqsig_mode *m)
{
	cb_sig_params p = {CB_SIG_IFACE_PURE, NULL, 0, NULL, 0};

	p.ctx = m->ctx_len ? m->ctx : NULL;
	p.ctx_len = m->ctx_len;
	p.deterministic = m->deterministic;
	return p;
}

int cb_pqsig_raw_key(cb_key_type t, int secret, const uint8_t *in, size_t len, const uint8_t **raw, size_t *rawlen)
{
	uint8_t *canon = NULL;
	size_t clen = 0;
	cb_key_type got;
	int r = secret ? cb_key_private_pkcs8(in, len, &got, &canon, &clen) : cb_key_public_spki(in, len, &got, &canon, &clen);

	if (r != CB_OK)
		return r == CB_ERR_UNSUPPORTED ? CB_ERR_FORMAT : r;
	r = got != t || clen != len || memcmp(canon, in, len) ? CB_ERR_FORMAT : CB_OK;
	cb_wipe(canon, clen);
	free(canon);
	if (r == CB_OK && cb_key_raw(in, len, secret, raw, rawlen) != CB_OK)
		r = CB_ERR_FORMAT;
	return r;
}

int cb_pqsig_export(cb_key_type t, int secret, const uint8_t *raw, size_t rawlen, uint8_t *out, size_t *outlen)
{
	uint8_t *der;
	size_t n;
	int r = cb_key_wrap_raw(t, secret, raw, rawlen, &der, &n);

	if (r != CB_OK)
		return r;
	if (*outlen < n) {
		r = CB_ERR_LENGTH;
	} else {
		memcpy(out, der, n);
		*outlen = n;
	}
	cb_wipe(der, n);
	free(der);
	return r;
}

int cb_pqsig_check(const cb_sig_params *p, const uint8_t *m, size_t mlen, int mldsa)
{
	if (!p || (!m && mlen) || (!p->ctx && p->ctx_len) || p->ctx_len > CB_PQSIG_CTX_MAX)
		return CB_ERR_ARG;
	if (p->iface != CB_SIG_IFACE_PURE &&
	    (!mldsa || (p->iface != CB_SIG_IFACE_INTERNAL && p->iface != CB_SIG_IFACE_MU)))
		return CB_ERR_UNSUPPORTED;
	if (p->iface == CB_SIG_IFACE_MU && mlen != 64)
		return CB_ERR_LENGTH;
	return CB_OK;
}

size_t cb_pqsig_prefix(const cb_sig_params *p, uint8_t pre[2 + CB_PQSIG_CTX_MAX])
{
	if (p->iface != CB_SIG_IFACE_PURE)
		return 0;
	pre[0] = 0;
	pre[1] = (uint8_t)p->ctx_len;
	if (p->ctx_len)
		memcpy(pre + 2, p->ctx, p->ctx_len);
	return 2 + p->ctx_len;
}

int cb_pqsig_rnd(const cb_sig_params *p, uint8_t rnd[32])
{
	if (p->rnd) {
		memcpy(rnd, p->rnd, 32);
		return CB_OK;
	}
	if (p->deterministic) {
		memset(rnd, 0, 32);
		return CB_OK;
	}
	return cb_random_bytes(rnd, 32);
}

int cb_pqsig_same_key(const uint8_t *a, const uint8_t *b, size_t n)
{
	unsigned diff = 0;

	for (size_t i = 0; i < n; i++)
		diff |= a[i] ^ b[i];
	CB_CT_DECLASSIFY(&diff, sizeof(diff));
	return diff ? CB_ERR_INVALID_KEY : CB_OK;
}
