import { PreferencesPanel } from 'inbox-kit';

export default function PreferencesPage() {
  return (
    <>
      <h1>Preferences</h1>
      <PreferencesPanel hideTitle />
    </>
  );
}
