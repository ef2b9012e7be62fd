/*
 * One row per algorithm: its facts, whichever backends implement it.
 * Adding an algorithm is one row here plus the class in each backend
 * that has it (DEVELOPERS.md).  Security in bits: SP 800-57 Part 1
 * table 2 for the classical figures; the quantum ones halve symmetric
 * keys (Grover), keep a hash's collision resistance, give 0 for what
 * Shor's algorithm breaks and, for ML-KEM, the bits of its NIST
 * category (FIPS 203 section 8: categories 1, 3, 5; ML-DSA: FIPS 204
 * table 1, categories 2, 3, 5; SLH-DSA: FIPS 205 table 2).
 */
#include "cryptobench/catalog.h"

#include <string.h>

#include "core/util.h"

#define KEM CB_KIND_KEM
#define PKE CB_KIND_PKE
#define SIG CB_KIND_SIG
#define KEX CB_KIND_KEX
#define CIPHER CB_KIND_CIPHER
#define HASH CB_KIND_HASH
#define ENV CB_KIND_ENVELOPE
#define TLS CB_KIND_TLS
#define CLA CB_FAMILY_CLASSICAL
#define GM CB_FAMILY_GM
#define PQ CB_FAMILY_PQ
#define HYB CB_FAMILY_HYBRID
/* The sizes (catalog.h): key_bits, key, IV, block, tag, padded, public value, output. */
#define RSA(bits) bits, 0, 0, 0, 0, 0, 0, 0
#define NOSZ 0, 0, 0, 0, 0, 0, 0, 0
#define EC256 256, 0, 0, 0, 0, 0, 0, 0
#define EC25519 255, 0, 0, 0, 0, 0, 0, 0
#define KEXSZ(bits, pub, out) bits, 0, 0, 0, 0, 0, pub, out
#define BLOCK(key, iv, padded) 0, key, iv, 16, 0, padded, 0, 0
#define STREAM(key, iv) 0, key, iv, 1, 0, 0, 0, 0
#define AEAD(key, iv) 0, key, iv, 1, 16, 0, 0, 0
#define DIGEST(block, out) 0, 0, 0, block, 0, 0, 0, out

