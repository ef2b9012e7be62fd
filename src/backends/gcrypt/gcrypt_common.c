/*
 * libgcrypt backend: one-time initialisation, the version labels, and the
 * list of classes the registry sees.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "backends/gcrypt/gcrypt_common.h"
#include "core/der.h"
#include "core/util.h"

static pthread_once_t init_once = PTHREAD_ONCE_INIT;
static int init_ok;
static char impl_label[64] = "libgcrypt";

static void init_lib(void)
{
	const char *v = gcry_check_version(GCRYPT_VERSION);

	if (!v)
		return;
	/* No secure memory: keys live in ordinary memory, as with the other backends. */
	gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
	gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
	snprintf(impl_label, sizeof(impl_label), "libgcrypt-%s", v);
	init_ok = 1;
}

int cb_gcry_init(void)
{
	pthread_once(&init_once, init_lib);
	return init_ok ? CB_OK : CB_ERR_BACKEND;
}

const char *cb_gcry_unavailable(void)
{
	return cb_gcry_init() ? "libgcrypt is older than the headers it was built with" : NULL;
}

const char *cb_gcrypt_implementation(void)
{
	if (cb_gcry_init())
		return "libgcrypt";
	return impl_label;
}

const char *cb_gcrypt_version(void)
{
	if (cb_gcry_init())
		return "unusable";
	return gcry_check_version(NULL);
}

int cb_gcry_pk_open(cb_gcry_pk *k, int md_algo)
{
	return cb_gcry_init() || gcry_md_open(&k->md, md_algo, 0) ? CB_ERR_NOMEM : CB_OK;
}

void cb_gcry_pk_close(cb_gcry_pk *k)
{
	gcry_sexp_release(k->priv);
	gcry_sexp_release(k->pub);
	gcry_md_close(k->md);
}

int cb_gcry_err(gcry_error_t err)
{
	switch (gcry_err_code(err)) {
	case GPG_ERR_ENOMEM:
		return CB_ERR_NOMEM;
	case GPG_ERR_BAD_SIGNATURE:
	case GPG_ERR_CHECKSUM:
		return CB_ERR_VERIFY;
	case GPG_ERR_INV_LENGTH:
	case GPG_ERR_TOO_SHORT:
	case GPG_ERR_BUFFER_TOO_SHORT:
		return CB_ERR_LENGTH;
	default:
		return CB_ERR_BACKEND;
	}
}

const cb_alg_info *const cb_gcrypt_algs[] = {
	&cb_gcry_sha256.info,
	&cb_gcry_sha512.info,
	&cb_gcry_sha3_256.info,
	&cb_gcry_sm3.info,
	&cb_gcry_x25519.info,
	&cb_gcry_ecdh_p256.info,
	&cb_gcry_ecdsa_p256.info,
	&cb_gcry_ed25519.info,
	&cb_gcry_sm2_sign.info,
	&cb_gcry_sm2_dh.info,
	&cb_gcry_sm2_enc_c1c3c2.info,
	&cb_gcry_sm2_enc_c1c2c3.info,
	&cb_gcry_sm2_enc_der.info,
	NULL,
};

static const cb_alg_info *const *const gcrypt_classes[] = {cb_gcry_cipher_algs, cb_gcrypt_algs, cb_gcry_rsa_algs,
								      NULL};

const cb_backend cb_backend_gcrypt = {"gcrypt", "libgcrypt", cb_gcrypt_version, gcrypt_classes};

int cb_gcry_verify(gcry_sexp_t s, int err, gcry_sexp_t *data, gcry_sexp_t pub)
{
	gcry_error_t e = err ? 0 : gcry_pk_verify(s, *data, pub);

	gcry_sexp_release(s);
	gcry_sexp_release(*data);
	if (err || !e)
		return err;
	return gcry_err_code(e) == GPG_ERR_ENOMEM ? CB_ERR_NOMEM : CB_ERR_VERIFY;
}

int cb_gcry_sign(gcry_sexp_t priv, int err, gcry_sexp_t *data, int form, uint8_t *sig, size_t *siglen)
{
	gcry_sexp_t sv = NULL;
	uint8_t r[32], s[32];
	gcry_error_t e = err ? 0 : gcry_pk_sign(&sv, *data, priv);
	int raw = form == CB_GCRY_SIG_RAW;

	gcry_sexp_release(*data);
	if (err || e)
		return err ? err : cb_gcry_err(e);
	/* the room for the signature is the layer's check */
	if (form > 0) { /* RSA: s alone */
		if ((err = cb_gcry_sexp_atom(sv, "s", 0, sig, (size_t)form)) == 0)
			*siglen = (size_t)form;
	} else if (!(err = cb_gcry_sexp_atom(sv, "r", raw, r, 32)) && !(err = cb_gcry_sexp_atom(sv, "s", raw, s, 32))) {
		if (!raw) {
			err = cb_der_sig_encode(r, s, sig, siglen);
		} else {
			memcpy(sig, r, 32);
			memcpy(sig + 32, s, 32);
			*siglen = 64;
		}
	}
	gcry_sexp_release(sv);
	return err;
}

