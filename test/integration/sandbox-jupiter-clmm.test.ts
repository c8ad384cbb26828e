/**
 * The sandbox with Jupiter's own program (the mainnet binary, a test fixture) over Raydium CLMM
 * pools (issue 33), through the real sandbox process and its RPC: /quote over CLMM, /swap,
 * signed by the person, confirmed and read back with getTransaction. ONE Jupiter instruction at
 * the top, CLMM invoked inside it once per CLMM leg (never at the top), the person the only
 * signer, the quote paid to the base unit, and the wallet's review names each step "Raydium
 * CLMM". The step layouts are measured in main/sandbox/jupiter/clmm-route.test.ts.
 */
import { createHash } from 'node:crypto';
import type { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { decodeJupiter } from '../../main/review/decode-jupiter';
import type { Address } from '../../main/shared/address';
import { useSandbox } from './sandbox-session';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import { ataOf, CP_SWAP_PROGRAM, JUP, SOL, USDC } from './sandbox-swap-fixtures';
import { type RouteQuote, quoteOf, swapAndRead } from './sandbox-route-steps';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const CLMM_PROGRAM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';
const formOf = (data: Uint8Array) =>
  ['route', 'shared_accounts_route', 'exact_out_route', 'shared_accounts_exact_out_route'].find(
    (name) =>
      createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex') ===
      Buffer.from(data.subarray(0, 8)).toString('hex'),
  );

const sandbox = useSandbox({ args: ['--jupiter-program', JUPITER_PROGRAM_FIXTURE] });

const quote = (query: string) => quoteOf(sandbox.swapApiUrl, query);

/** /swap, sign, send, confirm, read back; checks Jupiter at the top and names the steps. */
async function swapThroughJupiter(q: RouteQuote, user: Keypair) {
  const { tx } = await swapAndRead(sandbox, q, user);
  const keys = tx.transaction.message.getAccountKeys({
    accountKeysFromLookups: tx.meta?.loadedAddresses,
  });
  const programs = tx.transaction.message.compiledInstructions.map((ix) =>
    keys.get(ix.programIdIndex)!.toBase58(),
  );
  expect(programs.filter((id) => id === JUPITER)).toHaveLength(1);
  expect(programs).not.toContain(CLMM_PROGRAM);
  expect(tx.transaction.signatures).toHaveLength(1);
  const top = tx.transaction.message.compiledInstructions.find(
    (ix) => keys.get(ix.programIdIndex)!.toBase58() === JUPITER,
  )!;
  const accounts = top.accountKeyIndexes.map((i) => keys.get(i)!.toBase58());
  const decoded = decodeJupiter(top.data, accounts as Address[]);
  if (decoded.kind !== 'jupiterRoute') throw new Error(`decoded as ${decoded.kind}`);
  return {
    form: formOf(top.data),
    logs: tx.meta?.logMessages ?? [],
    venues: decoded.steps?.map((step) => step.venue) ?? null,
  };
}

describe('Jupiter’s program over Raydium CLMM on the sandbox', () => {
  it('ExactIn over CLMM (JUP → USDC): one route, exactly the quote', async () => {
    const user = await sandbox.fundedUser(1, { [JUP]: 2_000_000_000n });
    const q = await quote(
      `inputMint=${JUP}&outputMint=${USDC}&amount=1000000000&dexes=Raydium%20CLMM&onlyDirectRoutes=true`,
    );
    const r = await swapThroughJupiter(q, user);
    expect(r.form).toBe('route');
    expect(r.logs.filter((l) => l === `Program ${CLMM_PROGRAM} invoke [2]`)).toHaveLength(1);
    expect(r.venues).toEqual(['Raydium CLMM']);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
  });

  it('a split across Raydium CLMM and Raydium CPMM, then ExactOut over CLMM: the review names both venues', async () => {
    const user = await sandbox.fundedUser(600);
    const split = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=400000000000&dexes=Raydium%20CLMM,Raydium%20CPMM&onlyDirectRoutes=true`,
    );
    expect(new Set(split.routePlan.map((s) => s.swapInfo.label))).toEqual(
      new Set(['Raydium CLMM', 'Raydium CPMM']),
    );
    const a = await swapThroughJupiter(split, user);
    expect(a.logs).toContain(`Program ${CP_SWAP_PROGRAM} invoke [2]`);
    expect(new Set(a.venues)).toEqual(new Set(['Raydium CLMM', 'Raydium CP-Swap']));
    const usdc = ataOf(user.publicKey, USDC);
    expect(await sandbox.tokenBalance(usdc)).toBe(BigInt(split.outAmount));

    const exactOut = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=75000000&swapMode=ExactOut&dexes=Raydium%20CLMM&onlyDirectRoutes=true`,
    );
    const b = await swapThroughJupiter(exactOut, user);
    expect(b.form).toBe('exact_out_route');
    expect(b.venues).toEqual(['Raydium CLMM']);
    expect(await sandbox.tokenBalance(usdc)).toBe(BigInt(split.outAmount) + 75_000_000n);
  });
});
