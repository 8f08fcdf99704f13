/**
 * What a read answered, written into the table at its sequence number. A read also says what is no
 * longer there: a notification the table holds that its filter selects, within the stretch of the list
 * the answer covers, but that the answer leaves out, was deleted or changed elsewhere (another device,
 * a change whose answer was lost). It leaves the table until a read that has it brings it back; without
 * this it would stay in every list for good. Not while the kit's own changes are on their way: the
 * service may have applied one the answer shows and the table does not yet.
 */
import type { FreePayload, NotificationsPage } from '../client/index';
import { listOfSorted, newerFirst } from './list-view';
import type { ListFilter, Notification } from './matches';
import type { NotificationStore } from './notification-store';

/**
 * Writes `page`, read at `seq` under `filter` from the top of the list, or (v2's cursor) from just after
 * `after`, the notification before the page, as the table held it when the page was asked for.
 */
export function writeRead(store: NotificationStore, filter: ListFilter, page: NotificationsPage<FreePayload>, seq: number, after?: Notification): void {
  const { table } = store;
  table.merge(page.data, seq);
  const oldest = page.data.at(-1);
  if (store.changes().pending > 0 || (page.hasMore && !oldest)) return;
  const answered = new Set([...page.data.map((n) => n.id), ...page.invalidItems.map((item) => item.id)]);
  // The list as the table has it down to the page's oldest (all of it when nothing follows), after the cursor.
  const absent = listOfSorted(table.all(), filter, page.hasMore ? oldest : undefined).filter((n) => !answered.has(n.id) && (!after || newerFirst(n, after) > 0));
  table.forget(absent.map((n) => n.id), seq);
}
