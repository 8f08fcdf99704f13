import { Inbox } from 'inbox-kit';

export default function InboxPage() {
  return (
    <>
      <h1>Inbox</h1>
      <Inbox variant="embedded" />
    </>
  );
}
