/** How the kit looks and behaves in a real page: the badge, the host's colour scheme, following a link. */
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Inbox, NotificationItem, PreferencesPanel } from 'inbox-kit';
import { mount, serviceWithClient, unmount, waitFor } from './harness';

afterEach(() => unmount());

const rgb = (element: Element, property: string) => getComputedStyle(element).getPropertyValue(property);

describe('the bell and its badge', () => {
  it.each([
    ['light header', '#ffffff', '#111827'],
    ['dark header', '#0f172a', '#e5e7eb'],
  ])('is a small pill on the bell’s top-right corner, ringed with the header’s colour, “99+” included (%s)', async (name, background, color) => {
    const { client, service } = serviceWithClient({ messages: 150 });
    for (const message of service.data.messages) message.read = false;
    await page.viewport(480, 200);
    const host = mount(
      <header style={{ display: 'flex', justifyContent: 'flex-end', padding: 24, background, color, ['--inbox-badge-ring' as string]: background }}>
        <Inbox />
      </header>,
      client,
    );
    const badge = await waitFor(() => host.querySelector<HTMLElement>('[data-inbox-slot="badge"]'));
    await waitFor(() => badge.textContent === '99+');
    const bell = host.querySelector('[data-inbox-slot="bell"]')?.getBoundingClientRect();
    const icon = host.querySelector('[data-inbox-slot="bell"] svg')?.getBoundingClientRect();
    const pill = badge.getBoundingClientRect();
    if (!bell || !icon) throw new Error('no bell');
    // On the corner: starting right of the icon's middle, ending above its middle.
    expect(pill.left).toBeGreaterThanOrEqual(icon.left + icon.width / 2);
    expect(pill.bottom).toBeLessThanOrEqual(icon.top + icon.height / 2 + 1);
    // Small: it covers at most a quarter of the icon, and stays inside the button's hit area.
    const overlap = Math.max(0, Math.min(pill.right, icon.right) - Math.max(pill.left, icon.left)) * Math.max(0, Math.min(pill.bottom, icon.bottom) - Math.max(pill.top, icon.top));
    expect(overlap / (icon.width * icon.height)).toBeLessThanOrEqual(0.25);
    expect(pill.height).toBeLessThanOrEqual(17);
    expect(pill.top).toBeGreaterThanOrEqual(bell.top);
    // Its ring is the header's background.
    expect(rgb(badge, 'box-shadow')).toContain(background === '#ffffff' ? 'rgb(255, 255, 255)' : 'rgb(15, 23, 42)');
    await page.screenshot({ path: `../../test-results/screenshots/badge-${name.replace(' ', '-')}.png`, element: host });
  });
});

describe('colour scheme', () => {
  it('follows the colour scheme the host declares by default, and a fixed one when asked', async () => {
    const { client } = serviceWithClient();
    await page.viewport(900, 700);
    const host = mount(
      <div>
        <div id="light-host">
          <Inbox variant="embedded" />
        </div>
        <div id="dark-host" style={{ colorScheme: 'dark' }}>
          <Inbox variant="embedded" />
        </div>
        <div id="forced" style={{ colorScheme: 'dark' }}>
          <Inbox variant="embedded" colorScheme="light" />
        </div>
      </div>,
      client,
    );
    const panel = (id: string) => host.querySelector(`#${id} [data-inbox-slot="panel"]`) as Element;
    await waitFor(() => panel('light-host') && panel('dark-host'));
    // A page that declares no scheme is light, whatever the reader's system says.
    expect(rgb(panel('light-host'), 'background-color')).toBe('rgb(255, 255, 255)');
    expect(rgb(panel('dark-host'), 'background-color')).toBe('rgb(17, 19, 24)');
    expect(rgb(panel('forced'), 'background-color')).toBe('rgb(255, 255, 255)');
    // The host switches its scheme (a theme toggle on an ancestor): the inbox follows.
    (host.querySelector('#light-host') as HTMLElement).style.colorScheme = 'dark';
    (host.querySelector('#dark-host') as HTMLElement).style.colorScheme = 'light';
    await waitFor(() => rgb(panel('light-host'), 'background-color') === 'rgb(17, 19, 24)');
    await waitFor(() => rgb(panel('dark-host'), 'background-color') === 'rgb(255, 255, 255)');
    expect(rgb(panel('forced'), 'background-color')).toBe('rgb(255, 255, 255)');
  });
});

