/** A folder served over HTTP on a free port of 127.0.0.1, for browser tests of built output. */
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { toNodeListener } from '../../src/server/node';

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

export interface StaticServer {
  /** With a trailing slash. */
  url: string;
  close: () => void;
}

/** Requests under `prefix` go to `handler` (a `createInboxProxy` route beside the app's files, as an app has it). */
export interface ServedRoute {
  prefix: string;
  handler: (request: Request) => Promise<Response>;
}

export async function serveFolder(folder: string, headers: Record<string, string> = {}, routes: readonly ServedRoute[] = []): Promise<StaticServer> {
  const root = normalize(folder);
  const listeners = routes.map((route) => ({ prefix: route.prefix, listener: toNodeListener(route.handler) }));
  const server: Server = createServer((req, res) => {
    const route = listeners.find(({ prefix }) => req.url?.startsWith(prefix));
    if (route) return void route.listener(req, res);
    let path = normalize(join(root, decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)));
    if (existsSync(path) && statSync(path).isDirectory()) path = join(path, 'index.html');
    if (!path.startsWith(root) || !existsSync(path)) return void res.writeHead(404).end();
    res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', ...headers });
    createReadStream(path).pipe(res);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  return { url: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/`, close: () => server.close() };
}
