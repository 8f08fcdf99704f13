import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Inbox, type InboxClassNames, type InboxProps, type PartialLabels } from 'inbox-kit';
import { DocsBox } from './docs-box';
import { withService } from './support';
import { typeSummary } from './type-summary';

/**
 * The notification center. Inside `<InboxProvider>`, `<Inbox />` alone gives
 * a bell with an unread badge that opens the inbox; `variant="embedded"` puts
 * it in the page. Every story runs against its own reference service.
 */
const meta = {
  title: 'Components/Inbox',
  component: Inbox,
  args: {
    variant: 'popover',
    colorScheme: 'inherit',
    dir: 'ltr',
    // Empty: the built-in palette. A color given here applies to both schemes; pass light-dark(a, b) for each.
    theme: {},
    labels: { title: 'Notifications', markAllAsRead: 'Mark all as read' },
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['popover', 'embedded'] },
    colorScheme: { control: 'inline-radio', options: ['inherit', 'light', 'dark', 'system'] },
    badge: { control: 'inline-radio', options: ['unread', 'unseen'] },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
    theme: { control: 'object', description: 'Semantic tokens: colors (with foregrounds), radius, font, spacing, shadow.' },
    labels: { control: 'object', table: typeSummary<InboxProps['labels'], PartialLabels>('PartialLabels') },
    classNames: {
      description: 'A class name per part (root, bell, badge, popover, panel, header, tabs, tab, feed, item, …), for your own CSS.',
      table: typeSummary<InboxProps['classNames'], InboxClassNames>('InboxClassNames'),
    },
  },
  parameters: { layout: 'fullscreen' },
  render: (args, { viewMode }) => (
    <DocsBox docs={viewMode === 'docs' && args.variant === 'embedded'}>
      <Inbox {...args} />
    </DocsBox>
  ),
  decorators: [
    // The bell at the end of a header (its popover is fixed in the viewport, so the header needs no
    // room for it); an embedded inbox in a page's column.
    (Story, { args }) =>
      args.variant === 'embedded' ? (
        <div style={{ padding: 16, maxWidth: 640, margin: '0 auto' }}>
          <Story />
        </div>
      ) : (
        <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16 }}>
          <Story />
        </div>
      ),
  ],
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const base = withService();
/** The bell: click it to open the inbox. (The story's test opens it and marks the first unread notification read.) */
export const Default: Story = {
  ...base,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = await canvas.findByRole('button', { name: /^Notifications, \d+ unread$/ });
    const before = Number(/(\d+) unread/.exec(bell.getAttribute('aria-label') ?? '')?.[1]);
    await userEvent.click(bell);
    const dialog = await canvas.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByRole('article').length).toBeGreaterThan(5));
    const unread = within(dialog).getAllByRole('article').find((a) => a.dataset.state === 'unread');
    await userEvent.click(within(unread as HTMLElement).getByRole('button', { name: 'Mark as read' }));
    await waitFor(() => expect(bell).toHaveAccessibleName(`Notifications, ${before - 1} unread`));
    await userEvent.click(within(dialog).getByRole('tab', { name: /^Unread/ }));
    await waitFor(() => expect(within(dialog).getAllByRole('article').every((a) => a.dataset.state === 'unread')).toBe(true));
    await userEvent.keyboard('{Escape}');
    await expect(bell).toHaveFocus();
  },
};

const embedded = withService();
/** In the page: tabs filter, and the list loads more as it scrolls (or with Load more). */
export const Embedded: Story = {
  ...embedded,
  args: { variant: 'embedded', tabs: [{ id: 'billing', label: 'Billing', filter: { tags: ['billing'] } }] },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(3));
    await userEvent.click(canvas.getByRole('tab', { name: 'Billing' }));
    await waitFor(() => expect(canvas.getAllByText(/We received your payment/).length).toBe(canvas.getAllByRole('article').length));
  },
};

const loading = withService({ faults: { latencyMs: 60_000 } });
export const Loading: Story = { ...loading, args: { variant: 'embedded' } };

const empty = withService({ messages: 0 });
export const Empty: Story = {
  ...empty,
  args: { variant: 'embedded' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('You’re all caught up.')).toBeVisible();
  },
};

const unseen = withService();
/** `badge="unseen"`: what is new since the reader last looked; opening the inbox clears it (read state stays). */
export const UnseenBadge: Story = {
  ...unseen,
  args: { badge: 'unseen' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const bell = await canvas.findByRole('button', { name: /^Notifications, \d+ new$/ });
    await userEvent.click(bell);
    const dialog = await canvas.findByRole('dialog', { name: 'Notifications' });
    await waitFor(() => expect(within(dialog).getAllByRole('article').length).toBeGreaterThan(5));
    await waitFor(() => expect(Number(/(\d+) new/.exec(bell.getAttribute('aria-label') ?? '')?.[1] ?? 0)).toBeLessThan(20));
  },
};

