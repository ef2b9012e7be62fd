/*
 * Shared by the subcommands: exit statuses and error reporting.
 *
 * Exit statuses (documented in `cryptobench --help` and docs/CLI.md):
 *   0  success
 *   1  an operation failed: unreadable or malformed input, invalid key,
 *      unwritable output, ...
 *   2  usage error: unknown command, option, algorithm or operation; bad
 *      sizes or thread counts; an output that is an input or another
 *      output (cli_check_outputs)
 *   3  the run finished and reported, but some cases failed their
 *      self-check or errored; `interop`: an unexpected incompatibility
 *   4  authentication failed: `open` (the envelope), `sig verify` (the
 *      signature), `pke decrypt` and `cipher decrypt` (padding, tag, C3)
 *   130 run was interrupted (SIGINT/SIGTERM) and wrote what it had measured
 */
#ifndef CB_CLI_H
#define CB_CLI_H

#include <stdarg.h>

#define CB_EXIT_OK 0
#define CB_EXIT_FAIL 1
#define CB_EXIT_USAGE 2
#define CB_EXIT_PARTIAL 3
/*
 * Authentication failed: `open` (wrong key, modified, truncated envelope),
 * `sig verify` (the signature does not verify), `pke decrypt` / `cipher
 * decrypt` (bad padding, tag or C3).
 */
#define CB_EXIT_AUTH 4
/*
 * `compare --fail-on-slower`: nothing is slower beyond what the machine's
 * change between the runs explains, but the machine changed, so a smaller
 * regression cannot be ruled out (rerun both in one run: docs/MEASUREMENT.md).
 */
#define CB_EXIT_INCONCLUSIVE 5
/* 128 + SIGINT, as a shell reports it: the run was interrupted and wrote what it had. */
#define CB_EXIT_INTERRUPTED 130

/* "error: <message>\n" on stderr (git style: lowercase, subject quoted). */
void cli_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "warning: <message>\n" on stderr. */
void cli_warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* strerror(err) starting lowercase, for the end of a message (a static buffer). */
const char *cli_strerror(int err);

/*
 * Every asynchronous signal whose default action ends the process (SIGINT,
 * SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGUSR1/2, SIGALRM, SIGXCPU, ...):
 * remove temporary files, then end as the signal would.  SIGXFSZ is
 * ignored (a write over the file size limit fails with EFBIG instead).
 */
void cli_default_signals(void);

/* 1 when standard input (0), output (1) or error (2) was closed when the program started. */
int cli_std_closed(int fd);

/* Subcommands: argv[0] is the subcommand's name; return an exit status. */
int cmd_list(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_kem(int argc, char **argv);
int cmd_seal(int argc, char **argv);
int cmd_open(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_ab(int argc, char **argv);
int cmd_plan(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_verify(int argc, char **argv);
int cmd_interop(int argc, char **argv);
int cmd_keygen(int argc, char **argv);
int cmd_sig(int argc, char **argv);
int cmd_pke(int argc, char **argv);
int cmd_kex(int argc, char **argv);
int cmd_cipher(int argc, char **argv);
int cmd_hash(int argc, char **argv);
int cmd_serve(int argc, char **argv);

#endif
