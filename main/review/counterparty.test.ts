/**
 * Who counts as the counterparty of a pre-settled swap (POST /swap-instructions): the owner of
 * an escrow the user empties as its delegate, only when that delegate transfer really moves a
 * positive amount of the escrow's mint out of it into an account of that mint (the escrow's
 * simulated balance drops by at least the amount). The user's payment to the venue's vault is
 * then part of the swap; with a zero-amount transfer, an escrow that did not pay out, or a
 * destination of another mint, the same payment goes to "an address that is not part of the
 * swap". Real compiled messages and spl-token account data (test-fixtures.ts).
 */
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { Keypair, type PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { counterparties } from './facts';
import {
  ata,
  BONK,
  key,
  mintAccount,
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
import type { SwapIntent } from './types';

const ESCROW = Keypair.fromSeed(Uint8Array.from({ length: 32 }, (_, i) => (i * 13 + 17) % 256));
const vaultUsdc = ata(VENUE.publicKey, USDC);
const userUsdc = ata(USER.publicKey, USDC);
const userBonk = ata(USER.publicKey, BONK);
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
    expect(verdict(await scenarioReport(scenario), 'transfers')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/move 10 USDC from your account to .* not part of the swap/),
    });
  });

  it('is nobody when the escrow did not pay out what the transfer says', async () => {
    const scenario = escrowSwap({ moved: OUT, escrowAfter: OUT - 1n });
    expect(counterparties(await scenarioFacts(scenario)).size).toBe(0);
    expect(verdict(await scenarioReport(scenario), 'transfers').ok).toBe(false);
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
