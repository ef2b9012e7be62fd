/*
 * The session's known-answer gate: an implementation that fails its known
 * answers is reported and not timed, unless the session is told to time it
 * (run --allow-failed), and then its results still say it failed.
 */
#include <string.h>

#include "bench/session.h"
#include "cryptobench/hash.h"
#include "testutil.h"

/*
 * A "sha256" whose digests are deterministic but wrong: its self-check (two
 * digests of one message agree) passes, its known answers (FIPS 180-4's
 * "abc") do not.
 */
static uint8_t toy_state;
static int wrong_init(const cb_hash_class *cls, void **ctx)
{
	*ctx = &toy_state;
	return 0;
}
static void wrong_free(void *ctx)
{
}
static int wrong_digest(void *ctx, const uint8_t *in, size_t inlen, uint8_t *out)
{
	memset(out, 0, 32);
	for (size_t i = 0; i < inlen; i++)
		out[i % 32] ^= in[i];
	return 0;
}
static const cb_hash_class wrong_sha256 = {
	.info = {.kind = CB_KIND_HASH, .name = "sha256", .backend = "test"},
	.digest_bytes = 32,
	.block_bytes = 64,
	.init = wrong_init,
	.free = wrong_free,
	.digest = wrong_digest,
};

static void run_once(int time_failed, cb_run *run)
{
	cb_plan_case pc = {.alg = &wrong_sha256.info, .op = "digest", .msg = 64, .threads = 1};
	cb_session_opts o = {0};

	cb_rounds_defaults(&o.rounds);
	o.rounds.r.time_budget = 0.02;
	o.rounds.r.min_time = 0;
	o.rounds.r.warmup = 0.001;
	o.rounds.rounds = 6;
	o.time_failed_kat = time_failed;
	CHECK_EQ_INT(cb_session_run(&pc, 1, &o, run), 0);
}

int main(void)
{
	cb_run refused = {0}, timed = {0};

	tu_note("default: refused");
	run_once(0, &refused);
	CHECK_EQ_INT((int)refused.nresults, 1);
	CHECK_EQ_INT(refused.results[0].status, CB_STATUS_FAILED_SELFCHECK);
	CHECK(strcmp(refused.results[0].kat, "fail") == 0);
	CHECK(strstr(refused.results[0].error, "known-answer test failed") != NULL);
	CHECK(refused.results[0].total_ops == 0);

	tu_note("time_failed_kat: timed, still marked");
	run_once(1, &timed);
	CHECK_EQ_INT((int)timed.nresults, 1);
	CHECK_EQ_INT(timed.results[0].status, CB_STATUS_OK);
	CHECK(strcmp(timed.results[0].kat, "fail") == 0);
	CHECK(strstr(timed.results[0].notes, "known-answer test failed") != NULL);
	CHECK(timed.results[0].total_ops > 0);

	cb_run_free(&refused);
	cb_run_free(&timed);
	return tu_finish();
}
