/** Notification content built to hurt: a huge unbroken word, characters that reorder text, icon names from Object.prototype. */
import { afterEach, expect, it } from 'vitest';
import { userEvent } from 'vitest/browser';
import { Inbox } from 'inbox-kit';
import { mount, serviceWithClient, unmount, waitFor } from './harness';

afterEach(() => unmount());

// On v2 and on a v1-only service; only v1 names a system icon.
it.each(['auto', 'v1'] as const)('a 95,000-character word, a right-to-left override and a __proto__ icon (%s): shown fast, in order, and whole on request', async (api) => {
  const { client, service } = serviceWithClient({ api });
  const ada = service.data.subscribers.find((s) => s.subscriberId === 'sub_ada')?._id;
  const [first, second] = service.data.messages.filter((m) => m._subscriberId === ada).sort((a, b) => (b.createdAt > a.createdAt ? 1 : -1));
  if (!first || !second) throw new Error('no messages');
  const word = 'x'.repeat(95_000);
  Object.assign(first, { content: word, subject: 'Your file invoice\u202Efdp.exe is ready' });
  Object.assign(second, { actor: { type: 'system_icon', data: '__proto__' } });

  const started = performance.now();
  const host = mount(<Inbox defaultOpen />, client);
  const item = await waitFor(() => [...host.querySelectorAll<HTMLElement>('[data-inbox-slot="item"]')].find((element) => element.textContent?.includes('invoice')));
  // Laid out (the line breaking the long word needs) within a fraction of a second, not 15 s.
  item.getBoundingClientRect();
  expect(performance.now() - started).toBeLessThan(1_000);

  // An icon named after Object.prototype draws the default icon, not a broken path.
  if (api === 'v1') {
    const icons = [...host.querySelectorAll('[data-inbox-slot="avatar"][data-icon="__proto__"] path')];
    expect(icons.length).toBe(1);
    expect(icons[0]?.getAttribute('d')).toMatch(/^M/);
  }
  // The override is gone: the name reads in the order it was written.
  expect(item.textContent).not.toContain('\u202E');
  expect(item.querySelector('[data-inbox-slot="item-subject"]')?.textContent).toBe('Your file invoicefdp.exe is ready');
  // A short part of the word is shown, and a button shows more.
  const content = item.querySelector('[data-inbox-slot="item-content"]') as HTMLElement;
  expect(content.textContent?.length).toBeLessThan(400);
  const more = item.querySelector<HTMLButtonElement>('[data-inbox-slot="item-more"]');
  expect(more?.textContent).toBe('Show more');
  expect(more?.getAttribute('aria-expanded')).toBe('false');
  await userEvent.click(more as HTMLButtonElement);
  expect(more?.getAttribute('aria-expanded')).toBe('true');
  expect(content.textContent?.length).toBeGreaterThan(10_000);
  expect(content.getBoundingClientRect().width).toBeLessThanOrEqual(item.getBoundingClientRect().width);

});