describe('following a notification', () => {
  it('closes the popover and gives focus back to the bell', async () => {
    const { client } = serviceWithClient();
    await page.viewport(1000, 800);
    const followed: string[] = [];
    const host = mount(
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <Inbox onNavigate={(url) => followed.push(url)} />
      </div>,
      client,
    );
    const bell = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const link = await waitFor(() => host.querySelector<HTMLAnchorElement>('[role="dialog"] a[data-inbox-slot="item-main"][href^="/"]'));
    await userEvent.click(link);
    await waitFor(() => !host.querySelector('[role="dialog"]'));
    expect(followed).toHaveLength(1);
    await waitFor(() => document.activeElement === bell);
  });
});

describe('the inbox as a page', () => {
  it.each(['light', 'dark'] as const)('an empty inbox shows an illustration and a helpful line per tab (%s, 375 px)', async (scheme) => {
    const { client } = serviceWithClient();
    await page.viewport(375, 640);
    const host = mount(
      <div style={{ colorScheme: scheme, background: scheme === 'dark' ? '#0b0d12' : '#f9fafb', padding: 12, minHeight: 600 }}>
        <h1 style={{ margin: '0 0 12px', font: '600 20px system-ui', color: scheme === 'dark' ? '#e5e7eb' : '#111827' }}>Notifications</h1>
        <Inbox variant="embedded" hideTitle />
      </div>,
      client,
      'brand-new-user',
    );
    const empty = await waitFor(() => host.querySelector('[data-inbox-slot="feed-empty"]'));
    expect(empty.querySelector('svg[data-inbox-slot="empty-illustration"]')).not.toBeNull();
    expect(empty.textContent).toContain('You’re all caught up.');
    expect(empty.textContent).toContain('New notifications will show up here.');
    // One visible heading (the page's); the inbox's names it for screen readers only.
    const heading = host.querySelector('[data-inbox-root] h2');
    expect(heading?.getAttribute('data-inbox-slot')).toBe('sr-only');
    expect(host.querySelector('[data-inbox-root] section')?.getAttribute('aria-labelledby')).toBe(heading?.id);
    await page.screenshot({ path: `../../test-results/screenshots/empty-all-${scheme}-375.png` });
    await userEvent.click(host.querySelector('[role="tab"]:nth-child(2)') as HTMLElement);
    await waitFor(() => host.querySelector('[data-inbox-slot="feed-empty"]')?.textContent?.includes('No unread notifications.'));
    expect(host.querySelector('[data-inbox-slot="feed-empty"]')?.textContent).toContain('Everything here has been read.');
  });
});

