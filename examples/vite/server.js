/** Production: serves the built app (dist/) and the /api/inbox route. Honours PORT (0: any free port). */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { inboxApi } from './server/inbox-api.js';

const dist = join(import.meta.dirname, 'dist');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png' };
// The kit needs no inline script or style; avatars may come from the service's own host (https).
const CSP = "default-src 'self'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'";

/** A built file by its path (assets, favicon.svg), never outside dist/; every other path is the app. */
async function fileFor(pathname) {
  const path = normalize(pathname);
  if (extname(path) && !path.startsWith('..')) {
    try {
      return { type: TYPES[extname(path)] ?? 'application/octet-stream', body: await readFile(join(dist, path)) };
    } catch {
      return undefined;
    }
  }
  return { type: TYPES['.html'], body: await readFile(join(dist, 'index.html')) };
}

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/inbox/')) return inboxApi(req, res);
  try {
    const file = await fileFor(pathname);
    if (!file) return res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    res.writeHead(200, { 'Content-Type': file.type, 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' }).end(file.body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not built: run `npm run build`.');
  }
});

server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
