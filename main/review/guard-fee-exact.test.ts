/**
 * The fee-account rule on what was really moved: the configured account gets exactly the
 * platform fee, less the service's published share. Split from guard-balances.test.ts when that
 * file outgrew the project's 400 lines.
 */
import { describe, expect, it } from 'vitest';
import { Keypair, PublicKey } from '@solana/web3.js';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import type { Address } from '../shared/address';
import {
  ata,
  BONK,
  honestSwap,
  key,
  scenarioReport,
  STRANGER,
  tokenAccount,
  VENUE,
  verdict,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, vaultBonk, strangerBonk } from '../../test/fixtures/review-rule';
import { SANDBOX_FEE_OPERATOR } from '../shared/sandbox-operator';
import { SANDBOX_TERMS } from './service-terms';

describe('fee-account: the configured account gets exactly the fee, less the service’s share', () => {
  // The honest swap pays 1,000 BONK (100,000,000 base units) for 10 USDC; a 1% fee on the
  // output makes the gross 101,010,101 and the fee ⌊101,010,101 × 1%⌋ = 1,010,101.
  const GROSS_FEE = 1_010_101n;

  function withFee(legs: [PublicKey, PublicKey, bigint][], configured: PublicKey): Scenario {
    const scenario = honestSwap();
    for (const [to, owner, amount] of legs) {
      scenario.instructions.push(
        createTransferCheckedInstruction(vaultBonk, BONK, to, VENUE.publicKey, amount, 5),
      );
      scenario.pre[key(to)] = tokenAccount(BONK, owner, 0n);
      scenario.post![key(to)] = tokenAccount(BONK, owner, amount);
    }
    scenario.intent = {
      ...scenario.intent,
      feeAccount: key(configured) as Address,
      platformFee: { amount: GROSS_FEE, feeBps: 100 },
    };
    return scenario;
  }

  it('accepts the exact fee and says what the integrator gets', async () => {
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    const result = verdict(
      await scenarioReport(withFee([[configured, integrator, GROSS_FEE]], configured)),
      'fee-account',
    );
    expect(result).toMatchObject({ ok: true });
    expect(result.reason).toMatch(
      /^Your fee account .* receives 10\.10101 BONK \(the platform fee of 100 bps\)\.$/,
    );
  });

  it('refuses a fee mostly diverted, with a token left at the configured account', async () => {
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    const scenario = withFee(
      [
        [configured, integrator, 1n],
        [strangerBonk, STRANGER.publicKey, GROSS_FEE - 1n],
      ],
      configured,
    );
    expect((await ruleVerdict(scenario, 'fee-account')).reason).toMatch(
      /^10\.101 BONK of the platform fee would go to .*, not to your configured fee account/,
    );
  });

  it('refuses one base unit reaching the fee account while the venue keeps the rest', async () => {
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    const scenario = withFee([[configured, integrator, 1n]], configured);
    expect((await ruleVerdict(scenario, 'fee-account')).reason).toBe(
      'The platform fee of 100 bps comes to 10 BONK, but only 0.00001 BONK of it would reach your fee account: the rest is kept elsewhere.',
    );
  });

  // Taken from the output, the fee is a share of a gross that includes it, so a shortfall of
  // two base units still matches the formula within its rounding; three do not.
  it('refuses a fee short by more than the service’s rounding, and takes one within it', async () => {
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    const short = (by: bigint) =>
      scenarioReport(withFee([[configured, integrator, GROSS_FEE - by]], configured));
    expect(verdict(await short(1n), 'fee-account').ok).toBe(true);
    expect(verdict(await short(3n), 'fee-account').ok).toBe(false);
  });

  it('on the sandbox, holds the service to its published 2.5% and to its own account', async () => {
    const integrator = Keypair.generate().publicKey;
    const configured = ata(integrator, BONK);
    const operatorAccount = ata(new PublicKey(SANDBOX_FEE_OPERATOR), BONK);
    const share = (GROSS_FEE * 25n) / 1_000n;
    const honest = withFee(
      [
        [configured, integrator, GROSS_FEE - share],
        [operatorAccount, new PublicKey(SANDBOX_FEE_OPERATOR), share],
      ],
      configured,
    );
    const accepted = await ruleVerdict(honest, 'fee-account', SANDBOX_TERMS);
    expect(accepted.reason).toMatch(
      /receives 9\.84849 BONK \(the platform fee of 10\.10101 BONK less the swap service's share of 0\.25252 BONK\)/,
    );
    // The service taking twice its share out of the integrator's part.
    const greedy = withFee(
      [
        [configured, integrator, GROSS_FEE - 2n * share],
        [operatorAccount, new PublicKey(SANDBOX_FEE_OPERATOR), 2n * share],
      ],
      configured,
    );
    expect((await ruleVerdict(greedy, 'fee-account', SANDBOX_TERMS)).reason).toMatch(
      /^The swap service's share of the platform fee is 0\.25252 BONK, but 0\.50504 BONK would go to it/,
    );
    // Mainnet's terms give the service no share at swap time: the same split is refused there.
    expect((await ruleVerdict(honest, 'fee-account')).ok).toBe(false);
  });
});
