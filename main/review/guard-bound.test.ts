/**
 * The on-chain bound rule (issue 21): the review reads what the swap instructions enforce when
 * the transaction lands (CP-Swap's `minimum_amount_out` / `max_amount_in`, the aggregator's
 * quoted amount and slippage) and refuses a bound looser than the wallet's own, judging a chained
 * route at its ends. Transactions are compiled and decoded for real (test/fixtures/
 * review-scenarios.ts); CP-Swap instructions carry the program's discriminators and account order.
 */
import { createHash } from 'node:crypto';
import { Keypair, PublicKey, TransactionInstruction } from '@solana/web3.js';
import { createTransferCheckedInstruction } from '@solana/spl-token';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { maximumSpent, minimumReceived } from '../swap-api/slippage-bound';
import { CP_SWAP_PROGRAM, JUPITER_V6_PROGRAM } from './program-ids';
import type { SwapIntent } from './types';
import {
  ata,
  BONK,
  honestSwap,
  key,
  mintAccount,
  systemAccount,
  tokenAccount,
  USDC,
  USER,
  WSOL,
  type Scenario,
} from '../../test/fixtures/review-scenarios';
import { ruleVerdict, userUsdc, userBonk, userWsol } from '../../test/fixtures/review-rule';

const U64_MAX = 18_446_744_073_709_551_615n;
const pk = () => Keypair.generate().publicKey;
const POOL = { config: pk(), pool: pk(), vaultIn: pk(), vaultOut: pk(), observation: pk() };
const TOKEN = new PublicKey('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');

function cpSwap(
  name: 'swap_base_input' | 'swap_base_output',
  from: PublicKey,
  to: PublicKey,
  inputMint: PublicKey,
  outputMint: PublicKey,
  first: bigint,
  second: bigint,
): TransactionInstruction {
  const data = Buffer.alloc(24);
  createHash('sha256').update(`global:${name}`).digest().copy(data, 0, 0, 8);
  data.writeBigUInt64LE(first, 8);
  data.writeBigUInt64LE(second, 16);
  const keys = [
    [USER.publicKey, true, true],
    [pk(), false, false], // authority
    [POOL.config, false, false],
    [POOL.pool, false, true],
    [from, false, true],
    [to, false, true],
    [POOL.vaultIn, false, true],
    [POOL.vaultOut, false, true],
    [TOKEN, false, false],
    [TOKEN, false, false],
    [inputMint, false, false],
    [outputMint, false, false],
    [POOL.observation, false, true],
  ] as const;
  return new TransactionInstruction({
    programId: new PublicKey(CP_SWAP_PROGRAM),
    keys: keys.map(([pubkey, isSigner, isWritable]) => ({ pubkey, isSigner, isWritable })),
    data,
  });
}

/** 10 USDC → BONK through the given instructions; quote: 100 BONK out at 1%. */
function scenario(
  instructions: TransactionInstruction[],
  options: { wsolHeld?: bigint; intent?: Partial<SwapIntent>; jupiter?: boolean } = {},
): Scenario {
  const base = honestSwap();
  return {
    ...base,
    instructions,
    signers: [],
    allowJupiter: options.jupiter ?? false,
    pre: {
      [key(USER.publicKey)]: systemAccount(1_000_000_000n),
      [key(userUsdc)]: tokenAccount(USDC, USER.publicKey, 100_000_000n),
      [key(userWsol)]: tokenAccount(WSOL, USER.publicKey, options.wsolHeld ?? 0n),
      [key(userBonk)]: tokenAccount(BONK, USER.publicKey, 0n),
      [key(USDC)]: mintAccount(6),
      [key(BONK)]: mintAccount(5),
      [key(WSOL)]: mintAccount(9),
    },
    post: null,
    intent: { ...base.intent, ...options.intent },
  };
}

const MIN = minimumReceived(100_000_000n, 100); // 99,000,000: the wallet's bound

async function boundVerdict(s: Scenario) {
  return await ruleVerdict(s, 'onchain-bound');
}

