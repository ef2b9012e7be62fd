/* The run's context: machine, build, libraries (recorded in every result file). */
#ifndef CB_BENCH_CONTEXT_H
#define CB_BENCH_CONTEXT_H

#include "cryptobench/result.h"

/* Fill what can be read here; never fails (unknown fields stay empty). */
void cb_context_collect(cb_context *ctx);

#endif
