/*
 * The portable C path of the project's own ML-KEM alone, as backend
 * "builtin-c": the same code the "builtin" backend runs on a CPU without
 * AVX2 (or with CRYPTOBENCH_MLKEM_IMPL=portable), callable next to it, so
 * `cryptobench run mlkem768 --backend builtin,builtin-c` compares the
 * native and the portable path in one run.  Only the three ML-KEM
 * classes; the hybrids stay with "builtin".
 */
#include "backends/backends.h"
#include "cryptobench/kem.h"
#include "backends/builtin/builtin_mlkem.h"
#include "mlkem/mlkem.h"

static const char *builtin_c_implementation(void)
{
	return "builtin-c";
}

/* The portable path's functions (cb_mlkem<n>_c_*), through builtin's generic methods. */
#define NOTES "the portable C path of builtin"
CB_BUILTIN_MLKEM_CLASSES("builtin-c", NOTES, builtin_c_implementation, _c)

static const cb_alg_info *const builtin_c_algs[] = CB_BUILTIN_MLKEM_LIST;

static const cb_alg_info *const *const builtin_c_classes[] = {builtin_c_algs, cb_builtin_c_mldsa_algs, NULL};

const cb_backend cb_backend_builtin_c = {"builtin-c", "builtin", cb_builtin_version, builtin_c_classes};
