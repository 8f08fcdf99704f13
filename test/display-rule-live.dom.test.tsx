/**
 * One display rule for every text that leaves the kit (DESIGN.md, security model): a notification's
 * subject and content, filled to hurt and sent through the socket, reach the toasts, the page's title
 * and the desktop notifications (the `Notification` constructor, recorded) with no character that
 * reorders what follows, no more combining marks in a row than the rule keeps, and no longer than the
 * page shows them. The service refuses a body over 100,000 bytes, so a short broadcast's frame is
 * filled on its way, as a service (or whatever stands between) could send it.
 */
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Inbox, PreferencesPanel } from 'inbox-kit';
import { HOSTILE, REORDERING, STACKED } from './helpers/hostile-text';
import { ServiceSocket } from './helpers/service-socket';
import { behindProxy, inboxWrapper, setupMockService } from './helpers/inbox';

const service = setupMockService();
const base = behindProxy(service, { applicationIdentifier: service.applicationIdentifier, socketUrl: 'ws://socket.test/socket', socketType: 'cloud' });

/** The browser's notifications, recorded: what the OS would be handed. */
class RecordingNotification {
  static permission: NotificationPermission = 'granted';
  static requestPermission = async (): Promise<NotificationPermission> => 'granted';
  static shown: { title: string; body: string }[] = [];
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    RecordingNotification.shown.push({ title, body: options?.body ?? '' });
  }
  close() {}
}

/** Each short text a broadcast carries, and the hostile one its socket frame carries instead. */
const swaps = new Map<string, string>();

/** The service's socket, its frames' texts swapped (see `swaps`) before the page hears them. */
class HostileSocket extends ServiceSocket {
  constructor(url: string | URL) {
    super(url);
    let heard: ((event: MessageEvent) => void) | null = null;
    Object.defineProperty(this, 'onmessage', {
      get: () => heard,
      set: (handler: ((event: MessageEvent) => void) | null) => {
        heard = handler && ((event) => handler(new MessageEvent('message', { data: swapped(String(event.data)) })));
      },
    });
  }
}
const swapped = (frame: string) => [...swaps].reduce((text, [short, hostile]) => text.replaceAll(JSON.stringify(short), JSON.stringify(hostile)), frame);

/** A broadcast straight to the service's REST API, as an app's server sends one. */
async function broadcast(title: string, body: string) {
  const answer = await service.handle(
    new Request(`${service.baseUrl}/v1/events/trigger/broadcast`, {
      method: 'POST',
      headers: { Authorization: `ApiKey ${service.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'product-announcement', payload: { title, body } }),
    }),
  );
  expect(answer.ok).toBe(true);
}

const vectors = Object.entries(HOSTILE).map(([name, text], index) => ({ name, short: [`S${index}`, `C${index}`] as const, subject: `S${index} ${text}`, content: `C${index} ${text}` }));
for (const { short, subject, content } of vectors) {
  swaps.set(short[0], subject);
  swaps.set(short[1], content);
}
/** What each part showed of each vector: the toast's subject and content, the desktop's title and body. */
const toasts = new Map<string, { subject: string; content: string }>();
const desktop = new Map<string, { title: string; body: string }>();
const titles: string[] = [];
const hidden = (on: boolean) => Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => (on ? 'hidden' : 'visible') });

beforeAll(async () => {
  service.reset();
  document.title = 'Dashboard';
  ServiceSocket.service = service;
  vi.stubGlobal('WebSocket', HostileSocket);
  vi.stubGlobal('Notification', RecordingNotification);
  const user = userEvent.setup();
  const { Wrapper } = inboxWrapper(service, { baseUrl: base, realtime: true });
  render(
    <>
      <Inbox toasts titleBadge />
      <PreferencesPanel />
    </>,
    { wrapper: Wrapper },
  );
  await waitFor(() => expect(ServiceSocket.open.size).toBe(1));
  // The reader turns desktop notifications on, in the preferences.
  await user.click(await screen.findByRole('switch', { name: /Show on desktop/ }));
  await waitFor(() => expect(screen.getByRole('switch', { name: /Show on desktop/ })).toHaveAttribute('aria-checked', 'true'));

  // The page in view: each arrives as a toast.
  hidden(false);
  for (const { short, subject } of vectors) {
    await act(() => broadcast(...short));
    const toast = await waitFor(() => {
      const found = [...document.querySelectorAll('[data-inbox-slot="arrival"]')].find((element) => element.querySelector('[data-inbox-slot="item-subject"]')?.textContent?.startsWith(subject.slice(0, 3)));
      if (!found) throw new Error(`no toast of ${subject.slice(0, 3)}`);
      return found;
    });
    toasts.set(subject, { subject: toast.querySelector('[data-inbox-slot="item-subject"]')?.textContent ?? '', content: toast.querySelector('[data-inbox-slot="item-content"]')?.textContent ?? '' });
    titles.push(document.title);
  }
  // In another tab: each goes to the desktop.
  hidden(true);
  for (const { short, subject } of vectors) {
    await act(() => broadcast(...short));
    const shown = await waitFor(() => {
      const found = RecordingNotification.shown.find((notification) => notification.title.startsWith(subject.slice(0, 3)));
      if (!found) throw new Error(`no desktop notification of ${subject.slice(0, 3)}`);
      return found;
    });
    desktop.set(subject, shown);
  }
}, 60_000);

afterAll(() => {
  Reflect.deleteProperty(document, 'visibilityState');
  for (const socket of ServiceSocket.open) socket.close();
  vi.unstubAllGlobals();
});

describe.each(vectors)('$name, through the socket', ({ subject }) => {
  it('the toast shows it by the display rule', () => {
    const shown = toasts.get(subject);
    expect(shown).toBeDefined();
    for (const text of [shown?.subject ?? '', shown?.content ?? '']) {
      expect(text).not.toMatch(REORDERING);
      expect(text).not.toMatch(STACKED);
      // The page's longest shown text (a subject of 200, a content of 300, and "…").
      expect(text.length).toBeLessThanOrEqual(301);
    }
  });

  it('the page’s title holds only the count before its own', () => {
    for (const title of titles) expect(title).toMatch(/^\(\d+\+?\) Dashboard$/);
  });

  it('is shown on the desktop while the page is hidden', () => {
    expect(desktop.get(subject)?.title.startsWith(subject.slice(0, 3))).toBe(true);
  });

  it('the desktop notification follows the display rule: no reordering character, marks and length bounded as the page shows them', () => {
    const shown = desktop.get(subject);
    const page = toasts.get(subject);
    expect(shown?.title).not.toMatch(REORDERING);
    expect(shown?.body).not.toMatch(REORDERING);
    expect(shown?.title).not.toMatch(STACKED);
    expect(shown?.body).not.toMatch(STACKED);
    expect(shown?.title.length).toBeLessThanOrEqual(page?.subject.length ?? 0);
    expect(shown?.body.length).toBeLessThanOrEqual(page?.content.length ?? 0);
  });
});
