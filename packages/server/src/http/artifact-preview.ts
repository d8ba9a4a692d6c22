import { existsSync, readFileSync } from 'node:fs';
import { ARTIFACT_HTML_POLICY } from '@parley/schema';
import type { FastifyInstance } from 'fastify';

/** Where the web app's artifacts panel loads its preview frame from. */
export const ARTIFACT_PREVIEW_PATH = '/artifacts/preview';

/**
 * The preview page's own policy. The page runs artifact code (a model wrote it) inside a frame
 * sandboxed with allow-scripts only, so it has an opaque origin: no cookies, no storage, and
 * Parley's API would treat it as a stranger. The policy closes the rest: scripts and styles from
 * Parley's own files (plus inline code and eval, which HTML and React artifacts need), pictures
 * only from data:/blob: or Parley itself, and no network at all (connect-src 'none'), no forms,
 * no nested frames, no <base>. Only Parley's own pages may frame it.
 *
 * A deployment that wants artifacts to use the internet (a CDN script, a font, a public API)
 * sets ARTIFACTS_ALLOW_NETWORK: scripts, styles, fonts, pictures, media and requests may then
 * also come from any https:/wss: address. Plain http: stays closed (it would reach the
 * deployment's own network in clear text), and so does everything else above: the sandbox, forms,
 * frames and <base>.
 */
export function artifactPreviewPolicy({ allowNetwork }: { allowNetwork: boolean }): string {
  const remote = allowNetwork ? ' https:' : '';
  return [
    "default-src 'none'",
    `script-src 'self' 'unsafe-inline' 'unsafe-eval' blob:${remote}`,
    `style-src 'self' 'unsafe-inline'${remote}`,
    `img-src 'self' data: blob:${remote}`,
    `font-src 'self' data:${remote}`,
    `media-src 'self' data: blob:${remote}`,
    allowNetwork ? 'connect-src https: wss:' : "connect-src 'none'",
    "worker-src 'self' blob:",
    "frame-src 'none'",
    "form-action 'none'",
    "base-uri 'none'",
    "frame-ancestors 'self'",
    // WebRTC ignores connect-src: the preview deletes its constructors and these two make every
    // HTML string pass its checks, so no srcdoc frame can bring them back (frame-lockdown.ts).
    "require-trusted-types-for 'script'",
    `trusted-types default ${ARTIFACT_HTML_POLICY}`,
  ].join('; ');
}

/**
 * Serves the built preview page at its own path with its own policy (a `srcdoc` frame would
 * inherit the app's). Without a built web app the path answers 404 like any unknown page.
 */
export function installArtifactPreview(
  app: FastifyInstance,
  distDir: string,
  options: { allowNetwork?: boolean } = {},
): void {
  const policy = artifactPreviewPolicy({ allowNetwork: options.allowNetwork === true });
  const file = `${distDir}/artifact-preview.html`;
  const html = existsSync(file) ? readFileSync(file, 'utf8') : null;
  if (!html) return;
  app.get(ARTIFACT_PREVIEW_PATH, async (_request, reply) =>
    reply
      .header('Content-Security-Policy', policy)
      .header('X-Frame-Options', 'SAMEORIGIN')
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(html),
  );
}