static const cb_catalog_entry catalog[] = {
	{KEM, "curvesm2mlkem768", HYB, 192, 192,
	 "curveSM2MLKEM768 (TLS 0x11EE, draft-yang-tls-hybrid-sm2-mlkem-03): SM2-curve ECDH + ML-KEM-768, "
	 "concatenated", 3, NOSZ},
	{KEM, "mlkem1024", PQ, 256, 256,
	 "ML-KEM-1024 (FIPS 203)", 5, NOSZ},
	{KEM, "mlkem512", PQ, 128, 128,
	 "ML-KEM-512 (FIPS 203)", 1, NOSZ},
	{KEM, "mlkem768", PQ, 192, 192,
	 "ML-KEM-768 (FIPS 203)", 3, NOSZ},
	{KEM, "secp256r1mlkem768", HYB, 192, 192,
	 "SecP256r1MLKEM768 (TLS 0x11EB, draft-ietf-tls-ecdhe-mlkem): P-256 ECDH + ML-KEM-768, concatenated", 3, NOSZ},
	{KEM, "sm2-dhkem", GM, 128, 0,
	 "SM2-curve ephemeral-static DH as a KEM, SM3 KDF (cryptobench, docs/HYBRID.md)", 0, NOSZ},
	{KEM, "sm2-enc-kem", GM, 128, 0,
	 "SM2 encryption (GM/T 0003.4) of a fresh 32-byte key as a KEM, C1C3C2", 0, NOSZ},
	{KEM, "sm2mlkem768", HYB, 192, 192,
	 "SM2-curve DH + ML-KEM-768, SM3 combiner (cryptobench, docs/HYBRID.md)", 3, NOSZ},
	{KEM, "x25519mlkem768", HYB, 192, 192,
	 "X25519MLKEM768 (TLS 0x11EC, draft-ietf-tls-ecdhe-mlkem): ML-KEM-768 + X25519, concatenated", 3, NOSZ},
	{KEM, "xwing", HYB, 192, 192,
	 "X-Wing (draft-connolly-cfrg-xwing-kem-10): ML-KEM-768 + X25519, SHA3-256 combiner", 3, NOSZ},
	{PKE, "rsa2048-oaep-sha1", CLA, 112, 0,
	 "RSA-2048 OAEP (SHA-1, MGF1-SHA-1, empty label; legacy)", 0, RSA(2048)},
	{PKE, "rsa2048-oaep-sha256", CLA, 112, 0,
	 "RSA-2048 OAEP (SHA-256, MGF1-SHA-256, empty label)", 0, RSA(2048)},
	{PKE, "rsa2048-pkcs1", CLA, 112, 0,
	 "RSA-2048 PKCS#1 v1.5 encryption", 0, RSA(2048)},
	{PKE, "rsa2048-raw", CLA, 112, 0,
	 "RSA-2048 without padding (k-byte messages below n)", 0, RSA(2048)},
	{PKE, "rsa3072-oaep-sha1", CLA, 128, 0,
	 "RSA-3072 OAEP (SHA-1, MGF1-SHA-1, empty label; legacy)", 0, RSA(3072)},
	{PKE, "rsa3072-oaep-sha256", CLA, 128, 0,
	 "RSA-3072 OAEP (SHA-256, MGF1-SHA-256, empty label)", 0, RSA(3072)},
	{PKE, "rsa3072-pkcs1", CLA, 128, 0,
	 "RSA-3072 PKCS#1 v1.5 encryption", 0, RSA(3072)},
	{PKE, "rsa3072-raw", CLA, 128, 0,
	 "RSA-3072 without padding (k-byte messages below n)", 0, RSA(3072)},
	{PKE, "rsa4096-oaep-sha1", CLA, 152, 0,
	 "RSA-4096 OAEP (SHA-1, MGF1-SHA-1, empty label; legacy)", 0, RSA(4096)},
	{PKE, "rsa4096-oaep-sha256", CLA, 152, 0,
	 "RSA-4096 OAEP (SHA-256, MGF1-SHA-256, empty label)", 0, RSA(4096)},
	{PKE, "rsa4096-pkcs1", CLA, 152, 0,
	 "RSA-4096 PKCS#1 v1.5 encryption", 0, RSA(4096)},
	{PKE, "rsa4096-raw", CLA, 152, 0,
	 "RSA-4096 without padding (k-byte messages below n)", 0, RSA(4096)},
	{PKE, "sm2-enc-c1c2c3", GM, 128, 0,
	 "SM2 encryption, C1||C2||C3 (legacy order)", 0, EC256},
	{PKE, "sm2-enc-c1c3c2", GM, 128, 0,
	 "SM2 encryption, C1||C3||C2 (GM/T 0003.4-2012)", 0, EC256},
	{PKE, "sm2-enc-der", GM, 128, 0,
	 "SM2 encryption, GM/T 0009 DER ciphertext", 0, EC256},
	{SIG, "ecdsa-p256", CLA, 128, 0,
	 "ECDSA on P-256 with SHA-256, DER signatures", 0, EC256},
	{SIG, "ed25519", CLA, 128, 0,
	 "Ed25519 (RFC 8032, pure), 64-byte signatures", 0, EC25519},
	{SIG, "mldsa44", PQ, 128, 128,
	 "ML-DSA-44 (FIPS 204), pure, hedged signing, context string", 2, NOSZ},
	{SIG, "mldsa65", PQ, 192, 192,
	 "ML-DSA-65 (FIPS 204), pure, hedged signing, context string", 3, NOSZ},
	{SIG, "mldsa87", PQ, 256, 256,
	 "ML-DSA-87 (FIPS 204), pure, hedged signing, context string", 5, NOSZ},
	{SIG, "rsa2048-pkcs1-sha256", CLA, 112, 0,
	 "RSA-2048 PKCS#1 v1.5 signature with SHA-256", 0, RSA(2048)},
	{SIG, "rsa2048-pss-sha256", CLA, 112, 0,
	 "RSA-2048 PSS (SHA-256, MGF1-SHA-256, 32-byte salt)", 0, RSA(2048)},
	{SIG, "rsa3072-pkcs1-sha256", CLA, 128, 0,
	 "RSA-3072 PKCS#1 v1.5 signature with SHA-256", 0, RSA(3072)},
	{SIG, "rsa3072-pss-sha256", CLA, 128, 0,
	 "RSA-3072 PSS (SHA-256, MGF1-SHA-256, 32-byte salt)", 0, RSA(3072)},
	{SIG, "rsa4096-pkcs1-sha256", CLA, 152, 0,
	 "RSA-4096 PKCS#1 v1.5 signature with SHA-256", 0, RSA(4096)},
	{SIG, "rsa4096-pss-sha256", CLA, 152, 0,
	 "RSA-4096 PSS (SHA-256, MGF1-SHA-256, 32-byte salt)", 0, RSA(4096)},
	{SIG, "slh-dsa-sha2-128f", PQ, 128, 128,
	 "SLH-DSA-SHA2-128f (FIPS 205), pure, fast signing, 17,088-byte signatures", 1, NOSZ},
	{SIG, "slh-dsa-sha2-128s", PQ, 128, 128,
	 "SLH-DSA-SHA2-128s (FIPS 205), pure, small signatures (7,856 bytes), slow signing", 1, NOSZ},
	{SIG, "slh-dsa-shake-128f", PQ, 128, 128,
	 "SLH-DSA-SHAKE-128f (FIPS 205), pure, fast signing, 17,088-byte signatures", 1, NOSZ},
	{SIG, "slh-dsa-shake-128s", PQ, 128, 128,
	 "SLH-DSA-SHAKE-128s (FIPS 205), pure, small signatures (7,856 bytes), slow signing", 1, NOSZ},
	{SIG, "sm2-sign", GM, 128, 0,
	 "SM2 signature on sm2p256v1 with SM3 and Z_A (GM/T 0003.2), DER signatures", 0, EC256},
	{KEX, "ecdh-p256", CLA, 128, 0,
	 "ECDH on P-256, uncompressed X9.62 public points, x-coordinate secret", 0, KEXSZ(256, 65, 32)},
	{KEX, "sm2-dh", GM, 128, 0,
	 "ECDH on the SM2 curve (x-coordinate), not the GM/T 0003.3 key exchange", 0, KEXSZ(256, 65, 32)},
	{KEX, "sm2-kx", GM, 128, 0,
	 "SM2 key exchange (GM/T 0003.3-2012, GB/T 32918.3-2016) without confirmation: static + ephemeral "
	 "keys, public P||R, smaller public value = initiator, one ID for both sides, 16-byte key (kex.h)",
	 0, KEXSZ(256, 130, 16)},
	{KEX, "x25519", CLA, 128, 0,
	 "X25519 key agreement (RFC 7748), raw 32-byte keys", 0, KEXSZ(255, 32, 32)},
	{CIPHER, "aes-128-cbc", CLA, 128, 64,
	 "AES-128 CBC, no padding", 0, BLOCK(16, 16, 0)},
	{CIPHER, "aes-128-cbc-pkcs7", CLA, 128, 64,
	 "AES-128 CBC, PKCS#7 padding", 0, BLOCK(16, 16, 1)},
	{CIPHER, "aes-128-ctr", CLA, 128, 64,
	 "AES-128 CTR (128-bit counter block)", 0, STREAM(16, 16)},
	{CIPHER, "aes-128-ecb", CLA, 128, 64,
	 "AES-128 ECB, no padding", 0, BLOCK(16, 0, 0)},
	{CIPHER, "aes-128-ecb-pkcs7", CLA, 128, 64,
	 "AES-128 ECB, PKCS#7 padding", 0, BLOCK(16, 0, 1)},
	{CIPHER, "aes-128-gcm", CLA, 128, 64,
	 "AES-128 GCM, 16-byte tag", 0, AEAD(16, 12)},
	{CIPHER, "aes-256-cbc", CLA, 256, 128,
	 "AES-256 CBC, no padding", 0, BLOCK(32, 16, 0)},
	{CIPHER, "aes-256-cbc-pkcs7", CLA, 256, 128,
	 "AES-256 CBC, PKCS#7 padding", 0, BLOCK(32, 16, 1)},
	{CIPHER, "aes-256-ctr", CLA, 256, 128,
	 "AES-256 CTR (128-bit counter block)", 0, STREAM(32, 16)},
	{CIPHER, "aes-256-ecb", CLA, 256, 128,
	 "AES-256 ECB, no padding", 0, BLOCK(32, 0, 0)},
	{CIPHER, "aes-256-ecb-pkcs7", CLA, 256, 128,
	 "AES-256 ECB, PKCS#7 padding", 0, BLOCK(32, 0, 1)},
	{CIPHER, "aes-256-gcm", CLA, 256, 128,
	 "AES-256 GCM, 16-byte tag", 0, AEAD(32, 12)},
	{CIPHER, "chacha20-poly1305", CLA, 256, 128,
	 "ChaCha20-Poly1305 (RFC 8439)", 0, AEAD(32, 12)},
	{CIPHER, "sm4-cbc", GM, 128, 64,
	 "SM4 CBC, no padding", 0, BLOCK(16, 16, 0)},
	{CIPHER, "sm4-cbc-pkcs7", GM, 128, 64,
	 "SM4 CBC, PKCS#7 padding", 0, BLOCK(16, 16, 1)},
	{CIPHER, "sm4-ctr", GM, 128, 64,
	 "SM4 CTR (128-bit counter block)", 0, STREAM(16, 16)},
	{CIPHER, "sm4-ecb", GM, 128, 64,
	 "SM4 ECB, no padding (GB/T 32907)", 0, BLOCK(16, 0, 0)},
	{CIPHER, "sm4-ecb-pkcs7", GM, 128, 64,
	 "SM4 ECB, PKCS#7 padding", 0, BLOCK(16, 0, 1)},
	{CIPHER, "sm4-gcm", GM, 128, 64,
	 "SM4 GCM, 16-byte tag", 0, AEAD(16, 12)},
	{HASH, "sha256", CLA, 128, 128,
	 "SHA-256 (FIPS 180-4)", 0, DIGEST(64, 32)},
	{HASH, "sha512", CLA, 256, 256,
	 "SHA-512 (FIPS 180-4)", 0, DIGEST(128, 64)},
	{HASH, "sha3-256", CLA, 128, 128,
	 "SHA3-256 (FIPS 202)", 0, DIGEST(136, 32)},
	{HASH, "sm3", GM, 128, 128,
	 "SM3 (GB/T 32905)", 0, DIGEST(64, 32)},
	/* Envelopes: the weaker of the recipient's and the AEAD's figures. */
	{ENV, "seal-mlkem1024-aes-256-gcm", PQ, 256, 128,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-1024 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-mlkem1024-chacha20-poly1305", PQ, 256, 128,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-1024 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-mlkem1024-sm4-gcm", PQ, 128, 64,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-1024 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-mlkem768-aes-256-gcm", PQ, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-768 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-mlkem768-chacha20-poly1305", PQ, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-768 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-mlkem768-sm4-gcm", PQ, 128, 64,
	 "Envelope (docs/ENVELOPE.md): a ML-KEM-768 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa2048-oaep-sha256-aes-256-gcm", CLA, 112, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-2048 OAEP-SHA-256 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa2048-oaep-sha256-chacha20-poly1305", CLA, 112, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-2048 OAEP-SHA-256 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa2048-oaep-sha256-sm4-gcm", CLA, 112, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-2048 OAEP-SHA-256 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa3072-oaep-sha256-aes-256-gcm", CLA, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-3072 OAEP-SHA-256 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa3072-oaep-sha256-chacha20-poly1305", CLA, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-3072 OAEP-SHA-256 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa3072-oaep-sha256-sm4-gcm", CLA, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-3072 OAEP-SHA-256 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa4096-oaep-sha256-aes-256-gcm", CLA, 152, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-4096 OAEP-SHA-256 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa4096-oaep-sha256-chacha20-poly1305", CLA, 152, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-4096 OAEP-SHA-256 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-rsa4096-oaep-sha256-sm4-gcm", CLA, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a RSA-4096 OAEP-SHA-256 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2-enc-c1c3c2-aes-256-gcm", GM, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a SM2 encryption (C1C3C2) recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2-enc-c1c3c2-chacha20-poly1305", GM, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a SM2 encryption (C1C3C2) recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2-enc-c1c3c2-sm4-gcm", GM, 128, 0,
	 "Envelope (docs/ENVELOPE.md): a SM2 encryption (C1C3C2) recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2mlkem768-aes-256-gcm", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a SM2MLKEM768 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2mlkem768-chacha20-poly1305", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a SM2MLKEM768 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-sm2mlkem768-sm4-gcm", HYB, 128, 64,
	 "Envelope (docs/ENVELOPE.md): a SM2MLKEM768 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-x25519mlkem768-aes-256-gcm", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a X25519MLKEM768 recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-x25519mlkem768-chacha20-poly1305", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a X25519MLKEM768 recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-x25519mlkem768-sm4-gcm", HYB, 128, 64,
	 "Envelope (docs/ENVELOPE.md): a X25519MLKEM768 recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-xwing-aes-256-gcm", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a X-Wing recipient, AES-256-GCM payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-xwing-chacha20-poly1305", HYB, 192, 128,
	 "Envelope (docs/ENVELOPE.md): a X-Wing recipient, ChaCha20-Poly1305 payload in 64 KiB chunks", 0, NOSZ},
	{ENV, "seal-xwing-sm4-gcm", HYB, 128, 64,
	 "Envelope (docs/ENVELOPE.md): a X-Wing recipient, SM4-GCM payload in 64 KiB chunks", 0, NOSZ},
	{TLS, "tlcp-ecc-sm2", GM, 128, 0,
	 "TLCP (GB/T 38636) full handshake: TLS_ECC_SM4_GCM_SM3, SM2 key transport to the server's encryption "
	 "certificate, SM2 double certificate (signing and encryption leaves + intermediate)", 0, NOSZ},
	{TLS, "tls13-mlkem1024-mldsa87", PQ, 256, 256,
	 "TLS 1.3 full handshake: ML-KEM-1024 key share, ML-DSA-87 certificate chain (leaf + intermediate), "
	 "AES-128-GCM", 5, NOSZ},
	{TLS, "tls13-p256-ecdsa-p256", CLA, 128, 0,
	 "TLS 1.3 full handshake: P-256 ECDHE, ECDSA P-256 certificate chain (leaf + intermediate), AES-128-GCM", 0, NOSZ},
	{TLS, "tls13-sm2-sm2", GM, 128, 0,
	 "TLS 1.3 full handshake (RFC 8998): curveSM2, SM2 certificate chain (leaf + intermediate), "
	 "TLS_SM4_GCM_SM3", 0, NOSZ},
	{TLS, "tls13-x25519-ecdsa-p256", CLA, 128, 0,
	 "TLS 1.3 full handshake: X25519, ECDSA P-256 certificate chain (leaf + intermediate), AES-128-GCM", 0, NOSZ},
	{TLS, "tls13-x25519-ed25519", CLA, 128, 0,
	 "TLS 1.3 full handshake: X25519, Ed25519 certificate chain (leaf + intermediate), AES-128-GCM", 0, NOSZ},
	{TLS, "tls13-x25519-rsa2048", CLA, 112, 0,
	 "TLS 1.3 full handshake: X25519, RSA-2048 certificate chain (leaf + intermediate), RSA-PSS "
	 "CertificateVerify, AES-128-GCM", 0, NOSZ},
	{TLS, "tls13-x25519mlkem768-ecdsa-p256", HYB, 128, 0,
	 "TLS 1.3 full handshake: X25519MLKEM768 key share (post-quantum key exchange, classical authentication), "
	 "ECDSA P-256 certificate chain (leaf + intermediate), AES-128-GCM", 0, NOSZ},
	{TLS, "tls13-x25519mlkem768-mldsa65", HYB, 128, 192,
	 "TLS 1.3 full handshake: X25519MLKEM768 key share, ML-DSA-65 certificate chain (leaf + intermediate), "
	 "AES-128-GCM", 3, NOSZ},
};

