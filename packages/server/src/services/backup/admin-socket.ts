import { chmodSync, rmSync } from 'node:fs';
import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';

/**
 * How `npm run admin -- backup` reaches a running server on the embedded database, which only
 * that server may open: a Unix socket in DATA_DIR, mode 0600 (its owner alone can connect, the
 * same account that can read DATA_DIR anyway). One JSON line asks, one JSON line answers.
 */
export const ADMIN_SOCKET_NAME = 'admin.sock';
const MAX_REQUEST_BYTES = 64 * 1024;

export interface AdminRequest {
  command: 'backup';
  /** Absolute path of the archive to write. */
  file: string;
}
export type AdminReply = { ok: true; result: unknown } | { ok: false; error: string };

export type AdminHandler = (request: AdminRequest) => Promise<unknown>;

const socketPath = (dataDir: string) => join(dataDir, ADMIN_SOCKET_NAME);

function isAdminRequest(value: unknown): value is AdminRequest {
  const r = value as Partial<AdminRequest> | null;
  return r?.command === 'backup' && typeof r.file === 'string' && r.file.startsWith('/');
}

/** Listens on DATA_DIR/admin.sock; resolves to the function that stops listening. */
export async function listenAdminSocket(dataDir: string, handle: AdminHandler): Promise<() => Promise<void>> {
  const path = socketPath(dataDir);
  // Only the holder of the data directory's lock gets here: a socket file left behind is stale.
  rmSync(path, { force: true });
  const server: Server = createServer((socket) => serve(socket, handle));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(path, () => {
      server.off('error', reject);
      resolve();
    });
  });
  chmodSync(path, 0o600);
  return () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      rmSync(path, { force: true });
    });
}

function serve(socket: Socket, handle: AdminHandler): void {
  let buffered = '';
  const answer = (reply: AdminReply) => socket.end(`${JSON.stringify(reply)}\n`);
  socket.setEncoding('utf8');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: string) => {
    buffered += chunk;
    if (buffered.length > MAX_REQUEST_BYTES) return answer({ ok: false, error: 'request too large' });
    const end = buffered.indexOf('\n');
    if (end < 0) return;
    socket.removeAllListeners('data');
    let request: unknown;
    try {
      request = JSON.parse(buffered.slice(0, end));
    } catch {
      return answer({ ok: false, error: 'not a JSON request' });
    }
    if (!isAdminRequest(request)) return answer({ ok: false, error: 'unknown request' });
    handle(request).then(
      (result) => answer({ ok: true, result }),
      (err: unknown) => answer({ ok: false, error: err instanceof Error ? err.message : String(err) }),
    );
  });
}

/**
 * Asks the server running on `dataDir` to do `request`; null when no server listens there (the
 * caller may then open the data directory itself).
 */
export function askRunningServer(dataDir: string, request: AdminRequest): Promise<AdminReply | null> {
  return new Promise((resolve, reject) => {
    const socket = createConnection(socketPath(dataDir));
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        resolve(JSON.parse(answer) as AdminReply);
      } catch {
        reject(new Error('The running server gave no readable answer.'));
      }
    });
    socket.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT' || err.code === 'ECONNREFUSED') resolve(null);
      else reject(err);
    });
  });
}
