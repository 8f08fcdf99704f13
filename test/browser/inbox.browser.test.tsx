import axe from 'axe-core';
import { createPortal } from 'react-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';
import { Inbox, NotificationItem, PreferencesPanel } from 'inbox-kit';
import { mount, serviceWithClient, unmount, waitFor } from './harness';

afterEach(() => unmount());

async function axeViolations(context: Element) {
  const result = await axe.run(context, { resultTypes: ['violations'] });
  const violations = result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  return [...violations, ...unmarked(context)];
}

/**
 * Elements the kit drew without data-inbox-slot, which its CSS keys on: they would get the
 * browser's and the host's styles (a `<p>` its margins, a `button` the host's look).
 */
function unmarked(context: Element) {
  return [...context.querySelectorAll('button, a, h2, h3, h4, h5, p, ul, svg')]
    .filter((element) => !element.closest('[data-inbox-slot="custom-row"]') && !element.hasAttribute('data-inbox-slot'))
    .map((element) => `unmarked: ${element.outerHTML.slice(0, 80)}`);
}

describe('<Inbox /> in Chromium', () => {
  it('opens from the keyboard, moves focus in and back, and passes axe in light and dark', async () => {
    const { client } = serviceWithClient();
    await page.viewport(1000, 800);
    for (const colorScheme of ['light', 'dark'] as const) {
      const host = mount(
        <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, color: 'rgb(20, 30, 40)' }}>
          <Inbox colorScheme={colorScheme} />
        </div>,
        client,
      );
      const bell = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
      await waitFor(() => bell.getAttribute('aria-label')?.includes('unread'));
      // The bell sits in the host's header: it keeps the host's text color in either scheme (a dark
      // scheme's light bell would vanish from a light header).
      expect(getComputedStyle(bell).color).toBe('rgb(20, 30, 40)');
      bell.focus();
      await userEvent.keyboard('{Enter}');
      const dialog = await waitFor(() => host.querySelector<HTMLElement>('[role="dialog"]'));
      expect(document.activeElement).toBe(dialog);
      await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length > 5);
      const box = dialog.getBoundingClientRect();
      expect(box.right).toBeLessThanOrEqual(window.innerWidth);
      expect(box.left).toBeGreaterThanOrEqual(0);
      await page.screenshot({ path: `../../test-results/screenshots/inbox-${colorScheme}.png` });
      expect(await axeViolations(host)).toEqual([]);
      await userEvent.keyboard('{Escape}');
      await waitFor(() => !host.querySelector('[role="dialog"]'));
      expect(document.activeElement).toBe(bell);
    }
  });

  it('right to left, embedded, and the preferences panel', async () => {
    const { client } = serviceWithClient();
    await page.viewport(480, 900);
    const host = mount(<Inbox variant="embedded" dir="rtl" locale="ar" labels={{ title: 'الإشعارات' }} />, client, 'sub_layla');
    await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length > 3);
    await page.screenshot({ path: '../../test-results/screenshots/inbox-rtl.png' });
    expect(await axeViolations(host)).toEqual([]);
    unmount();
    const prefs = mount(<PreferencesPanel />, client);
    await waitFor(() => prefs.querySelectorAll('[role="switch"]').length > 3);
    await page.screenshot({ path: '../../test-results/screenshots/preferences.png' });
    expect(await axeViolations(prefs)).toEqual([]);
  });
});

describe('relative times in the locale\'s direction', () => {
  it('an English time in a right-to-left inbox reads "2 minutes ago", not "minutes ago 2"', async () => {
    const { client } = serviceWithClient();
    await page.viewport(480, 900);
    const host = mount(<Inbox variant="embedded" dir="rtl" locale="en" />, client);
    const time = await waitFor(() => [...host.querySelectorAll('time')].find((element) => /^\d+ \w+ ago$/.test(element.textContent ?? '')));
    const text = time.firstChild as Text;
    const box = (start: number, end: number) => {
      const range = document.createRange();
      range.setStart(text, start);
      range.setEnd(text, end);
      return range.getBoundingClientRect();
    };
    const length = text.data.length;
    // Read left to right: the number is drawn left of "ago".
    expect(box(0, 1).left).toBeLessThan(box(length - 3, length).left);
  });
});