size_t cb_catalog_count(void)
{
	return CB_ARRAY_LEN(catalog);
}

const cb_catalog_entry *cb_catalog_get(size_t i)
{
	return i < CB_ARRAY_LEN(catalog) ? &catalog[i] : NULL;
}

const cb_catalog_entry *cb_catalog_find(const char *name)
{
	if (!name)
		return NULL;
	for (size_t i = 0; i < CB_ARRAY_LEN(catalog); i++)
		if (strcmp(catalog[i].name, name) == 0)
			return &catalog[i];
	return NULL;
}

static const cb_catalog_entry unknown[CB_KIND_COUNT] = {
#define UNKNOWN(k) {k, "?", CLA, 0, 0, "(not in the algorithm catalog)", 0, NOSZ}
	UNKNOWN(KEM), UNKNOWN(PKE), UNKNOWN(SIG), UNKNOWN(KEX), UNKNOWN(CIPHER), UNKNOWN(HASH), UNKNOWN(ENV), UNKNOWN(TLS),
#undef UNKNOWN
};

const cb_catalog_entry *cb_alg_catalog(const cb_alg_info *a)
{
	const cb_catalog_entry *e = a ? cb_catalog_find(a->name) : NULL;
	if (e)
		return e;
	return &unknown[a && (unsigned)a->kind < CB_KIND_COUNT ? a->kind : 0];
}

const char *cb_catalog_security_source(const cb_catalog_entry *e)
{
	if (!e || !e->classical_bits)
		return "";
	if (e->nist_category && !strcmp(e->family, CB_FAMILY_HYBRID))
		return "the stronger part: ML-KEM-768, FIPS 203 section 8 (category 3)";
	if (e->nist_category && e->kind == CB_KIND_SIG && !strncmp(e->name, "mldsa", 5))
		return "FIPS 204 section 4, table 1 (NIST category)";
	if (e->nist_category && e->kind == CB_KIND_SIG)
		return "FIPS 205 section 11, table 2 (NIST category)";
	if (e->nist_category)
		return "FIPS 203 section 8 (NIST category)";
	if (e->kind == CB_KIND_CIPHER)
		return "SP 800-57 Pt 1 Rev 5 table 2; quantum: Grover halves the key";
	if (e->kind == CB_KIND_HASH)
		return "SP 800-57 Pt 1 Rev 5 table 3 (collision resistance)";
	return "SP 800-57 Pt 1 Rev 5 table 2; quantum: 0, Shor's algorithm breaks it";
}
