/*
 * cryptobench ab: two builds (or two settings) measured in one run.  Both
 * sides run the same `run` arguments in processes of their own and take
 * turns round by round (bench/lockstep.h); then the two runs are compared
 * round against round, which whatever the machine did meanwhile reaches
 * alike (docs/MEASUREMENT.md, "A/B in one run").
 */
#include <errno.h>
#include <sched.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench/lockstep.h"
#include "cli/cli.h"
#include "cli/compare.h"
#include "cli/opts.h"
#include "cli/select.h"
#include "core/util.h"

#define AB_ENV_MAX 16

static const struct cli_command ab_cmd = {
	"ab", "cryptobench ab [options] OLD NEW -- RUN-ARGUMENTS...",
	"Measure two builds side by side in one run: OLD and NEW are cryptobench\n"
	"programs (the same one twice with --old-env / --new-env to compare two\n"
	"settings, e.g. CRYPTOBENCH_MLKEM_IMPL=portable), each started as\n"
	"'run RUN-ARGUMENTS' in a process of its own.  They take turns round by\n"
	"round: round r of OLD, then round r of NEW, the other waiting, so a change\n"
	"of the machine (another job starting, a hypervisor's neighbour) reaches\n"
	"round r of both alike; then each case's change is the ratio of its round\n"
	"times paired round by round, as the ratio column pairs two cases of one\n"
	"run, and no correction or load reading is needed.  This is the way to ask\n"
	"'is NEW faster than OLD' on a busy machine; 'compare' of two runs made at\n"
	"different times can only say 'inconclusive' when the machine changed\n"
	"between them.  Both sides run on the same CPU (the last this process may\n"
	"use, passed as --pin): on a virtual machine one CPU can run at half the\n"
	"speed of another for minutes, which taking turns does not cancel; name\n"
	"--pin (or --threads) among RUN-ARGUMENTS to place them yourself.  Both\n"
	"programs must know --lockstep (cryptobench 0.1.0 from\n"
	"this version on).  RUN-ARGUMENTS may not name outputs or formats (-o,\n"
	"--format) nor --suite all.\n",
	"exit status: 0 compared; 1 a side failed or a file cannot be written; 2\n"
	"usage error; 130 interrupted; with --fail-on-slower: 3 NEW is slower\n"
	"somewhere.\n",
	0};

typedef struct ab_args {
	const char *env[2][AB_ENV_MAX];
	size_t nenv[2];
	const char *json_out[2];
} ab_args;

static int add_env(int side, const char *arg, ab_args *a)
{
	const char *eq = strchr(arg, '=');
	if (!eq || eq == arg) {
		cli_error("--%s-env takes VAR=VALUE, not '%s'", side ? "new" : "old", arg);
		return -1;
	}
	if (a->nenv[side] == AB_ENV_MAX) {
		cli_error("too many --%s-env (at most %d)", side ? "new" : "old", AB_ENV_MAX);
		return -1;
	}
	a->env[side][a->nenv[side]++] = arg;
	return 0;
}

static int add_old_env(const struct cli_option *opt, const char *arg, void *a)
{
	(void)opt;
	return add_env(0, arg, a);
}

static int add_new_env(const struct cli_option *opt, const char *arg, void *a)
{
	(void)opt;
	return add_env(1, arg, a);
}

static int set_json(const struct cli_option *opt, const char *arg, void *json)
{
	(void)opt;
	if (!strcmp(arg, "json"))
		*(int *)json = 1;
	else if (strcmp(arg, "table")) {
		cli_error("unknown format '%s' for ab (use table or json)", arg);
		return -1;
	}
	return 0;
}

static volatile sig_atomic_t ab_interrupted;

static void on_signal(int sig)
{
	(void)sig;
	ab_interrupted = 1;
}

/* A descriptor of at least 3 (the run refuses 0-2 for --lockstep), close-on-exec; -1 on failure. */
static int high_fd(int fd)
{
	int h;
	if (fd >= 3)
		return fd;
	h = fcntl(fd, F_DUPFD_CLOEXEC, 3);
	close(fd);
	return h;
}

/*
 * Start one side: BINARY run WORDS... [--pin CPU] --lockstep IN,OUT,ID/SIDE
 * -o JSON --no-progress, with its environment additions; *to / *from get the
 * conductor's ends of its pipes.  The pid, or -1 (the message printed).
 */