const darkHeader = withService();
/** The badge on a dark header: its ring takes the header's colour (`--inbox-badge-ring`). */
export const BadgeOnDarkHeader: Story = {
  ...darkHeader,
  decorators: [
    ...darkHeader.decorators,
    (Story) => (
      <header style={{ flex: 1, alignSelf: 'flex-start', display: 'flex', justifyContent: 'flex-end', padding: 16, borderRadius: 12, background: '#0f172a', color: '#e2e8f0', ['--inbox-badge-ring' as string]: '#0f172a' }}>
        <Story />
      </header>
    ),
  ],
};

const emptyPage = withService({ messages: 0 });
/** An inbox page with its own heading: `hideTitle`, and the empty state per tab. */
export const EmptyPage: Story = {
  ...emptyPage,
  args: { variant: 'embedded', hideTitle: true },
  decorators: [
    ...emptyPage.decorators,
    (Story) => (
      <div>
        <h1 style={{ font: '600 22px system-ui', margin: '0 0 12px' }}>Notifications</h1>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByText('New notifications will show up here.')).toBeVisible();
  },
};

const inABox = withService();
/** Embedded in a box with a height (a dashboard card, a side panel): it fills the box and scrolls inside it. */
export const EmbeddedFillsItsContainer: Story = {
  ...inABox,
  args: { variant: 'embedded' },
  decorators: [
    ...inABox.decorators,
    (Story) => (
      <div data-testid="box" style={{ display: 'flex', flexDirection: 'column', height: 420 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('article').length).toBeGreaterThan(3));
    const box = within(canvasElement).getByTestId('box').getBoundingClientRect();
    const panel = within(canvasElement).getByRole('region', { name: 'Notifications' }).getBoundingClientRect();
    await expect(Math.round(box.bottom - panel.bottom)).toBe(0);
  },
};

const inThePage = withService();
/** Embedded in a page with no height set: it grows with the page, the page scrolls, and more load at its end. */
export const EmbeddedGrowsWithThePage: Story = {
  ...inThePage,
  // On the docs page it has a page of its own to grow with: a frame of a screen's height, which scrolls.
  parameters: { ...inThePage.parameters, docs: { story: { inline: false, height: '560px' } } },
  args: { variant: 'embedded', hideTitle: true },
  decorators: [
    ...inThePage.decorators,
    (Story) => (
      <div>
        <h1 style={{ font: '600 22px system-ui', margin: '0 0 12px' }}>Notifications</h1>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(within(canvasElement).getAllByRole('article').length).toBeGreaterThan(3));
    const scroll = canvasElement.querySelector('[data-inbox-slot="feed-scroll"]') as HTMLElement;
    await expect(scroll.scrollHeight).toBe(scroll.clientHeight);
  },
};

const mixed = withService();
/**
 * An Arabic name in an English sentence: the line stays English (each block takes the direction of
 * a clear majority of its letters; see RightToLeft for Latin text in an Arabic inbox).
 */
export const ArabicNameInEnglish: Story = {
  ...mixed,
  args: { variant: 'embedded' },
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('[data-inbox-slot="item-content"]').length).toBeGreaterThan(5));
    const line = [...canvasElement.querySelectorAll('[data-inbox-slot="item-content"]')].find((element) => /^عمر الفاروق invited/.test(element.textContent ?? ''));
    await expect(line?.getAttribute('dir')).toBe('ltr');
  },
};

