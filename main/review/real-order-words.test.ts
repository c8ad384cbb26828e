/**
 * Issue 32, point 6: real mainnet transactions read right. Each is reviewed as the wallet
 * reviews it when the network cannot resolve its lookup tables (the RPC answers no table, so
 * the simulation fails too). Before the fix the refusals read, on the DexSato /order:
 *   "It would open a token unre…W:23 token account HcjN…ErP3 for you, a token this swap does not
 *    involve, and put your SOL into its rent." (the review's placeholder as a token name), and
 *   "Its swap instructions would let the network complete this swap even if only 0 USDC arrived"
 *   (where the shared_accounts_route_v2's own arguments bound the output at 102,326 base units);
 * on the gemwallet MAYAN transaction "paying D1sh…ahdk at least 408884 base units of token
 * unre…:137"; and on the Ultra order "open a temporary base units of token unre…:112 account".
 *
 * Sources (test/fixtures/real-world/README.md): swap-v2/wancupie-netizen_DexSato@48ed5673 (a
 * real unsigned /order, shared_accounts_route_v2, 0.001 SOL → USDC, 50 bps slippage), swap-v2/
 * gemwalletcom_core@d93b1fdc …MAYAN_V0_TX… (a real v0 transaction, shared_accounts_route_v2) and
 * swap/ultra-2025-04-order-aggregator.json (jup-ag/docs, a real Ultra /order).
 */
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import { Keypair, VersionedTransaction, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { assembleFacts, reportOf } from './assemble';
import { decodeMessage } from './message';
import { readTransactionWire } from '../shared/transaction-wire';
import type { ReviewReport } from './types';
import {
  ata,
  BONK,
  honestSwap,
  key,
  mintAccount,
  scenarioReport,
  STRANGER,
  systemAccount,
  tokenAccount,
  USER,
  VENUE,
  verdict,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { realWorldJson, realWorldText } from '../../test/fixtures/real-world';
import { SWAP_V2_TERMS } from './service-terms';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const DEX_SATO = realWorldJson<{ transaction: string }>(
  'swap-v2/wancupie-netizen_DexSato@48ed5673__tests_fixtures_jupiter_v2_unsigned.json',
).transaction;
const GEM = realWorldText(
  'swap-v2/gemwalletcom_core@d93b1fdc__crates_gem_solana_src_signer_chain_signer.rs__MAYAN_V0_TX_shared_accounts_route_v2.b64',
).trim();
const ULTRA = realWorldJson<{ transaction: string }>(
  'swap/ultra-2025-04-order-aggregator.json',
).transaction;

/** The real bytes reviewed with no lookup table resolved: 0.001 SOL → USDC, 0.50% slippage. */
async function reviewUnresolved(base64: string): Promise<ReviewReport> {
  const tx = VersionedTransaction.deserialize(Buffer.from(base64, 'base64'));
  const message = await decodeMessage(readTransactionWire(tx.serialize()), {
    getAddressLookupTable: async () => ({ context: { slot: 1 }, value: null }),
  });
  const user = message.feePayer;
  const pre = new Map([
    [user, systemAccount(1_000_000_000n)],
    [USDC, mintAccount(6)],
    [SOL, mintAccount(9)],
  ]);
  return reportOf(
    assembleFacts({
      user,
      intent: {
        swapMode: 'ExactIn',
        inputMint: SOL,
        outputMint: USDC,
        inAmount: 1_000_000n,
        outAmount: 102_841n,
        otherAmountThreshold: 102_326n, // ⌊102,841 × 9,950 / 10,000⌋
        amount: 1_000_000n,
        slippageBps: 50,
        platformFee: null,
        feeAccount: null,
        destinationTokenAccount: null,
        maxPriorityFeeLamports: 10_000_000n,
      },
      message,
      pre,
      post: null,
      simulation: {
        ok: false,
        error: '"AddressLookupTableNotFound"',
        reason: 'a lookup table was not found.',
        logs: [],
        unitsConsumed: null,
      },
      blockHeight: 1,
      lastValidBlockHeight: 100,
      allowJupiter: true,
      expectedDestination: user,
      mintStates: pre,
      tokenSymbols: { [USDC]: 'USDC', [SOL]: 'SOL' },
    }),
  );
}

/** Every word the review shows: refusals, verdicts and instruction summaries. */
const wordsOf = (report: ReviewReport) =>
  [
    ...report.refusals,
    ...report.verdicts.map((v) => v.reason),
    ...report.instructions.map((i) => i.summary),
  ].join('\n');

describe('real mainnet transactions read right (issue 32)', () => {
  it('never shows the placeholder of an unresolved lookup-table entry', async () => {
    for (const tx of [DEX_SATO, GEM, ULTRA]) {
      const words = wordsOf(await reviewUnresolved(tx));
      expect(words).not.toMatch(/unre…|unresolved:/);
      expect(words).toMatch(/that the network could not resolve/);
    }
  });

  it('DexSato /order: the stray account is described in words, its mint an unresolved entry', async () => {
    const report = await reviewUnresolved(DEX_SATO);
    expect(verdict(report, 'sol-custody').reason).toContain(
      'It would open a token account HcjN…ErP3 for you whose token is an account from lookup table 3oy9…R7yW, entry 23, that the network could not resolve, so the wallet cannot tell it is a token this swap involves, and put your SOL into its rent.',
    );
    expect(report.instructions[5]?.summary).toBe(
      'Create the token account 9yLX…c8MU, for the token of an account from lookup table 3oy9…R7yW, entry 40, that the network could not resolve, of J2PV…bVTs if it does not exist, rent paid by J2PV…bVTs',
    );
  });

  it("DexSato /order: the shared_accounts_route_v2's bound is read from its arguments, not as 0 USDC", async () => {
    const reason = verdict(await reviewUnresolved(DEX_SATO), 'onchain-bound').reason;
    expect(reason).not.toMatch(/only 0 USDC arrived/);
    expect(reason).toBe(
      'Instruction 7 (shared_accounts_route_v2) makes the network refuse it if 9yLX…c8MU would receive less than 102326 base units (its quoted_out_amount 102841 less its slippage_bps 50: 102841 × (10,000 − 50) / 10,000), but of the token of an account from lookup table 3oy9…R7yW, entry 40, that the network could not resolve, so the wallet cannot tell that they are the 0.102326 USDC your slippage of 0.50% allows.',
    );
  });

  it('gemwallet MAYAN transaction: its route’s bound in words, 408,884 of 413,015 at 1%', async () => {
    const report = await reviewUnresolved(GEM);
    expect(verdict(report, 'onchain-bound').reason).toContain(
      'makes the network refuse it if D1sh…ahdk would receive less than 408884 base units (its quoted_out_amount 413015 less its slippage_bps 100: 413015 × (10,000 − 100) / 10,000), but of the token of an account from lookup table BWAC…CTzB, entry 137, that the network could not resolve',
    );
    expect(verdict(report, 'onchain-bound').reason).not.toMatch(/only 0 USDC arrived/);
  });

  it('Ultra order: the temporary account of an unresolved mint is said in words', async () => {
    const report = await reviewUnresolved(ULTRA);
    expect(report.instructions[3]?.summary).toBe(
      'Jupiter v6: open a temporary token account 7sW1…v173, for the token of an account from lookup table 8kej…J1w4, entry 112, that the network could not resolve, for 3X2L…wgWc',
    );
  });
});

describe('rent another account pays is not "your SOL" (issue 32)', () => {
  /** `change` made to the honest swap, whose fee the gas payer `gas` pays, co-signing later. */
  const paidByGasPayer = (gas: PublicKey, change: (base: Scenario) => Partial<Scenario>) => {
    const base = honestSwap();
    return {
      ...base,
      payer: gas,
      signers: [VENUE],
      awaitedCosigners: [key(gas) as Address],
      ...change(base),
    };
  };

  it("a stray account funded by the swap service's gas payer names the gas payer", async () => {
    const stray = Keypair.generate().publicKey;
    const gas = STRANGER.publicKey;
    const account = ata(USER.publicKey, stray);
    const report = await scenarioReport(
      paidByGasPayer(gas, (base) => ({
        instructions: [
          ...base.instructions,
          createAssociatedTokenAccountIdempotentInstruction(gas, account, USER.publicKey, stray),
        ],
        pre: { ...base.pre, [key(stray)]: mintAccount(6), [key(gas)]: systemAccount(10n ** 9n) },
        post: { ...base.post, [key(account)]: tokenAccount(stray, USER.publicKey, 0n) },
      })),
      { ...SWAP_V2_TERMS, gasPayer: key(gas) as Address },
    );
    const reason = verdict(report, 'sol-custody').reason;
    expect(reason).toContain(
      `for you, a token this swap does not involve, and put SOL that the swap service's gas payer ${key(gas).slice(0, 4)}…${key(gas).slice(-4)} pays into its rent.`,
    );
    expect(reason).not.toContain('your SOL');
  });

  it("the person's output account opened by the gas payer is not rent of theirs", async () => {
    const gas = STRANGER.publicKey;
    const output = ata(USER.publicKey, BONK);
    const terms = { ...SWAP_V2_TERMS, gasPayer: key(gas) as Address };
    const report = await scenarioReport(
      paidByGasPayer(gas, (base) => ({
        instructions: [
          createAssociatedTokenAccountIdempotentInstruction(gas, output, USER.publicKey, BONK),
          ...base.instructions,
        ],
        pre: { ...base.pre, [key(output)]: null, [key(gas)]: systemAccount(10n ** 9n) },
      })),
      terms,
    );
    expect(report.refusals).toEqual([]);
    // Before: "… accounts are opened only for the tokens of this swap, with 0.00203928 SOL of rent".
    expect(verdict(report, 'sol-custody').reason).toBe(
      'Your SOL stays in your wallet (or wrapped, as wSOL), outputs reach accounts only you control, and accounts are opened only for the tokens of this swap.',
    );
  });
});