describe('embedded: the height', () => {
  it.each([
    ['alone in a box with a height', { height: 480 }, false],
    ['under a heading in a flex column with a height', { height: 480, display: 'flex', flexDirection: 'column' }, true],
    ['in a grid cell with a height', { height: 480, display: 'grid', gridTemplateRows: 'auto 1fr' }, true],
  ] as const)('fills the height its container gives it and scrolls inside (%s)', async (_, style, heading) => {
    const { client } = serviceWithClient();
    await page.viewport(1280, 800);
    const host = mount(
      <div data-testid="container" style={style}>
        {heading && <h1 style={{ margin: 0, font: '600 22px system-ui' }}>Notifications</h1>}
        <Inbox variant="embedded" hideTitle={heading} />
      </div>,
      client,
    );
    const scroll = await waitFor(() => (host.querySelectorAll('[data-inbox-slot="item"]').length > 3 ? host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]') : null));
    const container = host.querySelector('[data-testid="container"]')?.getBoundingClientRect();
    const panel = host.querySelector('[data-inbox-slot="panel"]')?.getBoundingClientRect();
    expect(Math.abs((panel?.bottom ?? 0) - (container?.bottom ?? 1))).toBeLessThan(1);
    expect(scroll.scrollHeight).toBeGreaterThan(scroll.clientHeight);
    expect(document.documentElement.scrollHeight).toBeLessThanOrEqual(window.innerHeight);
  });

  it('is no taller than its content in a box taller than that (no blank box below the last row)', async () => {
    const { client } = serviceWithClient({ messages: 2 });
    await page.viewport(1280, 800);
    const host = mount(
      <div style={{ display: 'flex', minHeight: 700 }}>
        <main style={{ flex: 1 }}>
          <h1 style={{ margin: 0 }}>Notifications</h1>
          <Inbox variant="embedded" hideTitle />
        </main>
      </div>,
      client,
    );
    await waitFor(() => host.textContent?.includes('That’s everything.'));
    const panel = host.querySelector('[data-inbox-slot="panel"]')?.getBoundingClientRect();
    const end = host.querySelector('[data-inbox-slot="feed-end"]')?.getBoundingClientRect();
    expect(Math.abs((panel?.bottom ?? 0) - (end?.bottom ?? 0))).toBeLessThan(2);
    expect(document.documentElement.scrollHeight).toBeLessThanOrEqual(window.innerHeight);
  });

  it('grows with the page when its container has no height: the page scrolls, rows stay windowed, and more load at the end', async () => {
    const { client } = serviceWithClient({ messages: 200 });
    await page.viewport(1280, 800);
    const host = mount(
      <main style={{ maxWidth: 640, margin: '0 auto', padding: 16 }}>
        <h1 style={{ font: '600 22px system-ui' }}>Notifications</h1>
        <Inbox variant="embedded" hideTitle />
      </main>,
      client,
    );
    const rows = () => host.querySelectorAll('[data-inbox-slot="item"]').length;
    const scroll = await waitFor(() => (rows() > 3 ? host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]') : null));
    // No box of its own: everything loaded is laid out in the page, and the page is what scrolls.
    await waitFor(() => document.documentElement.scrollHeight > 2 * window.innerHeight);
    expect(scroll.scrollHeight).toBe(scroll.clientHeight);
    // Not all loaded yet: the feed does not know its size.
    expect(host.querySelector('[data-inbox-slot="item"]')?.getAttribute('aria-setsize')).toBe('-1');
    // Scrolling the page to the end loads the next pages; the DOM keeps only what is near the screen.
    let most = rows();
    for (let i = 0; i < 40 && !host.textContent?.includes('That’s everything.'); i++) {
      window.scrollTo(0, document.documentElement.scrollHeight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      most = Math.max(most, rows());
    }
    expect(host.textContent).toContain('That’s everything.');
    // The last row comes into view at the page's end (rows measured as they render may move it a little first).
    await waitFor(() => {
      window.scrollTo(0, document.documentElement.scrollHeight);
      const last = host.querySelector('[data-inbox-slot="feed-row"]:last-of-type [aria-posinset="200"]');
      return last && last.getBoundingClientRect().bottom <= window.innerHeight;
    });
    most = Math.max(most, rows());
    // Windowed: a list of 200 keeps no more rows than a short list renders whole (50).
    expect(most).toBeLessThanOrEqual(50);
    // And back to the top: the first rows are rendered again where they were.
    window.scrollTo(0, 0);
    await waitFor(() => host.querySelector('[data-inbox-slot="item"]')?.getAttribute('aria-posinset') === '1');
    window.scrollTo(0, 0);
  });
});

describe('a notification on its own', () => {
  it('outside an inbox still gets the kit’s look (its own root for styles and tokens)', async () => {
    const { client } = serviceWithClient();
    const [notification] = (await client.notifications.list({ subscriberId: 'sub_ada', limit: 1 })).data;
    if (!notification) throw new Error('no notification');
    const host = mount(
      <div style={{ maxWidth: 420 }}>
        <NotificationItem notification={notification} />
      </div>,
      client,
    );
    const item = await waitFor(() => host.querySelector<HTMLElement>('article[data-inbox-slot="item"]'));
    expect(getComputedStyle(item).display).toBe('flex');
    expect(getComputedStyle(item).borderBottomStyle).toBe('solid');
    const avatar = item.querySelector('[data-inbox-slot="avatar"]') as HTMLElement;
    expect(avatar.getBoundingClientRect().width).toBe(36);
    expect(getComputedStyle(item.querySelector('[data-inbox-slot="item-toggle"]') as HTMLElement).borderRadius).toBe('999px');
  });
});

describe('right to left', () => {
  it('each text block reads in its own direction and lines up with the inbox', async () => {
    const { client } = serviceWithClient();
    await page.viewport(480, 900);
    const host = mount(<Inbox variant="embedded" dir="rtl" locale="ar" />, client, 'sub_layla');
    await waitFor(() => host.querySelectorAll('[data-inbox-slot="item-content"]').length > 10);
    const contents = [...host.querySelectorAll<HTMLElement>('[data-inbox-slot="item-content"]')];
    const latin = contents.find((element) => /^[\p{Script=Latin}\s,'’!.👍-]+$/u.test(element.textContent ?? '') || (element.textContent ?? '').startsWith('Marcus'));
    const arabic = contents.find((element) => /^[\p{Script=Arabic}\s!.،]+$/u.test(element.textContent ?? ''));
    // An English sentence in an Arabic inbox is an English line: its end punctuation stays at its end.
    const english = contents.find((element) => element.getAttribute('dir') === 'ltr');
    expect(english).toBeDefined();
    expect(latin ?? english).toBeDefined();
    if (arabic) expect(arabic.getAttribute('dir')).toBe('rtl');
    // Lined up with the inbox (right-aligned in RTL), whatever its own direction.
    const row = english?.closest('[data-inbox-slot="item-body"]')?.getBoundingClientRect();
    const box = english?.getBoundingClientRect();
    if (!row || !box || !english) throw new Error('no row');
    const range = document.createRange();
    range.selectNodeContents(english);
    const lines = [...range.getClientRects()];
    english.scrollIntoView({ block: 'center' });
    await page.screenshot({ path: '../../test-results/screenshots/rtl-mixed-480.png' });
    expect(Math.max(...lines.map((line) => line.right))).toBeGreaterThan(box.right - 2);
  });
});

describe('preferences', () => {
  it.each([
    ['light', 1280],
    ['dark', 1280],
    ['light', 375],
    ['dark', 375],
  ] as const)('a matrix when wide (a channel’s switches line up), a list when narrow (%s, %i px)', async (scheme, width) => {
    const { client } = serviceWithClient();
    await page.viewport(width, 900);
    const host = mount(
      <div style={{ colorScheme: scheme, background: scheme === 'dark' ? '#0b0d12' : '#f6f7fb', padding: 16, minHeight: 880 }}>
        <PreferencesPanel />
      </div>,
      client,
    );
    await waitFor(() => host.querySelectorAll('[role="switch"]').length > 10);
    const emailSwitches = [...host.querySelectorAll('[data-channel="email"] [role="switch"] [data-inbox-slot="switch-track"]')].map((element) => element.getBoundingClientRect());
    const centers = new Set(emailSwitches.map((rect) => Math.round(rect.left + rect.width / 2)));
    const label = host.querySelector('[data-channel="email"] [data-inbox-slot="switch-label"]') as HTMLElement;
    if (width >= 1000) {
      // Every Email switch in one column, the channel names as column heads.
      expect(centers.size).toBe(1);
      expect(label.getBoundingClientRect().width).toBeLessThanOrEqual(1);
      expect(getComputedStyle(host.querySelector('[data-inbox-slot="preference-columns"]') as Element).display).toBe('grid');
    } else {
      expect(label.getBoundingClientRect().width).toBeGreaterThan(10);
    }
    // Still each switch names its workflow and channel.
    expect(host.querySelector('[role="switch"][aria-checked]')).not.toBeNull();
    await page.screenshot({ path: `../../test-results/screenshots/preferences-${scheme}-${width}.png` });
  });
});
