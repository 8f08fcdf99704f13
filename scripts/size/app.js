// What an app adds to render <Inbox /> and <PreferencesPanel /> (react and react-dom are the app's own).
import { Inbox, InboxProvider, PreferencesPanel } from '../../dist/index.js';
import '../../dist/styles.css';

export { Inbox, InboxProvider, PreferencesPanel };
