/** An error the user can recover from: what happened, and a button that tries again. */
export function ErrorMessage({ message, retryLabel, onRetry }: { message: string; retryLabel: string; onRetry: () => void }) {
  return (
    <div data-inbox-slot="feed-error" role="alert">
      <p data-inbox-slot="error-text">{message}</p>
      <button type="button" data-inbox-slot="button" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}