describe('CP-Swap bounds', () => {
  it('an honest hop at the wallet’s minimum: the review says what the network refuses', async () => {
    const v = await boundVerdict(
      scenario([cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 10_000_000n, MIN)]),
    );
    expect(v).toEqual({
      rule: 'onchain-bound',
      ok: true,
      reason: 'The network refuses this swap if you would receive less than 990 BONK.',
    });
  });

  it('minimum_amount_out 0 is refused in words, whatever the simulation showed', async () => {
    const v = await boundVerdict(
      scenario([cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 10_000_000n, 0n)]),
    );
    expect(v.ok).toBe(false);
    expect(v.reason).toBe(
      'Its swap instructions would let the network complete this swap even if only 0 BONK arrived, less than the 990 BONK your slippage of 1.00% allows. The transaction does not protect you on chain: anyone who trades before it lands could take the difference.',
    );
  });

  it('an exact-input payment’s floor is the amount it must deliver, not a "slippage of 0.00%"', async () => {
    // Issue 22: the plan's intent has slippage 0 and the amount as its floor (pay-review.ts).
    const intent: Partial<SwapIntent> = {
      slippageBps: 0,
      outAmount: 100_000_000n,
      otherAmountThreshold: 100_000_000n,
      payment: {
        kind: 'transfer',
        payeeTokenAccount: key(pk()) as never,
        mint: key(BONK) as never,
        amount: 100_000_000n,
        decimals: 5,
        references: [],
        memo: null,
        throughPayer: true,
      },
    };
    const v = await boundVerdict(
      scenario([cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 10_000_000n, 0n)], {
        intent,
      }),
    );
    expect(v.reason).toBe(
      'Its swap instructions would let the network complete this swap even if only 0 BONK arrived, less than the 1000 BONK this payment must deliver. The transaction does not protect you on chain: anyone who trades before it lands could take the difference.',
    );
    expect(v.reason).not.toContain('0.00%');
  });

  it('a bound one unit looser than the wallet’s is refused', async () => {
    const v = await boundVerdict(
      scenario([cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 10_000_000n, MIN - 1n)]),
    );
    expect(v.ok).toBe(false);
  });

  it('a bound shared over two pools may round down one unit, not two', async () => {
    const split = (a: bigint, b: bigint) =>
      scenario([
        cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 4_000_000n, a),
        cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 6_000_000n, b),
      ]);
    expect((await boundVerdict(split(39_599_999n, 59_400_000n))).ok).toBe(true);
    expect((await boundVerdict(split(39_599_999n, 59_399_999n))).ok).toBe(false);
  });

  it('two hops with only the last hop’s minimum set to 1 are refused', async () => {
    const v = await boundVerdict(
      scenario([
        cpSwap('swap_base_input', userUsdc, userWsol, USDC, WSOL, 10_000_000n, 50_000_000n),
        cpSwap('swap_base_input', userWsol, userBonk, WSOL, BONK, 50_000_000n, 1n),
      ]),
    );
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(/even if only 0\.00001 BONK arrived, less than the 990 BONK/);
  });

  it('a loose middle hop passes when the last hop pins the end and nothing held is at stake', async () => {
    const hops = [
      cpSwap('swap_base_input', userUsdc, userWsol, USDC, WSOL, 10_000_000n, 0n),
      cpSwap('swap_base_input', userWsol, userBonk, WSOL, BONK, 50_000_000n, MIN),
    ];
    expect((await boundVerdict(scenario(hops))).ok).toBe(true);
    // Holding wSOL already, a middle hop that delivers less lets the second take the person's own.
    const v = await boundVerdict(scenario(hops, { wsolHeld: 30_000_000n }));
    expect(v.ok).toBe(false);
    expect(v.reason).toBe(
      'Its swap instructions do not pin the middle of the route: if prices moved before it lands, it could take up to 0.03 SOL of the wrapped SOL you already hold.',
    );
  });

  it('a forward to a chosen destination is judged on what reaches it less what it draws from the person', async () => {
    const payee = ata(pk(), BONK);
    const forward = createTransferCheckedInstruction(
      userBonk,
      BONK,
      payee,
      USER.publicKey,
      100_000_000n,
      5,
    );
    const intent = { destinationTokenAccount: key(payee) as Address };
    const held = (minOut: bigint) => {
      const s = scenario(
        [cpSwap('swap_base_input', userUsdc, userBonk, USDC, BONK, 10_000_000n, minOut), forward],
        { intent },
      );
      s.pre[key(userBonk)] = tokenAccount(BONK, USER.publicKey, 50_000_000n);
      return s;
    };
    expect(await boundVerdict(held(MIN))).toMatchObject({
      ok: true,
      reason: `The network refuses this swap if the destination ${key(payee).slice(0, 4)}…${key(payee).slice(-4)} would receive less than 990 BONK.`,
    });
    const loose = await boundVerdict(held(1n));
    expect(loose.reason).toMatch(/even if only 0\.00001 BONK arrived, less than the 990 BONK/);
  });

  it('an exact-output invoice with max_amount_in u64::MAX is refused; an honest one says the most it pays', async () => {
    const payee = ata(pk(), BONK);
    const intent: Partial<SwapIntent> = {
      swapMode: 'ExactOut',
      inAmount: 10_000_000n,
      outAmount: 500_000n,
      amount: 500_000n,
      otherAmountThreshold: maximumSpent(10_000_000n, 50),
      slippageBps: 50,
      destinationTokenAccount: key(payee) as Address,
    };
    const invoice = (maxIn: bigint) =>
      scenario([cpSwap('swap_base_output', userUsdc, payee, USDC, BONK, maxIn, 500_000n)], {
        intent,
      });
    const loose = await boundVerdict(invoice(U64_MAX));
    expect(loose.ok).toBe(false);
    expect(loose.reason).toMatch(
      /^Its swap instructions would let the network take up to 18446744073709\.551615 USDC from you, more than the 10\.05 USDC your slippage of 0\.50% allows\. The transaction does not protect you on chain/,
    );
    const honest = await boundVerdict(invoice(maximumSpent(10_000_000n, 50)));
    expect(honest).toMatchObject({
      ok: true,
      reason: 'The network refuses this swap if you would pay more than 10.05 USDC.',
    });
    // And the exact amount must be sure to arrive.
    const short = await boundVerdict(
      scenario([cpSwap('swap_base_output', userUsdc, payee, USDC, BONK, 10_000_000n, 499_999n)], {
        intent,
      }),
    );
    expect(short.reason).toBe(
      'Its swap instructions make sure of only 4.99999 BONK arriving, not the exact 5 BONK asked for.',
    );
  });
});

