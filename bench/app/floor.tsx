/**
 * The floor for first paint: the same 20 notifications fetched and drawn by the plainest React
 * code (no kit, no validation, no query cache), so the kit's own share of the scripting is
 * the difference. Same markup depth and relative times (Intl) as the kit's rows.
 */
import { useEffect, useState } from 'react';

interface Row {
  _id: string;
  subject?: string;
  content: string;
  createdAt: string;
  read: boolean;
}

export function Floor({ service, apiKey }: { service: string; apiKey: string }) {
  const [rows, setRows] = useState<Row[]>([]);
  const [now] = useState(() => Date.now());
  useEffect(() => {
    void fetch(`${service}/v1/subscribers/sub_ada/notifications/feed?page=0&limit=20`, { headers: { Authorization: `ApiKey ${apiKey}` } })
      .then((response) => response.json() as Promise<{ data: Row[] }>)
      .then((body) => setRows(body.data));
  }, [service, apiKey]);
  const format = new Intl.RelativeTimeFormat(undefined, { numeric: 'auto' });
  return (
    <div data-inbox-slot="feed" role="feed">
      {rows.map((row) => (
        <article key={row._id} data-inbox-slot="item" data-state={row.read ? 'read' : 'unread'}>
          <span aria-hidden="true">{(row.subject ?? row.content).slice(0, 1)}</span>
          <div>
            <a href={`/notifications/${row._id}`}>
              {row.subject && <span>{row.subject}</span>}
              <span>{row.content}</span>
            </a>
            <p>
              <time dateTime={row.createdAt}>{format.format(Math.round((Date.parse(row.createdAt) - now) / 60_000), 'minute')}</time>
            </p>
          </div>
          <button type="button" aria-label="Mark as read">
            <span />
          </button>
        </article>
      ))}
    </div>
  );
}
