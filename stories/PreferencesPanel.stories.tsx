import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { PreferencesPanel, type PartialLabels, type PreferencesPanelProps } from 'inbox-kit';
import { withService } from './support';
import { typeSummary } from './type-summary';

/** Global channels and one row per workflow; critical workflows are absent; optimistic toggles. */
const meta = {
  title: 'Components/PreferencesPanel',
  component: PreferencesPanel,
  args: { colorScheme: 'inherit' },
  argTypes: {
    colorScheme: { control: 'inline-radio', options: ['inherit', 'light', 'dark', 'system'] },
    labels: { table: typeSummary<PreferencesPanelProps['labels'], PartialLabels>('PartialLabels') },
  },
  // The decorator's padding is the only space around the panel (in docs too: a full-screen layout).
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story, { parameters }) => (
      <div style={{ maxWidth: (parameters.maxWidth as number | undefined) ?? 520, padding: 16 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof PreferencesPanel>;
export default meta;
type Story = StoryObj<typeof meta>;

const editable = withService();
export const Default: Story = {
  ...editable,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const email = await canvas.findByRole('switch', { name: 'Comment replies Email' });
    await expect(email).toHaveAttribute('aria-checked', 'true');
    await userEvent.click(email);
    await expect(email).toHaveAttribute('aria-checked', 'false');
    await waitFor(() => expect(email).toHaveAccessibleDescription('Your choice'));
    // Critical workflows are absent; a channel the organization set is shown locked.
    await expect(canvas.queryByRole('heading', { name: 'Security alerts' })).toBeNull();
    await expect(canvas.getByRole('switch', { name: 'Billing Email' })).toBeDisabled();
  },
};

const wide = withService();
/** Given room (560 px or more), the panel is a matrix: a row per workflow, a column per channel. */
export const Wide: Story = {
  ...wide,
  parameters: { ...wide.parameters, maxWidth: 760 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await canvas.findByRole('switch', { name: 'Comment replies Email' });
    // The channel names are column heads, shown only in the matrix.
    await expect(canvasElement.querySelector('[data-inbox-slot="preference-columns"]')).toBeVisible();
  },
};

const locked = withService({ preferenceUpdates: false });
/** The service refuses updates: the panel shows the values and says why they are locked. */
export const ReadOnly: Story = {
  ...locked,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('switch', { name: 'SMS' }));
    await expect(await canvas.findByRole('note')).toHaveTextContent('Your organization manages these preferences');
  },
};

const dark = withService();
export const Dark: Story = { ...dark, args: { colorScheme: 'dark' }, globals: { backgrounds: { value: 'dark' } } };
