/** `<Inbox titleBadge>`: the unread count in the page's title (see `useDocumentTitleBadge`). */
import { useDocumentTitleBadge } from '../../hooks/useDocumentTitleBadge';

export function TitleBadge() {
  useDocumentTitleBadge();
  return null;
}
