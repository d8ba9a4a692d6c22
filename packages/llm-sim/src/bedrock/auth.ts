// Bedrock requests are SigV4-signed (`Authorization: AWS4-HMAC-SHA256 Credential=<key id>/…`) or carry
// a Bedrock API key as a bearer token. Signatures are not verified: any request is accepted except
// one whose access key id or bearer token is `sk-invalid`.
import type { IncomingMessage } from 'node:http';
import { INVALID_API_KEY } from '../behaviours/errors.ts';
import { INVALID_KEY } from '../openai/auth.ts';
import type { SimError } from '../script.ts';

export function checkBedrockAuth(req: IncomingMessage): SimError | undefined {
  const authorization = req.headers.authorization ?? '';
  const keyId = /Credential=([^/,\s]+)/.exec(authorization)?.[1];
  const bearer = /^Bearer\s+(.*)$/i.exec(authorization)?.[1]?.trim();
  return keyId === INVALID_KEY || bearer === INVALID_KEY ? INVALID_API_KEY : undefined;
}
