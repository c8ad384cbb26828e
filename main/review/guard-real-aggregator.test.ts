/**
 * The guard on a real aggregator transaction, where tokens move inside the program's CPIs.
 *
 * The transaction is verbatim from test/fixtures/real-world/swap/ultra-2025-04-order-aggregator.json
 * (jup-ag/docs `docs/101-ultra-api/1-get-order.md` @ d4b95c9a): 0.1 SOL → USDC through Meteora
 * DLMM, v0 with one lookup table: compute budget; a SOL transfer of 102,039,280 lamports from the
 * user to the aggregator's temporary wSOL account (PDA "token_account", user, wSOL, bump 253);
 * the aggregator's `create_token_account`; an idempotent ATA creation for the user's USDC; `route`
 * (platform fee 5 bps to 6AMW…); closeAccount of the temporary account back to the user.
 *
 * Built by hand (no RPC answers were published with it): the lookup table's contents (the
 * indices the message uses; wSOL, USDC, the DLMM program and pair are placed where the
 * instructions show them, the rest are placeholder keys), the account states before, and the
 * simulated states after: the user holds 1 SOL and no USDC account, the pair's reserves move by
 * the route's amounts (in 100,000,000 lamports, out 12,704,744), the fee account gains the 5 bps
 * (6,353 USDC base units: the step's out minus the quote's out) and the user 12,698,391.
 */
import {
  AddressLookupTableAccount,
  Keypair,
  PublicKey,
  VersionedTransaction,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { accountState, type AccountState } from './account-state';
import { assembleFacts, reportOf } from './assemble';
import { decodeMessage } from './message';
import { readTransactionWire } from '../shared/transaction-wire';
import type { ReviewReport, SwapIntent } from './types';
import {
  mintAccount,
  RENT,
  systemAccount,
  tokenAccount,
} from '../../test/fixtures/review-scenarios';
import { realWorldJson } from '../../test/fixtures/real-world';
import { orderFeeTerms } from '../fees/order-fees';
import { parseOrderResponse } from '../swap-api/v2/order-response';

const order = realWorldJson<{ transaction: string; lastValidBlockHeight: number }>(
  'swap/ultra-2025-04-order-aggregator.json',
);
const pk = (text: string) => new PublicKey(text);
const USER = pk('3X2LFoTQecbpqCR7G5tL1kczqBKurjKPHhKSZrJ4wgWc');
const USER_USDC = pk('4Z3ujSBYeTZoaEdJYK1GTjtMG6PyyrPDPcH7KRXXT5bk'); // its ATA, derived
const TEMP_WSOL = pk('7sW1uXipSvnsX94sqCPV5Rtc7aorj3rD2qyYHcQdv173'); // the aggregator's PDA
const FEE_ACCOUNT = pk('6AMWTvaL1pscDo5CAaBhPfv7xnSLjJ3ZXScV9yt5Gr5G');
const FEE_OWNER = pk('CatzoSMUkTRidT5DwBxAC2pEtnwMBTpkCepHkFgZDiqb');
const USDC = pk('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const WSOL = pk('So11111111111111111111111111111111111111112');
const DLMM = pk('LBUZKhRxPF3XUpBCjp4YzTKgLccjZhTSDM9YuVaPwxo');
const PAIR = pk('HTvjzsfX3yU6BUodCjZ5vZkUrAxMDTrBs3CJaq43ashR'); // the quote's ammKey
const TABLE = pk('8kejqRVs9JsHrXtUvVwqHsXkgAnd34WceNDieRQyJ1w4');
const placeholder = (n: number) =>
  Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + n) % 256)).publicKey;
const RESERVE_SOL = placeholder(210);
const RESERVE_USDC = placeholder(211);

/** The table as built by hand: what the message's indices must resolve to. */
function lookupTable(): AddressLookupTableAccount {
  const addresses = Array.from({ length: 216 }, (_, i) => placeholder(i));
  addresses[112] = WSOL;
  addresses[209] = USDC;
  addresses[210] = RESERVE_SOL;
  addresses[211] = RESERVE_USDC;
  addresses[214] = DLMM;
  addresses[215] = PAIR;
  return new AddressLookupTableAccount({
    key: TABLE,
    state: {
      deactivationSlot: BigInt('18446744073709551615'),
      lastExtendedSlot: 0,
      lastExtendedSlotStartIndex: 0,
      addresses,
    },
  });
}

const k = (key: PublicKey) => key.toBase58();
const IN = 100_000_000n;
const STEP_OUT = 12_704_744n;
const OUT = 12_698_391n;
const FEE = STEP_OUT - OUT; // 6,353
const NETWORK_FEE = 5_000n + 72_330n; // ⌈1,400,000 × 51,664 / 10^6⌉