describe('the aggregator and unreadable swaps', () => {
  const routeV2 = (
    quoted: bigint,
    slippage: number,
    positive = 0,
    name = 'route_v2',
    amount = 10_000_000n,
  ) => {
    const data = Buffer.alloc(8 + 22 + 4 + 6);
    createHash('sha256').update(`global:${name}`).digest().copy(data, 0, 0, 8);
    data.writeBigUInt64LE(amount, 8);
    data.writeBigUInt64LE(quoted, 16);
    data.writeUInt16LE(slippage, 24);
    data.writeUInt16LE(positive, 28);
    data.writeUInt32LE(1, 30);
    // user, source, destination, source mint, destination mint, 2 token programs, none, event, program
    const keys = [USER.publicKey, userUsdc, userBonk, USDC, BONK, TOKEN, TOKEN]
      .concat([new PublicKey(JUPITER_V6_PROGRAM), pk(), new PublicKey(JUPITER_V6_PROGRAM)])
      .map((pubkey, i) => ({ pubkey, isSigner: i === 0, isWritable: i === 1 || i === 2 }));
    return new TransactionInstruction({ programId: new PublicKey(JUPITER_V6_PROGRAM), keys, data });
  };

  it('route_v2 at the quote and the wallet’s slippage passes; a wider slippage does not', async () => {
    const ok = await boundVerdict(scenario([routeV2(100_000_000n, 100)], { jupiter: true }));
    expect(ok.reason).toBe(
      'The network refuses this swap if you would receive less than 990 BONK.',
    );
    const wide = await boundVerdict(scenario([routeV2(100_000_000n, 5_000)], { jupiter: true }));
    expect(wide.ok).toBe(false);
    expect(wide.reason).toMatch(/only 500 BONK arrived, less than the 990 BONK/);
  });

  it('exact_out_route_v2: the most it may take is the quoted input widened by its slippage', async () => {
    const intent: Partial<SwapIntent> = {
      swapMode: 'ExactOut',
      inAmount: 10_000_000n,
      outAmount: 100_000_000n,
      amount: 100_000_000n,
      otherAmountThreshold: maximumSpent(10_000_000n, 100),
    };
    const exactOut = (slippage: number) =>
      scenario([routeV2(10_000_000n, slippage, 0, 'exact_out_route_v2', 100_000_000n)], {
        jupiter: true,
        intent,
      });
    expect(await boundVerdict(exactOut(100))).toMatchObject({
      ok: true,
      reason: 'The network refuses this swap if you would pay more than 10.1 USDC.',
    });
    const wide = await boundVerdict(exactOut(10_000));
    expect(wide.reason).toMatch(
      /^Its swap instructions would let the network take up to 20 USDC from you, more than the 10\.1 USDC your slippage of 1\.00% allows/,
    );
  });

  it('a positive-slippage share the person never agreed to is refused', async () => {
    const v = await boundVerdict(scenario([routeV2(100_000_000n, 100, 5_000)], { jupiter: true }));
    expect(v.reason).toBe(
      'Instruction 1 would give 50% of anything you receive above the quote to the swap service, which you did not agree to.',
    );
  });

  it('a swap of a program the wallet does not read does not protect the person on chain', async () => {
    const venue = new TransactionInstruction({
      programId: pk(),
      keys: [{ pubkey: USER.publicKey, isSigner: true, isWritable: true }],
      data: Buffer.from([9]),
    });
    const v = await boundVerdict(scenario([venue]));
    expect(v.reason).toMatch(
      /^Instruction 1 calls a program the wallet does not know \(.{4}….{4}\), whose swap bound the wallet cannot read, so nothing says what the network would refuse\. The transaction does not protect you on chain/,
    );
  });

  it('an aggregator swap the wallet cannot read does not protect the person on chain', async () => {
    const unread = routeV2(100_000_000n, 100);
    unread.data = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    const v = await boundVerdict(scenario([unread], { jupiter: true }));
    expect(v.ok).toBe(false);
    expect(v.reason).toMatch(
      /^Instruction 1 is a Jupiter v6 swap whose amounts the wallet cannot read, so nothing says what the network would refuse\. The transaction does not protect you on chain/,
    );
  });
});
