import { Inbox, InboxProvider, PreferencesPanel } from './src/index.ts'; export { Inbox, InboxProvider, PreferencesPanel };
