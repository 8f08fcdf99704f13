/** The header menu's dialogs: "Delete all", which names the count it deletes, and the keyboard shortcuts. */
import { menuLabels } from './menu-labels';
import { Fragment } from 'react';
import { useInboxContext } from '../../hooks/InboxProvider';
import { useNotificationCounts } from '../../hooks/useNotificationCounts';
import { countText } from '../../queries/count-label';
import { useInboxUi } from '../inbox/context';
import { toastFailure } from '../notification-item/use-row-actions';
import { closeDialog, Dialog } from './Dialog';
import type { HeaderDialogKind } from './HeaderMenuPopover';

function DeleteAll({ onClose }: { onClose: () => void }) {
  const ui = useInboxUi('Inbox.Header');
  const labels = menuLabels(ui.labels);
  const { tags, data } = ui.tab.filter;
  const { triage } = useInboxContext('Inbox.Header').inbox;
  // What the service deletes: every notification of the tab's tags, archived and snoozed ones too.
  // A tab of `data` cannot be counted (the service's counts do not filter by it).
  const counted = useNotificationCounts([{ tags }], { enabled: !data }, 'Inbox.Header').counts?.[0];
  return (
    <Dialog role="alertdialog" title={labels.deleteAllTitle(countText(counted))} onClose={onClose}>
      <p data-inbox-slot="dialog-text">{labels.deleteAllHint}</p>
      <div data-inbox-slot="dialog-actions">
        <button type="button" data-inbox-slot="text-button" onClick={(event) => closeDialog(event.currentTarget, onClose)}>
          {labels.cancel}
        </button>
        <button
          type="button"
          data-inbox-slot="button"
          data-danger=""
          onClick={(event) => {
            closeDialog(event.currentTarget, onClose);
            triage.deleteAll({ tags, data }).catch(toastFailure(ui.toast, labels));
          }}
        >
          {labels.delete}
        </button>
      </div>
    </Dialog>
  );
}

function Shortcuts({ onClose }: { onClose: () => void }) {
  const { labels: given, capabilities: can } = useInboxUi('Inbox.Header');
  const labels = menuLabels(given);
  const list = labels.shortcutList;
  const rows: [string, string, boolean][] = [
    ['U', list.read, true],
    ['E', list.archive, can.archive],
    ['S', list.snooze, can.snooze],
    ['#, Delete', list.delete, can.delete],
    ['Z', list.undo, can.archive || can.snooze || can.delete],
  ];
  return (
    <Dialog title={labels.shortcuts} onClose={onClose}>
      <dl data-inbox-slot="shortcuts">
        {rows.map(([keys, what, shown]) =>
          shown ? (
            <Fragment key={keys}>
              <dt>
                <kbd>{keys}</kbd>
              </dt>
              <dd>{what}</dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      <div data-inbox-slot="dialog-actions">
        <button type="button" data-inbox-slot="button" onClick={(event) => closeDialog(event.currentTarget, onClose)}>
          {labels.close}
        </button>
      </div>
    </Dialog>
  );
}

export function HeaderDialog({ kind, onClose }: { kind: HeaderDialogKind; onClose: () => void }) {
  return kind === 'delete' ? <DeleteAll onClose={onClose} /> : <Shortcuts onClose={onClose} />;
}
