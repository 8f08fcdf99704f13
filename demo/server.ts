/**
 * `npm start`: the demo host app against the built-in reference service, or against a deployment
 * of the real service with INBOX_UPSTREAM_URL, INBOX_API_KEY and INBOX_SUBSCRIBERS.
 *
 * One Node server: the built browser app (under a strict CSP), the app's
 * /api/inbox route (createInboxProxy, which holds the API key), the service's
 * avatars, and a few demo-only endpoints (who is signed in, the integrations
 * and workflows for the admin page). Honours PORT and HOST; prints its URL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { attachReferenceSocket, createInboxProxy, toNodeListener } from 'inbox-kit/server';
import { createReferenceService, SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';
import { demoConfig } from './config';
import { userOf } from './session';

// An empty PORT counts as unset (Number('') would be 0, any free port).
const port = Number(process.env.PORT?.trim() || 3000);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a whole number from 0 to 65535, received ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}
const build = resolve(import.meta.dirname, '..', process.env.INBOX_DEMO_BUILD ?? '.cache/demo');
if (!existsSync(join(build, 'index.html'))) {
  console.error('The demo app is not built: run `npm start` (it builds first), or `npm run build:demo`.');
  process.exit(1);
}

const config = demoConfig(process.env);
if ('error' in config) {
  console.error(config.error);
  process.exit(2);
}
const upstream = config.kind === 'upstream' ? config : undefined;
// The built-in service runs in this process, unless the demo is pointed at a deployment. It snoozes
// as the service's paid plans do (up to 90 days), so every preset works; its free plan's day is the default.
const service = upstream ? undefined : createReferenceService({ seed: Number(process.env.SEED ?? 1), publicBaseUrl: '/service', maxSnoozeMs: 90 * 86_400_000 });
const people = upstream ? upstream.subscribers : SEEDED_SUBSCRIBER_IDS;

// The app's route to the service: what a real app mounts.
const proxy = toNodeListener(
  createInboxProxy({
    upstream: upstream?.upstream ?? 'http://reference-service.internal',
    apiKey: upstream?.apiKey ?? service?.apiKey ?? '',
    ...(service ? { fetch: async (input: RequestInfo | URL, init?: RequestInit) => service.handle(new Request(input, init)) } : {}),
    basePath: '/api/inbox',
    // Real time: the built-in service's socket on this origin; a deployment's from INBOX_APPLICATION_IDENTIFIER and INBOX_SOCKET_URL.
    ...(service ? { applicationIdentifier: service.applicationIdentifier, socketUrl: '/service/socket', socketType: 'cloud' as const } : {}),
    authenticate: (request) => userOf(request.headers.get('cookie'), people),
    // In the demo everyone may use the admin page; a real app asks its own roles.
    authorizeAdmin: () => true,
  }),
);
const serviceListener = service ? toNodeListener(service.handle) : undefined;

/**
 * Lists for the admin page from a deployment's own API (these are not part of the kit): the
 * answer's `data`, or a sentence saying why there is none.
 */
async function fromUpstream(path: string, what: string): Promise<{ rows: unknown[] } | { message: string }> {
  if (!upstream) return { message: 'No upstream' };
  try {
    const answer = await fetch(`${upstream.upstream}${path}`, { headers: { Accept: 'application/json', Authorization: `ApiKey ${upstream.apiKey}` }, signal: AbortSignal.timeout(10_000) });
    const body = (await answer.json().catch(() => undefined)) as { data?: unknown } | undefined;
    if (answer.ok && Array.isArray(body?.data)) return { rows: body.data };
    return { message: `${new URL(upstream.upstream).host} did not list its ${what} (${answer.status} ${answer.statusText || 'error'} for GET ${path}).` };
  } catch (error) {
    return { message: `${new URL(upstream.upstream).host} could not be asked for its ${what}: ${error instanceof Error ? error.message : String(error)}.` };
  }
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

// Avatars come from the built-in service through this origin; a deployment's come from wherever its
// subscribers' pictures are hosted (https), or from the service's own origin.
const imageSources = upstream ? ` https: ${new URL(upstream.upstream).origin}` : '';
// The socket: this origin's (the built-in service), or a deployment's.
const socketUrl = upstream ? process.env.INBOX_SOCKET_URL?.trim() : undefined;
const socketSources = socketUrl && /^(wss?|https?):\/\//.test(socketUrl) ? ` ${new URL(socketUrl).origin.replace(/^http/, 'ws')}` : '';
const CSP = `default-src 'self'; style-src 'self'; img-src 'self' data:${imageSources}; connect-src 'self'${socketSources}; base-uri 'none'; form-action 'self'; frame-ancestors 'none'`;
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css', '.svg': 'image/svg+xml', '.map': 'application/json' };

function send(res: ServerResponse, status: number, type: string, body: string | Buffer, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'Content-Type': type, 'X-Content-Type-Options': 'nosniff', 'Referrer-Policy': 'same-origin', ...headers });
  res.end(body);
}

function name(subscriberId: string): string {
  const s = service?.data.subscribers.find((candidate) => candidate.subscriberId === subscriberId);
  return [s?.firstName, s?.lastName].filter(Boolean).join(' ') || subscriberId;
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 4_096) return undefined;
  }
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

