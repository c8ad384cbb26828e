/**
 * Issue 32: a counterparty earns the name. A co-signer may take the person's input only as the
 * counterparty of a fill that pays the person at least the minimum they accepted, in the output
 * token, in the same transaction. Before the fix, a co-signer the /order answer called "maker"
 * became a counterparty by paying one base unit and then took the whole input. Real compiled
 * messages and spl-token account data (test/fixtures/review-scenarios.ts): 10 USDC for BONK,
 * the person accepting at least 990 BONK.
 */
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { ComputeBudgetProgram, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import {
  ata,
  BONK,
  honestSwap,
  key,
  scenarioFacts,
  scenarioReport,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  VENUE,
  verdict,
  WSOL,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { vaultUsdc } from '../../test/fixtures/review-rule';
import { counterparties } from './counterparty';

const MAKER = key(VENUE.publicKey) as Address;
const MINIMUM = 99_000_000n; // honestSwap's otherAmountThreshold: 990 BONK

/**
 * honestSwap with the maker paying `paid` of `mint` for the person's 10 USDC; the maker signs
 * now (`signs`) or after the person (awaited, as on /order).
 */
function makerPays(paid: bigint, options: { mint?: PublicKey; signs?: boolean } = {}): Scenario {
  const mint = options.mint ?? BONK;
  const decimals = mint === BONK ? 5 : 9;
  const base = honestSwap();
  const vault = ata(VENUE.publicKey, mint);
  const userOut = ata(USER.publicKey, mint);
  return {
    ...base,
    instructions: [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
      ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 1_000 }),
      createTransferCheckedInstruction(
        ata(USER.publicKey, USDC),
        USDC,
        vaultUsdc,
        USER.publicKey,
        10_000_000n,
        6,
      ),
      createTransferCheckedInstruction(vault, mint, userOut, VENUE.publicKey, paid, decimals),
    ],
    signers: options.signs === true ? [VENUE] : [],
    ...(options.signs === true ? {} : { awaitedCosigners: [MAKER] }),
    pre: {
      ...base.pre,
      [key(ata(USER.publicKey, WSOL))]: tokenAccount(WSOL, USER.publicKey, 0n),
      [key(ata(VENUE.publicKey, WSOL))]: tokenAccount(WSOL, VENUE.publicKey, 10n ** 12n),
    },
    post: {
      ...base.post,
      [key(USER.publicKey)]: systemAccount(1_000_000_000n - 10_200n),
      [key(userOut)]: tokenAccount(mint, USER.publicKey, paid),
      [key(vault)]: tokenAccount(mint, VENUE.publicKey, 10n ** 12n - paid),
      ...(mint === BONK
        ? {}
        : { [key(ata(USER.publicKey, BONK))]: tokenAccount(BONK, USER.publicKey, 0n) }),
    },
  };
}

const refusedWords = (pays: string) =>
  `The swap service says ${MAKER.slice(0, 4)}…${MAKER.slice(-4)} signs after you as your market maker, but it pays you only ${pays}, so it is not the market maker of your swap. Do not approve it; get a fresh quote.`;

describe('a co-signing market maker earns the name (issue 32)', () => {
  it('one base unit of the output for the whole input: refused, in words', async () => {
    const scenario = makerPays(1n);
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
    const report = await scenarioReport(scenario);
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'awaited-signers').reason).toBe(
      refusedWords('0.00001 BONK, less than the 990 BONK you accepted'),
    );
    expect(verdict(report, 'transfers').reason).toMatch(
      /^This transaction would move 10 USDC from your account to \S+, an address that is not part of the swap: \S+ pays you only 0\.00001 BONK, less than the 990 BONK you accepted, so it is not your swap's counterparty\.$/,
    );
  });

  it('one base unit short of the minimum is refused; the minimum itself is accepted', async () => {
    const short = await scenarioReport(makerPays(MINIMUM - 1n));
    expect(verdict(short, 'awaited-signers').reason).toBe(
      refusedWords('989.99999 BONK, less than the 990 BONK you accepted'),
    );
    const enough = await scenarioReport(makerPays(MINIMUM));
    expect(enough.refusals).toEqual([]);
    expect(verdict(enough, 'awaited-signers').reason).toMatch(
      /^The market maker \S+ signs after you, when the swap is executed; it is the one paying you/,
    );
  });

  it('a maker paying in another token than the output is refused', async () => {
    const report = await scenarioReport(makerPays(5_000_000_000n, { mint: WSOL }));
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'awaited-signers').reason).toBe(
      refusedWords('5 SOL, not the BONK you accepted (at least 990 BONK)'),
    );
  });

  it('a maker that signs now is held to the same minimum (the v6 /swap shape)', async () => {
    const gesture = await scenarioReport(makerPays(1n, { signs: true }));
    expect(verdict(gesture, 'transfers')).toMatchObject({
      ok: false,
      reason: expect.stringContaining(
        'pays you only 0.00001 BONK, less than the 990 BONK you accepted',
      ),
    });
    expect((await scenarioReport(makerPays(MINIMUM, { signs: true }))).refusals).toEqual([]);
  });
});