describe('axe in every state, light and dark', () => {
  it('loading, error, empty, list, preferences and read-only preferences', async () => {
    await page.viewport(800, 800);
    for (const colorScheme of ['light', 'dark'] as const) {
      // Error, then loading on retry.
      const failing = serviceWithClient({ faults: { errorRate: 1, errorStatus: 503 } });
      let host = mount(<Inbox variant="embedded" colorScheme={colorScheme} />, failing.client);
      expect(await axeViolations(host), `loading ${colorScheme}`).toEqual([]);
      await waitFor(() => host.querySelector('[data-inbox-slot="feed-error"]'));
      expect(await axeViolations(host), `error ${colorScheme}`).toEqual([]);

      // Empty.
      const empty = serviceWithClient({ messages: 0 });
      host = mount(<Inbox variant="embedded" colorScheme={colorScheme} />, empty.client);
      await waitFor(() => host.querySelector('[data-inbox-slot="feed-empty"]'));
      expect(await axeViolations(host), `empty ${colorScheme}`).toEqual([]);

      // Read-only preferences, after a refused change.
      const locked = serviceWithClient({ preferenceUpdates: false });
      host = mount(<PreferencesPanel colorScheme={colorScheme} />, locked.client);
      const email = await waitFor(() => host.querySelector<HTMLButtonElement>('[role="switch"]'));
      email.click();
      await waitFor(() => host.querySelector('[data-inbox-slot="preferences-readonly"]'));
      expect(await axeViolations(host), `read-only preferences ${colorScheme}`).toEqual([]);
      if (colorScheme === 'dark') await page.screenshot({ path: '../../test-results/screenshots/preferences-readonly-dark.png' });
    }
  });
});

describe('popover placement', () => {
  it.each([
    ['bottom right', { right: 4, bottom: 4 }],
    ['top left', { left: 4, top: 4 }],
    ['bottom left, narrow screen', { left: 4, bottom: 4 }],
    ['top left, right to left', { left: 4, top: 4 }],
    ['top right, right to left', { right: 4, top: 4 }],
    ['top left, a wide popover of the app’s', { left: 4, top: 4 }],
    ['top right, a wide popover of the app’s, narrow screen', { right: 4, top: 4 }],
    ['top right, opened by the app (defaultOpen)', { right: 4, top: 4 }],
    ['top left, a popover as wide as its content', { left: 4, top: 4 }],
    ['near the middle, narrow screen (the popover slides back from the edge)', { left: 150, top: 4 }],
  ])('stays inside the viewport with the bell at the %s', async (name, corner) => {
    const { client } = serviceWithClient();
    await page.viewport(name.includes('narrow') ? 360 : 1000, 700);
    const host = mount(
      <div style={{ position: 'fixed', ...corner }}>
        <style>{"[data-inbox-root] [data-inbox-slot='popover'].wide-popover { width: 700px; } [data-inbox-root] [data-inbox-slot='popover'].content-popover { width: fit-content; }"}</style>
        <Inbox
          dir={name.includes('right to left') ? 'rtl' : 'ltr'}
          defaultOpen={name.includes('defaultOpen')}
          classNames={name.includes('wide popover') ? { popover: 'wide-popover' } : name.includes('content') ? { popover: 'content-popover' } : undefined}
        />
      </div>,
      client,
    );
    const bell = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
    if (!name.includes('defaultOpen')) bell.click();
    const dialog = await waitFor(() => host.querySelector<HTMLElement>('[role="dialog"]'));
    await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length > 0);
    const box = dialog.getBoundingClientRect();
    expect(box.left).toBeGreaterThanOrEqual(8);
    expect(box.top).toBeGreaterThanOrEqual(0);
    expect(box.right).toBeLessThanOrEqual(window.innerWidth - 8);
    expect(box.bottom).toBeLessThanOrEqual(window.innerHeight);
    const bellBox = bell.getBoundingClientRect();
    // Lined up with the bell on its side of the page (a bell on the right holds the popover's end
    // edge, one on the left its start edge), unless that would put it past the viewport's margin,
    // where it stops at the margin.
    if (bellBox.left + bellBox.right > window.innerWidth) {
      const end = Math.min(bellBox.right, window.innerWidth - 8);
      if (end - box.width < 8) expect(box.left).toBeCloseTo(8, 0);
      else expect(box.right).toBeCloseTo(end, 0);
    } else {
      const start = Math.max(8, bellBox.left);
      if (start + box.width > window.innerWidth - 8) expect(box.right).toBeCloseTo(window.innerWidth - 8, 0);
      else expect(box.left).toBeCloseTo(start, 0);
    }
    if (name.includes('wide popover')) expect(box.width).toBe(name.includes('narrow') ? window.innerWidth - 16 : 700);
    // A popover as wide as its content is not squeezed by where it is placed.
    if (name.includes('content')) expect(box.width).toBeGreaterThan(300);
    // It does not cover the bell: above it or below it.
    expect(box.bottom <= bellBox.top || box.top >= bellBox.bottom).toBe(true);
    await page.screenshot({ path: `../../test-results/screenshots/placement-${name.replace(/[^a-z]+/g, '-')}.png` });
  });
});

