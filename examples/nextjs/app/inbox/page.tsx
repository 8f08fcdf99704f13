import { Inbox } from 'inbox-kit';

export default function InboxPage() {
  return (
    <main className="mx-auto w-full max-w-3xl px-4 py-8">
      <h1 className="mb-4 text-2xl font-semibold">Inbox</h1>
      {/* A tab per category: its filter is typed by the registered payload schema. */}
      <Inbox
        variant="embedded"
        hideTitle
        tabs={[
          { id: 'billing', label: 'Billing', filter: { data: { category: 'billing' } } },
          { id: 'security', label: 'Security', filter: { data: { category: 'security' } } },
        ]}
      />
    </main>
  );
}
