/*
 * TLS 1.3 handshake classes (include/cryptobench/tls.h): every class of
 * kind tls makes its contexts, completes fresh handshakes again and again,
 * negotiates what its name says, reports the bytes each side sent, and
 * its server answers a recorded ClientHello; through the case layer, the
 * same is the known-answer gate of `run`.
 */
#include <stdlib.h>
#include <string.h>

#include "bench/cases.h"
#include "cryptobench/catalog.h"
#include "cryptobench/registry.h"
#include "cryptobench/tls.h"
#include "testutil.h"

static void check_class(const cb_tls_class *k)
{
	cb_tls *t = NULL;
	cb_tls_wire w, w2;
	cb_tls_params p;
	const char *name = k->info.name;
	tu_note("%s@%s", name, k->info.backend);
	CHECK(strncmp(name, "tls13-", 6) == 0 || strcmp(name, "tlcp-ecc-sm2") == 0);
	CHECK(cb_alg_catalog(&k->info)->kind == CB_KIND_TLS);
	CHECK_EQ_INT(k->init(k, &t), 0);
	if (!t)
		return;
	memset(&p, 0, sizeof(p));
	CHECK_EQ_INT(k->handshake(t, &w, &p), 0);
	if (!strncmp(name, "tlcp-", 5)) { /* GB/T 38636: SM2 key transport, SM2 signature, SM4-GCM */
		CHECK(!strcmp(p.version, "TLCP"));
		CHECK(!strcmp(p.group, "ECC"));
		CHECK(!strcmp(p.cipher, "TLS_ECC_SM4_GCM_SM3"));
	} else {
		CHECK(!strcmp(p.version, "TLSv1.3"));
		/* RFC 8998's suite with curveSM2 and SM2 certificates, AES-128-GCM otherwise */
		CHECK(!strcmp(p.cipher, strstr(name, "-sm2-") ? "TLS_SM4_GCM_SM3" : "TLS_AES_128_GCM_SHA256"));
	}
	/* the group and the signature the name says */
	if (!strncmp(name, "tls13-x25519-", 13))
		CHECK(!strcmp(p.group, "x25519"));
	if (!strncmp(name, "tls13-p256-", 11))
		CHECK(!strcmp(p.group, "secp256r1"));
	if (strstr(name, "-ecdsa-p256"))
		CHECK(!strcmp(p.signature, "ecdsa_secp256r1_sha256"));
	if (strstr(name, "-rsa2048"))
		CHECK(!strcmp(p.signature, "rsa_pss_rsae_sha256"));
	if (strstr(name, "-ed25519"))
		CHECK(!strcmp(p.signature, "ed25519"));
	if (strstr(name, "-mldsa")) /* mldsa44, mldsa65, mldsa87: as the name ends */
		CHECK(!strcmp(p.signature, strstr(name, "-mldsa") + 1));
	if (!strncmp(name, "tls13-x25519mlkem768-", 21))
		CHECK(!strcmp(p.group, "X25519MLKEM768"));
	if (!strncmp(name, "tls13-mlkem1024-", 16))
		CHECK(!strcmp(p.group, "MLKEM1024"));
	if (!strncmp(name, "tls13-sm2-", 10)) /* RFC 8998 */
		CHECK(!strcmp(p.group, "curveSM2"));
	if (!strcmp(name + strlen(name) - 4, "-sm2"))
		CHECK(!strcmp(p.signature, "sm2sig_sm3"));
	/*
	 * Bytes: the ClientHello is the client's first flight, its Finished
	 * follows; the server's flight holds two certificates (leaf and
	 * intermediate, each with a public key and a signature) and a
	 * CertificateVerify, so it is the larger.
	 */
	/* TLCP's ClientHello has no key share and no extensions */
	CHECK(w.client_hello > (strncmp(name, "tlcp-", 5) ? 100 : 40) && w.client_bytes > w.client_hello);
	CHECK(w.server_flight > 0 && w.server_bytes >= w.server_flight);
	CHECK(w.server_bytes > 2 * 200 && w.server_bytes > w.client_bytes);
	if (strstr(name, "-rsa2048")) /* two 2048-bit keys and signatures, a 256-byte CertificateVerify */
		CHECK(w.server_bytes > 4 * 256 + 256);
	/* the key shares: ML-KEM-768's 1184-byte key and X25519's 32; ML-KEM-1024's 1568 */
	if (strstr(name, "-x25519mlkem768-"))
		CHECK(w.client_hello > 1184 + 32 && w.server_flight > 1088 + 32);
	if (strstr(name, "-mlkem1024-"))
		CHECK(w.client_hello > 1568 && w.server_flight > 1568);
	/* ML-DSA-87: two 2592-byte keys and three 4627-byte signatures */
	if (strstr(name, "-mldsa87"))
		CHECK(w.server_bytes > 2 * 2592 + 3 * 4627);
	/* fresh connections each time: a second and third handshake, the same sizes up to signature lengths */
	for (int i = 0; i < 2; i++) {
		CHECK_EQ_INT(k->handshake(t, &w2, NULL), 0);
		/* TLCP's ClientKeyExchange is an SM2 ciphertext in DER: its integers vary a little too */
		CHECK(strncmp(name, "tlcp-", 5) ? w2.client_bytes == w.client_bytes : labs(w2.client_bytes - w.client_bytes) <= 4);
		CHECK(labs(w2.server_bytes - w.server_bytes) <= 4); /* an ECDSA signature's DER varies a little */
	}
	/* the server's side alone answers the recorded ClientHello, every time */
	for (int i = 0; i < 3 && k->server; i++)
		CHECK_EQ_INT(k->server(t), 0);
	k->free(t);
}

