// The BoringSSL entry points the adapters need that BoringSSL keeps behind
// its C++ internal interface (crypto/fipsmodule/bcm_interface.h and
// crypto/fipsmodule/aes/internal.h), wrapped as C functions
// (bssl_common.h).  Compiled only with the anchor (backend.cmake), against
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
#include <openssl/bytestring.h>
#include <openssl/crypto.h>
#include <openssl/mem.h>
#include <openssl/mlkem.h>
#include <openssl/rand.h>
#include <string.h>

#include "crypto/fipsmodule/aes/internal.h"
#include "crypto/fipsmodule/bcm_interface.h"

#include "backends/boringssl/bssl_common.h"

namespace {

template <int RANK>
struct mlkem_ops;

template <>
struct mlkem_ops<3> {
  using priv = MLKEM768_private_key;
  using pub = MLKEM768_public_key;
  static constexpr size_t pk_bytes = MLKEM768_PUBLIC_KEY_BYTES;
  static constexpr size_t sk_bytes = BCM_MLKEM768_PRIVATE_KEY_BYTES;
  static constexpr size_t ct_bytes = MLKEM768_CIPHERTEXT_BYTES;
  static void gen(uint8_t *pk, priv *k, const uint8_t *seed) {
    bssl::BCM_mlkem768_generate_key_external_seed(pk, k, seed);
  }
  static void gen_random(uint8_t *pk, priv *k) { MLKEM768_generate_key(pk, nullptr, k); }
  static int marshal(CBB *cbb, const priv *k) {
    return bssl::bcm_success(bssl::BCM_mlkem768_marshal_private_key(cbb, k));
  }
  static int parse_priv(priv *k, CBS *in) { return bssl::bcm_success(bssl::BCM_mlkem768_parse_private_key(k, in)); }
  static int parse_pub(pub *k, CBS *in) { return bssl::bcm_success(bssl::BCM_mlkem768_parse_public_key(k, in)); }
  static void encap(uint8_t *ct, uint8_t *ss, const pub *k, const uint8_t *m) {
    if (m) {
      bssl::BCM_mlkem768_encap_external_entropy(ct, ss, k, m);
    } else {
      MLKEM768_encap(ct, ss, k);
    }
  }
  static int decap(uint8_t *ss, const uint8_t *ct, const priv *k) {
    return MLKEM768_decap(ss, ct, ct_bytes, k);
  }
};

template <>
struct mlkem_ops<4> {
  using priv = MLKEM1024_private_key;
  using pub = MLKEM1024_public_key;
  static constexpr size_t pk_bytes = MLKEM1024_PUBLIC_KEY_BYTES;
  static constexpr size_t sk_bytes = BCM_MLKEM1024_PRIVATE_KEY_BYTES;
  static constexpr size_t ct_bytes = MLKEM1024_CIPHERTEXT_BYTES;
  static void gen(uint8_t *pk, priv *k, const uint8_t *seed) {
    bssl::BCM_mlkem1024_generate_key_external_seed(pk, k, seed);
  }
  static void gen_random(uint8_t *pk, priv *k) { MLKEM1024_generate_key(pk, nullptr, k); }
  static int marshal(CBB *cbb, const priv *k) {
    return bssl::bcm_success(bssl::BCM_mlkem1024_marshal_private_key(cbb, k));
  }
  static int parse_priv(priv *k, CBS *in) { return bssl::bcm_success(bssl::BCM_mlkem1024_parse_private_key(k, in)); }
  static int parse_pub(pub *k, CBS *in) { return bssl::bcm_success(bssl::BCM_mlkem1024_parse_public_key(k, in)); }
  static void encap(uint8_t *ct, uint8_t *ss, const pub *k, const uint8_t *m) {
    if (m) {
      bssl::BCM_mlkem1024_encap_external_entropy(ct, ss, k, m);
    } else {
      MLKEM1024_encap(ct, ss, k);
    }
  }
  static int decap(uint8_t *ss, const uint8_t *ct, const priv *k) {
    return MLKEM1024_decap(ss, ct, ct_bytes, k);
  }
};

// The last decapsulation key a thread parsed, per parameter set.
template <int RANK>
struct kept_key {
  uint8_t encoded[mlkem_ops<RANK>::sk_bytes];
  typename mlkem_ops<RANK>::priv parsed;
  bool valid = false;
  ~kept_key() { OPENSSL_cleanse(this, sizeof(*this)); }
};

thread_local kept_key<3> kept768;
thread_local kept_key<4> kept1024;

template <int RANK>
kept_key<RANK> &kept();
template <>
kept_key<3> &kept<3>() { return kept768; }
template <>
kept_key<4> &kept<4>() { return kept1024; }

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
    O::gen_random(pk, k);
  }
  CBB cbb;
  int ok = CBB_init_fixed(&cbb, sk, O::sk_bytes) && O::marshal(&cbb, k) && CBB_len(&cbb) == O::sk_bytes;
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
  if (!O::parse_pub(&k, &cbs)) {
    return CB_ERR_INVALID_KEY;
  }
  O::encap(ct, ss, &k, m);
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
    if (!O::parse_priv(&c.parsed, &cbs)) {
      OPENSSL_cleanse(&c.parsed, sizeof(c.parsed));
      return CB_ERR_INVALID_KEY;
    }
    memcpy(c.encoded, sk, O::sk_bytes);
    c.valid = true;
  }
  if (!O::decap(ss, ct, &c.parsed)) {
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

}  // namespace

extern "C" int cb_bssl_mlkem_keypair(int rank, uint8_t *pk, uint8_t *sk, const uint8_t *seed64) {
  return rank == 3 ? keypair<3>(pk, sk, seed64) : rank == 4 ? keypair<4>(pk, sk, seed64) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mlkem_encaps(int rank, uint8_t *ct, uint8_t *ss, const uint8_t *pk, const uint8_t *m32) {
  return rank == 3 ? encaps<3>(ct, ss, pk, m32) : rank == 4 ? encaps<4>(ct, ss, pk, m32) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mlkem_decaps(int rank, uint8_t *ss, const uint8_t *ct, const uint8_t *sk) {
  return rank == 3 ? decaps<3>(ss, ct, sk) : rank == 4 ? decaps<4>(ss, ct, sk) : CB_ERR_ARG;
}

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
