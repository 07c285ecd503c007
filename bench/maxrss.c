/* bench/maxrss.c -- run a command, then print its peak resident set size
 * in KiB as the last line of standard error; exits with the command's
 * status.  bench/interp.sh uses it where there is no GNU time.
 *	maxrss COMMAND [ARGS...]
 */
#define _DEFAULT_SOURCE
#include <stdio.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: maxrss COMMAND [ARGS...]\n");
		return 2;
	}
	pid_t pid = fork();
	if (pid < 0) {
		perror("maxrss: fork");
		return 2;
	}
	if (pid == 0) {
		execvp(argv[1], argv + 1);
		perror("maxrss: exec");
		_exit(127);
	}
	int st;
	struct rusage ru;
	if (wait4(pid, &st, 0, &ru) < 0) {
		perror("maxrss: wait4");
		return 2;
	}
	fprintf(stderr, "%ld\n", ru.ru_maxrss);
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}
