/*
 * The least any proxy process can cost: a C program that runs the server and copies bytes between
 * raw file descriptors with poll(2), read(2) and write(2) (no buffering, no language runtime),
 * recording nothing. stdin goes to the server, the server's stdout and stderr come back.
 *   raw-fd-proxy COMMAND [ARGS...]
 * Built by bench/lib/native-pipes.js with the system's C compiler.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

static int copy_once(int from, int to) {
  char buffer[65536];
  ssize_t got;
  do got = read(from, buffer, sizeof buffer); while (got < 0 && errno == EINTR);
  if (got <= 0) return 0;
  for (ssize_t done = 0; done < got;) {
    ssize_t put = write(to, buffer + done, (size_t)(got - done));
    if (put < 0 && errno == EINTR) continue;
    if (put < 0) return 1; /* the reader went away: keep draining the source */
    done += put;
  }
  return 1;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    fprintf(stderr, "usage: raw-fd-proxy COMMAND [ARGS...]\n");
    return 2;
  }
  signal(SIGPIPE, SIG_IGN);
  int in[2], out[2], err[2];
  if (pipe(in) || pipe(out) || pipe(err)) return 1;
  pid_t child = fork();
  if (child < 0) return 1;
  if (child == 0) {
    dup2(in[0], 0);
    dup2(out[1], 1);
    dup2(err[1], 2);
    close(in[0]); close(in[1]); close(out[0]); close(out[1]); close(err[0]); close(err[1]);
    execvp(argv[1], argv + 1);
    _exit(127);
  }
  close(in[0]); close(out[1]); close(err[1]);
  struct pollfd fds[3] = {{0, POLLIN, 0}, {out[0], POLLIN, 0}, {err[0], POLLIN, 0}};
  const int to[3] = {in[1], 1, 2};
  while (fds[1].fd >= 0 || fds[2].fd >= 0) {
    if (poll(fds, 3, -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (int i = 0; i < 3; i++) {
      if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP | POLLERR))) continue;
      if (!copy_once(fds[i].fd, to[i])) {
        if (i == 0) close(in[1]); /* the client closed its end: so does the server's stdin */
        else close(fds[i].fd);
        fds[i].fd = -1;
      }
    }
  }
  int status = 0;
  while (waitpid(child, &status, 0) < 0 && errno == EINTR) {}
  return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
