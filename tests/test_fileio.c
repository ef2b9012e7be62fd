/*
 * The atomic output API (cryptobench/fileio.h) against every kind of path:
 * new and existing regular files, symlinks (to a file, a folder, a device,
 * nothing), folders, FIFOs, character devices, sockets and "-"; several
 * outputs committed as one (all or none, also when a rename fails); and
 * cb_same_file.  Nothing here writes to /dev/null itself (a link to it is
 * used), so a regression cannot replace a device even when run as root.
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include "cryptobench/fileio.h"
#include "testutil.h"

static char dir[64];

static const char *at(const char *name)
{
	static char buf[8][4096];
	static int next;
	char *p = buf[next++ % 8];
	snprintf(p, 4096, "%s/%s", dir, name);
	return p;
}

static void put(const char *name, const char *text)
{
	FILE *f = fopen(at(name), "w");
	CHECK(f != NULL);
	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* The content of a file, "" when it cannot be read (static buffer). */
static const char *content(const char *path)
{
	static char buf[4096];
	FILE *f = fopen(path, "rb");
	size_t n = 0;
	buf[0] = 0;
	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	return buf;
}

/* Entries of folder d whose name holds ".tmp" or ".old": temporary files or kept-aside targets left behind. */
static int leftovers(const char *d)
{
	DIR *dp = opendir(d);
	struct dirent *e;
	int n = 0;
	if (!dp)
		return -1;
	while ((e = readdir(dp)) != NULL)
		if (strstr(e->d_name, ".tmp") || strstr(e->d_name, ".old")) {
			fprintf(stderr, "    left behind: %s/%s\n", d, e->d_name);
			n++;
		}
	closedir(dp);
	return n;
}

static mode_t kind(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0 ? (st.st_mode & S_IFMT) : 0;
}

static ino_t inode(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 ? st.st_ino : 0;
}

/* A failure with errno e, and the path left as it was (kind k). */
static void refused(const char *path, int e, mode_t k)
{
	errno = 0;
	CHECK_EQ_INT(cb_write_file_atomic(path, "x", 1, 0644), CB_ERR_IO);
	CHECK_EQ_INT(errno, e);
	errno = 0;
	CHECK_EQ_INT(cb_atomic_check(path), CB_ERR_IO);
	CHECK_EQ_INT(errno, e);
	CHECK_EQ_INT(kind(path), k);
}

static void test_regular(void)
{
	struct stat st;
	ino_t before;
	mode_t old = umask(022);
	tu_note("regular files");
	/* New files get exactly the mode asked for. */
	CHECK_EQ_INT(cb_write_file_atomic(at("secret"), "k", 1, 0600), 0);
	CHECK(stat(at("secret"), &st) == 0 && (st.st_mode & 07777) == 0600);
	CHECK_EQ_INT(cb_write_file_atomic(at("public"), "p", 1, 0644), 0);
	CHECK(stat(at("public"), &st) == 0 && (st.st_mode & 07777) == 0644);
	umask(old);
	/* An existing file is replaced by a rename: a new inode with the new content. */
	before = inode(at("public"));
	CHECK_EQ_INT(cb_write_file_atomic(at("public"), "new", 3, 0644), 0);
	CHECK(strcmp(content(at("public")), "new") == 0);
	CHECK(inode(at("public")) != before);
	CHECK_EQ_INT(cb_atomic_check(at("public")), 0);
	CHECK_EQ_INT(cb_atomic_check(at("not-yet")), 0);
	CHECK_EQ_INT(kind(at("not-yet")), 0);
	/* A missing folder is refused, by the check too. */
	refused(at("no/such/file"), ENOENT, 0);
	CHECK_EQ_INT(leftovers(dir), 0);
}

static void test_symlinks(void)
{
	char link[4096];
	ssize_t n;
	tu_note("symlinks");
	CHECK(mkdir(at("real"), 0755) == 0);
	put("real/target", "old");
	CHECK(symlink("real/target", at("link")) == 0);
	CHECK_EQ_INT(cb_write_file_atomic(at("link"), "through", 7, 0644), 0);
	/* The link stays a link to the same name; its target has the content. */
	CHECK_EQ_INT(kind(at("link")), S_IFLNK);
	n = readlink(at("link"), link, sizeof(link) - 1);
	CHECK(n == 11 && memcmp(link, "real/target", 11) == 0);
	CHECK(strcmp(content(at("real/target")), "through") == 0);
	CHECK_EQ_INT(leftovers(dir), 0);
	CHECK_EQ_INT(leftovers(at("real")), 0);
	/* A link to a link to a file. */
	CHECK(symlink("link", at("link2")) == 0);
	CHECK_EQ_INT(cb_write_file_atomic(at("link2"), "twice", 5, 0644), 0);
	CHECK_EQ_INT(kind(at("link2")), S_IFLNK);
	CHECK_EQ_INT(kind(at("link")), S_IFLNK);
	CHECK(strcmp(content(at("real/target")), "twice") == 0);
	/* A dangling link is refused and left alone, nothing is made where it points. */
	CHECK(symlink("real/nowhere", at("dangling")) == 0);
	refused(at("dangling"), ENOENT, S_IFLNK);
	CHECK_EQ_INT(kind(at("real/nowhere")), 0);
	/* A link to a folder is refused like the folder. */
	CHECK(symlink("real", at("dirlink")) == 0);
	refused(at("dirlink"), EISDIR, S_IFLNK);
	CHECK_EQ_INT(leftovers(at("real")), 0);
}

