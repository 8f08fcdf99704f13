import { Inbox } from 'inbox-kit';

export default function InboxPage() {
  return (
    <>
      <h1>Inbox</h1>
      {/* A tab per category: its filter is typed by the registered payload schema. */}
      <Inbox
        variant="embedded"
        hideTitle
        tabs={[
          { id: 'billing', label: 'Billing', filter: { data: { category: 'billing' } } },
          { id: 'security', label: 'Security', filter: { data: { category: 'security' } } },
        ]}
      />
    </>
  );
}
