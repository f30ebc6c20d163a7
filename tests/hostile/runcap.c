/*
 * runcap.c - runs a command under a time and memory bound and says how it
 * ended, for the hostile tests:
 *
 *   runcap SECONDS MIB COMMAND [ARG...]
 *
 * The command runs in its own process group. After SECONDS it is killed
 * (SIGKILL to the group) and runcap exits 124, as timeout(1) does. When it
 * ends on its own, runcap reads its peak resident set (wait4's ru_maxrss)
 * and exits 125 when that passed MIB; else with the command's own status,
 * or 128 + the signal that killed it. One line on stderr, "runcap: ...",
 * says why for 124, 125 and signals; the peak and the time go there too
 * when RUNCAP_VERBOSE is set.
 */
#define _DEFAULT_SOURCE

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

int main(int argc, char **argv)
{
	double secs, start;
	long mib;
	pid_t pid;
	int status = 0;
	struct rusage ru;

	if (argc < 4) {
		fprintf(stderr, "usage: runcap SECONDS MIB COMMAND [ARG...]\n");
		return 2;
	}
	secs = atof(argv[1]);
	mib = atol(argv[2]);
	if (secs <= 0 || mib <= 0) {
		fprintf(stderr, "runcap: bad SECONDS or MIB\n");
		return 2;
	}
	start = now();
	pid = fork();
	if (pid < 0) {
		perror("runcap: fork");
		return 2;
	}
	if (pid == 0) {
		setpgid(0, 0);
		execvp(argv[3], argv + 3);
		fprintf(stderr, "runcap: cannot run %s: %s\n", argv[3], strerror(errno));
		_exit(127);
	}
	setpgid(pid, pid);
	for (;;) {
		pid_t r = wait4(pid, &status, WNOHANG, &ru);
		if (r == pid)
			break;
		if (r < 0 && errno != EINTR) {
			perror("runcap: wait4");
			return 2;
		}
		if (now() - start > secs) {
			kill(-pid, SIGKILL);
			kill(pid, SIGKILL);
			while (wait4(pid, &status, 0, &ru) < 0 && errno == EINTR)
				;
			fprintf(stderr, "runcap: %s still running after %g s\n", argv[3], secs);
			return 124;
		}
		usleep(5000);
	}
	kill(-pid, SIGKILL); /* anything the command left behind in its group */
	if (getenv("RUNCAP_VERBOSE"))
		fprintf(stderr, "runcap: %.2f s, peak %ld MiB\n", now() - start, ru.ru_maxrss / 1024);
	if (WIFSIGNALED(status)) {
		fprintf(stderr, "runcap: %s killed by signal %d\n", argv[3], WTERMSIG(status));
		return 128 + WTERMSIG(status);
	}
	if (ru.ru_maxrss / 1024 > mib) {
		fprintf(stderr, "runcap: %s peaked at %ld MiB, more than %ld MiB\n", argv[3], ru.ru_maxrss / 1024, mib);
		return 125;
	}
	return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
