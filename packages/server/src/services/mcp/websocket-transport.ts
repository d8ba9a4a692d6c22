import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { WebSocket, type Dispatcher } from 'undici';

/** The WebSocket subprotocol MCP servers speak. */
const SUBPROTOCOL = 'mcp';

/**
 * MCP over WebSocket with request headers. The SDK's own WebSocket transport uses the global
 * WebSocket, which Node 20 lacks and which cannot send headers (a server's `headers` in
 * parley.yaml); undici's WebSocket, already a dependency, does both and takes the guarded
 * dispatcher for a URL a user's variables shaped.
 */
export class WebSocketTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private socket?: WebSocket;
  private started = false;

  constructor(
    private readonly url: URL,
    private readonly headers: Record<string, string> = {},
    /** The guarded client's pool, for a URL a user's values shaped (made on first use). */
    private readonly dispatcher?: () => Promise<Dispatcher>,
  ) {}

  async start(): Promise<void> {
    if (this.started) throw new Error('The WebSocket transport was already started');
    this.started = true;
    const dispatcher = await this.dispatcher?.();
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url, {
        protocols: [SUBPROTOCOL],
        headers: this.headers,
        ...(dispatcher ? { dispatcher } : {}),
      });
      this.socket = socket;
      let opened = false;
      socket.onopen = () => {
        opened = true;
        resolve();
      };
      socket.onerror = (event) => {
        const error = new Error(
          `WebSocket error: ${(event as { message?: string }).message ?? 'connection failed'}`,
        );
        if (!opened) reject(error);
        this.onerror?.(error);
      };
      socket.onclose = () => {
        if (!opened) reject(new Error('The WebSocket closed before it opened'));
        this.onclose?.();
      };
      socket.onmessage = (event) => {
        let message: JSONRPCMessage;
        try {
          message = JSONRPCMessageSchema.parse(JSON.parse(String(event.data)));
        } catch (error) {
          this.onerror?.(error as Error);
          return;
        }
        this.onmessage?.(message);
      };
    });
  }

  async send(message: JSONRPCMessage): Promise<void> {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) throw new Error('Not connected');
    this.socket.send(JSON.stringify(message));
  }

  async close(): Promise<void> {
    this.socket?.close();
  }
}
