import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Inbox } from 'inbox-kit';
import { withService } from './support';

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
    colorScheme: 'light',
    dir: 'ltr',
    // Empty: the built-in palette. A color given here applies to both schemes; pass light-dark(a, b) for each.
    theme: {},
    labels: { title: 'Notifications', markAllAsRead: 'Mark all as read' },
  },
  argTypes: {
    variant: { control: 'inline-radio', options: ['popover', 'embedded'] },
    colorScheme: { control: 'inline-radio', options: ['light', 'dark', 'system'] },
    dir: { control: 'inline-radio', options: ['ltr', 'rtl'] },
    theme: { control: 'object', description: 'Semantic tokens: colors (with foregrounds), radius, font, spacing, shadow.' },
    labels: { control: 'object', description: 'Any visible or spoken string.' },
  },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ display: 'flex', justifyContent: 'flex-end', padding: 16, minHeight: 640 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const base = withService();
/** The bell; the play function opens it and marks the first unread notification read. */
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
    await userEvent.click(within(dialog).getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(within(dialog).getAllByRole('article').every((a) => a.dataset.state === 'unread')).toBe(true));
    await userEvent.keyboard('{Escape}');
    await expect(bell).toHaveFocus();
  },
};

const embedded = withService();
/** In the page: tabs filter, and the list loads more as it scrolls (or with Load more). */
export const Embedded: Story = {
  ...embedded,
  args: { variant: 'embedded', tabs: [{ id: 'billing', label: 'Billing', filter: { payload: { category: 'billing' } } }] },
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
  decorators: [(Story) => <div style={{ background: '#0b0d12', padding: 16 }}><Story /></div>, ...dark.decorators],
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
