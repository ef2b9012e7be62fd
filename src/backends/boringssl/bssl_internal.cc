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
#include "cryptobench/sig.h"

namespace {

template <int RANK>
struct mlkem_ops;

// ML-KEM-768 (rank 3) and ML-KEM-1024 (rank 4): BoringSSL's functions differ only by the set's number.
#define CB_MLKEM_OPS(RANK, N)                                                                                   \
  template <>                                                                                                   \
  struct mlkem_ops<RANK> {                                                                                      \
    using priv = MLKEM##N##_private_key;                                                                        \
    using pub = MLKEM##N##_public_key;                                                                          \
    static constexpr size_t pk_bytes = MLKEM##N##_PUBLIC_KEY_BYTES;                                             \
    static constexpr size_t sk_bytes = BCM_MLKEM##N##_PRIVATE_KEY_BYTES;                                        \
    static constexpr size_t ct_bytes = MLKEM##N##_CIPHERTEXT_BYTES;                                             \
    static void gen(uint8_t *pk, priv *k, const uint8_t *seed) {                                                \
      bssl::BCM_mlkem##N##_generate_key_external_seed(pk, k, seed);                                             \
    }                                                                                                           \
    static void gen_random(uint8_t *pk, priv *k) { MLKEM##N##_generate_key(pk, nullptr, k); }                   \
    static int marshal(CBB *cbb, const priv *k) {                                                               \
      return bssl::bcm_success(bssl::BCM_mlkem##N##_marshal_private_key(cbb, k));                               \
    }                                                                                                           \
    static int parse_priv(priv *k, CBS *in) {                                                                   \
      return bssl::bcm_success(bssl::BCM_mlkem##N##_parse_private_key(k, in));                                  \
    }                                                                                                           \
    static int parse_pub(pub *k, CBS *in) { return bssl::bcm_success(bssl::BCM_mlkem##N##_parse_public_key(k, in)); } \
    static void encap(uint8_t *ct, uint8_t *ss, const pub *k, const uint8_t *m) {                               \
      if (m) {                                                                                                  \
        bssl::BCM_mlkem##N##_encap_external_entropy(ct, ss, k, m);                                              \
      } else {                                                                                                  \
        MLKEM##N##_encap(ct, ss, k);                                                                            \
      }                                                                                                         \
    }                                                                                                           \
    static int decap(uint8_t *ss, const uint8_t *ct, const priv *k) {                                           \
      return MLKEM##N##_decap(ss, ct, ct_bytes, k);                                                             \
    }                                                                                                           \
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

// ML-DSA-44/65/87: BoringSSL's functions differ only by the set's number.
namespace {

template <int SET>
struct mldsa_ops;

#define CB_MLDSA_OPS(SET)                                                                                       \
  template <>                                                                                                   \
  struct mldsa_ops<SET> {                                                                                       \
    using priv = MLDSA##SET##_private_key;                                                                      \
    using pub = MLDSA##SET##_public_key;                                                                        \
    static constexpr size_t pk_bytes = MLDSA##SET##_PUBLIC_KEY_BYTES;                                           \
    static constexpr size_t sk_bytes = BCM_MLDSA##SET##_PRIVATE_KEY_BYTES;                                      \
    static constexpr size_t sig_bytes = MLDSA##SET##_SIGNATURE_BYTES;                                           \
    static int gen(uint8_t *pk, priv *k, const uint8_t *seed) {                                                 \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_generate_key_external_entropy(pk, k, seed));              \
    }                                                                                                           \
    static int pub_of(pub *p, const priv *k) {                                                                  \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_public_from_private(p, k));                              \
    }                                                                                                           \
    static int parse_pub(pub *p, CBS *in) { return bssl::bcm_success(bssl::BCM_mldsa##SET##_parse_public_key(p, in)); } \
    static int marshal_pub(CBB *out, const pub *p) {                                                            \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_marshal_public_key(out, p));                              \
    }                                                                                                           \
    static int parse_priv(priv *k, CBS *in) {                                                                   \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_parse_private_key(k, in));                                \
    }                                                                                                           \
    static int marshal_priv(CBB *out, const priv *k) {                                                          \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_marshal_private_key(out, k));                             \
    }                                                                                                           \
    static int sign(uint8_t *sig, const priv *k, const uint8_t *m, size_t mlen, const uint8_t *pre,            \
                    size_t prelen, const uint8_t *ctx, size_t ctxlen, const uint8_t *rnd) {                     \
      return bssl::bcm_success(                                                                                 \
          bssl::BCM_mldsa##SET##_sign_internal(sig, k, m, mlen, pre, prelen, ctx, ctxlen, rnd));                \
    }                                                                                                           \
    static int sign_mu(uint8_t *sig, const priv *k, const uint8_t *mu, const uint8_t *rnd) {                    \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_sign_mu_internal(sig, k, mu, rnd));                       \
    }                                                                                                           \
    static int verify(const pub *p, const uint8_t *sig, const uint8_t *m, size_t mlen, const uint8_t *pre,     \
                      size_t prelen, const uint8_t *ctx, size_t ctxlen) {                                       \
      return bssl::bcm_success(                                                                                 \
          bssl::BCM_mldsa##SET##_verify_internal(p, sig, m, mlen, pre, prelen, ctx, ctxlen));                   \
    }                                                                                                           \
    static int verify_mu(const pub *p, const uint8_t *sig, const uint8_t *mu) {                                 \
      return bssl::bcm_success(bssl::BCM_mldsa##SET##_verify_message_representative(p, sig, mu));               \
    }                                                                                                           \
  };

CB_MLDSA_OPS(44)
CB_MLDSA_OPS(65)
CB_MLDSA_OPS(87)
#undef CB_MLDSA_OPS

}  // namespace

// A parsed key of any set, sized for the largest.
struct cb_bssl_mldsa {
  int set;
  bool has_priv;
  alignas(16) uint8_t priv[sizeof(MLDSA87_private_key)];
  alignas(16) uint8_t pub[sizeof(MLDSA87_public_key)];
};

namespace {

template <int SET>
typename mldsa_ops<SET>::priv *priv_of(cb_bssl_mldsa *k) {
  return reinterpret_cast<typename mldsa_ops<SET>::priv *>(k->priv);
}
template <int SET>
const typename mldsa_ops<SET>::priv *priv_of(const cb_bssl_mldsa *k) {
  return reinterpret_cast<const typename mldsa_ops<SET>::priv *>(k->priv);
}
template <int SET>
typename mldsa_ops<SET>::pub *pub_of(cb_bssl_mldsa *k) {
  return reinterpret_cast<typename mldsa_ops<SET>::pub *>(k->pub);
}
template <int SET>
const typename mldsa_ops<SET>::pub *pub_of(const cb_bssl_mldsa *k) {
  return reinterpret_cast<const typename mldsa_ops<SET>::pub *>(k->pub);
}

cb_bssl_mldsa *mldsa_new(int set) {
  auto *k = static_cast<cb_bssl_mldsa *>(OPENSSL_zalloc(sizeof(cb_bssl_mldsa)));
  if (k) {
    k->set = set;
  }
  return k;
}

// The encoded public key of k's public half into pk (pk_bytes).
template <int SET>
int marshal_pub(const cb_bssl_mldsa *k, uint8_t *pk) {
  using O = mldsa_ops<SET>;
  CBB cbb;
  if (!CBB_init_fixed(&cbb, pk, O::pk_bytes) || !O::marshal_pub(&cbb, pub_of<SET>(k)) ||
      CBB_len(&cbb) != O::pk_bytes) {
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

template <int SET>
int from_seed(const uint8_t *seed, uint8_t *pk, cb_bssl_mldsa **out) {
  using O = mldsa_ops<SET>;
  cb_bssl_mldsa *k = mldsa_new(SET);
  if (!k) {
    return CB_ERR_NOMEM;
  }
  if (!O::gen(pk, priv_of<SET>(k), seed) || !O::pub_of(pub_of<SET>(k), priv_of<SET>(k))) {
    OPENSSL_free(k);  // OPENSSL_free cleanses
    return CB_ERR_BACKEND;
  }
  k->has_priv = true;
  *out = k;
  return CB_OK;
}

// NIST's expanded key (skDecode): BoringSSL recomputes t1 and refuses a key
// whose tr or t0 is not what its rho, s1 and s2 give.
template <int SET>
int from_expanded(const uint8_t *sk, uint8_t *pk, cb_bssl_mldsa **out) {
  using O = mldsa_ops<SET>;
  cb_bssl_mldsa *k = mldsa_new(SET);
  CBS cbs;
  int r;
  if (!k) {
    return CB_ERR_NOMEM;
  }
  CBS_init(&cbs, sk, O::sk_bytes);
  if (!O::parse_priv(priv_of<SET>(k), &cbs)) {
    r = CB_ERR_INVALID_KEY;
  } else if (!O::pub_of(pub_of<SET>(k), priv_of<SET>(k))) {
    r = CB_ERR_BACKEND;
  } else {
    k->has_priv = true;
    r = marshal_pub<SET>(k, pk);
  }
  if (r != CB_OK) {
    OPENSSL_free(k);
    return r;
  }
  *out = k;
  return CB_OK;
}

template <int SET>
int from_public(const uint8_t *pk, cb_bssl_mldsa **out) {
  using O = mldsa_ops<SET>;
  cb_bssl_mldsa *k = mldsa_new(SET);
  CBS cbs;
  if (!k) {
    return CB_ERR_NOMEM;
  }
  CBS_init(&cbs, pk, O::pk_bytes);
  if (!O::parse_pub(pub_of<SET>(k), &cbs) || CBS_len(&cbs) != 0) {
    OPENSSL_free(k);
    return CB_ERR_INVALID_KEY;
  }
  *out = k;
  return CB_OK;
}

template <int SET>
int expanded(const cb_bssl_mldsa *k, uint8_t *sk) {
  using O = mldsa_ops<SET>;
  CBB cbb;
  if (!k->has_priv) {
    return CB_ERR_ARG;
  }
  if (!CBB_init_fixed(&cbb, sk, O::sk_bytes) || !O::marshal_priv(&cbb, priv_of<SET>(k)) ||
      CBB_len(&cbb) != O::sk_bytes) {
    OPENSSL_cleanse(sk, O::sk_bytes);
    return CB_ERR_BACKEND;
  }
  return CB_OK;
}

// FIPS 204 Algorithm 2's prefix 0 || |ctx| for the pure interface; none for the internal one.
template <int SET>
int sign(const cb_bssl_mldsa *k, int iface, const uint8_t *ctx, size_t ctxlen, const uint8_t *m, size_t mlen,
         const uint8_t *rnd, uint8_t *sig) {
  using O = mldsa_ops<SET>;
  const uint8_t pre[2] = {0, static_cast<uint8_t>(ctxlen)};
  int ok;
  if (!k->has_priv) {
    return CB_ERR_ARG;
  }
  switch (iface) {
    case CB_SIG_IFACE_PURE:
      ok = O::sign(sig, priv_of<SET>(k), m, mlen, pre, sizeof(pre), ctx, ctxlen, rnd);
      break;
    case CB_SIG_IFACE_INTERNAL:
      ok = O::sign(sig, priv_of<SET>(k), m, mlen, nullptr, 0, nullptr, 0, rnd);
      break;
    case CB_SIG_IFACE_MU:
      ok = O::sign_mu(sig, priv_of<SET>(k), m, rnd);
      break;
    default:
      return CB_ERR_UNSUPPORTED;
  }
  return ok ? CB_OK : CB_ERR_BACKEND;
}

template <int SET>
int verify(const cb_bssl_mldsa *k, int iface, const uint8_t *ctx, size_t ctxlen, const uint8_t *m, size_t mlen,
           const uint8_t *sig) {
  using O = mldsa_ops<SET>;
  const uint8_t pre[2] = {0, static_cast<uint8_t>(ctxlen)};
  int ok;
  switch (iface) {
    case CB_SIG_IFACE_PURE:
      ok = O::verify(pub_of<SET>(k), sig, m, mlen, pre, sizeof(pre), ctx, ctxlen);
      break;
    case CB_SIG_IFACE_INTERNAL:
      ok = O::verify(pub_of<SET>(k), sig, m, mlen, nullptr, 0, nullptr, 0);
      break;
    case CB_SIG_IFACE_MU:
      ok = O::verify_mu(pub_of<SET>(k), sig, m);
      break;
    default:
      return CB_ERR_UNSUPPORTED;
  }
  return ok ? CB_OK : CB_ERR_VERIFY;
}

}  // namespace

#define CB_MLDSA_DISPATCH(set, call) \
  ((set) == 44 ? call<44> : (set) == 65 ? call<65> : (set) == 87 ? call<87> : nullptr)

extern "C" int cb_bssl_mldsa_from_seed(int set, const uint8_t *seed, uint8_t *pk, cb_bssl_mldsa **out) {
  auto f = CB_MLDSA_DISPATCH(set, from_seed);
  return f ? f(seed, pk, out) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mldsa_from_expanded(int set, const uint8_t *sk, uint8_t *pk, cb_bssl_mldsa **out) {
  auto f = CB_MLDSA_DISPATCH(set, from_expanded);
  return f ? f(sk, pk, out) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mldsa_from_public(int set, const uint8_t *pk, cb_bssl_mldsa **out) {
  auto f = CB_MLDSA_DISPATCH(set, from_public);
  return f ? f(pk, out) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mldsa_expanded(const cb_bssl_mldsa *k, uint8_t *sk) {
  auto f = CB_MLDSA_DISPATCH(k->set, expanded);
  return f ? f(k, sk) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mldsa_sign(const cb_bssl_mldsa *k, int iface, const uint8_t *ctx, size_t ctxlen,
                                  const uint8_t *m, size_t mlen, const uint8_t *rnd, uint8_t *sig) {
  auto f = CB_MLDSA_DISPATCH(k->set, sign);
  return f ? f(k, iface, ctx, ctxlen, m, mlen, rnd, sig) : CB_ERR_ARG;
}

extern "C" int cb_bssl_mldsa_verify(const cb_bssl_mldsa *k, int iface, const uint8_t *ctx, size_t ctxlen,
                                    const uint8_t *m, size_t mlen, const uint8_t *sig) {
  auto f = CB_MLDSA_DISPATCH(k->set, verify);
  return f ? f(k, iface, ctx, ctxlen, m, mlen, sig) : CB_ERR_ARG;
}

extern "C" void cb_bssl_mldsa_free(cb_bssl_mldsa *k) {
  OPENSSL_free(k);  // cleanses
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
