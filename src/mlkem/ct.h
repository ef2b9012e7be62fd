/*
 * Declassification points for the constant-time test (tests/ct/ct_mlkem.c).
 * A value derived from secrets that the algorithm makes public anyway (rho,
 * which is part of ek) is declared defined for valgrind memcheck, so that
 * branching on it afterwards (rejection sampling) is not reported.  In the
 * library build (no CB_CT_TESTING) this expands to nothing.
 */
#ifndef CB_MLKEM_CT_H
#define CB_MLKEM_CT_H

#ifdef CB_CT_TESTING
#include <valgrind/memcheck.h>
#define CB_CT_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define CB_CT_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

#endif
