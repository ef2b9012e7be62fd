/*
 * libFuzzer target: the run request's list parsers (src/bench/select.c, request.c):
 * --sizes, --threads and the --pin CPU list (parsed only, never applied).
 * Input: byte 0 selects the parser, the rest is the text.  What is
 * accepted must be in range and without duplicates; what is refused must
 * say why in err; a list accepted must read the same printed back.
 */
#include <stdio.h>

#include "bench/bench_int.h"
#include "cryptobench/bench.h"
#include "fuzz_util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	char *s, err[512] = "";
	size_t sizes[32], n = 0;
	unsigned threads[16];
	cpu_set_t set;
	int r;

	if (size < 1)
		return 0;
	s = fuzz_cstr(data + 1, size - 1);
	FUZZ_ASSERT(s);
	switch (data[0] % 3) {
	case 0:
		r = cb_parse_sizes(s, sizes, 32, &n, err, sizeof(err));
		if (r == 0) {
			FUZZ_ASSERT(n >= 1 && n <= 32);
			for (size_t i = 0; i < n; i++) {
				FUZZ_ASSERT(sizes[i] <= (size_t)1 << 30);
				for (size_t k = 0; k < i; k++)
					FUZZ_ASSERT(sizes[k] != sizes[i]);
			}
		}
		break;
	case 1:
		r = cb_parse_threads(s, threads, 16, &n, err, sizeof(err));
		if (r == 0) {
			char back[16 * 6] = "";
			size_t len = 0, again = 0;
			unsigned t2[16];

			FUZZ_ASSERT(n >= 1 && n <= 16);
			for (size_t i = 0; i < n; i++) {
				FUZZ_ASSERT(threads[i] >= 1 && threads[i] <= 1024);
				for (size_t k = 0; k < i; k++)
					FUZZ_ASSERT(threads[k] != threads[i]);
				len += (size_t)snprintf(back + len, sizeof(back) - len, "%s%u", i ? "," : "", threads[i]);
			}
			FUZZ_ASSERT(cb_parse_threads(back, t2, 16, &again, err, sizeof(err)) == 0 && again == n &&
				    memcmp(t2, threads, n * sizeof(*t2)) == 0);
		}
		break;
	default:
		r = cb_parse_cpus(s, &set, err, sizeof(err));
		if (r == 0)
			FUZZ_ASSERT(CPU_COUNT(&set) >= 1);
		break;
	}
	FUZZ_ASSERT(r == 0 || r == -1);
	if (r)
		FUZZ_ASSERT(err[0] != 0);
	free(s);
	return 0;
}
