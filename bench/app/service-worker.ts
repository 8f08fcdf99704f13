/**
 * The reference service with 10,000 notifications, in a Web Worker: off the
 * page's main thread, as a real service would be, so the benchmark's long
 * tasks are the kit's own.
 */
// The service module itself: the testing entry also loads MSW, which needs localStorage (no worker has it).
import { createReferenceService } from '../../src/testing/service';

export interface WorkerRequest {
  id: number;
  url: string;
  method: string;
  headers: [string, string][];
  body: string | null;
}

export interface WorkerResponse {
  id: number;
  status: number;
  headers: [string, string][];
  body: string;
}

const service = createReferenceService({ now: Date.now(), messages: 10_000 });

globalThis.addEventListener('message', (event: MessageEvent<WorkerRequest>) => {
  const { id, url, method, headers, body } = event.data;
  void service.handle(new Request(url, { method, headers, body })).then(async (response) => {
    const answer: WorkerResponse = { id, status: response.status, headers: [...response.headers], body: await response.text() };
    globalThis.postMessage(answer);
  });
});
globalThis.postMessage({ id: 0, status: 0, headers: [['x-api-key', service.apiKey]], body: '' } satisfies WorkerResponse);
