import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { Inbox } from 'inbox-kit';
import { withService } from './support';

/**
 * Clearing the inbox: archive, snooze and delete on each notification (on hover and focus, or in
 * "More actions" on a narrow or touch screen), Undo in a toast, the bulk actions of the header's
 * menu, the Archived and Snoozed views, high severity and tabs of tags. Each story runs against its
 * own reference service; what it does is kept there.
 */
const meta = {
  title: 'Components/Inbox/Triage',
  component: Inbox,
  args: { variant: 'embedded' },
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <div style={{ padding: 16, maxWidth: 640, margin: '0 auto' }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof Inbox>;
export default meta;
type Story = StoryObj<typeof meta>;

const rows = (canvas: ReturnType<typeof within>) => canvas.findAllByRole('article');
const page = within(document.body);
/** Focus in a row shows its actions, as a pointer over it does. */
const focusRow = (row: HTMLElement) => row.querySelector<HTMLElement>('[data-inbox-slot="item-main"]')!.focus();
/** Clicks one of the row's own actions, shown by focus in it. */
async function clickAction(row: HTMLElement, name: string) {
  focusRow(row);
  await userEvent.click(await within(row).findByRole('button', { name }));
}

/** A notification's archive, snooze and delete, shown on hover and on focus (here), over the row's end. */
export const ActionsOnHover: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[1]!;
    focusRow(row);
    for (const name of ['Archive', 'Snooze', 'Delete']) await expect(within(row).findByRole('button', { name })).resolves.toBeVisible();
  },
};

/** On a narrow or touch screen every action is in one menu, always at hand. */
export const OverflowMenu: Story = {
  ...withService(),
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[0]!;
    await userEvent.click(within(row).getByRole('button', { name: 'More actions' }));
    const menu = await page.findByRole('menu', { name: 'More actions' });
    await expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Mark as read', 'Archive', 'Snooze…', 'Delete']);
  },
};

/** The snooze presets, in the reader's time zone, and a date and time of their own. */
export const SnoozePicker: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[1]!;
    await clickAction(row, 'Snooze');
    await userEvent.click(await page.findByRole('menuitem', { name: 'Pick a date and time…' }));
    const field = await page.findByLabelText('Snooze until');
    await waitFor(() => expect(field).toHaveFocus());
  },
};

/** Deleted, with Undo: the delete is sent when the toast's window closes. */
export const UndoToast: Story = {
  ...withService({}, 'sub_ada', { undoMs: 60_000 }),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[0]!;
    await clickAction(row, 'Delete');
    await expect(canvas.findByRole('button', { name: 'Undo' })).resolves.toBeVisible();
  },
};

/** "Delete all" asks first, and says how many it deletes. */
export const DeleteAllConfirmation: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await rows(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    await userEvent.click(await page.findByRole('menuitem', { name: 'Delete all…' }));
    const dialog = await page.findByRole('alertdialog');
    await waitFor(() => expect(dialog).toHaveAccessibleName(/^Delete all \d+ notifications\?$/));
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
  },
};

/** What was archived, in its own tab; each can be unarchived. */
export const ArchivedView: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const index of [0, 0]) {
      const row = (await rows(canvas))[index]!;
      await clickAction(row, 'Archive');
    }
    await userEvent.click(canvas.getByRole('tab', { name: 'Archived' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(2));
  },
};

/** What is snoozed and until when, from the header's menu; each can be unsnoozed. */
export const SnoozedView: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[0]!;
    await clickAction(row, 'Snooze');
    await userEvent.click(await page.findByRole('menuitem', { name: /^In 1 hour/ }));
    await userEvent.click(canvas.getByRole('button', { name: 'More options' }));
    await userEvent.click(await page.findByRole('menuitem', { name: 'Snoozed' }));
    await waitFor(() => expect(canvas.getAllByRole('article')).toHaveLength(1));
    await expect(canvas.getByRole('article')).toHaveTextContent(/Snoozed until/);
  },
};

/** A high-severity notification: an accent edge and an icon named "High priority"; the bell's badge takes its colour. */
export const HighSeverity: Story = {
  ...withService(),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.findAllByRole('img', { name: 'High priority' })).resolves.not.toHaveLength(0);
  },
};

/** Tabs of the service's tags, each with its unread count (one request for all of them). */
export const CustomTagTabs: Story = {
  ...withService(),
  args: {
    tabs: [
      { id: 'collaboration', label: 'Mentions', filter: { tags: ['collaboration'] } },
      { id: 'security', label: 'Security', filter: { tags: ['security'] } },
    ],
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.findByRole('tab', { name: /^Mentions \d+$/ })).resolves.toBeVisible();
  },
};

/** Right to left: the actions at the row's (left) end, the menus and the high-severity edge mirrored. */
export const RightToLeft: Story = {
  ...withService(),
  args: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const row = (await rows(canvas))[1]!;
    await clickAction(row, 'Snooze');
    const menu = await page.findByRole('menu', { name: 'Snooze' });
    await waitFor(() => expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus());
  },
};

/** Each state above, right to left: the layout and the menus mirrored, axe-checked and shot too. */
const rtl = (story: Story, provider: { undoMs?: number } = {}): Story => ({ ...story, ...withService({}, 'sub_ada', provider), args: { ...story.args, dir: 'rtl' } });
export const ActionsOnHoverRtl = rtl(ActionsOnHover);
export const OverflowMenuRtl = rtl(OverflowMenu);
export const SnoozePickerRtl = rtl(SnoozePicker);
export const UndoToastRtl = rtl(UndoToast, { undoMs: 60_000 });
export const DeleteAllConfirmationRtl = rtl(DeleteAllConfirmation);
export const ArchivedViewRtl = rtl(ArchivedView);
export const SnoozedViewRtl = rtl(SnoozedView);
export const HighSeverityRtl = rtl(HighSeverity);
export const CustomTagTabsRtl = rtl(CustomTagTabs);