static void test_folder_socket(void)
{
	struct sockaddr_un sa;
	int s;
	tu_note("folders and sockets");
	CHECK(mkdir(at("folder"), 0755) == 0);
	refused(at("folder"), EISDIR, S_IFDIR);
	refused(at("folder/"), EISDIR, S_IFDIR);
	memset(&sa, 0, sizeof(sa));
	sa.sun_family = AF_UNIX;
	snprintf(sa.sun_path, sizeof(sa.sun_path), "%s", at("sock"));
	s = socket(AF_UNIX, SOCK_STREAM, 0);
	CHECK(s >= 0 && bind(s, (struct sockaddr *)&sa, sizeof(sa)) == 0);
	refused(at("sock"), EINVAL, S_IFSOCK);
	if (s >= 0)
		close(s);
	CHECK_EQ_INT(leftovers(dir), 0);
}

static void test_devices(void)
{
	struct stat st;
	char buf[64];
	int rd;
	ssize_t n;
	tu_note("devices and FIFOs");
	/* A character device, through a link (never /dev/null itself: a regression would replace it as root). */
	CHECK(symlink("/dev/null", at("null")) == 0);
	CHECK_EQ_INT(cb_write_file_atomic(at("null"), "gone", 4, 0600), 0);
	CHECK_EQ_INT(kind(at("null")), S_IFLNK);
	CHECK(stat("/dev/null", &st) == 0 && S_ISCHR(st.st_mode) && (st.st_mode & 0777) == 0666);
	CHECK_EQ_INT(cb_atomic_check(at("null")), 0);
	/* A failing device write is an error, and leaves nothing behind. */
	if (access("/dev/full", W_OK) == 0) {
		CHECK(symlink("/dev/full", at("full")) == 0);
		errno = 0;
		CHECK_EQ_INT(cb_write_file_atomic(at("full"), "x", 1, 0644), CB_ERR_IO);
		CHECK_EQ_INT(errno, ENOSPC);
		CHECK_EQ_INT(kind(at("full")), S_IFLNK);
	}
	/* A FIFO is written through and stays a FIFO. */
	CHECK(mkfifo(at("fifo"), 0600) == 0);
	rd = open(at("fifo"), O_RDONLY | O_NONBLOCK);
	CHECK(rd >= 0);
	CHECK_EQ_INT(cb_write_file_atomic(at("fifo"), "piped", 5, 0644), 0);
	n = read(rd, buf, sizeof(buf));
	CHECK(n == 5 && memcmp(buf, "piped", 5) == 0);
	close(rd);
	CHECK_EQ_INT(kind(at("fifo")), S_IFIFO);
	CHECK_EQ_INT(cb_atomic_check(at("fifo")), 0);
	CHECK_EQ_INT(leftovers(dir), 0);
}

static void test_stdout(void)
{
	int saved = dup(STDOUT_FILENO), fd = open(at("stdout"), O_WRONLY | O_CREAT | O_TRUNC, 0644);
	int r;
	cb_atomic_file af;
	tu_note("-");
	CHECK(saved >= 0 && fd >= 0);
	fflush(stdout);
	dup2(fd, STDOUT_FILENO);
	r = cb_write_file_atomic("-", "to stdout\n", 10, 0644);
	CHECK_EQ_INT(cb_atomic_open(&af, "-", 0644), 0);
	CHECK_EQ_INT(af.direct, 1);
	fputs("streamed\n", af.f);
	CHECK_EQ_INT(cb_atomic_commit(&af), 0);
	dup2(saved, STDOUT_FILENO);
	close(saved);
	close(fd);
	CHECK_EQ_INT(r, 0);
	CHECK(strcmp(content(at("stdout")), "to stdout\nstreamed\n") == 0);
	CHECK_EQ_INT(kind("-"), 0);
	CHECK_EQ_INT(cb_atomic_check("-"), 0);
}

