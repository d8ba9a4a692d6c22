import { createServer } from 'node:net';

/** A loopback port nobody listens on right now (for servers whose URL must be known up front). */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}