describe('the kit’s CSS and yours', () => {
  it('styles only the kit’s own elements: custom content keeps the host’s styles, and host element rules do not reach the kit', async () => {
    const { client } = serviceWithClient();
    await page.viewport(800, 800);
    // A host with global element rules, and shadcn/ui-style components (which mark themselves with
    // data-slot="button", "badge", "avatar", the names a kit might use) inside renderItem and renderAvatar.
    const style = document.createElement('style');
    style.textContent = `
      button { background: rgb(255, 105, 180); border-radius: 8px; text-transform: uppercase; min-width: 120px; padding: 3px 9px; }
      a { font-weight: 900; text-decoration: underline; }
      svg { width: 100px; height: 100px; }
      ul { list-style: square; }
      .host-badge { display: inline-block; padding: 2px 6px; }
    `;
    document.head.append(style);
    try {
      const host = mount(
        <Inbox
          variant="embedded"
          renderItem={(n) => (
            <div className="host-item">
              <span data-slot="badge" className="host-badge">{n.isRead ? 'Read' : 'New'}</span>
              <button type="button" data-slot="button">Open</button>
              <ul><li>{n.body}</li></ul>
            </div>
          )}
        />,
        client,
      );
      const tab = await waitFor(() => host.querySelector<HTMLElement>('[data-inbox-slot="tab"]'));
      const custom = await waitFor(() => host.querySelector<HTMLElement>('.host-item'));

      // Your content inside the kit: the host's rules apply, the kit's do not.
      const badge = getComputedStyle(custom.querySelector('.host-badge')!);
      expect(badge.position).toBe('static');
      expect(badge.backgroundColor).toBe('rgba(0, 0, 0, 0)');
      const button = getComputedStyle(custom.querySelector('button')!);
      expect(button.backgroundColor).toBe('rgb(255, 105, 180)');
      expect(button.paddingLeft).toBe('9px');
      expect(getComputedStyle(custom.querySelector('ul')!).listStyleType).toBe('square');

      // The kit's own elements: the host's element rules do not reach them.
      const tabStyle = getComputedStyle(tab);
      expect(tabStyle.backgroundColor).toBe('rgba(0, 0, 0, 0)');
      expect(tabStyle.borderTopLeftRadius).toBe('0px');
      expect(tabStyle.textTransform).toBe('none');
      expect(tabStyle.minWidth).toBe('0px');
      expect(tabStyle.paddingTop, 'the part rules outrank the kit’s own resets').toBe('8px');
      const icon = host.querySelector<SVGElement>('[data-inbox-slot="icon-button"] svg')!;
      expect(icon.getBoundingClientRect().width).toBe(20);
      expect(unmarked(host)).toEqual([]);


      // A custom avatar in the default item.
      const withAvatar = mount(<Inbox variant="embedded" renderAvatar={(n) => <span data-slot="avatar" className="host-avatar">{n.subject?.slice(0, 1)}</span>} />, client);
      const avatar = await waitFor(() => withAvatar.querySelector<HTMLElement>('.host-avatar'));
      expect(getComputedStyle(avatar).borderTopLeftRadius).toBe('0px');
      expect(getComputedStyle(avatar).backgroundColor).toBe('rgba(0, 0, 0, 0)');
    } finally {
      style.remove();
    }
  });
});

describe('<PreferencesPanel hideTitle />', () => {
  it('hides its heading from view under a page’s own, and keeps it as the panel’s name', async () => {
    const { client } = serviceWithClient();
    const visibleHeight = async (hideTitle: boolean) => {
      const host = mount(<PreferencesPanel hideTitle={hideTitle} headingLevel={3} />, client);
      const region = await waitFor(() => host.querySelector<HTMLElement>('section[aria-labelledby]'));
      const title = document.getElementById(region.getAttribute('aria-labelledby') ?? '');
      expect(title?.tagName).toBe('H3');
      expect(title?.textContent).toBe('Preferences');
      return title?.getBoundingClientRect().height;
    };
    expect(await visibleHeight(false)).toBeGreaterThan(10);
    expect(await visibleHeight(true)).toBeLessThanOrEqual(1);
  });
});

describe('preferences inside the popover', () => {
  it('are padded like the feed and scroll when they are longer than the popover', async () => {
    const { client } = serviceWithClient();
    await page.viewport(1000, 560);
    const host = mount(
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <Inbox />
      </div>,
      client,
    );
    const bell = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
    bell.click();
    const open = await waitFor(() => host.querySelector<HTMLButtonElement>('[aria-label="Notification preferences"]'));
    open.click();
    const panel = await waitFor(() => host.querySelector<HTMLElement>('[role="dialog"] [data-inbox-slot="preferences"]'));
    await waitFor(() => panel.querySelectorAll('[role="switch"]').length > 10);
    const dialog = host.querySelector<HTMLElement>('[role="dialog"]')!;
    const firstSwitch = panel.querySelector('[role="switch"]')!;
    // Inset from the popover's edge, as the feed's rows are.
    expect(firstSwitch.getBoundingClientRect().left - dialog.getBoundingClientRect().left).toBeGreaterThanOrEqual(12);
    // The last workflow can be scrolled into view inside the popover.
    expect(panel.scrollHeight).toBeGreaterThan(panel.clientHeight);
    const last = [...panel.querySelectorAll('[role="switch"]')].at(-1)!;
    panel.scrollTop = panel.scrollHeight;
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(last.getBoundingClientRect().bottom).toBeLessThanOrEqual(dialog.getBoundingClientRect().bottom);
    await page.screenshot({ path: '../../test-results/screenshots/preferences-in-popover.png' });
  });
});

