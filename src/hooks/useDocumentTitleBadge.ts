import { useEffect } from 'react';
import { useCount } from './useCounts';

/** The prefix this hook writes: "(3) ", "(99+) ". */
const BADGE = /^\(\d+\+?\) /;

/**
 * Shows the unread count before the page's title, "(3) Dashboard", while there are unread
 * notifications, and gives the title back when unmounted (or `enabled` turns false). A title the app
 * sets meanwhile is taken as the new title, and the count goes before it: the two never fight.
 */
export function useDocumentTitleBadge(enabled = true): void {
  // It looks for new notifications too (one tab of the app polls), as a bell does.
  const { label } = useCount('unread', enabled);
  const badge = enabled && label && label !== '0' ? `(${label}) ` : '';
  useEffect(() => {
    if (!enabled || typeof document === 'undefined') return undefined;
    let base = document.title.replace(BADGE, '');
    let written = '';
    const write = () => {
      written = badge + base;
      if (document.title !== written) document.title = written;
    };
    write();
    // The app set its own title: that is the title now.
    const observer = new MutationObserver(() => {
      if (document.title === written) return;
      base = document.title.replace(BADGE, '');
      write();
    });
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      if (document.title === written) document.title = base;
    };
  }, [enabled, badge]);
}