type States = Record<string, AccountState | null>;

function before(): States {
  return {
    [k(USER)]: systemAccount(1_000_000_000n),
    [k(USER_USDC)]: null,
    [k(TEMP_WSOL)]: null,
    [k(FEE_ACCOUNT)]: tokenAccount(USDC, FEE_OWNER, 50_000_000n),
    [k(RESERVE_SOL)]: tokenAccount(WSOL, PAIR, 9_000_000_000_000n, { native: true }),
    [k(RESERVE_USDC)]: tokenAccount(USDC, PAIR, 1_200_000_000_000n),
    [k(PAIR)]: accountState(10_000_000n, k(DLMM), new Uint8Array(64)) as AccountState,
    [k(USDC)]: mintAccount(6),
    [k(WSOL)]: mintAccount(9),
  };
}

function after(changes: { fee?: bigint; userUsdc?: AccountState | null } = {}): States {
  const pre = before();
  return {
    ...pre,
    [k(USER)]: systemAccount(1_000_000_000n - IN - NETWORK_FEE - RENT),
    [k(USER_USDC)]:
      changes.userUsdc === undefined ? tokenAccount(USDC, USER, OUT) : changes.userUsdc,
    [k(TEMP_WSOL)]: null, // opened and closed inside the transaction
    [k(FEE_ACCOUNT)]: tokenAccount(USDC, FEE_OWNER, 50_000_000n + (changes.fee ?? FEE)),
    [k(RESERVE_SOL)]: tokenAccount(WSOL, PAIR, 9_000_000_000_000n + IN, { native: true }),
    [k(RESERVE_USDC)]: tokenAccount(USDC, PAIR, 1_200_000_000_000n - STEP_OUT),
  };
}

function intent(fee: { feeAccount: PublicKey; feeBps: number } | null): SwapIntent {
  return {
    swapMode: 'ExactIn',
    inputMint: k(WSOL) as Address,
    outputMint: k(USDC) as Address,
    inAmount: IN,
    outAmount: OUT,
    otherAmountThreshold: 12_577_697n,
    amount: IN,
    slippageBps: 100,
    platformFee: fee === null ? null : { amount: FEE, feeBps: fee.feeBps },
    feeAccount: fee === null ? null : (k(fee.feeAccount) as Address),
    destinationTokenAccount: null,
    // The service's own figure for this transaction's priority fee.
    maxPriorityFeeLamports: 72_329n,
  };
}

async function review(
  swapIntent: SwapIntent,
  post: States = after(),
  mutate?: (tx: VersionedTransaction) => void,
  preStates: States = before(),
): Promise<ReviewReport> {
  const tx = VersionedTransaction.deserialize(Buffer.from(order.transaction, 'base64'));
  mutate?.(tx);
  const table = lookupTable();
  const message = await decodeMessage(readTransactionWire(tx.serialize()), {
    getAddressLookupTable: async () => ({ context: { slot: 1 }, value: table }),
  });
  const pre = new Map(Object.entries(preStates));
  return reportOf(
    assembleFacts({
      user: k(USER) as Address,
      intent: swapIntent,
      message,
      pre,
      post: new Map(Object.entries(post)),
      simulation: { ok: true, error: null, reason: null, logs: [], unitsConsumed: 146_000 },
      blockHeight: order.lastValidBlockHeight - 100,
      lastValidBlockHeight: order.lastValidBlockHeight,
      allowJupiter: true,
      expectedDestination: k(USER_USDC) as Address,
      mintStates: pre,
      tokenSymbols: { [k(USDC)]: 'USDC', [k(WSOL)]: 'SOL' },
    }),
  );
}

const verdictOf = (report: ReviewReport, rule: string) =>
  report.verdicts.find((v) => v.rule === rule);

