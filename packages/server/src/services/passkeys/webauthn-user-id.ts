/**
 * The user handle a passkey stores for its account: the account id's bytes. It names no person
 * (WebAuthn asks that it carry no e-mail or name) and lets a sign-in check that the passkey
 * presented was created for the account its credential id belongs to.
 */
export function webauthnUserId(userId: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(userId, 'utf8'));
}

export function webauthnUserHandle(userId: string): string {
  return Buffer.from(userId, 'utf8').toString('base64url');
}
