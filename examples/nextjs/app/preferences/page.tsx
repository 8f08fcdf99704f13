import { PreferencesPanel } from 'inbox-kit';

export default function PreferencesPage() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold">Preferences</h1>
      <PreferencesPanel hideTitle />
    </main>
  );
}
