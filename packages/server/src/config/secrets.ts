import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from './env.ts';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** 32 bytes, hex: the AES-256-GCM key for secrets at rest. */
  credsKey: string;
  /** Signs the short-lived cookie that binds an external sign-in attempt to its browser. */
  ssoSecret: string;
}

const FILE_NAME = 'secrets.json';

/**
 * The environment wins; whatever it does not set is read from, or generated once into,
 * DATA_DIR/secrets.json (mode 0600), so a single instance needs no setup at all.
 */
export function loadSecrets(env: Env): Secrets {
  const file = join(env.DATA_DIR, FILE_NAME);
  const stored: Partial<Secrets> = existsSync(file)
    ? (JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>)
    : {};
  const fromEnv: Partial<Secrets> = {
    jwtSecret: env.JWT_SECRET,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET,
    credsKey: env.CREDS_KEY,
    ssoSecret: env.OPENID_SESSION_SECRET,
  };
  const toStore: Partial<Secrets> = { ...stored };
  const pick = (key: keyof Secrets): string => {
    const value = fromEnv[key] ?? stored[key];
    if (value) return value;
    return (toStore[key] = randomBytes(32).toString('hex'));
  };
  const secrets: Secrets = {
    jwtSecret: pick('jwtSecret'),
    jwtRefreshSecret: pick('jwtRefreshSecret'),
    credsKey: pick('credsKey'),
    ssoSecret: pick('ssoSecret'),
  };
  if (!/^[0-9a-f]{64}$/i.test(secrets.credsKey))
    throw new Error('CREDS_KEY must be 64 hex characters (32 bytes)');
  if (Object.keys(toStore).length > Object.keys(stored).length) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
}
