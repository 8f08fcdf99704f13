/** The README's triage examples against the reference service: what they do is what the service then holds. */
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { V2 } from '../helpers/dialect';
import { heldBy, inboxWrapper, setupMockService } from '../helpers/inbox';
import { MyFeed, Notifications } from './triage';

const service = setupMockService({ messages: 6 });
beforeEach(() => service.reset());
const held = (filter: { archived?: boolean; snoozed?: boolean } = {}) => heldBy(service, filter);

describe.runIf(V2)('the README’s triage examples', () => {
  it('a row of your own archives, and the Billing tab lists what has the tag', async () => {
    const { Wrapper } = inboxWrapper(service);
    render(<Notifications />, { wrapper: Wrapper });
    const rows = await screen.findAllByRole('article');
    expect(rows).toHaveLength(6);
    await userEvent.click(within(rows[0]!).getByRole('button', { name: 'Archive' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(5));
    await waitFor(async () => expect(await held({ archived: true })).toHaveLength(1));
    await userEvent.click(screen.getByRole('tab', { name: /^Billing/ }));
    const billing = (await held({ archived: false })).filter((n) => n.tags?.includes('billing'));
    await waitFor(() => expect(screen.queryAllByRole('article')).toHaveLength(billing.length));
  });

  it('the hooks archive, snooze, and delete with an undo', async () => {
    const { Wrapper } = inboxWrapper(service, { undoMs: 1_500 });
    render(<MyFeed />, { wrapper: Wrapper });
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(6));
    const [first, second, third] = screen.getAllByRole('listitem');
    await userEvent.click(within(first!).getByRole('button', { name: 'Archive' }));
    await userEvent.click(within(second!).getByRole('button', { name: 'Later' }));
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(4));
    await userEvent.click(within(third!).getByRole('button', { name: 'Delete' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Undo' }));
    await new Promise((resolve) => setTimeout(resolve, 1_700));
    expect(await held()).toHaveLength(6);
    expect(await held({ archived: true })).toHaveLength(1);
    expect(await held({ snoozed: true })).toHaveLength(1);
  });
});