/* Several outputs: all or none. */
static void test_group(void)
{
	cb_output o[3];
	cb_atomic_file af[2];
	size_t failed = 99;
	ino_t before;
	char p1[4096], p2[4096], p3[4096], bad[4096];
	tu_note("several outputs");
	snprintf(p1, sizeof(p1), "%s", at("g1"));
	snprintf(p2, sizeof(p2), "%s", at("g2"));
	snprintf(p3, sizeof(p3), "%s", at("g3"));
	snprintf(bad, sizeof(bad), "%s", at("no/such/g3"));
	put("g1", "old1");
	o[0] = (cb_output){p1, "new1", 4, 0644};
	o[1] = (cb_output){p2, "new2", 4, 0600};
	o[2] = (cb_output){p3, "new3", 4, 0644};
	CHECK_EQ_INT(cb_write_files_atomic(o, 3, &failed), 0);
	CHECK(strcmp(content(at("g1")), "new1") == 0);
	CHECK(strcmp(content(at("g2")), "new2") == 0);
	CHECK(strcmp(content(at("g3")), "new3") == 0);
	/* The last one cannot be opened: none changes, none appears. */
	put("g1", "old1");
	unlink(at("g2"));
	o[2].path = bad;
	CHECK_EQ_INT(cb_write_files_atomic(o, 3, &failed), CB_ERR_IO);
	CHECK_EQ_INT(failed, 2);
	CHECK(strcmp(content(at("g1")), "old1") == 0);
	CHECK_EQ_INT(kind(at("g2")), 0);
	/* The last one is a device that fails: the files are not renamed. */
	if (access("/dev/full", W_OK) == 0) {
		o[2].path = "/dev/full";
		failed = 99;
		CHECK_EQ_INT(cb_write_files_atomic(o, 3, &failed), CB_ERR_IO);
		CHECK_EQ_INT(errno, ENOSPC);
		CHECK_EQ_INT(failed, 2);
		CHECK(strcmp(content(at("g1")), "old1") == 0);
		CHECK_EQ_INT(kind(at("g2")), 0);
	}
	CHECK_EQ_INT(leftovers(dir), 0);

	/*
	 * A rename that fails after an earlier one succeeded (the second
	 * target became a folder meanwhile): the first gets its old file back.
	 */
	before = inode(at("g1"));
	CHECK_EQ_INT(cb_atomic_open(&af[0], at("g1"), 0644), 0);
	CHECK_EQ_INT(cb_atomic_open(&af[1], at("g2"), 0644), 0);
	fputs("new1", af[0].f);
	fputs("new2", af[1].f);
	CHECK(mkdir(at("g2"), 0755) == 0);
	failed = 99;
	CHECK_EQ_INT(cb_atomic_commit_all(af, 2, &failed), CB_ERR_IO);
	CHECK_EQ_INT(failed, 1);
	CHECK(strcmp(content(at("g1")), "old1") == 0);
	CHECK(inode(at("g1")) == before);
	CHECK_EQ_INT(kind(at("g2")), S_IFDIR);
	CHECK_EQ_INT(leftovers(dir), 0);
	/* Same, with a first target that was new: it is removed again. */
	CHECK_EQ_INT(cb_atomic_open(&af[0], at("g0"), 0644), 0);
	CHECK(rmdir(at("g2")) == 0);
	CHECK_EQ_INT(cb_atomic_open(&af[1], at("g2"), 0644), 0);
	CHECK(mkdir(at("g2"), 0755) == 0);
	CHECK_EQ_INT(cb_atomic_commit_all(af, 2, &failed), CB_ERR_IO);
	CHECK_EQ_INT(kind(at("g0")), 0);
	CHECK_EQ_INT(leftovers(dir), 0);
	CHECK(rmdir(at("g2")) == 0);
	/* Nothing tracked is left for a signal handler to remove. */
	put("g1", "kept");
	cb_atomic_cleanup();
	CHECK(strcmp(content(at("g1")), "kept") == 0);
	/* A file not open is a usage error, and the others are closed too. */
	CHECK_EQ_INT(cb_atomic_open(&af[0], at("g1"), 0644), 0);
	memset(&af[1], 0, sizeof(af[1]));
	CHECK_EQ_INT(cb_atomic_commit_all(af, 2, &failed), CB_ERR_ARG);
	CHECK_EQ_INT(failed, 1);
	CHECK(af[0].f == NULL && !af[0].pending);
	CHECK(strcmp(content(at("g1")), "kept") == 0);
	CHECK_EQ_INT(leftovers(dir), 0);
}

