/** The header's "More options" button; its menu and dialogs load when first opened. */
import { useState } from 'react';
import { Icon } from '../shared/icons';
import { MenuTrigger, useMenus } from '../shared/MenuTrigger';
import { useInboxUi } from './context';
import type { HeaderDialogKind } from '../menus/HeaderMenuPopover';

export function HeaderMenu() {
  const { labels } = useInboxUi('Inbox.Header');
  const [dialog, setDialog] = useState<HeaderDialogKind | null>(null);
  const menus = useMenus();
  return (
    <>
      <MenuTrigger label={labels.moreOptions} icon={<Icon name="more" />} slot="icon-button">
        {(menu, { HeaderMenuPopover }) => <HeaderMenuPopover menu={menu} openDialog={setDialog} />}
      </MenuTrigger>
      {dialog && menus && <menus.HeaderDialog kind={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