const index = readFileSync(join(build, 'index.html'));

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname;
  if (path.startsWith('/api/inbox/')) return proxy(req, res);
  if (path.startsWith('/service/avatars/') && serviceListener) return serviceListener(req, res);
  if (path === '/api/demo/me') {
    const me = userOf(req.headers.cookie, people);
    if (!me) return send(res, 401, 'application/json', JSON.stringify({ message: 'Unknown demo user' }));
    const list = people.map((subscriberId) => ({ subscriberId, name: name(subscriberId) }));
    const source = upstream ? new URL(upstream.upstream).host : 'the built-in reference service';
    return send(res, 200, 'application/json', JSON.stringify({ subscriberId: me, name: name(me), people: list, service: source }), { 'Cache-Control': 'no-store' });
  }
  if (path === '/api/demo/session' && req.method === 'POST') {
    void readJson(req).then((body) => {
      const id = body && typeof body === 'object' && 'subscriberId' in body ? String(body.subscriberId) : '';
      if (!people.includes(id)) return send(res, 400, 'application/json', JSON.stringify({ message: 'Unknown demo user' }));
      send(res, 204, 'text/plain', '', { 'Set-Cookie': `demo_user=${encodeURIComponent(id)}; Path=/; SameSite=Lax; HttpOnly` });
    });
    return;
  }
  if (path === '/api/demo/integrations') {
    if (service) {
      const rows = service.data.integrations.map((i) => ({ id: i._id ?? '', name: i.name, channel: i.channel, primary: i.primary, active: i.active }));
      return send(res, 200, 'application/json', JSON.stringify(rows), { 'Cache-Control': 'no-store' });
    }
    void fromUpstream('/v1/integrations', 'integrations').then((listed) => {
      if ('message' in listed) return send(res, 200, 'application/json', JSON.stringify({ message: listed.message }), { 'Cache-Control': 'no-store' });
      const rows = listed.rows.map((i) => {
        const row = i as Record<string, unknown>;
        return { id: text(row._id), name: text(row.name), channel: text(row.channel), primary: row.primary === true, active: row.active === true };
      });
      send(res, 200, 'application/json', JSON.stringify(rows), { 'Cache-Control': 'no-store' });
    });
    return;
  }
  if (path === '/api/demo/delivery') {
    // What a broadcast did, for the admin page: only the built-in service can say (null otherwise).
    if (!service) return send(res, 200, 'application/json', 'null', { 'Cache-Control': 'no-store' });
    const transactionId = url.searchParams.get('transactionId') ?? '';
    const workflow = service.data.workflows.find((w) => w.identifier === url.searchParams.get('workflow'));
    const subscribers = service.data.subscribers.filter((s) => !s.deleted).length;
    const delivered = service.data.messages.filter((m) => m.transactionId === transactionId).length;
    const inApp = Boolean(workflow?.active && workflow.inApp && workflow.steps.some((step) => step.active && step.channel === 'in_app'));
    return send(res, 200, 'application/json', JSON.stringify({ delivered, subscribers, inApp }), { 'Cache-Control': 'no-store' });
  }
  if (path === '/api/demo/workflows') {
    if (service) {
      const rows = service.data.workflows.map((w) => ({ identifier: w.identifier, name: w.name }));
      return send(res, 200, 'application/json', JSON.stringify(rows));
    }
    void fromUpstream('/v1/workflows?page=0&limit=100', 'workflows').then((listed) => {
      if ('message' in listed) return send(res, 200, 'application/json', JSON.stringify({ message: listed.message }), { 'Cache-Control': 'no-store' });
      const rows = listed.rows.flatMap((w) => {
        const row = w as { name?: unknown; triggers?: { identifier?: unknown }[]; workflowId?: unknown };
        const identifier = text(row.triggers?.[0]?.identifier) || text(row.workflowId);
        return identifier ? [{ identifier, name: text(row.name) || identifier }] : [];
      });
      send(res, 200, 'application/json', JSON.stringify(rows));
    });
    return;
  }
  if (path.startsWith('/assets/')) {
    const file = normalize(join(build, path));
    if (!file.startsWith(build) || !existsSync(file)) return send(res, 404, 'text/plain', 'Not found');
    return send(res, 200, TYPES[extname(file)] ?? 'application/octet-stream', readFileSync(file), { 'Cache-Control': 'public, max-age=31536000, immutable' });
  }
  // Every other path is the app: its pages, and the pages notifications link to (the app shows
  // where a link led).
  if (!path.startsWith('/api/') && !path.startsWith('/service/') && req.method === 'GET') {
    return send(res, 200, TYPES['.html'] ?? 'text/html', index, { 'Content-Security-Policy': CSP, 'Cache-Control': 'no-store' });
  }
  send(res, 404, 'text/plain; charset=utf-8', 'Not found');
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use. Try: PORT=${port + 1} npm start` : error.message);
  process.exit(1);
});

if (service) await attachReferenceSocket(server, service, '/service/socket');

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  console.log(`inbox-kit demo running at http://${host}:${actualPort}/`);
  console.log(upstream ? `Service: ${upstream.upstream} (as ${upstream.subscribers.join(', ')}; the API key stays on this server)` : 'Service: the built-in reference service (as the deployed service answers).');
  console.log('Pages: / (dashboard, bell in the header), /inbox, /preferences, /admin (broadcast, primary integrations).');
  console.log('The browser talks to /api/inbox (createInboxProxy); the API key stays on this server.');
});

const stop = () => {
  server.close(() => process.exit(0));
  // Open keep-alive connections (a browser still on the page) must not hold the exit up.
  server.closeAllConnections();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
