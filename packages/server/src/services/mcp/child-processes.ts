/**
 * The process ids of the stdio MCP servers running now. Closing a connection ends its process
 * gracefully; this is the last resort for an exit that skips that (an uncaught error, a signal
 * handler's process.exit): on 'exit' every server still listed is killed, so none is left behind
 * as an orphan.
 */
class ChildProcesses {
  private readonly pids = new Set<number>();
  private hooked = false;

  add(pid: number): void {
    this.pids.add(pid);
    if (this.hooked) return;
    this.hooked = true;
    process.once('exit', () => {
      for (const id of this.pids) {
        try {
          process.kill(id, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    });
  }

  delete(pid: number): void {
    this.pids.delete(pid);
  }

  has(pid: number): boolean {
    return this.pids.has(pid);
  }
}

export const childProcesses = new ChildProcesses();
