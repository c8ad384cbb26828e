/**
 * The report's rent: the user's own new accounts, and accounts of others the user funds (the
 * payee's token account a payer opens), but not accounts someone else pays for or that exist.
 */
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { Keypair, type TransactionInstruction } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import {
  ata,
  honestSwap,
  key,
  mintAccount,
  RENT,
  scenarioReport,
  STRANGER,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { userBonk } from '../../test/fixtures/review-rule';

const PAYEE = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 7 + 3) % 256));
const payeeUsdc = ata(PAYEE.publicKey, USDC);

/** A transaction that only opens the payee's USDC account, paid by `payer`. */
function openPayeeAccount(payer: Keypair, existsBefore: boolean): Scenario {
  const create: TransactionInstruction = createAssociatedTokenAccountIdempotentInstruction(
    payer.publicKey,
    payeeUsdc,
    PAYEE.publicKey,
    USDC,
  );
  const scenario = honestSwap();
  return {
    ...scenario,
    instructions: [create],
    signers: [payer],
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(STRANGER.publicKey)]: systemAccount(1_000_000_000n),
      [key(payeeUsdc)]: existsBefore ? tokenAccount(USDC, PAYEE.publicKey, 0n) : null,
      [key(USDC)]: mintAccount(6),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n - 5_000n - (existsBefore ? 0n : RENT)),
      [key(payeeUsdc)]: tokenAccount(USDC, PAYEE.publicKey, 0n),
    },
  };
}

describe('rent in the report', () => {
  it('counts the rent of the payee account the user opens for them', async () => {
    expect((await scenarioReport(openPayeeAccount(USER, false))).rentLamports).toBe(RENT);
  });

  it('counts nothing for an account that already exists', async () => {
    expect((await scenarioReport(openPayeeAccount(USER, true))).rentLamports).toBe(0n);
  });

  it('counts nothing for an account someone else funds', async () => {
    const scenario = openPayeeAccount(STRANGER, false);
    scenario.post![key(USER.publicKey)] = systemAccount(1_000_000_000n - 10_000n);
    expect((await scenarioReport(scenario)).rentLamports).toBe(0n);
  });

  it('still counts the user’s own new token account', async () => {
    const scenario = honestSwap();
    scenario.pre[key(userBonk)] = null;
    expect((await scenarioReport(scenario)).rentLamports).toBe(RENT);
  });
});
