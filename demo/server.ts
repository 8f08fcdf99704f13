/**
 * `npm start`: the reference service and a plain page listing a subscriber's
 * feed, rendered on the server through the inbox-kit client over HTTP. The API
 * key stays on the server; the page needs no JavaScript.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFileSync } from 'node:fs';
import { createInboxClient, isInboxError, safeUrl, type FeedItem } from 'inbox-kit/client';
import { toNodeListener } from 'inbox-kit/server';
import { createReferenceService, SEEDED_SUBSCRIBER_IDS } from 'inbox-kit/testing';

const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
if (!Number.isInteger(port) || port < 0 || port > 65_535) {
  console.error(`PORT must be a whole number from 0 to 65535, received ${JSON.stringify(process.env.PORT)}`);
  process.exit(2);
}

const service = createReferenceService({ seed: Number(process.env.SEED ?? 1) });
const serviceListener = toNodeListener(service.handle);
const css = readFileSync(new URL('./demo.css', import.meta.url), 'utf8');
let client: ReturnType<typeof createInboxClient>;

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

const relative = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });
function timeAgo(iso: string | null | undefined): string {
  if (!iso) return '';
  const seconds = (Date.parse(iso) - Date.now()) / 1000;
  const units: [Intl.RelativeTimeFormatUnit, number][] = [['year', 31_536_000], ['month', 2_592_000], ['week', 604_800], ['day', 86_400], ['hour', 3_600], ['minute', 60]];
  for (const [unit, size] of units) if (Math.abs(seconds) >= size) return relative.format(Math.round(seconds / size), unit);
  return relative.format(0, 'second');
}

function initials(item: FeedItem): string {
  const name = [item.subscriber?.firstName, item.subscriber?.lastName].filter(Boolean).join(' ');
  return name.split(/\s+/).map((part) => Array.from(part)[0] ?? '').join('').slice(0, 2).toUpperCase();
}

function avatar(item: FeedItem): string {
  const type = item.actor?.type ?? 'none';
  if (type === 'none') return '<span class="avatar avatar-none" aria-hidden="true"></span>';
  if (type === 'system_icon') {
    const glyph = { success: '✓', warning: '!', error: '×', info: 'i' }[item.actor?.data ?? ''] ?? '•';
    return `<span class="avatar avatar-icon" data-icon="${escape(item.actor?.data ?? '')}" aria-hidden="true">${glyph}</span>`;
  }
  const src = safeUrl(item.actor?.data ?? item.subscriber?.avatar, 'image');
  // A broken image shows its ::after box, which repeats the initials (no script needed).
  const img = src ? `<img src="${escape(src)}" alt="" width="40" height="40" data-initials="${escape(initials(item))}">` : '';
  return `<span class="avatar" aria-hidden="true"><span class="initials">${escape(initials(item))}</span>${img}</span>`;
}

function renderItem(item: FeedItem, back: string): string {
  const href = safeUrl(item.cta.data?.url);
  const buttons = item.cta.action?.buttons ?? [];
  const done = item.cta.action?.status === 'done';
  const result = done ? buttons.find((b) => b.type === item.cta.action?.result?.type)?.resultContent : undefined;
  return `<li class="item" data-state="${item.read ? 'read' : 'unread'}" data-status="${escape(item.status)}">
    ${avatar(item)}
    <div class="body">
      ${item.subject ? `<p class="subject">${escape(item.subject)}</p>` : ''}
      <p class="content">${escape(item.content)}</p>
      <p class="meta"><time datetime="${escape(item.createdAt ?? '')}">${escape(timeAgo(item.createdAt))}</time>${item.read ? '' : ' · <span class="unread">Unread</span>'}${item.status !== 'sent' ? ` · <span class="status">${escape(item.status)}</span>` : ''}</p>
      <div class="actions">
        ${href ? `<a class="cta" href="${escape(href)}">Open</a>` : ''}
        ${result ? `<span class="result">${escape(result)}</span>` : buttons.map((b) => `<span class="button button-${escape(b.type)}">${escape(b.content)}</span>`).join('')}
        ${item.read ? '' : `<form method="post" action="/mark-read"><input type="hidden" name="id" value="${escape(item._id)}"><input type="hidden" name="back" value="${escape(back)}"><button type="submit">Mark as read</button></form>`}
      </div>
    </div>
  </li>`;
}

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(title)}</title><link rel="stylesheet" href="/demo.css"></head><body><main>${body}</main></body></html>`;
}

async function page(url: URL): Promise<{ status: number; html: string }> {
  const subscriberId = url.searchParams.get('subscriber') ?? SEEDED_SUBSCRIBER_IDS[0] ?? 'sub_ada';
  const unreadOnly = url.searchParams.get('filter') === 'unread';
  const pageNumber = Math.max(0, Math.floor(Number(url.searchParams.get('page') ?? 0)) || 0);
  const query = (changes: Record<string, string | number>) => {
    const next = new URLSearchParams({ subscriber: subscriberId, filter: unreadOnly ? 'unread' : 'all', page: String(pageNumber) });
    for (const [key, value] of Object.entries(changes)) next.set(key, String(value));
    return `/?${next.toString()}`;
  };
  try {
    const [feed, unread] = await Promise.all([
      client.getFeed({ subscriberId, page: pageNumber, limit: 20, ...(unreadOnly ? { read: false } : {}) }),
      client.getFeed({ subscriberId, limit: 1, read: false }),
    ]);
    const back = query({});
    const people = SEEDED_SUBSCRIBER_IDS.map((id) => `<a href="/?subscriber=${encodeURIComponent(id)}"${id === subscriberId ? ' aria-current="page"' : ''}>${escape(id)}</a>`).join(' ');
    const body = `
      <header><h1>Notifications <span class="badge" aria-label="${unread.totalCount ?? 0} unread">${unread.totalCount ?? 0}</span></h1>
      <p class="lede">The inbox-kit reference service, read through <code>createInboxClient</code> on the server. Subscriber: <strong>${escape(subscriberId)}</strong></p>
      <nav aria-label="Subscribers" class="people">${people}</nav>
      <nav aria-label="Filter" class="tabs"><a href="${escape(query({ filter: 'all', page: 0 }))}"${unreadOnly ? '' : ' aria-current="page"'}>All</a><a href="${escape(query({ filter: 'unread', page: 0 }))}"${unreadOnly ? ' aria-current="page"' : ''}>Unread</a></nav></header>
      ${feed.invalidItems.length > 0 ? `<p class="notice" role="status">${feed.invalidItems.length} notification(s) could not be shown: ${escape(feed.invalidItems.map((i) => i.issues[0]?.path ?? '').join(', '))}</p>` : ''}
      ${feed.data.length === 0 ? '<p class="empty">No notifications here.</p>' : `<ul class="feed" aria-label="Notifications">${feed.data.map((item) => renderItem(item, back)).join('')}</ul>`}
      <nav aria-label="Pages" class="pager">
        ${pageNumber > 0 ? `<a href="${escape(query({ page: pageNumber - 1 }))}">← Newer</a>` : '<span></span>'}
        <span>Page ${pageNumber + 1}</span>
        ${feed.hasMore ? `<a href="${escape(query({ page: pageNumber + 1 }))}">Older →</a>` : '<span>End of notifications</span>'}
      </nav>`;
    return { status: 200, html: layout('inbox-kit demo', body) };
  } catch (error) {
    const message = isInboxError(error) ? error.message : String(error);
    return {
      status: 502,
      html: layout('inbox-kit demo: error', `<h1>Could not load notifications</h1><p class="notice" role="alert">${escape(message)}</p><p><a href="${escape(query({}))}">Try again</a> · <a href="/">Start over</a></p>`),
    };
  }
}

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  let body = '';
  for await (const chunk of req) {
    body += String(chunk);
    if (body.length > 10_000) break;
  }
  return new URLSearchParams(body);
}

function send(res: ServerResponse, status: number, type: string, body: string, headers: Record<string, string> = {}) {
  res.writeHead(status, {
    'Content-Type': type,
    'Content-Security-Policy': "default-src 'self'; style-src 'self'; img-src 'self' data:; form-action 'self'",
    'X-Content-Type-Options': 'nosniff',
    ...headers,
  });
  res.end(body);
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (url.pathname.startsWith('/service/')) return serviceListener(req, res);
  if (url.pathname === '/demo.css') return send(res, 200, 'text/css; charset=utf-8', css);
  if (url.pathname === '/mark-read' && req.method === 'POST') {
    void readForm(req).then(async (form) => {
      const back = form.get('back') ?? '/';
      const subscriberId = new URL(back, 'http://localhost').searchParams.get('subscriber') ?? 'sub_ada';
      try {
        await client.markAs({ subscriberId, messageId: form.get('id') ?? '', markAs: 'read' });
        send(res, 303, 'text/plain', '', { Location: back.startsWith('/') && !back.startsWith('//') ? back : '/' });
      } catch (error) {
        send(res, 502, 'text/html; charset=utf-8', layout('Error', `<p role="alert">${escape(isInboxError(error) ? error.message : String(error))}</p><p><a href="/">Back</a></p>`));
      }
    });
    return;
  }
  if (url.pathname === '/' && (req.method === 'GET' || req.method === 'HEAD')) {
    void page(url).then(({ status, html }) => send(res, status, 'text/html; charset=utf-8', html));
    return;
  }
  send(res, 404, 'text/plain; charset=utf-8', 'Not found');
});

server.on('error', (error: NodeJS.ErrnoException) => {
  console.error(error.code === 'EADDRINUSE' ? `Port ${port} is in use. Try: PORT=${port + 1} npm start` : error.message);
  process.exit(1);
});

server.listen(port, host, () => {
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host}:${actualPort}`;
  client = createInboxClient({ baseUrl: `${origin}/service`, apiKey: service.apiKey });
  console.log(`inbox-kit demo running at ${origin}/`);
  console.log(`Reference service at ${origin}/service (API key ${service.apiKey}, kept on the server)`);
});

const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
