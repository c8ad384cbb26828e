/**
 * Naming the steps of an aggregator route. The layouts (plan first in V1, after the amounts in
 * V2; 14 accounts per Raydium CP-Swap step, input and output mints 11th and 12th) are the ones
 * Jupiter's program executes in the sandbox (test/integration/sandbox-jupiter-routes.test.ts
 * decodes every executed route with them); here, hand-built instructions and the sentence.
 */
import { createHash } from 'node:crypto';
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { decodeJupiter } from './decode-jupiter';
import { describeInstruction } from './describe';
import { routeSteps } from './jupiter-steps';

const SOL = 'So11111111111111111111111111111111111111112' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const disc = (name: string) =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8);
const key = () => Keypair.generate().publicKey.toBase58() as Address;

/** The 14 accounts of a CP-Swap step: program, payer, authority, config, pool, in, out, vaults, programs, mints, observation. */
function cpStep(input: Address, output: Address): Address[] {
  const step = Array.from({ length: 14 }, key);
  step[11] = input;
  step[12] = output;
  return step;
}

function v1Route(
  steps: [number, number, number][],
  legs: Address[][],
): { data: Uint8Array; accounts: Address[] } {
  const plan = Buffer.alloc(4 + steps.length * 4);
  plan.writeUInt32LE(steps.length, 0);
  steps.forEach(([percent, a, b], i) => plan.set([46, percent, a, b], 4 + i * 4));
  const tail = Buffer.alloc(19);
  tail.writeBigUInt64LE(1_000_000_000n, 0);
  tail.writeBigUInt64LE(149_000_000n, 8);
  tail.writeUInt16LE(50, 16);
  tail[18] = 20;
  const accounts = Array.from({ length: 9 }, key);
  accounts[5] = USDC;
  return {
    data: Buffer.concat([disc('route'), plan, tail]),
    accounts: [...accounts, ...legs.flat()],
  };
}

describe('routeSteps', () => {
  it('names a split V1 route step by step, with the percent of each', () => {
    const { data, accounts } = v1Route(
      [
        [61, 0, 1],
        [39, 0, 1],
      ],
      [cpStep(SOL, USDC), cpStep(SOL, USDC)],
    );
    expect(routeSteps('route', 1, null, data, accounts)).toEqual([
      { venue: 'Raydium CP-Swap', inputMint: SOL, outputMint: USDC, percent: 61 },
      { venue: 'Raydium CP-Swap', inputMint: SOL, outputMint: USDC, percent: 39 },
    ]);
  });

  it('reads a V2 plan after the amounts, its share in bps', () => {
    const head = Buffer.alloc(8 + 1 + 22);
    disc('shared_accounts_route_v2').copy(head, 0);
    head[8] = 3; // id
    const plan = Buffer.alloc(4 + 5);
    plan.writeUInt32LE(1, 0);
    plan[4] = 46;
    plan.writeUInt16LE(10_000, 5);
    plan.set([0, 1], 7);
    const accounts = [...Array.from({ length: 12 }, key), ...cpStep(USDC, SOL)];
    expect(
      routeSteps('shared_accounts_route_v2', 2, 9, Buffer.concat([head, plan]), accounts),
    ).toEqual([{ venue: 'Raydium CP-Swap', inputMint: USDC, outputMint: SOL, percent: 100 }]);
  });

  it('names nothing when a step is of a venue it does not read', () => {
    const { data, accounts } = v1Route([[100, 0, 1]], [cpStep(SOL, USDC)]);
    data[8 + 4] = 7; // another Swap variant
    expect(routeSteps('route', 1, null, data, accounts)).toBeNull();
  });

  it('says the route in the review: "Jupiter route: Raydium CP-Swap SOL → USDC, 100%"', () => {
    const { data, accounts } = v1Route([[100, 0, 1]], [cpStep(SOL, USDC)]);
    const decoded = decodeJupiter(data, accounts);
    const book = new Map([
      [SOL, { symbol: 'SOL', decimals: 9 }],
      [USDC, { symbol: 'USDC', decimals: 6 }],
    ]);
    const sentence = describeInstruction(decoded, 'Jupiter v6', book as never, () => null);
    expect(sentence).toMatch(
      /^Jupiter route: Raydium CP-Swap SOL → USDC, 100%\. Jupiter v6: swap along/,
    );
  });
});

describe('routeSteps over Raydium CLMM steps', () => {
  const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4' as Address;
  /** A RaydiumClmmV2 step: program, swap_v2's 13 (mints 12th, 13th), tick arrays, Jupiter's id. */
  function clmmStep(input: Address, output: Address, tickArrays: number): Address[] {
    const step = Array.from({ length: 14 + tickArrays }, key);
    step[12] = input;
    step[13] = output;
    return [...step, JUPITER];
  }

  it('names a CLMM step of any length, then the step after it', () => {
    const { data, accounts } = v1Route(
      [
        [100, 0, 1],
        [100, 1, 2],
      ],
      [clmmStep(SOL, USDC, 3), cpStep(USDC, SOL)],
    );
    data[8 + 4] = 40; // RaydiumClmmV2
    expect(routeSteps('route', 1, null, data, accounts)).toEqual([
      { venue: 'Raydium CLMM', inputMint: SOL, outputMint: USDC, percent: 100 },
      { venue: 'Raydium CP-Swap', inputMint: USDC, outputMint: SOL, percent: 100 },
    ]);
  });

  it('reads an ExactOut RaydiumClmm step by its token accounts', () => {
    const step = [...Array.from({ length: 13 }, key), JUPITER];
    const { data, accounts } = v1Route([[100, 0, 1]], [step]);
    data[8 + 4] = 26; // RaydiumClmm
    expect(routeSteps('route', 1, null, data, accounts)).toEqual([
      {
        venue: 'Raydium CLMM',
        inputMint: step[4],
        outputMint: step[5],
        percent: 100,
        byAccount: true,
      },
    ]);
  });
});
