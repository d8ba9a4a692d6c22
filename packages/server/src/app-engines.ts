import type { ChatEngine } from './services/chat/chat-engine-type.ts';
import type { ImageProxy } from './services/images/image-proxy.ts';
import type { KeyStore } from './services/keys/key-store.ts';

/**
 * The long-lived services routes share, built once in server.ts: the chat engine and the one
 * store of users' provider keys (which the chat reads and the key routes write), and the proxy
 * that fetches pictures answers link from other hosts (with its cache, shared by the signed-in
 * and the share routes).
 */
export interface AppEngines {
  chat: ChatEngine;
  keys: KeyStore;
  images: ImageProxy;
}
