/**
 * swap.status holds a pending answer for the outcome (issue 33): for the wallet's own
 * transaction it answers as soon as its tracker (woken by signatureSubscribe) records the
 * outcome, and after holdMs at the latest; a tracker that is not running is not waited for.
 */
import { rmSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { createActivityFile } from '../activity/activity-file';
import { createActivityStore } from '../activity/activity-store';
import type { CallContext } from '../bridge/handler-types';
import type { Submitter } from '../send/swap-submitter';
import { createSwapHandlers, type SwapNetworkServices } from './swap';
import { tempDir } from '../../test/fixtures/temp-dirs';

const SIGNATURE = '5'.repeat(87);
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

async function setup(settled: (update: () => Promise<void>) => Promise<void>) {
  const dir = tempDir('swapdesk-swap-status-');
  dirs.push(dir);
  const activity = createActivityStore({ file: createActivityFile(dir), now: Date.now });
  const entry = await activity.add({
    kind: 'swap',
    networkId: 'sandbox',
    rpcUrl: 'http://127.0.0.1:8899',
    account: '11111111111111111111111111111111',
    signature: SIGNATURE,
    status: 'pending',
    error: null,
    sent: true,
    lastValidBlockHeight: 100,
    swap: null,
  });
  const confirm = async () => {
    await activity.update(entry.id, { status: 'confirmed', error: null });
  };
  const submitter = { settled: () => settled(confirm) } as unknown as Submitter;
  const waits: number[] = [];
  const handlers = createSwapHandlers({
    current: () => ({ submitter }) as unknown as SwapNetworkServices,
    activity,
    holdMs: 1_500,
    // A hold that never ends by itself: only the tracker's outcome can end it.
    wait: (ms) => {
      waits.push(ms);
      return new Promise<void>(() => undefined);
    },
  });
  return { status: () => handlers['swap.status']({ signature: SIGNATURE }, CONTEXT), waits };
}

describe('swap.status of a pending transaction of the wallet', () => {
  it('answers confirmed as soon as the tracker records it, within the hold', async () => {
    const { status, waits } = await setup(async (confirm) => {
      await new Promise((r) => setTimeout(r, 20));
      await confirm();
    });
    expect(await status()).toMatchObject({ signature: SIGNATURE, status: 'confirmed' });
    expect(waits).toEqual([1_500]);
  });

  it('answers pending at once when no tracker is running for it', async () => {
    const { status } = await setup(() => Promise.resolve());
    expect(await status()).toMatchObject({ signature: SIGNATURE, status: 'pending' });
  });
});

const CONTEXT: CallContext = { sender: { kind: 'http', origin: null, tokenValid: true } };
