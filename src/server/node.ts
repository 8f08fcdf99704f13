/** Mounts a Fetch-API handler `(Request) => Promise<Response>` in Node's http server. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';

export type FetchHandler = (request: Request) => Promise<Response>;

/**
 * A Node `request` listener for a Fetch-API handler:
 * `http.createServer(toNodeListener(handler))`. A `Response.error()` from the
 * handler drops the connection.
 */
export function toNodeListener(handler: FetchHandler): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
    void serve(handler, req, res).catch((error: unknown) => {
      // The message may hold anything (a connection string, the request's URL): it goes to the
      // server's log under an id, and the browser gets the id only.
      const id = randomUUID();
      console.error(`toNodeListener: request ${id} failed:`, error);
      if (!res.headersSent) {
        res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' });
        res.end(JSON.stringify({ statusCode: 500, message: `Internal error (request ${id}: see the server log)`, error: 'Internal Server Error' }));
      } else {
        res.destroy();
      }
    });
  };
}

/** Until the client has taken what was written, or has gone. */
function writable(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

async function serve(handler: FetchHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const controller = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) controller.abort();
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const method = req.method ?? 'GET';
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const request = new Request(`http://${req.headers.host ?? 'localhost'}${req.url ?? '/'}`, {
    method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  } as RequestInit);

  const response = await handler(request);
  if (response.type === 'error') {
    req.socket.destroy();
    return;
  }
  const outHeaders: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    outHeaders[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) outHeaders['set-cookie'] = cookies;
  res.writeHead(response.status, response.statusText, outHeaders);
  if (!response.body || method === 'HEAD') {
    res.end();
    return;
  }
  // At the client's pace, and no further once it has gone: a body without end must not be read into memory.
  const reader = response.body.getReader();
  const gone = () => void reader.cancel().catch(() => undefined);
  res.once('close', gone);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await writable(res);
    }
  } finally {
    res.off('close', gone);
  }
  if (res.destroyed) gone();
  else res.end();
}
