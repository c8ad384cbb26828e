/**
 * Who counts as the counterparty of a pre-settled swap (POST /swap-instructions): the owner of
 * an escrow the user empties as its delegate, only when that delegate transfer really moves a
 * positive amount of the escrow's mint out of it into an account of that mint (the escrow's
 * simulated balance drops by at least the amount). The user's payment to the venue's vault is
 * then part of the swap; with a zero-amount transfer, an escrow that did not pay out, or a
 * destination of another mint, the same payment goes to "an address that is not part of the
 * swap". Real compiled messages and spl-token account data (test-fixtures.ts).
 *
 * Issue 32: a counterparty earns the name. A co-signer may take the person's input only as the
 * counterparty of a fill that pays the person at least the minimum they accepted, in the output
 * token, in the same transaction. Before the fix, a co-signer the /order answer called "maker"
 * became a counterparty by paying one base unit and then took the whole input. Here: 10 USDC
 * for BONK (honestSwap), the person accepting at least 990 BONK.
 */
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { ComputeBudgetProgram, Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { counterparties } from './counterparty';
import {
  ata,
  BONK,
  honestSwap,
  key,
  mintAccount,
  scenarioFacts,
  scenarioReport,
  systemAccount,
  tokenAccount,
  USDC,
  STRANGER,
  USER,
  VENUE,
  verdict,
  WSOL,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import {
  ruleVerdict,
  userUsdc,
  userBonk,
  userWsol,
  vaultUsdc,
} from '../../test/fixtures/review-rule';
import type { SwapIntent } from './types';

const ESCROW = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + 17) % 256));
const OUT = 7_000_000n;
const IN = 10_000_000n;

const intent: SwapIntent = {
  swapMode: 'ExactIn',
  inputMint: key(USDC) as Address,
  outputMint: key(BONK) as Address,
  inAmount: IN,
  outAmount: OUT,
  otherAmountThreshold: OUT,
  amount: IN,
  slippageBps: 50,
  platformFee: null,
  feeAccount: null,
  destinationTokenAccount: null,
  maxPriorityFeeLamports: 0n,
};

/**
 * USDC → BONK through an escrow of BONK owned by the venue (not a signer): the user pays the
 * venue's USDC vault, then moves `moved` BONK out of the escrow into `into` as its delegate;
 * the escrow's simulated balance ends at `escrowAfter`.
 */
function escrowSwap(options: { moved: bigint; escrowAfter: bigint; into?: PublicKey }): Scenario {
  const into = options.into ?? userBonk;
  const gained = OUT - options.escrowAfter;
  return {
    instructions: [
      createTransferCheckedInstruction(userUsdc, USDC, vaultUsdc, USER.publicKey, IN, 6),
      createTransferCheckedInstruction(
        ESCROW.publicKey,
        BONK,
        into,
        USER.publicKey,
        options.moved,
        5,
      ),
    ],
    signers: [],
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n),
      [key(vaultUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n),
      [key(ESCROW.publicKey)]: tokenAccount(BONK, VENUE.publicKey, OUT, {
        delegate: USER.publicKey,
      }),
      [key(USDC)]: mintAccount(6),
      [key(BONK)]: mintAccount(5),
      [key(WSOL)]: mintAccount(9),
    },
    post: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n - 5_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n - IN),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, into === userBonk ? gained : 0n),
      [key(vaultUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n + IN),
      [key(ESCROW.publicKey)]: tokenAccount(BONK, VENUE.publicKey, options.escrowAfter),
    },
    intent,
  };
}

describe('the counterparty of a pre-settled swap', () => {
  it('is the escrow owner when the user really empties the escrow into their account', async () => {
    const scenario = escrowSwap({ moved: OUT, escrowAfter: 0n });
    expect([...counterparties(await scenarioFacts(scenario))]).toEqual([key(VENUE.publicKey)]);
    const report = await scenarioReport(scenario);
    expect(report.refusals).toEqual([]);
  });

  it('is nobody for a zero-amount delegate transfer: the payment to the vault is refused', async () => {
    const scenario = escrowSwap({ moved: 0n, escrowAfter: OUT });
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
    expect(await ruleVerdict(scenario, 'transfers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/move 10 USDC from your account to .* not part of the swap/),
    });
  });

  it('is nobody when the escrow did not pay out what the transfer says', async () => {
    const scenario = escrowSwap({ moved: OUT, escrowAfter: OUT - 1n });
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
    expect((await ruleVerdict(scenario, 'transfers')).ok).toBe(false);
  });

  it('is nobody when the simulation failed', async () => {
    const scenario = { ...escrowSwap({ moved: OUT, escrowAfter: 0n }), post: null };
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
  });

  it('is nobody when the escrow is emptied into an account of another mint', async () => {
    const scenario = escrowSwap({ moved: OUT, escrowAfter: 0n, into: userUsdc });
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
  });
});

/**
 * Issue 21: a two-hop route whose second hop is a co-signing market maker (the sandbox's PDLG
 * book after a CP-Swap hop into USDC). The person pays the maker the middle token, not the
 * swap's input; that is the maker's leg of the quoted route when the quote names the leg and
 * the maker pays its output. Hop 1 here is another co-signing venue (STRANGER) selling USDC
 * for wrapped SOL, so the scenario stays within the programs a review reads.
 */
