/** The header's "More options" button; its menu and dialogs load when first opened. */
import { lazy, Suspense, useState } from 'react';
import { loadMenus, MenuTrigger } from '../shared/MenuTrigger';
import { useInboxUi } from './context';
import type { HeaderDialogKind } from '../menus/HeaderMenuPopover';

const HeaderMenuPopover = lazy(() => loadMenus().then((menus) => ({ default: menus.HeaderMenuPopover })));
const HeaderDialog = lazy(() => loadMenus().then((menus) => ({ default: menus.HeaderDialog })));

export function HeaderMenu() {
  const { labels } = useInboxUi('Inbox.Header');
  const [dialog, setDialog] = useState<HeaderDialogKind | null>(null);
  return (
    <>
      <MenuTrigger label={labels.moreOptions} icon="more" slot="icon-button">
        {(menu) => <HeaderMenuPopover menu={menu} openDialog={setDialog} />}
      </MenuTrigger>
      {dialog && (
        <Suspense fallback={null}>
          <HeaderDialog kind={dialog} onClose={() => setDialog(null)} />
        </Suspense>
      )}
    </>
  );
}
