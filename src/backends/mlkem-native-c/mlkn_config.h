/*
 * mlkem-native configuration for the mlkem-native-c and mlkem-native-avx2
 * backends (MLK_CONFIG_FILE; the options are documented in the anchor's
 * mlkem/mlkem_native_config.h).  The including file sets
 * CB_MLKN_NAMESPACE and, for the AVX2 build, CB_MLKN_NATIVE.
 *
 * - All three parameter sets in one translation unit (multilevel build),
 *   the level-independent code once.
 * - Every function static, so nothing of it is exported and nothing can
 *   clash with the builtin ML-KEM, src/sha3 or liboqs's own copy of
 *   mlkem-native; only the AVX2 assembly has global symbols, under
 *   CB_MLKN_NAMESPACE.
 * - No randomised API: the classes draw d || z and m themselves
 *   (backends/anchors.h), so mlkem-native needs no randombytes.
 * - AVX2 build: the native arithmetic and Keccak-x4 backends, and the
 *   capability check answered by CPUID at run time instead of assuming the
 *   build machine's CPU.
 */
#ifndef MLK_CONFIG_H
#define MLK_CONFIG_H

#ifndef MLK_CONFIG_PARAMETER_SET
#define MLK_CONFIG_PARAMETER_SET 768
#endif

#define MLK_CONFIG_MULTILEVEL_BUILD
#define MLK_CONFIG_NAMESPACE_PREFIX CB_MLKN_NAMESPACE
#define MLK_CONFIG_EXTERNAL_API_QUALIFIER static
#define MLK_CONFIG_NO_RANDOMIZED_API

#if defined(MLK_BUILD_INTERNAL)
#define MLK_CONFIG_INTERNAL_API_QUALIFIER static

#if defined(CB_MLKN_NATIVE)
#define MLK_CONFIG_USE_NATIVE_BACKEND_ARITH
#define MLK_CONFIG_ARITH_BACKEND_FILE "native/meta.h"
#define MLK_CONFIG_USE_NATIVE_BACKEND_FIPS202
#define MLK_CONFIG_FIPS202_BACKEND_FILE "fips202/native/auto.h"
#define MLK_CONFIG_CUSTOM_CAPABILITY_FUNC
#if !defined(__ASSEMBLER__)
#include "backends/anchors.h"
#include "src/sys.h"
static MLK_INLINE int mlk_sys_check_capability(mlk_sys_cap cap)
{
	return cap == MLK_SYS_CAP_X86_64_AVX2 && cb_anchor_cpu_avx2();
}
#endif /* !__ASSEMBLER__ */
#endif /* CB_MLKN_NATIVE */
#endif /* MLK_BUILD_INTERNAL */

#define MLK_DEFAULT_NAMESPACE_PREFIX CB_MLKN_NAMESPACE

#endif
