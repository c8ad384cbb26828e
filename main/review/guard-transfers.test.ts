import { describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import { JITO_TIP_ACCOUNTS } from './service-terms';
import { createBurnCheckedInstruction, createTransferCheckedInstruction } from '@solana/spl-token';
import type { Address } from '../shared/address';
import {
  ata,
  BONK,
  honestSwap,
  key,
  scenarioReport,
  STRANGER,
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
  vaultBonk,
  strangerUsdc,
  strangerBonk,
} from '../../test/fixtures/review-rule';

function withExtra(...extra: TransactionInstruction[]): Scenario {
  const scenario = honestSwap();
  scenario.instructions.push(...extra);
  scenario.pre[key(strangerUsdc)] = tokenAccount(USDC, STRANGER.publicKey, 0n);
  scenario.pre[key(strangerBonk)] = tokenAccount(BONK, STRANGER.publicKey, 0n);
  return scenario;
}

describe('transfers', () => {
  it('refuses tokens moved from the user to an address outside the swap, in words', async () => {
    const scenario = withExtra(
      createTransferCheckedInstruction(userUsdc, USDC, strangerUsdc, USER.publicKey, 5_000_000n, 6),
    );
    const result = await ruleVerdict(scenario, 'transfers');
    expect(result.ok).toBe(false);
    expect(result.reason).toBe(
      `This transaction would move 5 USDC from your account to ${key(strangerUsdc).slice(0, 4)}…${key(strangerUsdc).slice(-4)}, an address that is not part of the swap.`,
    );
  });

  it('accepts moves between the user’s own accounts', async () => {
    const own = ata(USER.publicKey, USDC);
    const scenario = withExtra(
      createTransferCheckedInstruction(userUsdc, USDC, own, USER.publicKey, 1n, 6),
    );
    expect((await ruleVerdict(scenario, 'transfers')).ok).toBe(true);
  });

  it('refuses burning the user’s tokens', async () => {
    const scenario = withExtra(
      createBurnCheckedInstruction(userUsdc, USDC, USER.publicKey, 2_500_000n, 6),
    );
    expect((await ruleVerdict(scenario, 'transfers')).reason).toMatch(/destroy \(burn\) 2\.5 USDC/);
  });

  it('lets a configured platform fee be taken from the input', async () => {
    // 10,050,251 paid in, of which ⌊10,050,251 × 50 / 10,000⌋ = 50,251 is the fee.
    const fee = ata(STRANGER.publicKey, USDC);
    const scenario = withExtra(
      createTransferCheckedInstruction(userUsdc, USDC, fee, USER.publicKey, 50_251n, 6),
    );
    scenario.intent = {
      ...scenario.intent,
      feeAccount: key(fee) as Address,
      platformFee: { amount: 50_251n, feeBps: 50 },
    };
    scenario.post![key(userUsdc)] = tokenAccount(USDC, USER.publicKey, 89_949_749n);
    scenario.post![key(fee)] = tokenAccount(USDC, STRANGER.publicKey, 50_251n);
    scenario.intent.amount = 10_050_251n;
    const report = await scenarioReport(scenario);
    expect(verdict(report, 'transfers').ok).toBe(true);
    expect(verdict(report, 'fee-account')).toMatchObject({ ok: true });
    expect(verdict(report, 'fee-account').reason).toMatch(
      /fee account .* receives 0\.050251 USDC \(the platform fee of 50 bps\)/,
    );
  });

  it('lets the person pay a co-signer only its leg of the route (the input token)', async () => {
    // The venue signs and pays the BONK out; the user's BONK going to the venue is no leg of
    // a USDC → BONK swap, whoever signs.
    const scenario = withExtra(
      createTransferCheckedInstruction(userBonk, BONK, vaultBonk, USER.publicKey, 1n, 5),
    );
    const result = await ruleVerdict(scenario, 'transfers');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/move 0\.00001 BONK from your account to .*not part of the swap/);
  });

  it('a co-signer who pays nothing is no counterparty, even for the input token', async () => {
    const scenario = withExtra(
      createTransferCheckedInstruction(userUsdc, USDC, strangerUsdc, USER.publicKey, 1_000n, 6),
      // The stranger signs, but only moves its own USDC between its accounts.
      createTransferCheckedInstruction(strangerUsdc, USDC, strangerUsdc, STRANGER.publicKey, 1n, 6),
    );
    scenario.signers = [VENUE, STRANGER];
    const report = await scenarioReport(scenario);
    expect(verdict(report, 'signers').ok).toBe(true);
    const result = verdict(report, 'transfers');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(/move 0\.001 USDC from your account to .*not part of the swap/);
  });
});

