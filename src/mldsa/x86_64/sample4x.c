/* Four-way samplers of the native ML-DSA path (sample4x.h). */
#ifdef CB_MLKEM_HAVE_AVX2
#include "mldsa/x86_64/sample4x.h"

#include <string.h>

#include "core/util.h"
#include "mldsa/x86_64/rounding_avx2.h"
#include "mlkem/x86_64/keccak4x.h"
#include "sha3/sha3.h"

/* in[j] = seed (seedlen bytes) || n[j] (2 bytes, little-endian) */
static void inputs(uint8_t in[4][66], const uint8_t *seed, size_t seedlen, const uint16_t n[4])
{
	for (unsigned j = 0; j < 4; j++) {
		memcpy(in[j], seed, seedlen);
		in[j][seedlen] = (uint8_t)n[j];
		in[j][seedlen + 1] = (uint8_t)(n[j] >> 8);
	}
}

void cb_mldsa_uniform_x4(cb_mldsa_poly *const a[4], const uint8_t rho[32], const uint16_t n[4])
{
	_Alignas(32) uint8_t buf[4][5 * CB_SHAKE128_RATE];
	uint8_t in[4][66];
	const uint8_t *const ip[4] = {in[0], in[1], in[2], in[3]};
	uint8_t *const op[4] = {buf[0], buf[1], buf[2], buf[3]};
	cb_keccak4x_state st;
	unsigned c[4], j;

	inputs(in, rho, 32, n);
	cb_keccak4x_absorb_once(&st, CB_SHAKE128_RATE, ip, 34, CB_KECCAK_DS_SHAKE);
	cb_keccak4x_squeezeblocks(&st, CB_SHAKE128_RATE, op, 5);
	for (j = 0; j < 4; j++)
		c[j] = cb_mldsa_rej_uniform_avx2(a[j]->c, 0, buf[j], sizeof(buf[j]));
	while (c[0] < MLDSA_N || c[1] < MLDSA_N || c[2] < MLDSA_N || c[3] < MLDSA_N) {
		cb_keccak4x_squeezeblocks(&st, CB_SHAKE128_RATE, op, 1);
		for (j = 0; j < 4; j++)
			c[j] = cb_mldsa_rej_uniform_avx2(a[j]->c, c[j], buf[j], CB_SHAKE128_RATE);
	}
}

void cb_mldsa_eta_x4(cb_mldsa_poly *const a[4], const uint8_t rhop[64], const uint16_t n[4], int eta)
{
	const size_t nb = eta == 2 ? 1 : 2;
	_Alignas(32) uint8_t buf[4][2 * CB_SHAKE256_RATE];
	uint8_t in[4][66];
	const uint8_t *const ip[4] = {in[0], in[1], in[2], in[3]};
	uint8_t *const op[4] = {buf[0], buf[1], buf[2], buf[3]};
	cb_keccak4x_state st;
	unsigned c[4], j;

	inputs(in, rhop, 64, n);
	cb_keccak4x_absorb_once(&st, CB_SHAKE256_RATE, ip, 66, CB_KECCAK_DS_SHAKE);
	cb_keccak4x_squeezeblocks(&st, CB_SHAKE256_RATE, op, nb);
	for (j = 0; j < 4; j++)
		c[j] = cb_mldsa_rej_eta_avx2(a[j]->c, 0, buf[j], nb * CB_SHAKE256_RATE, eta);
	while (c[0] < MLDSA_N || c[1] < MLDSA_N || c[2] < MLDSA_N || c[3] < MLDSA_N) {
		cb_keccak4x_squeezeblocks(&st, CB_SHAKE256_RATE, op, 1);
		for (j = 0; j < 4; j++)
			c[j] = cb_mldsa_rej_eta_avx2(a[j]->c, c[j], buf[j], CB_SHAKE256_RATE, eta);
	}
	cb_wipe(in, sizeof(in));
	cb_wipe(buf, sizeof(buf));
	cb_keccak4x_wipe(&st);
}

void cb_mldsa_mask_x4(cb_mldsa_poly *const a[4], const uint8_t rhopp[64], const uint16_t n[4], unsigned gamma1_bits)
{
	_Alignas(32) uint8_t buf[4][5 * CB_SHAKE256_RATE];
	uint8_t in[4][66];
	const uint8_t *const ip[4] = {in[0], in[1], in[2], in[3]};
	uint8_t *const op[4] = {buf[0], buf[1], buf[2], buf[3]};
	cb_keccak4x_state st;
	unsigned j;

	inputs(in, rhopp, 64, n);
	cb_keccak4x_absorb_once(&st, CB_SHAKE256_RATE, ip, 66, CB_KECCAK_DS_SHAKE);
	cb_keccak4x_squeezeblocks(&st, CB_SHAKE256_RATE, op, 5);
	/* the unpacking reads at most 8 bytes past the 32 (gamma1_bits + 1) it uses: inside buf */
	for (j = 0; j < 4; j++)
		cb_mldsa_mask_unpack_avx2(a[j]->c, buf[j], gamma1_bits);
	cb_wipe(in, sizeof(in));
	cb_wipe(buf, sizeof(buf));
	cb_keccak4x_wipe(&st);
}
#else
typedef int cb_mldsa_sample4x_unused;
#endif