static pid_t start_side(const char *binary, char **words, size_t nwords, const char *const *env, size_t nenv,
			const char *id, const char *side, const char *json, const char *cpu, int *to, int *from)
{
	int down[2], up[2];
	char lockstep[128];
	pid_t pid;
	if (pipe2(down, O_CLOEXEC) != 0 || pipe2(up, O_CLOEXEC) != 0) {
		cli_error("cannot make a pipe: %s", cli_strerror(errno));
		return -1;
	}
	down[0] = high_fd(down[0]);
	up[1] = high_fd(up[1]);
	if (down[0] < 0 || up[1] < 0) {
		cli_error("cannot make a pipe: %s", cli_strerror(errno));
		return -1;
	}
	snprintf(lockstep, sizeof(lockstep), "%d,%d,%s/%s", down[0], up[1], id, side);
	pid = fork();
	if (pid < 0) {
		cli_error("cannot start the %s side: %s", side, cli_strerror(errno));
		return -1;
	}
	if (pid == 0) {
		char **argv = calloc(nwords + 10, sizeof(*argv));
		size_t k = 0;
		int devnull = open("/dev/null", O_RDWR);
		if (!argv)
			_exit(127);
		/* this side's two ends stay open across exec; everything else of the conductor's closes */
		fcntl(down[0], F_SETFD, 0);
		fcntl(up[1], F_SETFD, 0);
		if (devnull >= 0) {
			dup2(devnull, 0);
			dup2(devnull, 1); /* with -o the run writes nothing there; its warnings go to stderr */
		}
		for (size_t i = 0; i < nenv; i++)
			putenv((char *)env[i]);
		argv[k++] = (char *)binary;
		argv[k++] = "run";
		for (size_t i = 0; i < nwords; i++)
			argv[k++] = words[i];
		if (cpu) {
			argv[k++] = "--pin";
			argv[k++] = (char *)cpu;
		}
		argv[k++] = "--lockstep";
		argv[k++] = lockstep;
		argv[k++] = "-o";
		argv[k++] = (char *)json;
		argv[k++] = "--no-progress";
		argv[k] = NULL;
		execv(binary, argv);
		fprintf(stderr, "cryptobench: error: cannot run '%s': %s\n", binary, strerror(errno));
		_exit(127);
	}
	close(down[0]);
	close(up[1]);
	*to = down[1];
	*from = up[0];
	return pid;
}

/*
 * The CPU both sides are pinned to, as --pin's argument: the last CPU
 * this process may use; "" when the words place the run themselves
 * (--pin, --pin-workers, --threads) or the set cannot be read.
 */
static void ab_cpu(char **words, size_t n, char cpu[16])
{
	cpu_set_t set;

	cpu[0] = '\0';
	for (size_t i = 0; i < n; i++)
		if (!strncmp(words[i], "--pin", 5) || !strncmp(words[i], "--threads", 9))
			return;
	if (sched_getaffinity(0, sizeof(set), &set) != 0)
		return;
	for (int c = CPU_SETSIZE - 1; c >= 0; c--)
		if (CPU_ISSET(c, &set)) {
			snprintf(cpu, 16, "%d", c);
			return;
		}
}

/* The word is an option that names an output or a format, or --suite all. */
static const char *refused_word(char **words, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		const char *w = words[i];
		if (!strcmp(w, "-o") || !strncmp(w, "-o", 2) || !strncmp(w, "--output", 8) || !strncmp(w, "--format", 8) ||
		    !strncmp(w, "--lockstep", 10))
			return w;
		if ((!strcmp(w, "--suite") && i + 1 < n && !strcmp(words[i + 1], "all")) || !strcmp(w, "--suite=all"))
			return "--suite all";
	}
	return NULL;
}

