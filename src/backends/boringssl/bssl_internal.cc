// The BoringSSL entry points the adapters need that BoringSSL keeps behind
// its C++ internal interface (crypto/fipsmodule/bcm_interface.h and
// crypto/fipsmodule/aes/internal.h), as the ML-KEM classes' methods and
// ML-DSA's core/pqsig.h hooks (bssl_common.h): each operation one template
// over a set's functions, which differ only by the set's number.
// Compiled only with the anchor (backend.cmake), against
// the same prefixed headers as the library, so these calls bind to the
// bssl::cb_bssl:: functions of the archive.
//
// ML-KEM: BoringSSL's public API (openssl/mlkem.h) keeps a decapsulation
// key as a 64-byte seed or as a parsed struct; the class contract (kem.h)
// exchanges FIPS 203 byte strings: the 2400 / 3168-byte decapsulation key
// of NIST's format, which only BCM_mlkem*_parse/marshal_private_key read
// and write, and the derandomised key generation and encapsulation of the
// known-answer tests (BCM_mlkem*_generate_key_external_seed /
// encap_external_entropy).
//
// A BoringSSL caller holds its decapsulation key parsed (the struct keeps
// the public matrix A expanded, so decapsulation never re-derives it); so
// that decaps measures that and not the parse, each thread keeps the last
// key it parsed, found again by a constant-time comparison of the encoded
// key, and wipes it at thread exit.  Encapsulation parses the public key
// on every call (expanding A, as FIPS 203 Encaps does): a TLS server sees a
// new key share in every handshake.
//
// ML-DSA: the public API (openssl/mldsa.h) signs only with randomness of
// its own and reads no expanded private key; the class contract (sig.h)
// needs FIPS 204's internal interface for the known answers (a given rnd,
// M' without the prefix, an external mu) and NIST's expanded key of the
// IETF LAMPS key files: BCM_mldsa*_sign_internal / sign_mu_internal /
// verify_internal and BCM_mldsa*_parse/marshal_private_key.  A handle keeps
// the key parsed, as a BoringSSL caller does (its private struct holds s1,
// s2 and t0 in NTT form; A is expanded on every signature and
// verification, as FIPS 204 Sign and Verify do).
#include <openssl/bytestring.h>
#include <openssl/crypto.h>
#include <openssl/mem.h>
#include <openssl/mldsa.h>
#include <openssl/mlkem.h>
#include <openssl/rand.h>
#include <string.h>

#include "crypto/fipsmodule/aes/internal.h"
#include "crypto/fipsmodule/bcm_interface.h"

#include "backends/boringssl/bssl_common.h"
#include "core/pqsig.h"
#include "cryptobench/sig.h"

