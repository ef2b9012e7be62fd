/*
 * Declassification points for the constant-time tests (tests/ct/).  A
 * value derived from secrets that the code makes public anyway (rho, part
 * of an ML-KEM ek; where a hex text has its white space; whether an input
 * was well formed) is declared defined for valgrind memcheck, so that
 * branching on it afterwards is not reported.  In the library build (no
 * CB_CT_TESTING) this expands to nothing.
 */
#ifndef CB_CORE_CT_H
#define CB_CORE_CT_H

#ifdef CB_CT_TESTING
#include <valgrind/memcheck.h>
#define CB_CT_DECLASSIFY(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define CB_CT_DECLASSIFY(p, n) ((void)(p), (void)(n))
#endif

#endif
