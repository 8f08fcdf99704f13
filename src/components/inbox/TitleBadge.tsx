/** `<Inbox titleBadge>`: the unread count in the page's title (see `useDocumentTitleBadge`), loaded after first paint. */
import { useDocumentTitleBadge } from '../../hooks/useDocumentTitleBadge';

export default function TitleBadge() {
  useDocumentTitleBadge();
  return null;
}
