// npm does not always pass a SIGTERM on to the script it runs: it may exit at once and leave its
// child to init, and a SIGKILL to npm can never be passed on. A process started by `npm start`
// therefore watches its parent and stops itself (a SIGTERM to itself, the server's graceful
// shutdown) when the parent is gone.
const CHECK_EVERY_MS = 1000;

export function exitWithParent() {
  const parent = process.ppid;
  // Run directly by init or a container runtime (pid 1): there is nothing to outlive.
  if (parent <= 1) return;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, 'SIGTERM');
  }, CHECK_EVERY_MS);
  timer.unref();
}