describe('sol-transfer', () => {
  /** The honest swap plus the user's `lamports` sent to `to`. */
  const solFromUser = (to: PublicKey, lamports: number) =>
    withExtra(SystemProgram.transfer({ fromPubkey: USER.publicKey, toPubkey: to, lamports }));

  it('refuses SOL sent from the user to a stranger', async () => {
    const scenario = solFromUser(STRANGER.publicKey, 100_000_000);
    const result = await ruleVerdict(scenario, 'sol-transfer');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(
      /send 0\.1 SOL from your account to .*, which is not part of the swap/,
    );
  });

  it('accepts wrapping SOL into the user’s own wSOL account', async () => {
    const scenario = solFromUser(ata(USER.publicKey, WSOL), 5);
    scenario.pre[key(ata(USER.publicKey, WSOL))] = tokenAccount(WSOL, USER.publicKey, 0n, {
      native: true,
    });
    expect((await ruleVerdict(scenario, 'sol-transfer')).ok).toBe(true);
  });

  it('counts a tip to a published tip account within the cap, refuses one above it', async () => {
    // The cap is 1,000 lamports and the compute-unit fee takes 200 of it.
    const jito = new PublicKey(JITO_TIP_ACCOUNTS[0] as string);
    const tip = (lamports: number) => solFromUser(jito, lamports);
    const within = await ruleVerdict(tip(800), 'sol-transfer');
    expect(within.ok).toBe(true);
    expect(within.reason).toMatch(/0\.0000008 SOL goes to 96gY…rZU5, a published tip account/);
    expect((await ruleVerdict(tip(801), 'sol-transfer')).reason).toBe(
      'It would pay a tip of 0.000000801 SOL, more than the 0.0000008 SOL left of the priority fee you allowed.',
    );
  });

  it('refuses a "tip" to any other address, however small', async () => {
    const scenario = solFromUser(STRANGER.publicKey, 500);
    const result = await ruleVerdict(scenario, 'sol-transfer');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(
      /send 0\.0000005 SOL from your account to .*not part of the swap/,
    );
  });
});

describe('priority-fee', () => {
  it('refuses a compute-unit price above the cap the person set', async () => {
    const scenario = honestSwap();
    scenario.instructions[1] = ComputeBudgetProgram.setComputeUnitPrice({
      microLamports: 1_000_000,
    });
    const report = await scenarioReport(scenario);
    expect(report.networkFee).toMatchObject({
      baseLamports: 10_000n,
      priorityLamports: 200_000n,
      totalLamports: 210_000n,
    });
    expect(verdict(report, 'priority-fee').reason).toBe(
      'The priority fee would be 0.0002 SOL, above the 0.000001 SOL you allowed.',
    );
  });
});

describe('destination', () => {
  /** The venue's 1,000 BONK of output paid into `account` instead of the person's. */
  const outputTo = (scenario: Scenario, account: PublicKey) => {
    scenario.instructions[3] = createTransferCheckedInstruction(
      vaultBonk,
      BONK,
      account,
      VENUE.publicKey,
      100_000_000n,
      5,
    );
  };

  it('refuses output sent to a stranger', async () => {
    const scenario = withExtra();
    outputTo(scenario, strangerBonk);
    const result = await ruleVerdict(scenario, 'destination');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(
      /1000 BONK of the swap's output would go to .* instead of your account/,
    );
  });

  it('refuses output kept by the user when a payee destination was chosen', async () => {
    const scenario = withExtra();
    scenario.intent.destinationTokenAccount = key(strangerBonk) as Address;
    const result = await ruleVerdict(scenario, 'destination');
    expect(result.reason).toMatch(/would go to .* instead of the destination you chose/);
  });

  it('refuses a destination that holds another token', async () => {
    const scenario = withExtra();
    scenario.intent.destinationTokenAccount = key(strangerUsdc) as Address;
    expect((await ruleVerdict(scenario, 'destination')).reason).toMatch(/holds USDC, not BONK/);
  });

  it('accepts the output at the chosen destination', async () => {
    const scenario = withExtra();
    outputTo(scenario, strangerBonk);
    scenario.intent.destinationTokenAccount = key(strangerBonk) as Address;
    scenario.post![key(userBonk)] = tokenAccount(BONK, USER.publicKey, 0n);
    scenario.post![key(strangerBonk)] = tokenAccount(BONK, STRANGER.publicKey, 100_000_000n);
    const report = await scenarioReport(scenario);
    expect(report.refusals).toEqual([]);
    expect(report.balanceChanges.find((row) => row.role === 'destination')).toMatchObject({
      account: key(strangerBonk),
      owner: key(STRANGER.publicKey),
      change: 100_000_000n,
    });
  });
});
