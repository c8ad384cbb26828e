/**
 * What a page asked of the bridge, for the message of a failed end-to-end test: a test that
 * waits in vain for a screen says only what it waited for, not whether the page's call was
 * never made, is still on its way, or came back with something else. The recorder notes every
 * POST to /bridge/<method> of the page with its start and end on the test's clock.
 */
import type { Page, Request } from 'playwright-core';

interface Call {
  method: string;
  startedAt: number;
  endedAt: number | null;
  outcome: string;
}

export interface BridgeRequests {
  /** The calls still on their way and the last `recent` ones answered, one line each. */
  describe(recent?: number): string;
}

/** Starts recording the page's bridge calls. */
export function recordBridgeRequests(page: Page, now: () => number = Date.now): BridgeRequests {
  const calls = new Map<Request, Call>();
  const done: Call[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() !== 'POST' || !path.startsWith('/bridge/')) return;
    const method = decodeURIComponent(path.slice('/bridge/'.length));
    calls.set(request, { method, startedAt: now(), endedAt: null, outcome: 'pending' });
  });
  const end = (request: Request, outcome: string) => {
    const call = calls.get(request);
    if (!call) return;
    calls.delete(request);
    call.endedAt = now();
    call.outcome = outcome;
    done.push(call);
    if (done.length > 200) done.shift();
  };
  page.on('requestfinished', (request) => end(request, 'answered'));
  page.on('requestfailed', (request) => end(request, `failed (${request.failure()?.errorText})`));

  return {
    describe(recent = 15) {
      const at = now();
      const ago = (ms: number) => `${((at - ms) / 1000).toFixed(1)} s ago`;
      const pending = [...calls.values()].map(
        (call) => `  ${call.method}: started ${ago(call.startedAt)}, no answer yet`,
      );
      const answered = done
        .slice(-recent)
        .map(
          (call) =>
            `  ${call.method}: started ${ago(call.startedAt)}, ${call.outcome} in ${call.endedAt! - call.startedAt} ms`,
        );
      return [
        `bridge calls on their way: ${pending.length === 0 ? 'none' : ''}`,
        ...pending,
        `the last ${answered.length} answered:`,
        ...answered,
      ].join('\n');
    },
  };
}