const unsigned char *cb_gcry_md_digest(gcry_md_hd_t md, const uint8_t *pre, size_t prelen, const uint8_t *m,
				       size_t mlen)
{
	gcry_md_reset(md);
	if (prelen)
		gcry_md_write(md, pre, prelen);
	if (mlen)
		gcry_md_write(md, m, mlen);
	return gcry_md_read(md, 0);
}

int cb_gcry_decrypt(gcry_error_t e, gcry_sexp_t ct, gcry_sexp_t priv, gcry_sexp_t *pt)
{
	if (e)
		return cb_gcry_err(e);
	e = gcry_pk_decrypt(pt, ct, priv);
	gcry_sexp_release(ct);
	if (!e)
		return CB_OK;
	return gcry_err_code(e) == GPG_ERR_ENOMEM ? CB_ERR_NOMEM : CB_ERR_DECRYPT;
}

int cb_gcry_ec_sigval(int sm2, const uint8_t *sig, size_t siglen, gcry_sexp_t *s)
{
	uint8_t r[32], sv[32];
	gcry_mpi_t rm = NULL, sm = NULL;
	gcry_error_t e;

	if (cb_der_sig_decode(sig, siglen, r, sv))
		return CB_ERR_VERIFY;
	if (gcry_mpi_scan(&rm, GCRYMPI_FMT_USG, r, 32, NULL) || gcry_mpi_scan(&sm, GCRYMPI_FMT_USG, sv, 32, NULL)) {
		gcry_mpi_release(rm);
		return CB_ERR_BACKEND;
	}
	e = gcry_sexp_build(s, NULL, sm2 ? "(sig-val (sm2 (r %m)(s %m)))" : "(sig-val (ecdsa (r %m)(s %m)))", rm, sm);
	gcry_mpi_release(rm);
	gcry_mpi_release(sm);
	return e ? cb_gcry_err(e) : CB_OK;
}

const char *cb_gcry_atom(gcry_sexp_t s, const char *name, gcry_sexp_t *tok, size_t *len)
{
	*len = 0;
	*tok = gcry_sexp_find_token(s, name, 0);
	return *tok ? gcry_sexp_nth_data(*tok, 1, len) : NULL;
}

int cb_gcry_sexp_atom(gcry_sexp_t s, const char *name, int raw, uint8_t *out, size_t n)
{
	gcry_sexp_t tok;
	size_t len;
	const char *d = cb_gcry_atom(s, name, &tok, &len);
	int err = CB_ERR_BACKEND;

	if (raw && d && len == n + 1 && (uint8_t)d[0] == 0x40)
		d++, len--;
	while (!raw && d && len > n && *d == 0)
		d++, len--;
	if (d && len <= n && (!raw || len == n)) {
		memset(out, 0, n - len);
		memcpy(out + n - len, d, len);
		err = CB_OK;
	}
	gcry_sexp_release(tok);
	return err;
}

int cb_gcry_mpi_fixed(gcry_mpi_t m, uint8_t *out, size_t n)
{
	size_t len = 0;

	if (gcry_mpi_print(GCRYMPI_FMT_USG, NULL, 0, &len, m) || len > n)
		return CB_ERR_BACKEND;
	memset(out, 0, n - len);
	if (len && gcry_mpi_print(GCRYMPI_FMT_USG, out + n - len, len, NULL, m))
		return CB_ERR_BACKEND;
	return CB_OK;
}

int cb_gcry_genkey(const char *spec, gcry_sexp_t *priv, gcry_sexp_t *pub)
{
	gcry_sexp_t params = NULL, kp = NULL;
	gcry_error_t e = gcry_sexp_new(&params, spec, 0, 1);

	if (!e)
		e = gcry_pk_genkey(&kp, params);
	gcry_sexp_release(params);
	if (e)
		return cb_gcry_err(e);
	*priv = gcry_sexp_find_token(kp, "private-key", 0);
	*pub = gcry_sexp_find_token(kp, "public-key", 0);
	gcry_sexp_release(kp);
	return *priv && *pub ? CB_OK : CB_ERR_BACKEND; /* the caller's release takes either */
}
