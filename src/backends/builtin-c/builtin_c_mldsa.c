/*
 * The portable C path of the project's own ML-DSA as backend builtin-c
 * (the same methods as builtin's, on the cb_mldsaN_c_* functions), so
 * `cryptobench run mldsa65 --backend builtin,builtin-c` compares the paths.
 */
#include "backends/backends.h"
#include "backends/builtin/builtin_mldsa.h"
#include "mldsa/mldsa.h"

static const char *builtin_c_mldsa_implementation(void)
{
	return "builtin-c";
}

#define NOTES "the portable C path of builtin"
CB_BUILTIN_MLDSA_CLASSES("builtin-c", NOTES, builtin_c_mldsa_implementation, _c)

const cb_alg_info *const cb_builtin_c_mldsa_algs[] = CB_BUILTIN_MLDSA_LIST;