static void test_same_file(void)
{
	char cwd[4096];
	tu_note("cb_same_file");
	put("a", "a");
	put("b", "b");
	CHECK(link(at("a"), at("a.hard")) == 0);
	CHECK(symlink("a", at("a.sym")) == 0);
	CHECK(mkdir(at("sub"), 0755) == 0);
	CHECK_EQ_INT(cb_same_file(at("a"), at("a")), 1);
	CHECK_EQ_INT(cb_same_file(at("a"), at("a.hard")), 1);
	CHECK_EQ_INT(cb_same_file(at("a.sym"), at("a")), 1);
	CHECK_EQ_INT(cb_same_file(at("sub/../a"), at("a")), 1);
	CHECK_EQ_INT(cb_same_file(at("a"), at("b")), 0);
	CHECK_EQ_INT(cb_same_file(at("a"), at("new")), 0);
	/* Names not taken yet: one file when one name in one folder. */
	CHECK_EQ_INT(cb_same_file(at("new"), at("new")), 1);
	CHECK_EQ_INT(cb_same_file(at("sub/../new"), at("new")), 1);
	CHECK_EQ_INT(cb_same_file(at("./new"), at("new")), 1);
	CHECK_EQ_INT(cb_same_file(at("new"), at("sub/new")), 0);
	CHECK_EQ_INT(cb_same_file(at("new"), at("new2")), 0);
	/* Relative to the working folder. */
	if (getcwd(cwd, sizeof(cwd)) && chdir(dir) == 0) {
		CHECK_EQ_INT(cb_same_file("new", at("new")), 1);
		CHECK_EQ_INT(cb_same_file("new", "./sub/../new"), 1);
		CHECK_EQ_INT(cb_same_file("a", at("a.hard")), 1);
		CHECK(chdir(cwd) == 0);
	}
}

/*
 * Two commits of the same pair of files at once (two `kem keygen --ek a
 * --dk b`) must not interleave: afterwards both files come from one writer
 * (issue 26 item 8).  Threads of one process, so that the commits overlap
 * often; the lock (flock on the folder) holds between them as between
 * processes.
 */
struct pair_writer {
	pthread_barrier_t *start;
	char tag;
	int rc;
	const char *ek, *dk;
};

static void *write_pair(void *arg)
{
	struct pair_writer *w = arg;
	char data[64];
	cb_output out[2];
	memset(data, w->tag, sizeof(data));
	out[0] = (cb_output){w->ek, data, sizeof(data), 0644};
	out[1] = (cb_output){w->dk, data, sizeof(data), 0600};
	pthread_barrier_wait(w->start);
	w->rc = cb_write_files_atomic(out, 2, NULL);
	return NULL;
}

static void test_concurrent_pairs(void)
{
	int mixed = 0, failed = 0;
	char ek[4096], dk[4096];
	snprintf(ek, sizeof(ek), "%s", at("pair.ek"));
	snprintf(dk, sizeof(dk), "%s", at("pair.dk"));
	for (int round = 0; round < 600; round++) {
		pthread_barrier_t start;
		pthread_t t[2];
		struct pair_writer w[2] = {{&start, 'a', 0, ek, dk}, {&start, 'b', 0, ek, dk}};
		char a[64], b[64];
		FILE *f;
		pthread_barrier_init(&start, NULL, 2);
		for (int i = 0; i < 2; i++)
			pthread_create(&t[i], NULL, write_pair, &w[i]);
		for (int i = 0; i < 2; i++)
			pthread_join(t[i], NULL);
		pthread_barrier_destroy(&start);
		failed += w[0].rc != 0 || w[1].rc != 0;
		memset(a, 0, sizeof(a));
		memset(b, 0, sizeof(b));
		if ((f = fopen(ek, "rb"))) {
			(void)!fread(a, 1, sizeof(a), f);
			fclose(f);
		}
		if ((f = fopen(dk, "rb"))) {
			(void)!fread(b, 1, sizeof(b), f);
			fclose(f);
		}
		mixed += memcmp(a, b, sizeof(a)) != 0;
	}
	tu_note("two commits of one pair at once");
	CHECK_EQ_INT(failed, 0);
	CHECK_EQ_INT(mixed, 0);
	CHECK_EQ_INT(leftovers(dir), 0);
	unlink(ek);
	unlink(dk);
	tu_note("%s", "");
}

int main(void)
{
	char cmd[128];
	snprintf(dir, sizeof(dir), "/tmp/cb-test-fileio-XXXXXX");
	if (!mkdtemp(dir)) {
		CHECK(0);
		return tu_finish();
	}
	test_regular();
	test_symlinks();
	test_folder_socket();
	test_devices();
	test_stdout();
	test_group();
	test_same_file();
	test_concurrent_pairs();
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	if (system(cmd) != 0)
		fprintf(stderr, "could not remove %s\n", dir);
	return tu_finish();
}
