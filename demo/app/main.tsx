/**
 * The demo host app: a small SaaS dashboard with the inbox bell in its header,
 * an inbox page, a preferences page and an admin page. The browser talks only
 * to the app's own /api/inbox route (createInboxProxy); it never sees the key.
 */
import { StrictMode, useEffect, useRef, useState, type FormEvent, type MouseEvent, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { Inbox, InboxProvider, PreferencesPanel } from 'inbox-kit';
import { useBroadcast, useSetPrimaryIntegration } from 'inbox-kit/admin';
import { InboxApiError } from 'inbox-kit/client';
import 'inbox-kit/styles.css';
import './app.css';

interface Me {
  subscriberId: string;
  name: string;
  people: { subscriberId: string; name: string }[];
  /** Which service the demo's proxy talks to. */
  service: string;
}
interface IntegrationRow {
  id: string;
  name: string;
  channel: string;
  primary: boolean;
  active: boolean;
}

const PAGES = [
  { path: '/', label: 'Dashboard' },
  { path: '/inbox', label: 'Inbox' },
  { path: '/preferences', label: 'Preferences' },
  { path: '/admin', label: 'Admin' },
];

function usePath(): [string, (path: string) => void] {
  const [path, setPath] = useState(location.pathname);
  useEffect(() => {
    const onPop = () => setPath(location.pathname);
    addEventListener('popstate', onPop);
    return () => removeEventListener('popstate', onPop);
  }, []);
  const navigate = (next: string) => {
    if (next === location.pathname) return;
    history.pushState(null, '', next);
    setPath(next);
    scrollTo(0, 0);
  };
  return [path, navigate];
}

function Dashboard({ me }: { me: Me }) {
  const cards = [
    ['Active users', '12,408', '+4.1%'],
    ['Revenue (MTD)', '$84,210', '+12.6%'],
    ['Churn', '1.9%', '−0.3 pt'],
    ['Open incidents', '2', ''],
  ];
  return (
    <>
      <h1>Good afternoon, {me.name.split(' ')[0]}</h1>
      <p className="lede">Here is how Acme is doing this month. New notifications appear under the bell.</p>
      <section className="cards" aria-label="Key metrics">
        {cards.map(([title, value, delta]) => (
          <article className="card" key={title}>
            <h2>{title}</h2>
            <p className="value">{value}</p>
            {delta && <p className="delta">{delta} vs last month</p>}
          </article>
        ))}
      </section>
    </>
  );
}

/** What a broadcast's answer means, in words: the deployed service acknowledges more than it delivers. */
function broadcastOutcome(data: { status: string; error?: string[] | undefined } | undefined, error: Error | null, workflow: string): string {
  if (error) {
    if (error instanceof InboxApiError && error.status === 422) return `Not sent: no workflow has the identifier “${workflow}”.`;
    // The request may have reached the service before the answer was lost: sending it again is safe (the same key).
    if (!(error instanceof InboxApiError) || error.status === 409 || error.status >= 500) return `It may have been sent: the service did not confirm it (${error.message}). Sending it again will not deliver it twice.`;
    return `Failed: ${error.message}`;
  }
  if (!data) return '';
  switch (data.status) {
    case 'processed':
      return 'Accepted (processed). The service acknowledges any workflow that exists, so if it is inactive or has no active in-app step, nobody receives anything.';
    case 'trigger_not_active':
      return 'Not sent: the workflow is inactive.';
    case 'no_workflow_steps_defined':
      return 'Not sent: the workflow has no steps.';
    case 'no_workflow_active_steps_defined':
      return 'Not sent: none of the workflow’s steps is active.';
    default:
      return `Not sent (${data.status})${data.error?.length ? `: ${data.error.join('; ')}` : ''}.`;
  }
}

/** What the built-in service did with a broadcast, in words. */
function deliveryText({ delivered, subscribers, inApp }: { delivered: number; subscribers: number; inApp: boolean }): string {
  if (!inApp) return `Accepted (processed), delivered to nobody: the workflow is inactive or has no active in-app step.`;
  const off = subscribers - delivered;
  const reason = off === 0 ? '' : ` (${off} ${off === 1 ? 'has' : 'have'} turned in-app off for this workflow)`;
  return `Delivered to ${delivered} of ${subscribers} subscribers${reason}.`;
}

async function listFrom<T>(path: string): Promise<{ rows: T[]; note: string }> {
  const response = await fetch(path);
  const body = (await response.json().catch(() => undefined)) as T[] | { message?: string } | undefined;
  if (response.ok && Array.isArray(body)) return { rows: body, note: '' };
  return { rows: [], note: (body && !Array.isArray(body) && body.message) || `${path} answered ${response.status}.` };
}

/** Where a notification's link leads in the demo: your app's page would be here. */
function Followed({ path, navigate }: { path: string; navigate: (path: string) => void }) {
  return (
    <section className="panel">
      <h1>You followed a notification link</h1>
      <p className="lede">
        In your app this opens <code>{path}</code>. The notification was marked read as you clicked it.
      </p>
      <a
        href="/inbox"
        onClick={(event) => {
          event.preventDefault();
          navigate('/inbox');
        }}
      >
        Back to the inbox
      </a>
    </section>
  );
}

function Admin({ service }: { service: string }) {
  const broadcast = useBroadcast();
  const setPrimary = useSetPrimaryIntegration();
  const [integrations, setIntegrations] = useState<{ rows: IntegrationRow[]; note: string }>({ rows: [], note: '' });
  const [workflows, setWorkflows] = useState<{ rows: { identifier: string; name: string }[]; note: string }>({ rows: [], note: '' });
  const [workflow, setWorkflow] = useState('product-announcement');
  const load = () => {
    void listFrom<IntegrationRow>('/api/demo/integrations').then(setIntegrations);
  };
  useEffect(() => {
    load();
    void listFrom<{ identifier: string; name: string }>('/api/demo/workflows').then(setWorkflows);
  }, []);
  const [delivery, setDelivery] = useState('');
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const name = String(form.get('workflow'));
    setDelivery('');
    broadcast.mutate(
      { name, payload: { title: String(form.get('title')), body: String(form.get('body')), url: String(form.get('url')) || '/' } },
      {
        onSuccess: (result) => {
          void fetch(`/api/demo/delivery?transactionId=${encodeURIComponent(result.transactionId ?? '')}&workflow=${encodeURIComponent(name)}`)
            .then(async (response) => (response.ok ? ((await response.json()) as { delivered: number; subscribers: number; inApp: boolean }) : undefined))
            .then((outcome) => outcome && setDelivery(deliveryText(outcome)));
        },
      },
    );
  };
  return (
    <>
      <h1>Admin</h1>
      <p className="lede">Connected to {service}.</p>
      <section className="panel" aria-labelledby="broadcast-title">
        <h2 id="broadcast-title">Broadcast an announcement</h2>
        <p className="lede">Sends the event to every subscriber (operation 5). It appears in their inbox within seconds.</p>
        <form onSubmit={onSubmit} className="form">
          {workflows.rows.length > 0 ? (
            <label>
              Workflow
              <select name="workflow" value={workflow} onChange={(event) => setWorkflow(event.target.value)}>
                {workflows.rows.map((w) => (
                  <option key={w.identifier} value={w.identifier}>
                    {w.name} ({w.identifier})
                  </option>
                ))}
              </select>
            </label>
          ) : (
            <label>
              Workflow identifier
              <input name="workflow" required value={workflow} onChange={(event) => setWorkflow(event.target.value)} aria-describedby="workflows-note" />
              <span id="workflows-note" className="note">
                {workflows.note}
              </span>
            </label>
          )}
          <label>
            Title
            <input name="title" required defaultValue="Scheduled exports are here" />
          </label>
          <label>
            Message
            <textarea name="body" required rows={3} defaultValue="Export any report on a schedule, straight to your inbox." />
          </label>
          <label>
            Link
            <input name="url" defaultValue="/inbox" />
          </label>
          <button type="submit" className="primary" disabled={broadcast.isPending}>
            {broadcast.isPending ? 'Sending…' : 'Broadcast'}
          </button>
          <p role="status" className="result">
            {delivery || broadcastOutcome(broadcast.data, broadcast.error, broadcast.variables?.name ?? workflow)}
          </p>
        </form>
      </section>
      <section className="panel" aria-labelledby="integrations-title">
        <h2 id="integrations-title">Integrations</h2>
        <p className="lede">Email and SMS have one primary integration each (operation 2).</p>
        <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Channel</th>
              <th scope="col">State</th>
              <th scope="col">
                <span className="visually-hidden">Action</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {integrations.rows.map((i) => (
              <tr key={i.id}>
                <td>{i.name}</td>
                <td>{i.channel}</td>
                <td>{i.primary ? 'Primary' : i.active ? 'Active' : 'Inactive'}</td>
                <td>
                  {(i.channel === 'email' || i.channel === 'sms') && !i.primary && (
                    <button type="button" onClick={() => setPrimary.mutate({ integrationId: i.id }, { onSettled: load })}>
                      Make {i.name} primary
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        </div>
        {integrations.note && <p className="note">{integrations.note} Making an integration primary still works by id through the kit.</p>}
        {setPrimary.error && <p role="alert">{setPrimary.error.message}</p>}
      </section>
    </>
  );
}

/** The page's colour scheme, remembered; the inbox follows the page's (its default, `inherit`). */
function useScheme(): ['light' | 'dark', () => void] {
  const [scheme, setScheme] = useState<'light' | 'dark'>(() => (localStorage.getItem('demo-scheme') === 'dark' ? 'dark' : 'light'));
  useEffect(() => {
    document.documentElement.dataset.scheme = scheme;
    localStorage.setItem('demo-scheme', scheme);
  }, [scheme]);
  return [scheme, () => setScheme((current) => (current === 'dark' ? 'light' : 'dark'))];
}

function Shell({ me, children, path, navigate }: { me: Me; children: ReactNode; path: string; navigate: (path: string) => void }) {
  const [scheme, toggleScheme] = useScheme();
  // Where the menu does not fit its line (enlarged text on a narrow screen) it scrolls sideways: keep the current page's item in view.
  const nav = useRef<HTMLElement>(null);
  useEffect(() => {
    nav.current?.querySelector('[aria-current="page"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [path]);
  const follow = (event: MouseEvent<HTMLAnchorElement>, to: string) => {
    if (event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    navigate(to);
  };
  const switchUser = async (subscriberId: string) => {
    await fetch('/api/demo/session', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ subscriberId }) });
    location.reload();
  };
  return (
    <>
      <header className="topbar">
        <a className="brand" href="/" onClick={(e) => follow(e, '/')}>
          <span className="brand-mark" aria-hidden="true">◆</span> Acme<span className="brand-rest"> Analytics</span>
        </a>
        <nav aria-label="Main" ref={nav}>
          {PAGES.map((page) => (
            <a key={page.path} href={page.path} aria-current={path === page.path ? 'page' : undefined} onClick={(e) => follow(e, page.path)}>
              {page.label}
            </a>
          ))}
        </nav>
        <div className="tools">
          <button type="button" className="scheme" aria-label="Dark mode" title="Dark mode" aria-pressed={scheme === 'dark'} onClick={toggleScheme}>
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
              <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" fill={scheme === 'dark' ? 'currentColor' : 'none'} stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
            </svg>
          </button>
          <Inbox toasts titleBadge onNavigate={(url) => (url.startsWith('/') ? navigate(url) : location.assign(url))} />
          <label className="user">
            <span className="visually-hidden">Signed in as</span>
            <select value={me.subscriberId} onChange={(e) => void switchUser(e.target.value)}>
              {me.people.map((p) => (
                <option key={p.subscriberId} value={p.subscriberId}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        </div>
      </header>
      <main className="content">{children}</main>
    </>
  );
}

function App() {
  const [me, setMe] = useState<Me | null>(null);
  const [error, setError] = useState('');
  const [path, navigate] = usePath();
  useEffect(() => {
    fetch('/api/demo/me')
      .then(async (r) => setMe((await r.json()) as Me))
      .catch((e: unknown) => setError(String(e)));
  }, []);
  if (error) return <p role="alert">The demo server did not answer: {error}</p>;
  if (!me) return <p className="loading">Loading…</p>;
  const page =
    path === '/inbox' ? (
      <>
        <h1>Inbox</h1>
        <Inbox variant="embedded" hideTitle onNavigate={(url) => (url.startsWith('/') ? navigate(url) : location.assign(url))} tabs={[{ id: 'billing', label: 'Billing', filter: { tags: ['billing'] } }]} />
      </>
    ) : path === '/preferences' ? (
      <>
        <h1>Notification preferences</h1>
        <PreferencesPanel hideTitle />
      </>
    ) : path === '/admin' ? (
      <Admin service={me.service} />
    ) : path === '/' ? (
      <Dashboard me={me} />
    ) : (
      <Followed path={path} navigate={navigate} />
    );
  return (
    <InboxProvider baseUrl="/api/inbox" subscriberId={me.subscriberId} pollInterval={3_000}>
      <Shell me={me} path={path} navigate={navigate}>
        {page}
      </Shell>
    </InboxProvider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
