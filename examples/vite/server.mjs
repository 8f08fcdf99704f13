/** Production: serves the built app (dist/) and the /api/inbox route. Honours PORT (0: any free port). */
import { readFile } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join } from 'node:path';
import { inboxApi } from './inbox-api.mjs';

const dist = join(import.meta.dirname, 'dist');
const TYPES = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml' };
// The kit needs no inline script or style; avatars may come from the service's own host (https).
const CSP = "default-src 'self'; img-src 'self' data: https:; base-uri 'none'; frame-ancestors 'none'";

const server = createServer(async (req, res) => {
  const { pathname } = new URL(req.url ?? '/', 'http://localhost');
  if (pathname.startsWith('/api/inbox/')) return inboxApi(req, res);
  // Built assets by name; every other path is the app.
  const file = pathname.startsWith('/assets/') && !pathname.includes('..') ? pathname : '/index.html';
  try {
    const body = await readFile(join(dist, file));
    res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream', 'Content-Security-Policy': CSP, 'X-Content-Type-Options': 'nosniff' });
    res.end(body);
  } catch {
    res.writeHead(404, { 'Content-Type': 'text/plain' }).end(file === '/index.html' ? 'Not built: run `npm run build`.' : 'Not found');
  }
});

server.listen(Number(process.env.PORT || 3000), '127.0.0.1', () => {
  console.log(`listening on http://127.0.0.1:${server.address().port}`);
});
