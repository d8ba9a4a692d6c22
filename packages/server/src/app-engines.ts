import type { ChatEngine } from './services/chat/chat-engine-type.ts';
import type { KeyStore } from './services/keys/key-store.ts';

/**
 * The long-lived services routes share, built once in server.ts: the chat engine and the one
 * store of users' provider keys (which the chat reads and the key routes write).
 */
export interface AppEngines {
  chat: ChatEngine;
  keys: KeyStore;
}
