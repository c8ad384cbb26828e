/**
 * What the preview benchmarks (swap.ts, venues.ts) share: a bridge call over the BUILT web
 * preview's HTTP transport (its token and Origin, as the preview's own page sends them), and the
 * wall time of one piece of work.
 */
import type { RunningPreview } from '../../test/harness/preview';

/** Calls bridge `method` on `preview` and answers its value; throws with a failure's code and words. */
export async function bridge<T>(
  preview: RunningPreview,
  method: string,
  request: unknown,
): Promise<T> {
  const response = await fetch(`${preview.origin}/bridge/${method}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: preview.origin,
      'x-swapdesk-token': preview.token,
    },
    body: JSON.stringify(request),
  });
  const result = (await response.json()) as
    { ok: true; value: T } | { ok: false; error: { code: string; message: string } };
  if (!result.ok) throw new Error(`${method}: ${result.error.code} ${result.error.message}`);
  return result.value;
}

/** Milliseconds `work` took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now();
  await work();
  return performance.now() - started;
}
