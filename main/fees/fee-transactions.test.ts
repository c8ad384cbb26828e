/**
 * The guard of fee transactions (fees.createAccount / fees.claim) over real review reports
 * (the review's own scenario fixtures: compiled, decoded and assembled): the account creation
 * Swapdesk built passes; an added instruction, SOL beyond rent and the network fee, a token
 * leaving the person, or another fee payer is refused.
 */
import { PublicKey, SystemProgram, type TransactionInstruction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import {
  ata,
  key,
  mintAccount,
  RENT,
  scenarioReport,
  STRANGER,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  WSOL,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { userUsdc } from '../../test/fixtures/review-rule';
import type { Address } from '../shared/address';
import { feeTransactionVerdicts, noSwapIntent } from './fee-transactions';

const create = createAssociatedTokenAccountIdempotentInstruction(
  USER.publicKey,
  userUsdc,
  USER.publicKey,
  USDC,
);
const START = 1_000_000_000n;

function scenario(
  instructions: TransactionInstruction[],
  spent: bigint,
  payer?: PublicKey,
): Scenario {
  return {
    instructions,
    ...(payer ? { payer } : {}),
    signers: [],
    pre: {
      [key(USER.publicKey)]: systemAccount(START),
      [key(userUsdc)]: null,
      [key(USDC)]: mintAccount(6),
      [key(WSOL)]: mintAccount(9),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(START - spent),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 0n),
    },
    // The intent the wallet reviews a fee transaction under (WSOL is the native mint).
    intent: noSwapIntent(key(USDC) as Address),
  };
}

const failing = async (s: Scenario, built: TransactionInstruction[]) =>
  feeTransactionVerdicts(await scenarioReport(s), key(USER.publicKey), built)
    .filter((v) => !v.ok)
    .map((v) => v.rule);

describe('fee transaction guard', () => {
  it('passes the account creation it built, paying rent and the network fee', async () => {
    const report = await scenarioReport(scenario([create], RENT + 5_000n));
    const verdicts = feeTransactionVerdicts(report, key(USER.publicKey), [create]);
    expect(verdicts.filter((v) => !v.ok)).toEqual([]);
    expect(verdicts.find((v) => v.rule === 'other-tokens')?.reason).toMatch(
      /only rent and the network fee/,
    );
  });

  it('refuses an added SOL transfer to a stranger', async () => {
    const extra = SystemProgram.transfer({
      fromPubkey: USER.publicKey,
      toPubkey: STRANGER.publicKey,
      lamports: 1_000_000,
    });
    const s = scenario([create, extra], RENT + 5_000n + 1_000_000n);
    s.pre[key(STRANGER.publicKey)] = systemAccount(0n);
    expect(await failing(s, [create])).toEqual(['programs', 'other-tokens']);
  });

  it('refuses a token leaving the person', async () => {
    const userOld = ata(USER.publicKey, WSOL);
    const drain = createTransferCheckedInstruction(
      userOld,
      WSOL,
      ata(STRANGER.publicKey, WSOL),
      USER.publicKey,
      5n,
      9,
    );
    const s = scenario([create, drain], RENT + 5_000n);
    s.pre[key(userOld)] = tokenAccount(WSOL, USER.publicKey, 10n);
    s.pre[key(ata(STRANGER.publicKey, WSOL))] = tokenAccount(WSOL, STRANGER.publicKey, 0n);
    s.post![key(userOld)] = tokenAccount(WSOL, USER.publicKey, 5n);
    s.post![key(ata(STRANGER.publicKey, WSOL))] = tokenAccount(WSOL, STRANGER.publicKey, 5n);
    expect(await failing(s, [create])).toEqual(['programs', 'other-tokens']);
  });

  it('refuses another fee payer', async () => {
    const s = scenario([create], RENT, STRANGER.publicKey);
    s.pre[key(STRANGER.publicKey)] = systemAccount(START);
    expect(await failing(s, [create])).toContain('fee-payer');
  });
});
