import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Inbox, NotificationItem, type InboxNotification, type NotificationItemProps, type RegisteredPayload } from 'inbox-kit';
import { withService } from './support';
import { typeSummary } from './type-summary';

/** One notification: every avatar and button state, long and non-Latin content. */
const meta = {
  title: 'Components/NotificationItem',
  component: NotificationItem,
  argTypes: {
    notification: {
      description: 'The notification, as the feed gives it (`useFeed`, or `renderItem`’s first argument).',
      table: typeSummary<NotificationItemProps['notification'], InboxNotification<RegisteredPayload>>('InboxNotification'),
    },
    setsize: { description: 'The feed’s size, with `posinset`, for assistive technology. `-1`: size unknown.' },
  },
  // The width of an inbox's column, and the only space around it (in docs too: a full-screen layout).
  parameters: { layout: 'fullscreen' },
  decorators: [(Story) => <div style={{ maxWidth: 420, padding: 16 }}><Story /></div>],
} satisfies Meta<typeof NotificationItem>;
export default meta;
type Story = StoryObj<typeof meta>;

const at = new Date(Date.now() - 5 * 60_000).toISOString();
/**
 * A notification as the feed gives it. `actor`, `actorSubscriber`, `status` and a button's
 * `resultContent` are what a v1 service adds (v2 has an `avatar` image only); the row shows them.
 */
const item = (overrides: Partial<InboxNotification> & Record<string, unknown>): InboxNotification =>
  ({
    id: `n-${Math.random().toString(16).slice(2)}`,
    transactionId: 'tx',
    body: 'Marcus Chen replied to your comment on “Q3 roadmap”: Looks good to me, ship it!',
    to: { id: 's', subscriberId: 'sub_ada' },
    isRead: false,
    isSeen: false,
    isArchived: false,
    isSnoozed: false,
    channelType: 'in_app',
    severity: 'none',
    redirect: { url: '/docs/roadmap' },
    createdAt: at,
    actor: { type: 'user', data: null },
    actorSubscriber: { subscriberId: 'user_marcus', firstName: 'Marcus', lastName: 'Chen' },
    ...overrides,
  }) as InboxNotification;
const buttons = (done?: 'primary' | 'secondary') => ({
  primaryAction: { label: 'Accept', isCompleted: done === 'primary', resultContent: 'Invitation accepted' },
  secondaryAction: { label: 'Decline', isCompleted: done === 'secondary', resultContent: 'Invitation declined' },
});

const svc = withService();
export const UserWithInitials: Story = { ...svc, args: { notification: item({}) } };
export const SystemIcon: Story = {
  ...svc,
  args: { notification: item({ subject: 'New sign-in from Safari on iPhone', body: 'If this was not you, reset your password.', actor: { type: 'system_icon', data: 'warning' }, status: 'warning', actorSubscriber: undefined }) },
};
/** `system_custom`'s data is the URL of your own image (here a deploy bot, inline). */
const DEPLOY_BOT = `data:image/svg+xml,${encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" fill="#111827"/><path d="M48 16c11 9 16 22 16 36l-7 11H39l-7-11c0-14 5-27 16-36Z" fill="#fff"/><path d="M42 66h12l-6 14Z" fill="#f59e0b"/></svg>')}`;
export const SystemCustom: Story = {
  ...svc,
  args: { notification: item({ subject: 'Deploy failed', body: 'web-app at 5c06f22 failed in 2m 24s.', actor: { type: 'system_custom', data: DEPLOY_BOT }, status: 'error', actorSubscriber: undefined }) },
};
export const NoActor: Story = { ...svc, args: { notification: item({ subject: 'Dark mode is here', body: 'Read the release notes.', actor: { type: 'none', data: null }, actorSubscriber: undefined, isRead: true, isSeen: true }) } };

const onActionClick = fn();
const actions = withService();
/** Primary and secondary buttons, pending: a click shows the result and marks it read. */
export const ActionPending: Story = {
  ...actions,
  args: {
    notification: item({
      subject: 'Join Design',
      body: 'Priya Raman invited you to the Design workspace.',
      ...buttons(),
    }),
  },
  // The inbox root (inside the service's provider) hears the button.
  decorators: [(Story) => <Inbox.Root variant="embedded" onActionClick={onActionClick}><Story /></Inbox.Root>, ...actions.decorators],
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Accept' }));
    await expect(onActionClick).toHaveBeenCalledWith(expect.objectContaining({ label: 'Accept', type: 'primary' }), expect.anything());
    await expect(canvas.getByText('Invitation accepted')).toBeVisible();
  },
};
export const ActionDone: Story = {
  ...svc,
  args: {
    notification: item({
      subject: 'Join Growth',
      body: 'Priya Raman invited you to the Growth workspace.',
      isRead: true,
      isSeen: true,
      ...buttons('secondary'),
    }),
  },
};
export const UnsafeLinkDropped: Story = {
  ...svc,
  args: { notification: item({ body: '<img src=x onerror=alert(1)> is shown as text', redirect: { url: 'javascript:alert(1)' } }) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('link')).toBeNull();
    await expect(canvasElement.querySelector('img[src="x"]')).toBeNull();
  },
};
export const LongAndNonLatin: Story = {
  ...svc,
  args: {
    notification: item({
      subject: '四半期レポートへの返信',
      body: '素晴らしい分析です。来週のミーティングで話し合いましょう。'.repeat(6),
      actorSubscriber: { subscriberId: 'user_hanako', firstName: '花子', lastName: '佐藤' },
    }),
  },
};
