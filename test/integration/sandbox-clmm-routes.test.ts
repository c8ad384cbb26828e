/**
 * Raydium CLMM as a venue of the sandbox's swap API (issue 33), on the v6 shape: routes through
 * its pools built by /swap, signed by the person, confirmed on the ledger and read back with
 * getTransaction. Each CLMM leg is one `swap_v2` of the mainnet binary at its own program id
 * (its log names the instruction; the person is the only signer) and pays exactly the quote:
 * ExactIn and ExactOut through CLMM alone (`dexes=Raydium CLMM`, a trade large enough to cross
 * its ticks), and a large trade the router splits between CLMM and CP-Swap.
 */
import { Keypair, type VersionedTransactionResponse } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
import { ataOf, CP_SWAP_PROGRAM, SOL, USDC } from './sandbox-swap-fixtures';
import { type RouteQuote, quoteOf, swapAndRead } from './sandbox-route-steps';

const CLMM_PROGRAM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';

describe('Raydium CLMM routes on the sandbox', () => {
  const sandbox = useSandbox();

  const quote = (query: string) => quoteOf(sandbox.swapApiUrl, query);

  /** /swap, signed, landed and read back: the person is the only signer. */
  async function swapSignedByUser(q: RouteQuote, user: Keypair) {
    const { tx } = await swapAndRead(sandbox, q, user);
    expect(tx.transaction.signatures).toHaveLength(1);
    return tx;
  }

  const swapV2Calls = (tx: VersionedTransactionResponse) =>
    (tx.meta?.logMessages ?? []).filter((line) => line === 'Program log: Instruction: SwapV2');

  it('ExactIn through CLMM alone: 2,000 SOL → USDC, labelled as Jupiter labels it, paid as quoted', async () => {
    const user = await sandbox.fundedUser(2_010);
    const q = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=2000000000000&dexes=Raydium%20CLMM`,
    );
    expect(q.routePlan.map((step) => step.swapInfo.label)).toEqual(['Raydium CLMM']);
    const tx = await swapSignedByUser(q, user);
    expect(tx.meta?.logMessages).toContain(`Program ${CLMM_PROGRAM} invoke [1]`);
    expect(swapV2Calls(tx)).toHaveLength(1);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
  });

  it('ExactOut through CLMM alone: exactly 300,000 USDC for SOL, no more taken than quoted', async () => {
    const user = await sandbox.fundedUser(2_100);
    const q = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=300000000000&swapMode=ExactOut&dexes=Raydium%20CLMM`,
    );
    const before = BigInt(await sandbox.connection.getBalance(user.publicKey));
    const tx = await swapSignedByUser(q, user);
    expect(swapV2Calls(tx)).toHaveLength(1);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(300_000_000_000n);
    const spent =
      before - BigInt(await sandbox.connection.getBalance(user.publicKey)) - BigInt(tx.meta!.fee);
    // What left the person: the quoted input, plus the rent of the USDC account they now hold.
    const rent = BigInt(await sandbox.connection.getMinimumBalanceForRentExemption(165));
    expect(spent).toBe(BigInt(q.inAmount) + rent);
  });

  it('splits a large SOL → USDC trade between CLMM and CP-Swap, each leg paid as quoted', async () => {
    const user = await sandbox.fundedUser(5_010);
    const q = await quote(
      `inputMint=${SOL}&outputMint=${USDC}&amount=5000000000000&onlyDirectRoutes=true`,
    );
    const labels = new Set(q.routePlan.map((step) => step.swapInfo.label));
    expect(labels).toEqual(new Set(['Raydium CLMM', 'Raydium CPMM']));
    const tx = await swapSignedByUser(q, user);
    const logs = tx.meta?.logMessages ?? [];
    expect(logs).toContain(`Program ${CLMM_PROGRAM} invoke [1]`);
    expect(logs).toContain(`Program ${CP_SWAP_PROGRAM} invoke [1]`);
    const clmmLegs = q.routePlan.filter((step) => step.swapInfo.label === 'Raydium CLMM').length;
    expect(swapV2Calls(tx)).toHaveLength(clmmLegs);
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
  });
});
