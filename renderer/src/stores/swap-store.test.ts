import '../test/swap-setup';
import { describe, expect, it } from 'vitest';
import { createStore } from 'zustand/vanilla';
import { installFakeWallet, fakeAccount } from '../test/fake-wallet';
import { FAKE_TOKENS } from '../test/fake-swap';
import { findToken } from './tokens-store';
import { createSwapStoreCreator, type AdvancedOptions } from './swap-store';

const [SOL, USDC] = FAKE_TOKENS as [(typeof FAKE_TOKENS)[0], (typeof FAKE_TOKENS)[0]];
const tokenOf = (mint: string) => findToken(FAKE_TOKENS, mint);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function newStore(debounceMs: number) {
  const store = createStore(createSwapStoreCreator({ debounceMs, tokenOf }));
  store.setState({ inputMint: SOL.mint, outputMint: USDC.mint });
  return store;
}

describe('swap quotes as the person types', () => {
  it('asks once, after the pause, for what was typed last', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const store = newStore(60);
    for (const text of ['1', '1.', '1.5', '1.52']) store.getState().setAmountText(text);
    expect(store.getState().quoting).toBe(true);
    await sleep(20);
    expect(fake.calls.filter((c) => c.method === 'swap.quote')).toHaveLength(0);
    await sleep(120);
    const quotes = fake.calls.filter((c) => c.method === 'swap.quote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]?.request).toMatchObject({
      inputMint: SOL.mint,
      outputMint: USDC.mint,
      amount: '1520000000',
      swapMode: 'ExactIn',
      slippage: { bps: 50 },
    });
    expect(store.getState().quote?.inAmount).toBe('1520000000');
    expect(store.getState().quoting).toBe(false);
  });

  it('drops an answer that arrives after a newer request was sent', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const store = newStore(0);
    store.setState({ amountText: '1' });
    const releaseFirst = fake.holdNext('swap.quote');
    const first = store.getState().requestQuote();
    store.setState({ amountText: '2' });
    await store.getState().requestQuote();
    expect(store.getState().quote?.inAmount).toBe('2000000000');
    releaseFirst();
    await first;
    // The slow answer for "1" came last but does not replace the quote for "2".
    expect(store.getState().quote?.inAmount).toBe('2000000000');
    expect(fake.calls.filter((c) => c.method === 'swap.quote')).toHaveLength(2);
  });

  it('does not ask for a quote while the amount is invalid, and clears the old one', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const store = newStore(0);
    store.setState({ amountText: '1' });
    await store.getState().requestQuote();
    expect(store.getState().quote).not.toBeNull();
    store.getState().setAmountText('1.0000000001'); // 10 decimals for a 9-decimal token
    await sleep(20);
    expect(store.getState().quote).toBeNull();
    expect(store.getState().quoting).toBe(false);
    expect(fake.calls.filter((c) => c.method === 'swap.quote')).toHaveLength(1);
  });

  it('sends slippage and advanced options in the contract shape', async () => {
    const fake = installFakeWallet({ accounts: [fakeAccount(0)] });
    const store = newStore(0);
    // Every advanced option set away from its default; the request carries them as they are.
    const options: AdvancedOptions = {
      onlyDirectRoutes: true,
      dexes: ['Whirlpool'],
      excludeDexes: ['Raydium CLMM', 'Meteora'],
      maxAccounts: 20,
      asLegacyTransaction: true,
      priorityFee: { kind: 'lamports', lamports: '5000' },
    };
    store.setState({ amountText: '3', slippage: { mode: 'auto', maxBps: 250 }, options });
    await store.getState().requestQuote();
    const last = fake.calls.filter((c) => c.method === 'swap.quote').at(-1);
    expect(last?.request).toEqual({
      inputMint: SOL.mint,
      outputMint: USDC.mint,
      amount: '3000000000',
      swapMode: 'ExactIn',
      slippage: { auto: true, maxBps: 250 },
      options,
    });
    // The fake parsed it with the real contract schema: an invalid shape would be an error.
    expect(store.getState().quoteError).toBeNull();
  });

  it('picking the other side token swaps the two, and flip swaps them back', () => {
    installFakeWallet({ accounts: [fakeAccount(0)] });
    const store = newStore(1000);
    store.getState().setInputMint(USDC.mint);
    expect(store.getState()).toMatchObject({ inputMint: USDC.mint, outputMint: SOL.mint });
    store.getState().flip();
    expect(store.getState()).toMatchObject({ inputMint: SOL.mint, outputMint: USDC.mint });
    store.getState().cancelScheduled();
  });
});