int cmd_ab(int argc, char **argv)
{
	ab_args a = {0};
	cb_compare_opts co = {0.05, 1};
	double threshold = 5;
	int fail_on_slower = 0, json = 0, first, status, sep = argc, to[2] = {-1, -1}, from[2] = {-1, -1};
	const struct cli_option opts[] = {
		CLI_CALLBACK("old-env", 0, "VAR=VALUE", add_old_env, &a,
			     "set VAR in the OLD side's environment (repeatable)"),
		CLI_CALLBACK("new-env", 0, "VAR=VALUE", add_new_env, &a,
			     "set VAR in the NEW side's environment (repeatable), e.g. CRYPTOBENCH_MLKEM_IMPL=portable"),
		CLI_STRING_ONCE("old-json", 0, "FILE", &a.json_out[0], "keep the OLD side's run as FILE (JSON)"),
		CLI_STRING_ONCE("new-json", 0, "FILE", &a.json_out[1], "keep the NEW side's run as FILE (JSON)"),
		CLI_NUMBER("threshold", 0, "PCT", &threshold, 0, 1000, "smallest change that counts (default: 5)"),
		CLI_FLAG("fail-on-slower", 0, &fail_on_slower, "exit with status 3 if NEW is slower somewhere"),
		CLI_CALLBACK("format", 0, "FMT", set_json, &json, "table or json (default: table)"),
	};
	char tmpdir[4096] = "", path[2][4200], id[17], cpu[16];
	const char *sides[2] = {"old", "new"}, *bad;
	uint8_t rnd[8];
	pid_t pid[2] = {-1, -1};
	unsigned paired = 0;
	cb_run run[2];
	int wstatus[2] = {0, 0};

	memset(run, 0, sizeof(run));
	struct sigaction sa, old_int, old_term, old_pipe;

	for (int i = 1; i < argc; i++)
		if (!strcmp(argv[i], "--")) {
			sep = i;
			break;
		}
	status = cli_parse_options(&ab_cmd, opts, CB_ARRAY_LEN(opts), sep, argv, &first);
	if (status)
		return status > 0 ? CB_EXIT_OK : CB_EXIT_USAGE;
	co.threshold = threshold / 100;
	if (sep - first != 2 || sep == argc || sep + 1 == argc) {
		cli_error("ab takes two programs and the run's arguments after '--': ab OLD NEW -- SELECTORS... "
			  "(see 'cryptobench ab --help')");
		return CB_EXIT_USAGE;
	}
	if ((bad = refused_word(argv + sep + 1, (size_t)(argc - sep - 1))) != NULL) {
		cli_error("ab writes the two runs itself: '%s' cannot be among the run's arguments (see 'cryptobench ab "
			  "--help')",
			  bad);
		return CB_EXIT_USAGE;
	}
	for (int s = 0; s < 2; s++)
		if (access(argv[first + s], X_OK) != 0) {
			cli_error("cannot run '%s': %s", argv[first + s], cli_strerror(errno));
			return CB_EXIT_USAGE;
		}
	if (a.json_out[0] && a.json_out[1] && !strcmp(a.json_out[0], a.json_out[1])) {
		cli_error("--old-json and --new-json name the same file '%s'", a.json_out[0]);
		return CB_EXIT_USAGE;
	}
	if (getrandom(rnd, sizeof(rnd), 0) != (ssize_t)sizeof(rnd)) {
		cli_error("cannot draw the pair's id: %s", cli_strerror(errno));
		return CB_EXIT_FAIL;
	}
	for (size_t i = 0; i < sizeof(rnd); i++)
		snprintf(id + 2 * i, 3, "%02x", rnd[i]);
	if (!a.json_out[0] || !a.json_out[1]) {
		const char *t = getenv("TMPDIR");
		snprintf(tmpdir, sizeof(tmpdir), "%s/cryptobench-ab-XXXXXX", t && *t && strlen(t) < 4000 ? t : "/tmp");
		if (!mkdtemp(tmpdir)) {
			cli_error("cannot make a temporary folder: %s", cli_strerror(errno));
			return CB_EXIT_FAIL;
		}
	}
	for (int s = 0; s < 2; s++) {
		if (a.json_out[s])
			snprintf(path[s], sizeof(path[s]), "%s", a.json_out[s]);
		else
			snprintf(path[s], sizeof(path[s]), "%s/%s.json", tmpdir, sides[s]);
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, &old_int);
	sigaction(SIGTERM, &sa, &old_term);
	status = CB_EXIT_OK;
	ab_cpu(argv + sep + 1, (size_t)(argc - sep - 1), cpu);
	for (int s = 0; s < 2 && status == CB_EXIT_OK; s++) {
		pid[s] = start_side(argv[first + s], argv + sep + 1, (size_t)(argc - sep - 1), a.env[s], a.nenv[s], id,
				    sides[s], path[s], cpu[0] ? cpu : NULL, &to[s], &from[s]);
		if (pid[s] < 0)
			status = CB_EXIT_FAIL;
	}
	/* a side that ended early must not end the conductor with its pipe */
	sa.sa_handler = SIG_IGN;
	sigaction(SIGPIPE, &sa, &old_pipe);
	if (status == CB_EXIT_OK) {
		fprintf(stderr, "cryptobench: ab: measuring OLD (%s) and NEW (%s) in turns%s%s...\n", argv[first],
			argv[first + 1], cpu[0] ? " on CPU " : "", cpu);
		cb_lockstep_conduct(to, from, &paired);
	} else {
		for (int s = 0; s < 2; s++)
			if (to[s] >= 0) {
				close(to[s]);
				close(from[s]);
			}
	}
	for (int s = 0; s < 2; s++)
		if (pid[s] > 0)
			while (waitpid(pid[s], &wstatus[s], 0) < 0 && errno == EINTR)
				;
	sigaction(SIGINT, &old_int, NULL);
	sigaction(SIGTERM, &old_term, NULL);
	sigaction(SIGPIPE, &old_pipe, NULL);
	for (int s = 0; s < 2 && status == CB_EXIT_OK; s++) {
		int code = WIFEXITED(wstatus[s]) ? WEXITSTATUS(wstatus[s]) : 128 + WTERMSIG(wstatus[s]);
		if (ab_interrupted) {
			status = CB_EXIT_INTERRUPTED;
		} else if (code != CB_EXIT_OK && code != CB_EXIT_PARTIAL) {
			cli_error("the %s side ('%s run ...') failed with exit status %d", sides[s], argv[first + s], code);
			status = CB_EXIT_FAIL;
		}
	}
	for (int s = 0; s < 2 && status == CB_EXIT_OK; s++)
		if (cli_load_run(path[s], &run[s]) != 0)
			status = CB_EXIT_FAIL;
	if (status == CB_EXIT_OK) {
		if (paired < 6)
			cli_warn("the two sides took turns in only %u round%s: the comparison is weak", paired,
				 paired == 1 ? "" : "s");
		status = cli_compare_show(argv[first], argv[first + 1], &run[0], &run[1], &co, json, fail_on_slower);
	}
	for (int s = 0; s < 2; s++) {
		cb_run_free(&run[s]);
		if (!a.json_out[s])
			unlink(path[s]);
	}
	if (tmpdir[0])
		rmdir(tmpdir);
	return status;
}
