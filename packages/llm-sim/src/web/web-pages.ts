// `GET /web/…`: the fixed web's pages as HTML, and the hostile pages a fetcher must survive.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import { seededPng } from '../png.ts';
import { HOSTILE_PAGES, pageAt, pageHtml } from './fixed-web.ts';

const HUGE_PIECES = 12 * 1024;
const PIECE = '<p>' + 'This page never ends. '.repeat(46) + '</p>\n';

export function handleWebPage(req: IncomingMessage, res: ServerResponse, path: string): void {
  const page = pageAt(path);
  if (page) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(pageHtml(page));
    return;
  }
  switch (path) {
    case HOSTILE_PAGES.huge:
      return sendHuge(res);
    case HOSTILE_PAGES.binary: {
      // Deterministic bytes that are not text: a hash chain, with NULs.
      const bytes = Buffer.alloc(64 * 1024);
      for (let i = 0; i < bytes.length; i += 32)
        createHash('sha256').update(String(i)).digest().copy(bytes, i);
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(bytes);
      return;
    }
    case HOSTILE_PAGES.slow: {
      const timer = setTimeout(() => res.end('<html><body><p>Finally.</p></body></html>'), 30_000);
      res.on('close', () => clearTimeout(timer));
      res.writeHead(200, { 'content-type': 'text/html' });
      return;
    }
    case HOSTILE_PAGES.error:
      res.writeHead(500, { 'content-type': 'text/html' });
      res.end('<html><body><h1>Internal Server Error</h1></body></html>');
      return;
    case HOSTILE_PAGES.loop:
      return redirect(res, HOSTILE_PAGES.loop);
    case HOSTILE_PAGES.privateRedirect:
      return redirect(res, 'http://10.0.0.1/secret');
    case HOSTILE_PAGES.mappedRedirect:
      return redirect(res, `http://[::ffff:127.0.0.1]:${req.socket.localPort ?? 80}/web/otters`);
  }
  res.writeHead(404, { 'content-type': 'text/html' });
  res.end('<html><body><h1>Not found</h1></body></html>');
}

function redirect(res: ServerResponse, location: string): void {
  res.writeHead(302, { location });
  res.end();
}

/** About 12 MB of HTML, written as the socket drains. */
function sendHuge(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'text/html' });
  res.write('<html><body><article>');
  let sent = 0;
  const pump = () => {
    while (sent < HUGE_PIECES) {
      sent++;
      if (!res.write(PIECE)) return void res.once('drain', pump);
    }
    res.end('</article></body></html>');
  };
  res.on('close', () => (sent = HUGE_PIECES));
  pump();
}

/** `GET /web/images/<name>.png`: a small deterministic picture for each page's image result. */
export function handleWebImage(res: ServerResponse, name: string): void {
  res.writeHead(200, { 'content-type': 'image/png' });
  res.end(seededPng(`/web/${name}`, 64, 48));
}
