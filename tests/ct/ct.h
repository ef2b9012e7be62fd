/*
 * The constant-time harness (ctgrind style): secrets are marked undefined
 * for valgrind memcheck, which then reports every conditional branch and
 * every memory address computed from them.  Results that are public once
 * computed are marked defined again.  Outside valgrind the client requests
 * do nothing.
 */
#ifndef CB_TESTS_CT_H
#define CB_TESTS_CT_H

#include <valgrind/memcheck.h>

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

#endif