/* Through the case layer: the gate (negotiated as named), the sizes, the timed operation. */
static void check_case(const cb_alg_info *a, const char *op)
{
	cb_case *c = NULL;
	cb_sizes sz;
	size_t msg = 0;
	char err[256];
	tu_note("%s@%s %s", a->name, a->backend, op);
	CHECK_EQ_INT(cb_case_prepare(a, op, &msg, NULL, &c, &sz, err, sizeof(err)), 0);
	CHECK(msg == 0);
	CHECK(sz.handshake_client > 0 && sz.handshake_server > 0 && sz.client_hello > 0);
	if (c) {
		CHECK_EQ_INT(cb_case_run(c), 0);
		CHECK_EQ_INT(cb_case_run(c), 0);
	}
	cb_case_free(c);
	CHECK(cb_case_prepare(a, "decaps", &msg, NULL, &c, &sz, err, sizeof(err)) == CB_ERR_UNSUPPORTED);
}

int main(void)
{
	size_t n = 0;
	for (size_t i = 0; i < cb_backend_count(); i++) {
		const cb_backend *b = cb_backend_get(i);
		for (size_t l = 0; b->classes[l]; l++)
			for (size_t k = 0; b->classes[l][k]; k++) {
				const cb_alg_info *a = b->classes[l][k];
				if (a->kind != CB_KIND_TLS || cb_alg_unavailable(a))
					continue;
				check_class(cb_as_tls(a));
				check_case(a, "handshake");
				if (cb_as_tls(a)->server) {
					check_case(a, "server");
				} else { /* TLCP: the case cannot exist, and says why */
					char why[200];
					CHECK(!cb_case_possible(a, "server", 0, NULL, why, sizeof(why)));
					CHECK(strstr(why, "handshake only") != NULL);
				}
				n++;
			}
	}
	tu_note("%s", "");
	/* OpenSSL's four are always built */
	CHECK(n >= 4);
	CHECK(cb_registry_find("tls13-x25519-ecdsa-p256", "openssl") != NULL);
	return tu_finish();
}
