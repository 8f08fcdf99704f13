import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect } from 'react';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Inbox, PreferencesPanel, useFeed } from 'inbox-kit';
import { useInboxContext } from '../src/hooks/InboxProvider';
import { withService } from './support';

/**
 * What real time adds: new notifications as toasts while the inbox is closed (the newest three, then
 * a button for the rest), and the preferences' switch for desktop notifications. A story has no
 * socket: the newest notifications of its reference service arrive as the socket would bring them.
 */
const meta = {
  title: 'Components/Inbox/Real time',
  component: Inbox,
  args: { toasts: { durationMs: 600_000 } },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, minHeight: 600 }}>
        <Story />
      </div>
    ),
  ],
  // Inside the story's provider: what arrives.
  render: (args) => (
    <>
      <Inbox {...args} />
      <Arrive count={4} />
    </>
  ),
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

/** The `count` newest notifications arrive, oldest first, as the socket brings them. */
function Arrive({ count }: { count: number }) {
  const { inbox } = useInboxContext('Arrive');
  const { notifications } = useFeed({ limit: count });
  const ready = notifications.length >= count;
  useEffect(() => {
    if (!ready) return undefined;
    const timer = setTimeout(() => [...notifications].reverse().forEach((notification) => inbox.arrivals.call(notification, true)), 300);
    return () => clearTimeout(timer);
    // Once, when the first page is in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ready, inbox]);
  return null;
}

const toasts = () => document.querySelectorAll('[data-inbox-slot="arrival"]');

/** Four arrive: the newest three as toasts, and a button that opens the inbox for the rest. */
export const Toasts: Story = {
  ...withService(),
  play: async () => {
    await waitFor(() => expect(toasts()).toHaveLength(3));
    await expect(within(document.body).getByRole('button', { name: '1 more' })).toBeVisible();
  },
};

/** Placed at the top, reading right to left. */
export const ToastsTopStartRtl: Story = {
  ...withService(),
  args: { dir: 'rtl', toasts: { placement: 'top-start', durationMs: 600_000 } },
  play: async () => {
    await waitFor(() => expect(toasts()).toHaveLength(3));
  },
};

/** Opening the inbox puts the toasts away: the inbox shows what they said. */
export const GoneWhenTheInboxOpens: Story = {
  ...withService(),
  play: async () => {
    await waitFor(() => expect(toasts()).toHaveLength(3));
    await userEvent.click(within(document.body).getByRole('button', { name: /^Notifications/ }));
    await waitFor(() => expect(toasts()).toHaveLength(0));
  },
};

/** Real time runs (as where the route mints sessions): what its code says when it starts. */
function RealtimeReady() {
  const { inbox } = useInboxContext('RealtimeReady');
  useEffect(() => {
    const { live } = inbox;
    Object.assign(live, { ready: true }).call();
  }, [inbox]);
  return null;
}

/** With real time, the preferences end with this browser's switch for desktop notifications. */
export const DesktopSwitch: StoryObj = {
  ...withService(),
  render: () => (
    <>
      <RealtimeReady />
      <PreferencesPanel />
    </>
  ),
  play: async () => {
    await expect(await within(document.body).findByRole('switch', { name: 'Show on desktop when this tab is in the background' })).toBeVisible();
  },
};
