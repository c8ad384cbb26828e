import { describe, expect, it } from 'vitest';
import type { AccountInfo } from '@solana/web3.js';
import type { Address } from '../shared/address';
import type { SwapV2Client } from '../swap-api/v2';
import { SOL_FIRST_LAMPORTS, SOL_MINT, solFirstStep } from './sol-first';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const PAYER = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM' as Address;

/** A connection whose payer holds `lamports` and whose USDC mint has 6 decimals. */
function connectionWith(lamports: number) {
  const mintData = Buffer.alloc(82);
  mintData[44] = 6;
  return {
    getMultipleAccountsInfo: async (keys: { toBase58(): string }[]) =>
      keys.map((key) =>
        key.toBase58() === PAYER
          ? ({ lamports, data: Buffer.alloc(0) } as unknown as AccountInfo<Buffer>)
          : ({ lamports: 1, data: mintData } as unknown as AccountInfo<Buffer>),
      ),
  };
}

/** /order without a taker: SOL_FIRST_LAMPORTS fetch 6.001378 USDC. */
const asked: unknown[] = [];
const apiV2 = async () =>
  ({
    order: async (params: unknown) => {
      asked.push(params);
      return { quote: { outAmount: 6_001_378n } };
    },
  }) as unknown as SwapV2Client;

const plan = { payWithMint: USDC, payerAccountRent: 0n };

describe('the SOL-first step of a payment (issue 32)', () => {
  it('a payer with no SOL paying with a token: swap a little of it into SOL first, in words', async () => {
    const step = await solFirstStep(
      { connection: connectionWith(0), apiV2, tokenSymbols: async () => ({ [USDC]: 'USDC' }) },
      PAYER,
      plan,
    );
    expect(step).toEqual({
      payWithMint: USDC,
      amount: 6_001_378n,
      solLamports: SOL_FIRST_LAMPORTS,
      reason:
        'You have no SOL for the network fee: first swap 6.001378 USDC into SOL (gasless), then pay.',
    });
    expect(asked.at(-1)).toEqual({
      inputMint: SOL_MINT,
      outputMint: USDC,
      amount: SOL_FIRST_LAMPORTS,
    });
  });

  it('none with enough SOL for the fee and the rent, when paying with SOL, or without /order', async () => {
    expect(await solFirstStep({ connection: connectionWith(200_000), apiV2 }, PAYER, plan)).toBe(
      null,
    );
    // Enough for the fee but not for the rent of the account the payment opens.
    const opening = { payWithMint: USDC, payerAccountRent: 2_039_280n };
    expect(
      (await solFirstStep({ connection: connectionWith(200_000), apiV2 }, PAYER, opening))?.reason,
    ).toMatch(/^You have too little SOL for the network fee/);
    const withSol = { payWithMint: SOL_MINT, payerAccountRent: 0n };
    expect(await solFirstStep({ connection: connectionWith(0), apiV2 }, PAYER, withSol)).toBe(null);
    expect(await solFirstStep({ connection: connectionWith(0), apiV2: null }, PAYER, plan)).toBe(
      null,
    );
  });
});
