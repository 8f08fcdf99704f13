// The theming guide's examples (test/docs.test.ts: verbatim; theming.dom.test.tsx: they apply).
// #region theme
import { Inbox } from 'inbox-kit';

export function BrandedInbox() {
  return (
    <Inbox
      theme={{ colors: { primary: '#0f766e', primaryForeground: '#fff', accent: '#be123c' }, radius: '6px', font: 'Inter, sans-serif' }}
      colorScheme="inherit" // the default; or 'light' | 'dark' | 'system'
      classNames={{ popover: 'shadow-2xl', item: 'my-item' }}
    />
  );
}
// #endregion

// #region labels
export function GermanInbox() {
  return (
    <Inbox
      locale="de"
      labels={{
        title: 'Benachrichtigungen',
        markAllAsRead: 'Alle als gelesen markieren',
        bell: (count) => (count ? `Benachrichtigungen, ${count} ungelesen` : 'Benachrichtigungen'),
      }}
    />
  );
}
// #endregion