describe('the real aggregator transaction (Ultra order, 0.1 SOL → USDC)', () => {
  it('is judged honest with the 5 bps fee to its fee account: accepted, every rule passing', async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }));
    expect(report.refusals).toEqual([]);
    expect(report.accepted).toBe(true);
  });

  it('reads the aggregator instructions by name, the fee it takes and where to', async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }));
    const summaries = report.instructions.map((i) => i.summary);
    expect(summaries[3]).toMatch(/^Jupiter v6: open a temporary SOL account 7sW1…v173 for 3X2L…/);
    expect(summaries[5]).toMatch(
      /^Jupiter v6: swap along the quoted route \(route\), paying 4Z3u…T5bk at least 12\.603153 USDC, a platform fee of 5 bps to 6AMW/,
    );
  });

  it("counts the temporary wSOL account as the person's own, not SOL lost to a stranger", async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }));
    expect(verdictOf(report, 'sol-transfer')?.ok).toBe(true);
    // What left the wallet: the 0.1 SOL swapped, the network fee, and the rent of the new USDC
    // account; the temporary account's 102,039,280 lamports came back when it closed.
    const sol = report.balanceChanges.find((row) => row.account === k(USER));
    expect(sol?.change).toBe(-(IN + NETWORK_FEE + RENT));
    expect(report.rentLamports).toBe(RENT);
    expect(verdictOf(report, 'input-spend')?.reason).toMatch(/You pay 0.1 SOL/);
  });

  it('shows the platform fee landing in the fee account, read from the simulated post-state', async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }));
    expect(verdictOf(report, 'fee-account')?.reason).toBe(
      'Your fee account 6AMW…Gr5G receives 0.006353 USDC (the platform fee of 5 bps).',
    );
    const row = report.balanceChanges.find((r) => r.role === 'fee');
    expect(row).toMatchObject({ account: k(FEE_ACCOUNT), change: FEE });
  });

  it('holds the priority cap to the service’s figure (72,329 reported, 72,330 charged)', async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }));
    expect(report.networkFee.priorityLamports).toBe(72_330n);
    expect(verdictOf(report, 'priority-fee')?.ok).toBe(true);
    const tighter = await review({
      ...intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }),
      maxPriorityFeeLamports: 72_328n,
    });
    expect(verdictOf(tighter, 'priority-fee')?.ok).toBe(false);
  });

  it('refuses it when no platform fee was set: the route takes 5 bps for someone', async () => {
    const report = await review(intent(null));
    expect(report.accepted).toBe(false);
    expect(verdictOf(report, 'fee-account')?.reason).toMatch(
      /takes a platform fee of 5 bps for 6AMW…Gr5G, but no platform fee was set/,
    );
  });

  it('refuses it when the person configured another fee account', async () => {
    const mine = pk('7wJKDzzVQA3ANatZmNPPumFq1Ez2stF6j8xJaAJxFvP1');
    const report = await review(intent({ feeAccount: mine, feeBps: 5 }));
    expect(verdictOf(report, 'fee-account')?.reason).toMatch(
      /sends the platform fee to 6AMW…Gr5G, not to your configured fee account 7wJK…FvP1/,
    );
  });

  it('refuses it when the simulation shows the fee not landing in the configured account', async () => {
    const report = await review(intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }), after({ fee: 0n }));
    expect(verdictOf(report, 'fee-account')?.reason).toMatch(
      /shows none of it landing in your configured fee account 6AMW…Gr5G/,
    );
  });

  it('refuses a delegate set on the person’s new account inside the program', async () => {
    const stranger = placeholder(7);
    const report = await review(
      intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }),
      after({ userUsdc: tokenAccount(USDC, USER, OUT, { delegate: stranger }) }),
    );
    expect(verdictOf(report, 'authority')?.ok).toBe(false);
    expect(report.accepted).toBe(false);
  });

  it('refuses the same bytes once its lastValidBlockHeight has passed', async () => {
    const tx = VersionedTransaction.deserialize(Buffer.from(order.transaction, 'base64'));
    expect(tx.message.recentBlockhash).toBeTruthy();
    const table = lookupTable();
    const message = await decodeMessage(readTransactionWire(tx.serialize()), {
      getAddressLookupTable: async () => ({ context: { slot: 1 }, value: table }),
    });
    const pre = new Map(Object.entries(before()));
    const report = reportOf(
      assembleFacts({
        user: k(USER) as Address,
        intent: intent({ feeAccount: FEE_ACCOUNT, feeBps: 5 }),
        message,
        pre,
        post: new Map(Object.entries(after())),
        simulation: { ok: true, error: null, reason: null, logs: [], unitsConsumed: 1 },
        blockHeight: order.lastValidBlockHeight + 1,
        lastValidBlockHeight: order.lastValidBlockHeight,
        allowJupiter: true,
        expectedDestination: k(USER_USDC) as Address,
        mintStates: pre,
      }),
    );
    expect(verdictOf(report, 'blockhash')?.ok).toBe(false);
  });
});

/**
 * The same real /order with no integrator fee (issue 22): its answer states Jupiter's own fee
 * (`feeBps: 5`; this 2025 answer has no `platformFee` object yet), and its route takes it into
 * the account the route names. Read through the wallet's own parser and fee terms.
 *
 * That account, 6AMW…Gr5G, is what the real bytes say it is (fees/jupiter-fee-account.test.ts):
 * the wSOL associated token account of Jupiter's program authority 12, so here it holds wSOL
 * and gains the 5 bps of the 0.1 SOL paid (50,000 lamports), unlike the integrator's USDC
 * account the describe block above places there. 5 bps was Jupiter's rate for SOL–USDC in 2025;
 * its table today gives 2 (issue 32), so the wallet refuses the 2025 order in words.
 */
