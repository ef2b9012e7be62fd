/* Heap counting for `run --memory` (alloc_count.c). */
#ifndef CB_CLI_ALLOC_COUNT_H
#define CB_CLI_ALLOC_COUNT_H

#include <stdint.h>

/* 1 when this build counts allocations (not under sanitizers or fuzzing). */
int alloc_count_available(void);
/* Start counting the calling thread's allocations. */
void alloc_count_begin(void);
/* Stop, and give the calls and bytes requested since alloc_count_begin. */
void alloc_count_end(uint64_t *calls, uint64_t *bytes);

#endif