describe('the market maker of a two-hop route', () => {
  const POOL = STRANGER;
  const poolWsol = ata(POOL.publicKey, WSOL);
  const poolUsdc = ata(POOL.publicKey, USDC);
  const makerUsdc = ata(VENUE.publicKey, USDC);
  const makerBonk = ata(VENUE.publicKey, BONK);
  const SOL_IN = 20_000_000n;
  const MIDDLE = 3_000_000n;
  const BONK_OUT = 150_000_000n;
  // The first leg's minimum is what the quote states for it (swap-review.ts intentOf): the pool
  // pays the person at least that much USDC, so it is that leg's counterparty (issue 32).
  const legs = [
    { inputMint: key(WSOL) as Address, outputMint: key(USDC) as Address, minOutAmount: MIDDLE },
    { inputMint: key(USDC) as Address, outputMint: key(BONK) as Address },
  ];

  /** SOL → USDC (pool) → BONK (maker); the person pays the maker `paid` USDC. */
  function twoHop(options: {
    paid?: bigint;
    routeLegs?: typeof legs;
    makerPays?: PublicKey;
  }): Scenario {
    const paid = options.paid ?? MIDDLE;
    const makerPays = options.makerPays ?? BONK;
    const makerVault = makerPays === BONK ? makerBonk : ata(VENUE.publicKey, makerPays);
    const userOut = makerPays === BONK ? userBonk : ata(USER.publicKey, makerPays);
    return {
      instructions: [
        createTransferCheckedInstruction(userWsol, WSOL, poolWsol, USER.publicKey, SOL_IN, 9),
        createTransferCheckedInstruction(poolUsdc, USDC, userUsdc, POOL.publicKey, MIDDLE, 6),
        createTransferCheckedInstruction(userUsdc, USDC, makerUsdc, USER.publicKey, paid, 6),
        createTransferCheckedInstruction(
          makerVault,
          makerPays,
          userOut,
          VENUE.publicKey,
          BONK_OUT,
          5,
        ),
      ],
      signers: [POOL, VENUE],
      pre: {
        [key(USER.publicKey)]: systemAccount(1_000_000_000n),
        [key(userWsol)]: tokenAccount(WSOL, USER.publicKey, SOL_IN),
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 10_000_000n),
        [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n),
        [key(poolWsol)]: tokenAccount(WSOL, POOL.publicKey, 0n),
        [key(poolUsdc)]: tokenAccount(USDC, POOL.publicKey, 1_000_000_000n),
        [key(makerUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n),
        [key(makerBonk)]: tokenAccount(BONK, VENUE.publicKey, 1_000_000_000_000n),
        [key(USDC)]: mintAccount(6),
        [key(BONK)]: mintAccount(5),
        [key(WSOL)]: mintAccount(9),
      },
      post: {
        [key(USER.publicKey)]: systemAccount(1_000_000_000n - 15_000n),
        [key(userWsol)]: tokenAccount(WSOL, USER.publicKey, 0n),
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 10_000_000n + MIDDLE - paid),
        [key(userBonk)]: tokenAccount(BONK, USER.publicKey, makerPays === BONK ? BONK_OUT : 0n),
        [key(poolWsol)]: tokenAccount(WSOL, POOL.publicKey, SOL_IN),
        [key(poolUsdc)]: tokenAccount(USDC, POOL.publicKey, 1_000_000_000n - MIDDLE),
        [key(makerUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n + paid),
        [key(makerBonk)]: tokenAccount(BONK, VENUE.publicKey, 1_000_000_000_000n - BONK_OUT),
      },
      intent: {
        ...intent,
        inputMint: key(WSOL) as Address,
        inAmount: SOL_IN,
        amount: SOL_IN,
        outAmount: BONK_OUT,
        otherAmountThreshold: BONK_OUT,
        ...(options.routeLegs ? { routeLegs: options.routeLegs } : {}),
      },
    };
  }

  it("accepts the person's middle token to the maker when the quote names that leg", async () => {
    const report = await scenarioReport(twoHop({ routeLegs: legs }));
    expect(report.refusals).toEqual([]);
    expect(verdict(report, 'transfers').ok).toBe(true);
  });

  it('refuses it when the quote does not name the leg (the words of the sweep before the fix)', async () => {
    expect(await ruleVerdict(twoHop({ routeLegs: legs.slice(0, 1) }), 'transfers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(
        /^This transaction would move 3 USDC from your account to .*, an address that is not part of the swap\.$/,
      ),
    });
    const onlyFirst = legs.slice(0, 1);
    expect((await ruleVerdict(twoHop({ routeLegs: onlyFirst }), 'transfers')).ok).toBe(false);
  });

  it("refuses it when the maker pays something other than that leg's output", async () => {
    // The maker hands back wrapped SOL for the USDC: no leg of the quote takes USDC for SOL.
    const report = await scenarioReport(twoHop({ routeLegs: legs, makerPays: WSOL }));
    expect(verdict(report, 'transfers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/move 3 USDC from your account to .* not part of the swap/),
    });
  });

  it('bounds it by the balance rules: USDC beyond what the first hop brought is refused', async () => {
    const report = await scenarioReport(twoHop({ routeLegs: legs, paid: MIDDLE + 1_000_000n }));
    expect(verdict(report, 'transfers').ok).toBe(true);
    expect(verdict(report, 'other-tokens')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/Your USDC balance would drop by 1 USDC/),
    });
  });
});

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
