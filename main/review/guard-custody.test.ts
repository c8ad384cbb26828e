/**
 * The custody rule (issue 15, class 2): SOL parked where someone else can freeze it is SOL the
 * person has lost. A hostile service moved 5 SOL into the person's USDC account (whose mint has
 * a freeze authority), or closed a wSOL account into it; an honest swap never does either.
 */
import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey, SystemProgram } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createCloseAccountInstruction,
} from '@solana/spl-token';
import { accountState, type AccountState } from './account-state';
import {
  ata,
  honestSwap,
  key,
  RENT,
  scenarioReport,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  verdict,
  WSOL,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, userUsdc, userWsol } from '../../test/fixtures/review-rule';

const FEE = 10_200n; // two signatures + the honest swap's priority fee

/** The person's USDC account holding `lamports` in all. */
function usdcWithLamports(amount: bigint, lamports: bigint): AccountState {
  const base = tokenAccount(USDC, USER.publicKey, amount);
  return accountState(lamports, base.programOwner, base.data) as AccountState;
}

describe('sol-custody', () => {
  it('passes the honest swap, and says SOL stays in the wallet', async () => {
    const result = await ruleVerdict(honestSwap(), 'sol-custody');
    expect(result).toEqual({
      rule: 'sol-custody',
      ok: true,
      reason:
        'Your SOL stays in your wallet (or wrapped, as wSOL), outputs reach accounts only you control, and accounts are opened only for the tokens of this swap.',
    });
  });

  it('refuses 5 SOL moved into the person’s USDC account, and counts them as spent', async () => {
    const scenario = honestSwap();
    scenario.instructions.push(
      SystemProgram.transfer({
        fromPubkey: USER.publicKey,
        toPubkey: userUsdc,
        lamports: 5_000_000_000,
      }),
    );
    scenario.pre[key(USER.publicKey)] = systemAccount(10_000_000_000n);
    scenario.post![key(USER.publicKey)] = systemAccount(5_000_000_000n - FEE);
    scenario.post![key(userUsdc)] = usdcWithLamports(90_000_000n, RENT + 5_000_000_000n);
    const report = await scenarioReport(scenario);
    const result = verdict(report, 'sol-custody');
    expect(result.ok).toBe(false);
    expect(result.reason).toBe(
      `It would leave 5 SOL in your USDC token account ${key(userUsdc).slice(0, 4)}…${key(userUsdc).slice(-4)} instead of your wallet: whoever holds the freeze authority of USDC could freeze that account and the SOL with it.`,
    );
    // Not the person's SOL any more: the swap does not pay with SOL, so that rule refuses too.
    expect(verdict(report, 'other-tokens').reason).toMatch(/Your SOL would drop by 5 SOL/);
  });

  it('refuses closing a wSOL account into the person’s USDC account instead of the wallet', async () => {
    const scenario = honestSwap();
    scenario.pre[key(userWsol)] = tokenAccount(WSOL, USER.publicKey, 1_000_000_000n, {
      native: true,
    });
    scenario.instructions.push(createCloseAccountInstruction(userWsol, userUsdc, USER.publicKey));
    scenario.post![key(userWsol)] = null;
    scenario.post![key(userUsdc)] = usdcWithLamports(90_000_000n, 2n * RENT + 1_000_000_000n);
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(
      /^It would close your wrapped SOL account .* into your USDC account .* instead of your wallet, where its SOL could be frozen\. It would leave 1\.00203928 SOL in your USDC token account/,
    );
  });

  it('refuses opening a token account for a mint the swap does not involve', async () => {
    const scenario = honestSwap();
    const other = Keypair.generate().publicKey;
    const account = ata(USER.publicKey, other);
    scenario.instructions.push(
      createAssociatedTokenAccountIdempotentInstruction(
        USER.publicKey,
        account,
        USER.publicKey,
        other,
      ),
    );
    scenario.post![key(account)] = tokenAccount(other, USER.publicKey, 0n);
    const result = await ruleVerdict(scenario, 'sol-custody');
    expect(result.ok).toBe(false);
    expect(result.reason).toMatch(
      /^It would open a token .* token account .* for you, a token this swap does not involve, and put your SOL into its rent\.$/,
    );
  });

  it('allows opening the output’s account (the rent is shown as rent)', async () => {
    const scenario = honestSwap();
    const bonk = new PublicKey(scenario.intent.outputMint);
    const account = ata(USER.publicKey, bonk);
    scenario.instructions.unshift(
      createAssociatedTokenAccountIdempotentInstruction(
        USER.publicKey,
        account,
        USER.publicKey,
        bonk,
      ),
    );
    delete scenario.pre[key(account)];
    scenario.post![key(USER.publicKey)] = systemAccount(1_000_000_000n - FEE - RENT);
    const report = await scenarioReport(scenario);
    expect(verdict(report, 'sol-custody').ok).toBe(true);
    expect(report.rentLamports).toBe(RENT);
    expect(report.accepted).toBe(true);
  });
});
