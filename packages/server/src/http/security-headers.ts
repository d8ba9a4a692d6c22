import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** Where the app's pages may load what from (see docs/security-headers.md for each entry). */
export interface AppPolicyOptions {
  /** `'sha256-…'` sources of the inline scripts in the built index.html. */
  inlineScriptHashes: string[];
  /** Cloudflare Turnstile's script and frame, when a site key is configured. */
  turnstile?: boolean;
  /** Origins the artifacts panel may frame (a preview page hosted elsewhere). */
  frameOrigins?: string[];
  /** Origins of pictures the operator named (parley.yaml's icons; configuredImageOrigins). */
  imageOrigins?: string[];
  /** Google Tag Manager, when the operator set ANALYTICS_GTM_ID: its script and its beacons. */
  analytics?: boolean;
}

const TURNSTILE_ORIGIN = 'https://challenges.cloudflare.com';
/** Where Google Tag Manager loads from and where Google Analytics (its usual tag) sends to. */
const ANALYTICS_SCRIPT_ORIGINS = ['https://*.googletagmanager.com'];
const ANALYTICS_BEACON_ORIGINS = [
  'https://*.googletagmanager.com',
  'https://*.google-analytics.com',
  'https://*.analytics.google.com',
];

/** The Content-Security-Policy of the web app's pages. */
export function appContentSecurityPolicy(options: AppPolicyOptions): string {
  const turnstile = options.turnstile ? [TURNSTILE_ORIGIN] : [];
  const analyticsScripts = options.analytics ? ANALYTICS_SCRIPT_ORIGINS : [];
  const analyticsBeacons = options.analytics ? ANALYTICS_BEACON_ORIGINS : [];
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...options.inlineScriptHashes, ...turnstile, ...analyticsScripts],
    // React style attributes, and libraries that add <style> elements (KaTeX, mermaid).
    'style-src': ["'self'", "'unsafe-inline'"],
    // No other host but those the operator named: a picture an answer links from elsewhere would
    // carry data out in its address, so it is loaded through Parley's image proxy; avatars from
    // sign-in providers are copied to Parley; upload previews are blob: URLs.
    'img-src': ["'self'", 'data:', 'blob:', ...(options.imageOrigins ?? []), ...analyticsBeacons],
    'media-src': ["'self'", 'blob:', 'data:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...turnstile, ...analyticsBeacons],
    'worker-src': ["'self'", 'blob:'],
    // Our own paths (the artifacts preview) and the human check.
    'frame-src': ["'self'", ...turnstile, ...(options.frameOrigins ?? [])],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

/** API answers are data, never a document: nothing may load from them, nobody may frame them. */
export const API_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** The CSP sources of every inline `<script>` (one without `src`) in an HTML document. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(match[1]!)) continue;
    hashes.push(`'sha256-${createHash('sha256').update(match[2]!, 'utf8').digest('base64')}'`);
  }
  return hashes;
}

/**
 * The API (the web app's `/api/` and the OpenAI-compatible `/v1/`) and the health check: data
 * only. Every other path is the web app's (pages and files).
 */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return (
    path === '/api' ||
    path.startsWith('/api/') ||
    path === '/v1' ||
    path.startsWith('/v1/') ||
    path === '/health'
  );
}

/**
 * Security headers on every answer: no MIME sniffing, no framing by other sites, no referrer
 * beyond the origin, and a Content-Security-Policy — deny-all for the API, the app's for the web
 * app's pages and files. The app's files need it too: a worker script's own answer sets the
 * worker's policy, and a deny-all one would stop the highlighting worker loading its chunks. A
 * route that sets its own policy (a preview with a policy of its own) keeps it.
 */
export function installSecurityHeaders(app: FastifyInstance, appPolicy: string): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    if (!reply.hasHeader('X-Frame-Options')) reply.header('X-Frame-Options', 'DENY');
    reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!reply.hasHeader('Content-Security-Policy')) {
      reply.header(
        'Content-Security-Policy',
        isApiPath(request.url) ? API_CONTENT_SECURITY_POLICY : appPolicy,
      );
    }
    return payload;
  });
}