namespace {

template <int RANK>
struct mlkem_ops;

#define CB_MLKEM_OPS(RANK, N)                                                                                   \
  template <>                                                                                                   \
  struct mlkem_ops<RANK> {                                                                                      \
    using priv = MLKEM##N##_private_key;                                                                        \
    using pub = MLKEM##N##_public_key;                                                                          \
    static constexpr size_t pk_bytes = MLKEM##N##_PUBLIC_KEY_BYTES, sk_bytes = BCM_MLKEM##N##_PRIVATE_KEY_BYTES; \
    static constexpr size_t ct_bytes = MLKEM##N##_CIPHERTEXT_BYTES;                                             \
    static constexpr auto gen = bssl::BCM_mlkem##N##_generate_key_external_seed;                                \
    static constexpr auto gen_random = MLKEM##N##_generate_key;                                                 \
    static constexpr auto marshal = bssl::BCM_mlkem##N##_marshal_private_key;                                   \
    static constexpr auto parse_priv = bssl::BCM_mlkem##N##_parse_private_key;                                  \
    static constexpr auto parse_pub = bssl::BCM_mlkem##N##_parse_public_key;                                    \
    static constexpr auto encap = bssl::BCM_mlkem##N##_encap_external_entropy;                                  \
    static constexpr auto encap_random = MLKEM##N##_encap;                                                      \
    static constexpr auto decap = MLKEM##N##_decap;                                                             \
  };

CB_MLKEM_OPS(3, 768)
CB_MLKEM_OPS(4, 1024)
#undef CB_MLKEM_OPS

// The last decapsulation key a thread parsed, per parameter set.
template <int RANK>
struct kept_key {
  uint8_t encoded[mlkem_ops<RANK>::sk_bytes];
  typename mlkem_ops<RANK>::priv parsed;
  bool valid = false;
  ~kept_key() { OPENSSL_cleanse(this, sizeof(*this)); }
};

template <int RANK>
kept_key<RANK> &kept() {
  static thread_local kept_key<RANK> k;
  return k;
}

template <int RANK>
int keypair(uint8_t *pk, uint8_t *sk, const uint8_t *seed) {
  using O = mlkem_ops<RANK>;
  auto *k = static_cast<typename O::priv *>(OPENSSL_malloc(sizeof(typename O::priv)));
  if (!k) {
    return CB_ERR_NOMEM;
  }
  if (seed) {
    O::gen(pk, k, seed);
  } else {
    O::gen_random(pk, nullptr, k);
  }
  CBB cbb;
  int ok = CBB_init_fixed(&cbb, sk, O::sk_bytes) && bssl::bcm_success(O::marshal(&cbb, k)) &&
           CBB_len(&cbb) == O::sk_bytes;
  OPENSSL_free(k);  // OPENSSL_free cleanses
  if (!ok) {
    OPENSSL_cleanse(sk, O::sk_bytes);
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

template <int RANK>
int encaps(uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m) {
  using O = mlkem_ops<RANK>;
  typename O::pub k;
  CBS cbs;
  CBS_init(&cbs, pk, O::pk_bytes);
  // FIPS 203 7.2: a coefficient >= q is refused by the parser.
  if (!bssl::bcm_success(O::parse_pub(&k, &cbs))) {
    return CB_ERR_INVALID_KEY;
  }
  if (m) {
    O::encap(ct, ss, &k, m);
  } else {
    O::encap_random(ct, ss, &k);
  }
  return CB_OK;
}

template <int RANK>
int decaps(uint8_t *ss, const uint8_t *ct, const uint8_t *sk) {
  using O = mlkem_ops<RANK>;
  kept_key<RANK> &c = kept<RANK>();
  if (!c.valid || CRYPTO_memcmp(c.encoded, sk, O::sk_bytes) != 0) {
    CBS cbs;
    c.valid = false;
    CBS_init(&cbs, sk, O::sk_bytes);
    // FIPS 203 7.3: the parser checks the stored H(ek), and ek's coefficients.
    if (!bssl::bcm_success(O::parse_priv(&c.parsed, &cbs))) {
      OPENSSL_cleanse(&c.parsed, sizeof(c.parsed));
      return CB_ERR_INVALID_KEY;
    }
    memcpy(c.encoded, sk, O::sk_bytes);
    c.valid = true;
  }
  if (!O::decap(ss, ct, O::ct_bytes, &c.parsed)) {
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

}  // namespace

// The ML-KEM classes' methods of each set (kem.h: bssl_kem.c's tables).
#define CB_MLKEM_METHODS(RANK, N)                                                                               \
  extern "C" int cb_bssl_mlkem##N##_keypair(const struct cb_kem_class *, uint8_t *pk, uint8_t *sk) {                  \
    return keypair<RANK>(pk, sk, nullptr);                                                                      \
  }                                                                                                             \
  extern "C" int cb_bssl_mlkem##N##_keypair_derand(const struct cb_kem_class *, uint8_t *pk, uint8_t *sk,             \
                                                   const uint8_t *coins) {                                      \
    return keypair<RANK>(pk, sk, coins);                                                                        \
  }                                                                                                             \
  extern "C" int cb_bssl_mlkem##N##_encaps(const struct cb_kem_class *, uint8_t *ct, uint8_t *ss, const uint8_t *pk) { \
    return encaps<RANK>(ct, ss, pk, nullptr);                                                                   \
  }                                                                                                             \
  extern "C" int cb_bssl_mlkem##N##_encaps_derand(const struct cb_kem_class *, uint8_t *ct, uint8_t *ss,              \
                                                  const uint8_t *pk, const uint8_t *coins) {                    \
    return encaps<RANK>(ct, ss, pk, coins);                                                                     \
  }                                                                                                             \
  extern "C" int cb_bssl_mlkem##N##_decaps(const struct cb_kem_class *, uint8_t *ss, const uint8_t *ct,               \
                                           const uint8_t *sk) {                                                 \
    return decaps<RANK>(ss, ct, sk);                                                                            \
  }
CB_MLKEM_METHODS(3, 768)
CB_MLKEM_METHODS(4, 1024)

