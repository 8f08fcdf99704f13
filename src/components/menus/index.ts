/** The menus and dialogs, loaded when first opened (see `MenuTrigger`). */
export { RowMenu } from './RowMenu';
export { HeaderMenuPopover } from './HeaderMenuPopover';
export { HeaderDialog } from './HeaderDialog';
export { ItemTools } from './ItemTools';
export { onFeedKey } from './on-feed-key';
export { toastsOf, ToastList } from './toasts';
