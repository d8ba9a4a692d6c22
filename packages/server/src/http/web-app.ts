import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { SERVER_PACKAGE_DIR } from '../package-dir.ts';
import { installArtifactPreview } from './artifact-preview.ts';
import {
  appContentSecurityPolicy,
  inlineScriptHashes,
  installSecurityHeaders,
  isApiPath,
} from './security-headers.ts';

export const WEB_DIST = join(SERVER_PACKAGE_DIR, '../web/dist');

/**
 * Serves the built SPA with its pre-compressed brotli/gzip files; any other non-API GET path gets
 * index.html so client routes survive a reload. Unknown /api paths answer 404 JSON.
 */
export async function installWebApp(
  app: FastifyInstance,
  serve: boolean,
  options: {
    turnstile?: boolean;
    distDir?: string;
    frameOrigins?: string[];
    /** Origins of pictures the operator named in parley.yaml, allowed in img-src. */
    imageOrigins?: string[];
    /** Artifact previews may load from https:/wss: addresses (ARTIFACTS_ALLOW_NETWORK). */
    artifactNetwork?: boolean;
    /** ANALYTICS_GTM_ID is set: the pages may load Google Tag Manager. */
    analytics?: boolean;
  } = {},
): Promise<void> {
  const distDir = options.distDir ?? WEB_DIST;
  const hasWeb = serve && existsSync(`${distDir}/index.html`);
  // The policy allows exactly the inline scripts of the index.html being served, by hash.
  const html = hasWeb ? readFileSync(`${distDir}/index.html`, 'utf8') : '';
  installSecurityHeaders(
    app,
    appContentSecurityPolicy({
      inlineScriptHashes: inlineScriptHashes(html),
      turnstile: options.turnstile,
      frameOrigins: options.frameOrigins,
      imageOrigins: options.imageOrigins,
      analytics: options.analytics,
    }),
  );
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: distDir,
      preCompressed: true,
      wildcard: false,
      index: false,
      setHeaders: (reply, path) => {
        // Hashed assets never change; index.html must always be revalidated.
        reply.header(
          'Cache-Control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
        // The artifact preview frame has an opaque origin: its module scripts and styles are
        // cross-origin requests to it. The built files are public, so anyone may read them.
        if (path.includes('/assets/')) reply.header('Access-Control-Allow-Origin', '*');
      },
    });
    installArtifactPreview(app, distDir, { allowNetwork: options.artifactNetwork });
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (isApiPath(path) || request.method !== 'GET' || !hasWeb) {
      return reply.status(404).send({
        message: `Route ${request.method} ${path} not found`,
        code: 'not_found',
        requestId: request.id,
      });
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
