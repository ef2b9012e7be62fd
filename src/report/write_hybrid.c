/*
 * The text table's "hybrids beside their parts" section (report_int.h):
 * each hybrid KEM operation against the sum of the operations of its parts
 * that it performs (cb_hybrid_terms), the difference being the combiner's
 * own cost, and the bytes a hybrid puts on the wire.
 */
#include <math.h>
#include <string.h>

#include "hybrid/hybrid.h"
#include "report/report_int.h"

static double one_thread_ns(const cb_result *r)
{
	return r->estimate_ns > 0 ? r->estimate_ns : r->ns.median;
}

/*
 * The part's one-thread result: the hybrid's own backend first, then
 * OpenSSL (whose classes the hybrids call), then any.
 */
static const cb_result *find_part(const cb_run *run, const char *alg, const char *op, const char *backend)
{
	const cb_result *any = NULL, *ossl = NULL;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *r = &run->results[i];
		if (r->status != CB_STATUS_OK || r->threads > 1 || strcmp(r->algorithm, alg) ||
		    strcmp(r->operation, op) || !(one_thread_ns(r) > 0))
			continue;
		if (!strcmp(r->backend, backend))
			return r;
		if (!strcmp(r->backend, "openssl") && !ossl)
			ossl = r;
		if (!any)
			any = r;
	}
	return ossl ? ossl : any;
}

/* s right-aligned in w terminal columns (µ is one column, two bytes). */
static void rpad(FILE *f, const char *s, size_t w)
{
	for (size_t n = cb_utf8_width(s); n < w; n++)
		fputc(' ', f);
	fputs(s, f);
}

void cb_write_hybrid_breakdown(FILE *f, const cb_run *run)
{
	int header = 0, negative = 0;
	char missing[256] = "";

	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *h = &run->results[i];
		const cb_hybrid_term *t = cb_hybrid_terms(h->algorithm, h->operation);
		char parts[200] = "", hs[32], ss[32], ds[64];
		double sum = 0;
		int complete = 1;

		if (!t || h->status != CB_STATUS_OK || h->threads > 1 || strcmp(h->kind, "kem"))
			continue;
		for (size_t j = 0; t[j].alg; j++) {
			const cb_result *p = find_part(run, t[j].alg, t[j].op, h->backend);
			size_t n = strlen(parts);
			snprintf(parts + n, sizeof(parts) - n, "%s%s %s%s%s%s", j ? " + " : "", t[j].alg, t[j].op,
				 p ? " (" : "", p ? p->backend : "", p ? ")" : "");
			if (!p) {
				complete = 0;
				if (!strstr(missing, t[j].alg)) {
					n = strlen(missing);
					snprintf(missing + n, sizeof(missing) - n, "%s%s", n ? " " : "", t[j].alg);
				}
				continue;
			}
			sum += one_thread_ns(p);
		}
		if (!complete)
			continue;
		if (!header) {
			fputs("\nhybrids beside their parts (one thread; combiner = hybrid - sum of the parts' "
			      "operations it performs)\n",
			      f);
			fprintf(f, "%-18s  %-6s  %10s  %10s  %18s  %s\n", "algorithm", "op", "hybrid", "parts",
				"combiner", "parts timed");
			header = 1;
		}
		cb_fmt_latency(one_thread_ns(h), hs, sizeof(hs));
		cb_fmt_latency(sum, ss, sizeof(ss));
		{
			double d = one_thread_ns(h) - sum;
			char mag[24];
			negative |= d < 0;
			cb_fmt_latency(fabs(d), mag, sizeof(mag));
			snprintf(ds, sizeof(ds), "%s%s (%+.0f%%)", d < 0 ? "-" : "", mag,
				 100.0 * d / one_thread_ns(h));
		}
		fprintf(f, "%-18s  %-6s  ", h->algorithm, h->operation);
		rpad(f, hs, 10);
		fputs("  ", f);
		rpad(f, ss, 10);
		fputs("  ", f);
		rpad(f, ds, 18);
		fprintf(f, "  %s\n", parts);
	}
	if (negative)
		fputs("(a negative combiner: the hybrid reaches a classical primitive more cheaply than the "
		      "part's own class, e.g. EC_POINT_mul against EVP_PKEY_keygen; or noise)\n",
		      f);
	if (missing[0])
		fprintf(f, "%s(for a hybrid's breakdown, add its parts to the selection: %s)\n",
			header ? "" : "\n", missing);

	/* bytes on the wire: client share (pk) + server share (ct), once per hybrid */
	header = 0;
	for (size_t i = 0; i < run->nresults; i++) {
		const cb_result *h = &run->results[i];
		int seen = 0;
		if (!cb_hybrid_parts(h->algorithm) || h->sizes.public_key < 0 || h->sizes.ciphertext < 0)
			continue;
		for (size_t j = 0; j < i && !seen; j++)
			seen = !strcmp(run->results[j].algorithm, h->algorithm) &&
			       run->results[j].sizes.public_key >= 0 && run->results[j].sizes.ciphertext >= 0;
		if (seen)
			continue;
		if (!header) {
			fputs("\nbytes on the wire (client share + server share)\n", f);
			header = 1;
		}
		fprintf(f, "%-18s  %ld + %ld = %ld\n", h->algorithm, h->sizes.public_key, h->sizes.ciphertext,
			h->sizes.public_key + h->sizes.ciphertext);
	}
}