const failing = withService({ faults: { errorRate: 1 } });
export const ErrorState: Story = {
  name: 'Error',
  ...failing,
  args: { variant: 'embedded' },
  play: async ({ canvasElement }) => {
    const alert = await within(canvasElement).findByRole('alert');
    await expect(alert).toHaveTextContent('Notifications could not be loaded.');
    await expect(within(alert).getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

const rtl = withService({}, 'sub_layla');
export const RightToLeft: Story = {
  ...rtl,
  args: { variant: 'embedded', dir: 'rtl', locale: 'ar', labels: { title: 'الإشعارات', tabAll: 'الكل', tabUnread: 'غير مقروءة', markAllAsRead: 'تعليم الكل كمقروء' } },
};

const dark = withService();
export const Dark: Story = {
  ...dark,
  args: { variant: 'embedded', colorScheme: 'dark' },
  globals: { backgrounds: { value: 'dark' } },
};

const brand = withService();
/** A custom brand through the theme tokens alone. */
export const BrandTheme: Story = {
  ...brand,
  args: {
    variant: 'embedded',
    theme: {
      colors: { primary: '#0f766e', primaryForeground: '#ffffff', accent: '#be123c', border: '#d6e4e1', muted: '#eef6f4' },
      radius: '4px',
      font: 'Georgia, serif',
    },
  },
};

const many = withService({ messages: 10_000 });
/** 10,000 notifications: the feed keeps only the rows near the viewport in the DOM. */
export const TenThousand: Story = { ...many, args: { variant: 'embedded' } };

const german = withService();
export const German: Story = {
  ...german,
  args: { variant: 'embedded', locale: 'de', labels: { title: 'Benachrichtigungen', tabAll: 'Alle', tabUnread: 'Ungelesen', markAllAsRead: 'Alle als gelesen markieren' } },
};

const custom = withService();
/**
 * `renderItem` and `renderAvatar` draw your own markup; the kit's CSS leaves it alone (it styles
 * only elements with `data-inbox-slot`) and the default behaviour stays: a click on a link or
 * button in a custom row marks it read.
 */
export const CustomRenderers: Story = {
  ...custom,
  args: {
    variant: 'embedded',
    // Your markup keeps your styles; the kit's tokens (--inbox-*) are there to match its look in either scheme.
    renderItem: (notification) => (
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, padding: '10px 16px', borderBottom: '1px solid var(--inbox-border)' }}>
        <span
          style={{
            fontSize: 11,
            fontWeight: 700,
            padding: '2px 8px',
            borderRadius: 999,
            background: notification.isRead ? 'var(--inbox-muted)' : 'var(--inbox-primary)',
            color: notification.isRead ? 'var(--inbox-muted-foreground)' : 'var(--inbox-primary-foreground)',
          }}
        >
          {notification.isRead ? 'Read' : 'New'}
        </span>
        <span style={{ flex: 1 }}>{notification.subject ?? notification.body}</span>
        <button type="button" style={{ padding: '4px 10px', borderRadius: 6, border: '1px solid var(--inbox-border)', background: 'var(--inbox-background)', color: 'inherit', font: 'inherit' }}>
          Open
        </button>
      </div>
    ),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const open = await canvas.findAllByRole('button', { name: 'Open' });
    const row = open[0]?.parentElement as HTMLElement;
    await userEvent.click(open[0] as HTMLElement);
    await waitFor(() => expect(within(row).getByText('Read')).toBeInTheDocument());
  },
};

const customAvatar = withService();
/** `renderAvatar` replaces only the avatar; the rest of the row is the kit's. */
export const CustomAvatar: Story = {
  ...customAvatar,
  args: {
    variant: 'embedded',
    renderAvatar: (notification) => (
      <span aria-hidden="true" style={{ display: 'grid', placeItems: 'center', width: 36, height: 36, borderRadius: 8, background: '#0f766e', color: '#fff', fontWeight: 700 }}>
        {(notification.subject ?? notification.body ?? '').slice(0, 1)}
      </span>
    ),
  },
};

const customEmpty = withService({ messages: 0 });
/** `renderEmpty` replaces a tab's empty state. */
export const CustomEmpty: Story = {
  ...customEmpty,
  args: { variant: 'embedded', renderEmpty: (tab) => <p style={{ padding: 32, textAlign: 'center' }}>Nothing in “{tab.label}” yet. Enjoy the quiet.</p> },
  play: async ({ canvasElement }) => {
    await within(canvasElement).findByText('Nothing in “All” yet. Enjoy the quiet.');
  },
};

const composed = withService();
/** The compound parts in your own layout: here the tabs under the feed's header, with your own note between. */
export const Composed: Story = {
  ...composed,
  render: (args, { viewMode }) => (
    <DocsBox docs={viewMode === 'docs'}>
      <Inbox.Root {...args} variant="embedded" style={{ width: 420, border: '1px solid #e5e7eb', borderRadius: 12, overflow: 'hidden' }}>
        <Inbox.Header />
        <p style={{ margin: 0, padding: '4px 16px 8px', fontSize: 13, color: '#55607a' }}>Your own content between the kit’s parts keeps your styles.</p>
        <Inbox.Tabs />
        <Inbox.Feed pageSize={10} />
      </Inbox.Root>
    </DocsBox>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await waitFor(() => expect(canvas.getAllByRole('article').length).toBeGreaterThan(3));
    await userEvent.click(canvas.getByRole('tab', { name: /^Unread/ }));
    await waitFor(() => expect(canvas.getAllByRole('article').every((a) => a.dataset.state === 'unread')).toBe(true));
  },
};
