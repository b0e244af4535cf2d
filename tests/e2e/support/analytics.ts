/**
 * The analytics events the emulator's stand-in recorded (/dev/api/analytics). Other specs share the
 * emulator: a test puts a marker unique to it in its pages' addresses and reads only its own events.
 */
import { expect, type APIRequestContext } from '@playwright/test';

/** An event as the analytics script received it. */
export interface RecordedEvent {
  category: string;
  action: string;
  label: string;
  url: string;
}

/** A marker for one test's page addresses: letters only, so the redaction of numbers never touches it. */
export function uniqueMarker(): string {
  return `e2e${Math.random().toString(36).slice(2, 10).replace(/\d/g, 'x')}`;
}

/** Every event recorded so far, by any spec. */
export async function recorded(request: APIRequestContext): Promise<RecordedEvent[]> {
  const response = await request.get('/dev/api/analytics');
  expect(response.ok()).toBe(true);
  return (await response.json()) as RecordedEvent[];
}

/** The events recorded on pages whose address carries `marker`. */
export async function recordedWith(request: APIRequestContext, marker: string): Promise<RecordedEvent[]> {
  return (await recorded(request)).filter((event) => event.url.includes(marker));
}
