import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/** WebAuthn's authenticator-data flags. */
const USER_PRESENT = 0x01;
const USER_VERIFIED = 0x04;
const ATTESTED_CREDENTIAL = 0x40;

const b64url = (bytes: Uint8Array | string) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

interface Ceremony {
  /** What the client data says: another origin, type or challenge than the honest one. */
  origin?: string;
  type?: string;
  challenge?: string;
  /** Leave out the user-verified flag (a key that only checked presence). */
  unverified?: boolean;
}

/**
 * A software passkey for API tests: an ECDSA P-256 key that answers registration and sign-in
 * challenges as a browser and authenticator would (attestation "none", a signature counter), so
 * the server's checks run on real signatures. Each answer can be bent to test a refusal.
 */
export class SoftAuthenticator {
  readonly credentialId = randomBytes(32);
  counter = 0;
  private readonly publicKey: KeyObject;
  private readonly privateKey: KeyObject;
  /** The user handle the registration options gave, returned at sign-in as a real key does. */
  userHandle: string | undefined;

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {
    const pair = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.publicKey = pair.publicKey;
    this.privateKey = pair.privateKey;
  }

  get id(): string {
    return b64url(this.credentialId);
  }

  /** The answer navigator.credentials.create would give to these options. */
  register(options: { challenge: string; user: { id: string } }, bend: Ceremony = {}) {
    this.userHandle = options.user.id;
    const clientDataJSON = this.clientData('webauthn.create', options.challenge, bend);
    const flags = USER_PRESENT | (bend.unverified ? 0 : USER_VERIFIED) | ATTESTED_CREDENTIAL;
    const authData = Buffer.concat([
      this.authDataHead(flags, this.counter),
      Buffer.alloc(16), // AAGUID: none
      Buffer.from([this.credentialId.length >> 8, this.credentialId.length & 0xff]),
      this.credentialId,
      this.cosePublicKey(),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    };
  }

  /** The answer navigator.credentials.get would give; the counter moves forward by one. */
  assert(options: { challenge: string }, bend: Ceremony & { counter?: number } = {}) {
    this.counter = bend.counter ?? this.counter + 1;
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, bend);
    const flags = USER_PRESENT | (bend.unverified ? 0 : USER_VERIFIED);
    const authData = this.authDataHead(flags, this.counter);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), this.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      clientExtensionResults: {},
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        ...(this.userHandle ? { userHandle: this.userHandle } : {}),
      },
    };
  }

  private clientData(type: string, challenge: string, bend: Ceremony): string {
    return JSON.stringify({
      type: bend.type ?? type,
      challenge: bend.challenge ?? challenge,
      origin: bend.origin ?? this.origin,
      crossOrigin: false,
    });
  }

  private authDataHead(flags: number, counter: number): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count]);
  }

  /** The public key as COSE (EC2, ES256, P-256). */
  private cosePublicKey(): Buffer {
    const jwk = this.publicKey.export({ format: 'jwk' });
    return Buffer.from(
      isoCBOR.encode(
        new Map<number, number | Uint8Array>([
          [1, 2],
          [3, -7],
          [-1, 1],
          [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
          [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
        ]),
      ),
    );
  }
}