describe('the keyboard between notifications, in Chromium', () => {
  it('in the open popover the arrows and Page Down / Page Up move between notifications, without scrolling the list themselves; a row’s menu keeps its arrows; axe passes', async () => {
    const { client } = serviceWithClient();
    await page.viewport(1000, 800);
    const host = mount(
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
        <Inbox />
      </div>,
      client,
    );
    const bell = await waitFor(() => host.querySelector<HTMLButtonElement>('[data-inbox-slot="bell"]'));
    bell.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await waitFor(() => host.querySelector<HTMLElement>('[role="dialog"]'));
    await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length > 5);
    // The rows' actions are drawn: the menus' chunk, which hears the keys, is here.
    await waitFor(() => host.querySelector('[data-inbox-slot="tool"]'));
    const scroller = host.querySelector<HTMLElement>('[data-inbox-slot="feed-scroll"]')!;
    const focused = () => document.activeElement?.closest('[data-inbox-slot="item"]')?.getAttribute('aria-posinset');
    expect(document.activeElement).toBe(dialog);

    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => focused() === '1');
    expect(document.activeElement?.getAttribute('data-inbox-slot')).toBe('item-main');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => focused() === '2');
    // The key moved focus only: the browser did not scroll the list by a line as well.
    expect(scroller.scrollTop).toBe(0);
    await userEvent.keyboard('{PageDown}');
    await waitFor(() => focused() === '3');
    await userEvent.keyboard('{ArrowUp}');
    await waitFor(() => focused() === '2');
    await userEvent.keyboard('{PageUp}');
    await waitFor(() => focused() === '1');
    expect(await axeViolations(host)).toEqual([]);

    // The snooze menu of the second row: its arrows move between its items, and the row keeps focus.
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => focused() === '2');
    await userEvent.keyboard('s');
    const menu = await waitFor(() => host.querySelector<HTMLElement>('[role="menu"]'));
    const items = [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')];
    await waitFor(() => document.activeElement === items[0]);
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(items[1]);
    await userEvent.keyboard('{ArrowUp}');
    expect(document.activeElement).toBe(items[0]);
    expect(menu.isConnected).toBe(true);
    await userEvent.keyboard('{Escape}');
    await waitFor(() => focused() === '2');
    expect(dialog.isConnected).toBe(true);
  });

  it('the keys are heard after the app’s own onKeyDown on <Inbox> (its preventDefault holds), and not from a dialog a row portals out of the inbox', async () => {
    const { client } = serviceWithClient();
    const heard: string[] = [];
    const host = mount(
      <Inbox
        variant="embedded"
        onKeyDown={(event) => {
          heard.push(event.key);
          if (event.key === 'PageDown') event.preventDefault();
        }}
        renderItem={(notification, index) => (
          <div>
            <NotificationItem notification={notification} />
            {index === 0 &&
              createPortal(
                <div role="dialog" aria-label="Note" data-note="">
                  <button type="button">Save note</button>
                </div>,
                document.body,
              )}
          </div>
        )}
      />,
      client,
    );
    await waitFor(() => host.querySelectorAll('[data-inbox-slot="item"]').length > 5);
    await waitFor(() => host.querySelector('[data-inbox-slot="tool"]'));
    const mains = () => [...host.querySelectorAll<HTMLElement>('[data-inbox-slot="item-main"]')];
    const focused = () => document.activeElement?.closest('[data-inbox-slot="item"]')?.getAttribute('aria-posinset');
    mains()[0]!.focus();
    await userEvent.keyboard('{PageDown}');
    expect(focused()).toBe('1');
    await userEvent.keyboard('{ArrowDown}');
    await waitFor(() => focused() === '2');
    expect(heard).toEqual(['PageDown', 'ArrowDown']);

    // The portal's content is React's to remove at unmount.
    const save = document.querySelector<HTMLElement>('[data-note] button')!;
    save.focus();
    await userEvent.keyboard('{ArrowDown}{PageDown}');
    expect(document.activeElement).toBe(save);
  });
});

