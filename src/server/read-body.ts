/**
 * A request's or an answer's body as text, read as a stream so that neither its size nor its
 * pace can hold the proxy: reading stops past `limit` bytes (decoded, for an answer the fetch
 * unpacked), or when `timeoutMs` has passed.
 */
export type BodyText = string | 'too-large' | 'too-slow' | 'cut-off';

export async function readBody(message: Request | Response, limit: number, timeoutMs = Number.POSITIVE_INFINITY): Promise<BodyText> {
  const stop = (reader?: ReadableStreamDefaultReader<Uint8Array>) => void (reader ?? message.body)?.cancel().catch(() => undefined);
  if (Number(message.headers.get('content-length') ?? '0') > limit) {
    // A request's body is left unread rather than cancelled: Node's adapter of an incoming message
    // throws an uncaught error when data arrives for a stream cancelled before it was read.
    if (message instanceof Response) stop();
    return 'too-large';
  }
  if (!message.body) return '';
  const reader = message.body.getReader();
  const decoder = new TextDecoder();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    if (Number.isFinite(timeoutMs)) timer = setTimeout(() => resolve('late'), timeoutMs);
  });
  let size = 0;
  let text = '';
  try {
    for (;;) {
      const next = await Promise.race([reader.read(), late]);
      if (next === 'late') {
        stop(reader);
        return 'too-slow';
      }
      if (next.done) return text + decoder.decode();
      size += next.value.byteLength;
      if (size > limit) {
        stop(reader);
        return 'too-large';
      }
      text += decoder.decode(next.value, { stream: true });
    }
  } catch {
    stop(reader);
    return 'cut-off';
  } finally {
    clearTimeout(timer);
  }
}
