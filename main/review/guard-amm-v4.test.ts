/**
 * The review over Raydium AMM v4's own swaps (issue 33): `swap_base_in_v2` / `swap_base_out_v2`,
 * built by the sandbox's own builder (main/sandbox/amm-v4/program.ts, the program's tags and
 * account order), compiled and decoded for real (test/fixtures/review-scenarios.ts). Their
 * on-chain bound is read and judged like CP-Swap's, the venue is named, and a swap paying someone
 * else's account is refused with the stranger named.
 */
import { Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { minimumReceived } from '../swap-api/slippage-bound';
import { swapBaseInV2Instruction } from '../sandbox/amm-v4/program';
import {
  ata,
  BONK,
  honestSwap,
  key,
  mintAccount,
  scenarioReport,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  verdict,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { userUsdc, userBonk } from '../../test/fixtures/review-rule';

const pk = () => Keypair.generate().publicKey.toBase58();
const POOL = { amm: pk(), coinVault: pk(), pcVault: pk() };
const stranger = Keypair.generate().publicKey;
const strangerBonk = ata(stranger, BONK);

function swapIn(to: PublicKey, amountIn: bigint, minimumOut: bigint) {
  return swapBaseInV2Instruction(
    {
      ...POOL,
      userSource: userUsdc.toBase58(),
      userDestination: to.toBase58(),
      owner: USER.publicKey.toBase58(),
    },
    amountIn,
    minimumOut,
  );
}

/** 10 USDC → BONK; quote: 100 BONK out at 1%. */
function scenario(instruction: ReturnType<typeof swapIn>): Scenario {
  const base = honestSwap();
  return {
    ...base,
    instructions: [instruction],
    signers: [],
    allowJupiter: false,
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n),
      [key(strangerBonk)]: tokenAccount(BONK, stranger, 0n),
      [key(USDC)]: mintAccount(6),
      [key(BONK)]: mintAccount(5),
    },
    post: null,
  };
}

const MIN = minimumReceived(100_000_000n, 100);

describe('Raydium AMM v4 swaps in the review', () => {
  it('reads swap_base_in_v2’s minimum and names the venue', async () => {
    const report = await scenarioReport(scenario(swapIn(userBonk, 10_000_000n, MIN)));
    expect(verdict(report, 'onchain-bound')).toEqual({
      rule: 'onchain-bound',
      ok: true,
      reason: 'The network refuses this swap if you would receive less than 990 BONK.',
    });
    const summaries = report.instructions.map((instruction) => instruction.summary).join('\n');
    expect(summaries).toContain('Raydium AMM v4: swap 10 USDC from');
    expect(summaries).toContain('at least 990 BONK');
  });

  it('refuses minimum_amount_out 0 in words', async () => {
    const v = verdict(
      await scenarioReport(scenario(swapIn(userBonk, 10_000_000n, 0n))),
      'onchain-bound',
    );
    expect(v.ok).toBe(false);
    expect(v.reason).toContain('even if only 0 BONK arrived');
  });

  it('refuses a swap that pays someone else’s account, naming it', async () => {
    const report = await scenarioReport(scenario(swapIn(strangerBonk, 10_000_000n, MIN)));
    expect(report.refusals.join('\n')).toContain('Its Raydium AMM v4 swap would pay its BONK to');
  });
});