namespace {

template <int SET>
struct mldsa_ops;

#define CB_MLDSA_OPS(SET)                                                                                       \
  template <>                                                                                                   \
  struct mldsa_ops<SET> {                                                                                       \
    using priv = MLDSA##SET##_private_key;                                                                      \
    using pub = MLDSA##SET##_public_key;                                                                        \
    static constexpr size_t pk_bytes = MLDSA##SET##_PUBLIC_KEY_BYTES, sk_bytes = BCM_MLDSA##SET##_PRIVATE_KEY_BYTES; \
    static constexpr auto gen = bssl::BCM_mldsa##SET##_generate_key_external_entropy;                           \
    static constexpr auto pub_of = bssl::BCM_mldsa##SET##_public_from_private;                                  \
    static constexpr auto parse_pub = bssl::BCM_mldsa##SET##_parse_public_key;                                  \
    static constexpr auto marshal_pub = bssl::BCM_mldsa##SET##_marshal_public_key;                              \
    static constexpr auto parse_priv = bssl::BCM_mldsa##SET##_parse_private_key;                                \
    static constexpr auto marshal_priv = bssl::BCM_mldsa##SET##_marshal_private_key;                            \
    static constexpr auto sign = bssl::BCM_mldsa##SET##_sign_internal;                                          \
    static constexpr auto sign_mu = bssl::BCM_mldsa##SET##_sign_mu_internal;                                    \
    static constexpr auto verify = bssl::BCM_mldsa##SET##_verify_internal;                                      \
    static constexpr auto verify_mu = bssl::BCM_mldsa##SET##_verify_message_representative;                     \
  };

CB_MLDSA_OPS(44)
CB_MLDSA_OPS(65)
CB_MLDSA_OPS(87)
#undef CB_MLDSA_OPS

// The handle's k->parsed: BoringSSL's parsed key of the set.
template <int SET>
struct mldsa_key {
  bool has_priv;
  typename mldsa_ops<SET>::priv priv;
  typename mldsa_ops<SET>::pub pub;
};

// A new parsed key in k->parsed.
template <int SET>
mldsa_key<SET> *mldsa_new(cb_pqsig_key *k) {
  auto *p = static_cast<mldsa_key<SET> *>(OPENSSL_zalloc(sizeof(mldsa_key<SET>)));
  k->parsed = p;
  return p;
}

template <int SET>
const mldsa_key<SET> *parsed(const cb_pqsig_key *k) {
  return static_cast<const mldsa_key<SET> *>(k->parsed);
}

void mldsa_free(void *parsed) {
  OPENSSL_free(parsed);  // cleanses
}

// The hooks' result: the key dropped (k->parsed NULL) when r is an error.
int mldsa_done(cb_pqsig_key *k, int r) {
  if (r != CB_OK) {
    mldsa_free(k->parsed);
    k->parsed = nullptr;
  }
  return r;
}

template <int SET>
int from_seed(cb_pqsig_key *k, const uint8_t seed[32]) {
  using O = mldsa_ops<SET>;
  mldsa_key<SET> *p = mldsa_new<SET>(k);
  if (!p) {
    return CB_ERR_NOMEM;
  }
  p->has_priv = true;
  return mldsa_done(k, bssl::bcm_success(O::gen(k->pk, &p->priv, seed)) && bssl::bcm_success(O::pub_of(&p->pub, &p->priv))
                           ? CB_OK
                           : CB_ERR_BACKEND);
}

// NIST's expanded key (skDecode): BoringSSL recomputes t1 and refuses a key
// whose tr or t0 is not what its rho, s1 and s2 give; pk is computed.
template <int SET>
int from_expanded(cb_pqsig_key *k, int derive) {
  using O = mldsa_ops<SET>;
  mldsa_key<SET> *p = mldsa_new<SET>(k);
  CBS cbs;
  CBB cbb;
  int r = CB_ERR_NOMEM;
  if (p) {
    CBS_init(&cbs, k->sk, O::sk_bytes);
    p->has_priv = true;
    if (!bssl::bcm_success(O::parse_priv(&p->priv, &cbs))) {
      r = CB_ERR_INVALID_KEY;
    } else if (!bssl::bcm_success(O::pub_of(&p->pub, &p->priv)) || !CBB_init_fixed(&cbb, k->pk, O::pk_bytes) ||
               !bssl::bcm_success(O::marshal_pub(&cbb, &p->pub)) || CBB_len(&cbb) != O::pk_bytes) {
      r = CB_ERR_BACKEND;
    } else {
      r = CB_OK;
    }
  }
  k->has_pk = r == CB_OK;
  return mldsa_done(k, r);
}

template <int SET>
int parse_public(cb_pqsig_key *k) {
  mldsa_key<SET> *p = mldsa_new<SET>(k);
  CBS cbs;
  if (!p) {
    return CB_ERR_NOMEM;
  }
  CBS_init(&cbs, k->pk, mldsa_ops<SET>::pk_bytes);
  return mldsa_done(k, bssl::bcm_success(mldsa_ops<SET>::parse_pub(&p->pub, &cbs)) && CBS_len(&cbs) == 0
                           ? CB_OK
                           : CB_ERR_INVALID_KEY);
}

template <int SET>
int expanded(const cb_pqsig_key *k, uint8_t *sk) {
  using O = mldsa_ops<SET>;
  CBB cbb;
  if (!parsed<SET>(k)->has_priv) {
    return CB_ERR_ARG;
  }
  if (!CBB_init_fixed(&cbb, sk, O::sk_bytes) || !bssl::bcm_success(O::marshal_priv(&cbb, &parsed<SET>(k)->priv)) ||
      CBB_len(&cbb) != O::sk_bytes) {
    OPENSSL_cleanse(sk, O::sk_bytes);
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

// FIPS 204 Algorithm 2's prefix 0 || |ctx| for the pure interface; none for the internal one.
template <int SET>
int sign(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *rnd,
         uint8_t *sig) {
  using O = mldsa_ops<SET>;
  const mldsa_key<SET> *key = parsed<SET>(k);
  const uint8_t pre[2] = {0, static_cast<uint8_t>(p->ctx_len)};
  bssl::bcm_status s;
  if (!key->has_priv) {
    return CB_ERR_ARG;
  }
  switch (p->iface) {
    case CB_SIG_IFACE_PURE:
      s = O::sign(sig, &key->priv, m, mlen, pre, sizeof(pre), p->ctx, p->ctx_len, rnd);
      break;
    case CB_SIG_IFACE_INTERNAL:
      s = O::sign(sig, &key->priv, m, mlen, nullptr, 0, nullptr, 0, rnd);
      break;
    case CB_SIG_IFACE_MU:
      s = O::sign_mu(sig, &key->priv, m, rnd);
      break;
    default:
      return CB_ERR_UNSUPPORTED;
  }
  return bssl::bcm_success(s) ? CB_OK : cb_bssl_fail(CB_ERR_BACKEND);
}

template <int SET>
int verify(const cb_pqsig_key *k, const cb_sig_params *p, const uint8_t *m, size_t mlen, const uint8_t *sig) {
  using O = mldsa_ops<SET>;
  const mldsa_key<SET> *key = parsed<SET>(k);
  const uint8_t pre[2] = {0, static_cast<uint8_t>(p->ctx_len)};
  bssl::bcm_status s;
  switch (p->iface) {
    case CB_SIG_IFACE_PURE:
      s = O::verify(&key->pub, sig, m, mlen, pre, sizeof(pre), p->ctx, p->ctx_len);
      break;
    case CB_SIG_IFACE_INTERNAL:
      s = O::verify(&key->pub, sig, m, mlen, nullptr, 0, nullptr, 0);
      break;
    case CB_SIG_IFACE_MU:
      s = O::verify_mu(&key->pub, sig, m);
      break;
    default:
      return CB_ERR_UNSUPPORTED;
  }
  return bssl::bcm_success(s) ? CB_OK : cb_bssl_fail(CB_ERR_VERIFY);
}

}  // namespace

// core/pqsig.h's hooks of each set (bssl_sig.c's classes).
#define CB_MLDSA_LIB(SET)                                                                                       \
  extern "C" const cb_pqsig_lib cb_bssl_mldsa##SET = {from_seed<SET>, nullptr,    from_expanded<SET>,          \
                                                      parse_public<SET>, expanded<SET>, mldsa_free,             \
                                                      sign<SET>,       verify<SET>};
CB_MLDSA_LIB(44)
CB_MLDSA_LIB(65)
CB_MLDSA_LIB(87)

// The GCM implementation BoringSSL's own key set-up picks here.
extern "C" const char *cb_bssl_gcm_path(size_t key_bytes) {
  static const uint8_t zero[32] = {0};
  bssl::GCM128_KEY k;
  if (key_bytes != 16 && key_bytes != 32) {
    return "unknown";
  }
  bssl::CRYPTO_gcm128_init_aes_key(&k, zero, key_bytes);
  bssl::gcm_impl_t impl = k.impl;
  OPENSSL_cleanse(&k, sizeof(k));
  switch (impl) {
    case bssl::gcm_x86_vaes_avx512:
      return "VAES AVX-512 (aes-gcm-avx512)";
    case bssl::gcm_x86_vaes_avx2:
      return "VAES AVX2 (aes-gcm-avx2)";
    case bssl::gcm_x86_aesni:
      return "AES-NI AVX (aesni-gcm)";
    case bssl::gcm_arm64_aes:
      return "ARMv8 AES+PMULL";
    case bssl::gcm_arm64_aes_eor3:
      return "ARMv8 AES+PMULL+EOR3";
    case bssl::gcm_separate:
    default:
      return "AES-CTR + GHASH";
  }
}