describe("the real order's own Jupiter fee, with no integrator fee set", () => {
  const AUTHORITY_12 = pk('3LoAYHuSd7Gh8d7RTFnhvYtiTiefdZ5ByamU42vkzd76');
  const SOL_FEE = (IN * 5n) / 10_000n;
  const jupiterBefore = (): States => ({
    ...before(),
    [k(FEE_ACCOUNT)]: tokenAccount(WSOL, AUTHORITY_12, 0n, { native: true }),
  });
  const jupiterAfter = (fee = SOL_FEE): States => ({
    ...after(),
    [k(FEE_ACCOUNT)]: tokenAccount(WSOL, AUTHORITY_12, fee, { native: true }),
  });
  const reviewJupiter = (swapIntent: SwapIntent, post: States = jupiterAfter()) =>
    review(swapIntent, post, undefined, jupiterBefore());

  async function jupiterIntent(over: Record<string, unknown> = {}): Promise<SwapIntent> {
    const body = { ...(order as unknown as Record<string, unknown>), ...over };
    const answer = parseOrderResponse(
      JSON.stringify(body),
      body,
      {
        inputMint: k(WSOL) as Address,
        outputMint: k(USDC) as Address,
        amount: IN,
        slippageBps: 100,
      },
      Date.now(),
    );
    const { serviceFee, fees } = await orderFeeTerms(undefined, null, answer);
    expect(fees).toBeNull();
    return { ...intent(null), serviceFee };
  }

  it('lands in Jupiter’s own account, but 5 bps is above today’s 2 bps for SOL–USDC: refused', async () => {
    const report = await reviewJupiter(await jupiterIntent());
    expect(report.accepted).toBe(false);
    expect(report.refusals).toEqual([
      "Jupiter's platform fee would be 5 bps, above the 2 bps Jupiter publishes for SOL–stablecoin pairs (its docs' fee table). Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.",
    ]);
    const row = report.balanceChanges.find((r) => r.account === k(FEE_ACCOUNT));
    expect(row).toMatchObject({ role: 'service-fee', change: SOL_FEE });
    expect(report.balanceChanges.some((r) => r.role === 'fee')).toBe(false);
  });

  it('refuses the same fee into an account it cannot attribute to Jupiter, in words', async () => {
    // The USDC account of a stranger (the block above's fee account) at the same address.
    const report = await review(await jupiterIntent());
    expect(verdictOf(report, 'fee-account')?.reason).toBe(
      "The swap instruction pays Jupiter's platform fee into 6AMW…Gr5G, an account the wallet cannot attribute to Jupiter (Jupiter's fee goes to a token account of its own program's authorities) nor to your referral account: whoever holds it would be paid the fee. Don't approve it: get a fresh quote, or choose Router as the swap path in Settings.",
    );
  });

  it('refuses a route fee above the rate the answer states', async () => {
    const report = await reviewJupiter(await jupiterIntent({ feeBps: 4 }));
    expect(report.accepted).toBe(false);
    expect(verdictOf(report, 'fee-account')?.reason).toBe(
      "The swap instruction takes a platform fee of 5 bps, more than the 4 bps Jupiter's answer states.",
    );
  });

  it('refuses more landing than the stated rate makes, or the fee landing elsewhere', async () => {
    const more = await reviewJupiter(await jupiterIntent(), jupiterAfter(SOL_FEE + 2_000n));
    expect(verdictOf(more, 'fee-account')?.reason).toMatch(
      /^Jupiter's platform fee would be 0\.000052 SOL, more than the 5 bps \(0\.00005 SOL\)/,
    );
    const elsewhere = await reviewJupiter(await jupiterIntent(), jupiterAfter(0n));
    expect(verdictOf(elsewhere, 'fee-account')?.reason).toMatch(
      /but the test run shows 0 SOL landing in 6AMW…Gr5G, the account its swap instruction names/,
    );
  });

  it('refuses the fee in another token than the answer names', async () => {
    const report = await reviewJupiter(
      await jupiterIntent({ platformFee: { amount: '6353', feeBps: 5, feeMint: k(USDC) } }),
    );
    expect(verdictOf(report, 'fee-account')?.reason).toMatch(
      /pays Jupiter's platform fee into 6AMW…Gr5G, which holds SOL, not USDC as its answer states/,
    );
  });

  it('refuses a route fee when the answer states none', async () => {
    const report = await reviewJupiter(await jupiterIntent({ feeBps: 0 }));
    expect(verdictOf(report, 'fee-account')?.reason).toMatch(
      /takes a platform fee of 5 bps for 6AMW…Gr5G, but no platform fee was set/,
    );
  });
});
