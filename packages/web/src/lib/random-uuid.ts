/**
 * A random (version 4) UUID, also where `crypto.randomUUID` does not exist: browsers offer it only
 * in secure contexts (https or localhost), and a self-hosted Parley is first opened over plain http
 * at a LAN address, where calling it broke the chat page. `crypto.getRandomValues` exists in every
 * context and gives the same randomness.
 */
export function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // RFC 4122 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
