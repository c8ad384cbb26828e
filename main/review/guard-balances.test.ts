import { describe, expect, it } from 'vitest';
import { ComputeBudgetProgram, Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
  createSyncNativeInstruction,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import type { Address } from '../shared/address';
import {
  ata,
  BONK,
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
  VENUE,
  verdict,
  WSOL,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import {
  ruleVerdict,
  userUsdc,
  userBonk,
  vaultUsdc,
  vaultBonk,
  strangerBonk,
} from '../../test/fixtures/review-rule';

const FEE = 10_200n;

function after(
  scenario: Scenario,
  address: PublicKey,
  state: ReturnType<typeof tokenAccount> | null,
) {
  (scenario.post as Record<string, unknown>)[key(address)] = state;
}

/** The honest swap with the person's `account` of `mint` holding `amount` after it. */
function honestEndingAt(account: PublicKey, mint: PublicKey, amount: bigint): Scenario {
  const scenario = honestSwap();
  after(scenario, account, tokenAccount(mint, USER.publicKey, amount));
  return scenario;
}

/** Turns the honest swap into ExactOut for `amount` of BONK, spending at most 10.1 USDC. */
function exactOut(scenario: Scenario, amount: bigint) {
  scenario.intent = {
    ...scenario.intent,
    swapMode: 'ExactOut',
    amount,
    otherAmountThreshold: 10_100_000n,
  };
}

describe('simulation', () => {
  it('refuses a failing simulation in words and leaves the balance rules out', async () => {
    const scenario = honestSwap();
    scenario.post = null;
    scenario.simulation = {
      ok: false,
      error: '{"InstructionError":[2,{"Custom":1}]}',
      reason: 'The account does not hold enough for this swap.',
      logs: [],
      unitsConsumed: 900,
    };
    const report = await scenarioReport(scenario);
    expect(report.accepted).toBe(false);
    expect(verdict(report, 'simulation').reason).toBe(
      "The network's test run of this transaction failed: The account does not hold enough for this swap.",
    );
    expect(report.verdicts.some((v) => v.rule === 'input-spend')).toBe(false);
    expect(report.balanceChanges).toEqual([]);
  });
});

describe('input-spend', () => {
  it('refuses spending more than the amount entered (ExactIn)', async () => {
    const scenario = honestEndingAt(userUsdc, USDC, 80_000_000n);
    expect((await ruleVerdict(scenario, 'input-spend')).reason).toBe(
      'This transaction would take 20 USDC from you, more than 10 USDC (the amount you entered).',
    );
  });

  it('bounds ExactOut spend by otherAmountThreshold', async () => {
    const scenario = honestSwap();
    exactOut(scenario, 100_000_000n);
    expect((await ruleVerdict(scenario, 'input-spend')).ok).toBe(true);
    after(scenario, userUsdc, tokenAccount(USDC, USER.publicKey, 89_899_999n));
    expect((await ruleVerdict(scenario, 'input-spend')).reason).toMatch(
      /take 10\.100001 USDC from you, more than 10\.1 USDC \(the most the quote allows with your slippage\)/,
    );
  });
});

describe('output', () => {
  it('refuses less than the minimum (ExactIn)', async () => {
    const scenario = honestEndingAt(userBonk, BONK, 98_999_999n);
    expect((await ruleVerdict(scenario, 'output')).reason).toBe(
      'You would receive 989.99999 BONK, less than the minimum of 990 BONK the quote promised.',
    );
  });

  it('requires exactly the amount (ExactOut), not more', async () => {
    const scenario = honestSwap();
    exactOut(scenario, 99_999_999n);
    expect((await ruleVerdict(scenario, 'output')).reason).toBe(
      '1000 BONK would arrive at your account instead of exactly 999.99999 BONK.',
    );
  });
});

describe('other-tokens', () => {
  it('refuses a drop of a token the swap does not pay with', async () => {
    const scenario = honestSwap();
    scenario.intent = { ...scenario.intent, inputMint: key(WSOL) as Address };
    scenario.intent.amount = 1_000_000_000n;
    expect((await ruleVerdict(scenario, 'other-tokens')).reason).toMatch(
      /Your USDC balance would drop by 10 USDC, though this swap does not pay with USDC/,
    );
  });

  it('refuses SOL leaving beyond the network fee when SOL is not paid', async () => {
    const scenario = honestSwap();
    scenario.post![key(USER.publicKey)] = systemAccount(1_000_000_000n - FEE - 7n);
    expect((await ruleVerdict(scenario, 'other-tokens')).reason).toMatch(
      /Your SOL would drop by 0\.000000007 SOL beyond the network fee and rent/,
    );
  });
});

describe('fee-account', () => {
  function withFeeLeg(to: PublicKey, amount: bigint): Scenario {
    const scenario = honestSwap();
    scenario.instructions.push(
      createTransferCheckedInstruction(vaultBonk, BONK, to, VENUE.publicKey, amount, 5),
    );
    scenario.pre[key(to)] = tokenAccount(BONK, STRANGER.publicKey, 0n);
    after(scenario, to, tokenAccount(BONK, STRANGER.publicKey, amount));
    return scenario;
  }

  it('refuses a fee taken although none was set', async () => {
    const result = await ruleVerdict(withFeeLeg(strangerBonk, 500_000n), 'fee-account');
    expect(result.reason).toMatch(
      /A fee of 5 BONK would be taken and sent to .*, but no platform fee was set/,
    );
  });

  it('refuses a fee sent anywhere but the configured account', async () => {
    const scenario = withFeeLeg(strangerBonk, 500_000n);
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    scenario.pre[key(configured)] = tokenAccount(BONK, integrator, 0n);
    scenario.intent = {
      ...scenario.intent,
      feeAccount: key(configured) as Address,
      platformFee: { amount: 500_000n, feeBps: 50 },
    };
    expect((await ruleVerdict(scenario, 'fee-account')).reason).toMatch(
      /not to your configured fee account/,
    );
  });

  it('accepts the quoted bps at the configured account and refuses more', async () => {
    const configure = (scenario: Scenario) => {
      scenario.intent = {
        ...scenario.intent,
        feeAccount: key(strangerBonk) as Address,
        platformFee: { amount: 502_512n, feeBps: 50 },
      };
      return scenario;
    };
    // 50 bps of the gross output (1000 BONK + fee) is at most 5.02513 BONK.
    const fair = await scenarioReport(configure(withFeeLeg(strangerBonk, 502_512n)));
    expect(verdict(fair, 'fee-account')).toMatchObject({ ok: true });
    const greedy = await scenarioReport(configure(withFeeLeg(strangerBonk, 600_000n)));
    expect(verdict(greedy, 'fee-account').reason).toMatch(
      /platform fee would be 6 BONK, more than the 50 bps/,
    );
  });
});

describe('balance changes', () => {
  it('lists the user’s SOL (network fee included) and tokens, and a created account', async () => {
    const scenario = honestSwap();
    scenario.pre[key(userBonk)] = null;
    scenario.post![key(USER.publicKey)] = systemAccount(1_000_000_000n - FEE - RENT);
    const report = await scenarioReport(scenario);
    expect(report.rentLamports).toBe(RENT);
    expect(report.networkFee.totalLamports).toBe(FEE);
    expect(report.balanceChanges).toEqual([
      {
        account: key(USER.publicKey),
        role: 'user',
        mint: null,
        decimals: 9,
        owner: key(USER.publicKey),
        before: 1_000_000_000n,
        after: 1_000_000_000n - FEE - RENT,
        change: -FEE - RENT,
        created: false,
        closed: false,
      },
      {
        account: key(userUsdc),
        role: 'user',
        mint: key(USDC),
        decimals: 6,
        owner: key(USER.publicKey),
        before: 100_000_000n,
        after: 90_000_000n,
        change: -10_000_000n,
        created: false,
        closed: false,
      },
      {
        account: key(userBonk),
        role: 'destination',
        mint: key(BONK),
        decimals: 5,
        owner: key(USER.publicKey),
        before: 0n,
        after: 100_000_000n,
        change: 100_000_000n,
        created: true,
        closed: false,
      },
    ]);
    expect(report.refusals).toEqual([]);
  });

  it('measures SOL paid through a temporary wSOL account, and refuses a hidden extra', async () => {
    const wsol = ata(USER.publicKey, WSOL);
    const solIn = (extraLoss: bigint): Scenario => ({
      ...honestSwap(),
      instructions: [
        ComputeBudgetProgram.setComputeUnitLimit({ units: 200_000 }),
        createAssociatedTokenAccountIdempotentInstruction(
          USER.publicKey,
          wsol,
          USER.publicKey,
          WSOL,
        ),
        SystemProgram.transfer({
          fromPubkey: USER.publicKey,
          toPubkey: wsol,
          lamports: 1_000_000_000,
        }),
        createSyncNativeInstruction(wsol),
        createTransferCheckedInstruction(
          wsol,
          WSOL,
          ata(VENUE.publicKey, WSOL),
          USER.publicKey,
          1_000_000_000n,
          9,
        ),
        createTransferCheckedInstruction(
          vaultUsdc,
          USDC,
          userUsdc,
          VENUE.publicKey,
          150_000_000n,
          6,
        ),
        createCloseAccountInstruction(wsol, USER.publicKey, USER.publicKey),
      ],
      pre: {
        [key(USER.publicKey)]: systemAccount(5_000_000_000n),
        [key(wsol)]: null,
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 0n),
        [key(ata(VENUE.publicKey, WSOL))]: tokenAccount(WSOL, VENUE.publicKey, 9_000_000_000n, {
          native: true,
        }),
        [key(vaultUsdc)]: tokenAccount(USDC, VENUE.publicKey, 1_000_000_000n),
        [key(USDC)]: mintAccount(6),
        [key(WSOL)]: mintAccount(9),
      },
      post: {
        [key(USER.publicKey)]: systemAccount(5_000_000_000n - 1_000_000_000n - 10_000n - extraLoss),
        [key(wsol)]: null,
        [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 150_000_000n),
      },
      intent: {
        ...honestSwap().intent,
        inputMint: key(WSOL) as Address,
        outputMint: key(USDC) as Address,
        amount: 1_000_000_000n,
        inAmount: 1_000_000_000n,
        outAmount: 150_000_000n,
        otherAmountThreshold: 149_000_000n,
        maxPriorityFeeLamports: 0n,
      },
    });
    const honest = await scenarioReport(solIn(0n));
    expect(honest.refusals).toEqual([]);
    expect(verdict(honest, 'input-spend').reason).toBe(
      'You pay 1 SOL, within the 1 SOL the quote allows.',
    );
    expect(honest.balanceChanges.map((row) => row.account)).toEqual([
      key(USER.publicKey),
      key(userUsdc),
    ]);
    const skimmed = await scenarioReport(solIn(1n));
    expect(verdict(skimmed, 'input-spend').reason).toMatch(/take 1\.000000001 SOL from you/);
  });
});
