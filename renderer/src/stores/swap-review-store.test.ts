import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { fakeAccount, installFakeWallet } from '../test/fake-wallet';
import { FAKE_TOKENS } from '../test/fake-swap';
import { createSwapReviewStoreCreator } from './swap-review-store';

const SOL = FAKE_TOKENS[0]!;
const USDC = FAKE_TOKENS[1]!;

/** A store with a ready review; `timing` is its pollMs (7 unless given; {} for the default). */
async function reviewedStore(
  statuses: ('pending' | 'confirmed' | 'expired' | 'failed')[],
  timing: { pollMs?: number } = { pollMs: 7 },
) {
  const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
  fake.swap.statuses = statuses;
  const quote = await fake.api.swap.quote({
    inputMint: SOL.mint,
    outputMint: USDC.mint,
    amount: '1000000000',
    slippage: { bps: 50 },
  });
  if (!quote.ok) throw new Error(quote.error.message);
  const polls: number[] = [];
  const store = createStore(
    createSwapReviewStoreCreator({
      ...timing,
      wait: async (ms) => {
        polls.push(ms);
      },
    }),
  );
  await store.getState().startReview(quote.value.quoteId);
  return { fake, store, polls };
}

describe('approve and follow a swap', () => {
  it('approves once however many times it is asked, even at the same instant', async () => {
    const { fake, store } = await reviewedStore(['pending', 'confirmed']);
    const release = fake.hold('swap.approve');
    const clicks = [
      store.getState().approve(),
      store.getState().approve(),
      store.getState().approve(),
    ];
    expect(store.getState().submission.state).toBe('submitting');
    release();
    await Promise.all(clicks);
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(1);
    expect(store.getState().submission).toMatchObject({ state: 'confirmed' });
  });

  it('polls swap.status until the outcome, then stops', async () => {
    const { fake, store, polls } = await reviewedStore(['pending', 'pending', 'confirmed']);
    await store.getState().approve();
    expect(store.getState().submission.state).toBe('confirmed');
    expect(fake.calls.filter((c) => c.method === 'swap.status')).toHaveLength(3);
    expect(polls).toEqual([7, 7, 7]);
  });

  it('polls soon at first (four times at 250 ms), then every second', async () => {
    const pending = Array<'pending'>(6).fill('pending');
    const { store, polls } = await reviewedStore([...pending, 'confirmed'], {});
    await store.getState().approve();
    expect(store.getState().submission.state).toBe('confirmed');
    expect(polls).toEqual([250, 250, 250, 250, 1000, 1000, 1000]);
  });

  it('an expired transaction ends in Expired with main’s words', async () => {
    const { store } = await reviewedStore(['expired']);
    await store.getState().approve();
    expect(store.getState().submission).toEqual({
      state: 'expired',
      signature: expect.any(String),
      message: 'The transaction expired before it was confirmed.',
    });
  });

  it('an expired ticket (refused by main) also offers a fresh quote', async () => {
    const { fake, store } = await reviewedStore(['pending']);
    fake.failNext('swap.approve', 'TICKET_EXPIRED', 'This review expired: get a fresh quote.');
    await store.getState().approve();
    expect(store.getState().submission).toEqual({
      state: 'expired',
      signature: null,
      message: 'This review expired: get a fresh quote.',
    });
  });

  it('a Ledger refusal keeps the review approvable: approve again signs the same ticket', async () => {
    const { fake, store } = await reviewedStore(['confirmed']);
    const words =
      'You rejected the transaction on your Ledger. Nothing was signed. Approve again if you want to sign it.';
    fake.failNext('swap.approve', 'LEDGER_REJECTED', words);
    await store.getState().approve();
    expect(store.getState().submission).toEqual({
      state: 'refused',
      error: { code: 'LEDGER_REJECTED', message: words },
    });
    await store.getState().approve();
    expect(store.getState().submission).toMatchObject({ state: 'confirmed' });
    const approvals = fake.calls.filter((c) => c.method === 'swap.approve');
    expect(approvals).toHaveLength(2);
    expect(approvals[1]!.request).toEqual(approvals[0]!.request);
  });

  it('does not approve a refused review', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    fake.swap.refusals = ['The output goes to a stranger.'];
    const quote = await fake.api.swap.quote({
      inputMint: SOL.mint,
      outputMint: USDC.mint,
      amount: '1',
      slippage: { bps: 50 },
    });
    const store = createStore(createSwapReviewStoreCreator());
    if (!quote.ok) throw new Error(quote.error.message);
    await store.getState().startReview(quote.value.quoteId);
    await store.getState().approve();
    expect(fake.calls.filter((c) => c.method === 'swap.approve')).toHaveLength(0);
    expect(store.getState().submission.state).toBe('idle');
  });
});
