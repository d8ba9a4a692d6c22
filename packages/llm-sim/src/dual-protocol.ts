// One port for HTTP/1.1 and cleartext HTTP/2 (h2c with prior knowledge). The AWS SDK's Bedrock
// runtime client speaks HTTP/2 by default, even to an `http://` endpoint; everything else speaks
// HTTP/1.1. Each connection's first bytes tell which: HTTP/2 opens with the `PRI * HTTP/2.0` preface.
import { createServer as createHttpServer, type RequestListener } from 'node:http';
import {
  createServer as createHttp2Server,
  type Http2ServerRequest,
  type Http2ServerResponse,
} from 'node:http2';
import { createServer as createNetServer, type Server, type Socket } from 'node:net';

const HTTP2_PREFACE = 'PRI * HTTP/2.0';

export interface DualProtocolServer {
  server: Server;
  /** Drops every open connection, whichever protocol it speaks. */
  closeAllConnections(): void;
}

export function createDualProtocolServer(listener: RequestListener): DualProtocolServer {
  const http1 = createHttpServer(listener);
  // The compatibility API's request and response mirror node:http's closely enough for the handler;
  // the few differences (connection headers, dropping a stream) are handled where they matter.
  const http2 = createHttp2Server(
    listener as unknown as (req: Http2ServerRequest, res: Http2ServerResponse) => void,
  );
  const sockets = new Set<Socket>();
  // No Nagle: each batch is one write that must leave at once (the client waits for its tokens).
  const server = createNetServer({ noDelay: true }, (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
    socket.once('data', (chunk: Buffer) => {
      // Hand the socket over with its first bytes put back, as if nothing had been read.
      socket.pause();
      socket.unshift(chunk);
      const target = chunk.toString('latin1', 0, HTTP2_PREFACE.length) === HTTP2_PREFACE ? http2 : http1;
      target.emit('connection', socket);
      process.nextTick(() => socket.resume());
    });
  });
  return {
    server,
    closeAllConnections: () => {
      for (const socket of sockets) socket.destroy();
    },
  };
}
