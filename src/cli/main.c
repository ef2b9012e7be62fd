/*
 * cryptobench: what cryptography costs on this machine.
 * A table of subcommands (git's commands[] style); each parses its own options.
 */
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <unistd.h>
#include <stdio.h>
#include <string.h>

#include "cli/cli.h"
#include "cryptobench/fileio.h"

static const struct command {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;
} commands[] = {
	{"list", cmd_list, "what can be measured here, by family, algorithm, backend and operation"},
	{"run", cmd_run, "measure the selected algorithms and print or write the results"},
	{"verify", cmd_verify, "check the selected algorithms against embedded known-answer vectors"},
	{"interop", cmd_interop, "what each library produces, each other consumes: a matrix per algorithm"},
	{"compare", cmd_compare, "what changed between two runs (JSON files), with significance"},
	{"ab", cmd_ab, "two builds or settings measured in one run, round against round"},
	{"report", cmd_report, "render a saved run as HTML with charts, Markdown, CSV, ..."},
	{"plan", cmd_plan, "cores needed to sustain a target rate, from a run"},
	{"kem", cmd_kem, "raw KEM operations on files: keygen, encaps, decaps"},
	{"keygen", cmd_keygen, "a key pair in PKCS#8 / SubjectPublicKeyInfo files (PEM or DER)"},
	{"sig", cmd_sig, "sign and verify files: sig sign, sig verify"},
	{"pke", cmd_pke, "public-key encryption of files: pke encrypt, pke decrypt"},
	{"kex", cmd_kex, "key agreement: kex derive"},
	{"cipher", cmd_cipher, "symmetric encryption of files: cipher encrypt, cipher decrypt"},
	{"hash", cmd_hash, "the digest of a file, in hex"},
	{"seal", cmd_seal, "encrypt a file to KEM recipients (envelope, docs/ENVELOPE.md)"},
	{"open", cmd_open, "decrypt an envelope made by seal"},
	{"serve", cmd_serve, "a TLS 1.3 server for real clients: a page naming what was negotiated"},
};

static void usage(FILE *f)
{
	fprintf(f, "usage: cryptobench <command> [options]\n\ncommands:\n");
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		fprintf(f, "  %-8s %s\n", commands[i].name, commands[i].summary);
	fprintf(f, "\n'cryptobench <command> --help' describes a command.\n"
		   "\nexit status:\n"
		   "  0  success\n"
		   "  1  an operation failed (unreadable or malformed input, invalid key, unwritable output)\n"
		   "  2  usage error (unknown command, option, algorithm or operation; bad value)\n"
		   "  3  the run finished and was reported, but some cases failed or errored;\n"
		   "     interop: an unexpected incompatibility\n"
		   "  4  authentication failed: open (wrong key, modified or truncated envelope),\n"
		   "     sig verify (the signature does not verify), pke / cipher decrypt (bad\n"
		   "     padding, tag or C3)\n");
}

/* A signal ends the program as it would, without leaving temporary files behind. */
static void on_fatal_signal(int sig)
{
	cb_atomic_cleanup();
	signal(sig, SIG_DFL);
	raise(sig);
}

/*
 * Only a signal left at its default action: one ignored on purpose (nohup's
 * SIGHUP) stays ignored, one a profiler handles (SIGPROF) stays its.
 */
static void catch_if_default(int sig, const struct sigaction *sa)
{
	struct sigaction old;
	if (sigaction(sig, NULL, &old) == 0 && !(old.sa_flags & SA_SIGINFO) && old.sa_handler == SIG_DFL)
		sigaction(sig, sa, NULL);
}

/*
 * Every asynchronous signal whose default action ends the process removes
 * the temporary files first (the faults a bug raises, SIGSEGV, SIGBUS,
 * SIGFPE, SIGILL, SIGTRAP, SIGSYS, are left to their default and to the
 * sanitizers).  SIGXFSZ is ignored: a write over `ulimit -f` then fails
 * with EFBIG, and the command removes its temporary file and says "file
 * size limit" like any other write error.
 */
void cli_default_signals(void)
{
	struct sigaction sa;
	static const int sigs[] = {SIGINT,  SIGTERM,   SIGHUP,  SIGPIPE, SIGQUIT, SIGABRT, SIGUSR1, SIGUSR2,
				   SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGIO,   SIGPWR,
#ifdef SIGSTKFLT
				   SIGSTKFLT,
#endif
	};
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_fatal_signal;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < sizeof(sigs) / sizeof(sigs[0]); i++)
		catch_if_default(sigs[i], &sa);
	for (int s = SIGRTMIN; s <= SIGRTMAX; s++)
		catch_if_default(s, &sa);
	signal(SIGXFSZ, SIG_IGN);
}

/* Which of standard input, output and error were closed when the program started. */
static int std_closed[3];

int cli_std_closed(int fd)
{
	return fd >= 0 && fd < 3 && std_closed[fd];
}

/*
 * A closed standard descriptor gets /dev/null in its place, opened the
 * wrong way round (reads and writes then fail with EBADF): otherwise the
 * first file opened would take its number, and what goes to standard
 * output would land in it.
 */
static void hold_std_descriptors(void)
{
	for (int fd = 0; fd < 3; fd++) {
		int got;
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		std_closed[fd] = 1;
		got = open("/dev/null", fd == 0 ? O_WRONLY : O_RDONLY);
		if (got >= 0 && got != fd) {
			dup2(got, fd);
			close(got);
		}
	}
}

/*
 * What a command printed must have reached standard output: a command that
 * succeeded fails when it did not (`cryptobench list > /dev/full`).
 * Commands that failed have said why already.
 */
static int finish(int status)
{
	int err = fflush(stdout) != 0 ? errno : 0;

	if (status == CB_EXIT_OK && (err || ferror(stdout))) {
		if (cli_std_closed(STDOUT_FILENO))
			cli_error("cannot write to standard output: it is closed");
		else if (err)
			cli_error("cannot write to standard output: %s", cli_strerror(err));
		else
			cli_error("cannot write to standard output");
		return CB_EXIT_FAIL;
	}
	return status;
}

int main(int argc, char **argv)
{
	hold_std_descriptors();
	cli_default_signals();
	/*
	 * Not a terminal: one buffer large enough for any help text, so that
	 * a write error shows at the final flush with its errno (finish()).
	 */
	static char outbuf[1 << 16]; /* glibc ignores the size when given no buffer */
	if (!isatty(STDOUT_FILENO))
		setvbuf(stdout, outbuf, _IOFBF, sizeof(outbuf));
	if (argc < 2) {
		usage(stderr);
		return CB_EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
		usage(stdout);
		return finish(CB_EXIT_OK);
	}
	if (!strcmp(argv[1], "--version")) {
		printf("cryptobench %s\n", CB_VERSION);
		return finish(CB_EXIT_OK);
	}
	for (size_t i = 0; i < sizeof(commands) / sizeof(commands[0]); i++)
		if (!strcmp(argv[1], commands[i].name))
			return finish(commands[i].fn(argc - 1, argv + 1));
	cli_error("unknown command '%s' (see 'cryptobench --help')", argv[1]);
	return CB_EXIT_USAGE;
}
