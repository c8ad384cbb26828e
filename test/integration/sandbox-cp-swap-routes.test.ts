/**
 * Every route kind of the sandbox, on both API shapes (v6 at /v6, today's swap/v1 at /swap/v1),
 * built by /swap, signed by the person, confirmed on the ledger and read back with
 * getTransaction: one hop with SOL in, two hops, a split hop, ExactOut, SOL out, a Token-2022
 * token with a transfer fee (TFEE), each executed by Raydium CP-Swap, Raydium AMM v4 or (where
 * the router picks it) Raydium CLMM (issue 33), as the quote's steps name them (CP-Swap's own logs name the instruction; each AMM v4 leg
 * is one call of its program; the person is the only signer; each pool's payout is an inner
 * transfer signed by its program's authority address) and paying exactly the quote; AMM v4 alone
 * (`dexes=Raydium`) both ways; and the market maker's fill for PDLG, the one route the sandbox
 * co-signs.
 */
import { PublicKey, type VersionedTransactionResponse } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
import {
  AMM_V4_AUTHORITY,
  AMM_V4_PROGRAM,
  ataOf,
  CP_SWAP_AUTHORITY,
  CP_SWAP_PROGRAM,
  PDLG,
  SOL,
  TFEE,
  USDC,
  USDT,
} from './sandbox-swap-fixtures';
import { type RouteQuote, quoteOf, swapAndRead } from './sandbox-route-steps';

const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
/** Raydium CLMM's program (as in sandbox-clmm-routes.test.ts). */
const CLMM_PROGRAM = 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK';

for (const shape of ['v6', 'v1'] as const) {
  describe(`every route kind on the ${shape} shape`, () => {
    const sandbox = useSandbox(shape === 'v1' ? { args: ['--api-shape', 'v1'] } : {});

    const quote = (query: string) => quoteOf(sandbox.swapApiUrl, query);

    /**
     * Each leg ran on the venue its step names (CP-Swap's instruction logged by name, AMM v4 and
     * CLMM one top-level call per leg), the person alone signed, the pools paid by their
     * authority (a CLMM pool's vaults are signed for by its pool state, the step's ammKey).
     */
    function expectCpSwap(tx: VersionedTransactionResponse, q: RouteQuote, instruction: string) {
      const logs = tx.meta?.logMessages ?? [];
      const labels = q.routePlan.map((step) => step.swapInfo.label);
      const cpLegs = labels.filter((label) => label === 'Raydium CPMM').length;
      const ammLegs = labels.filter((label) => label === 'Raydium').length;
      // mSOL joins SOL through AMM v4 and CLMM pools too since issue 33: a leg may be CLMM's.
      const clmmPools = q.routePlan
        .filter((step) => step.swapInfo.label === 'Raydium CLMM')
        .map((step) => step.swapInfo.ammKey!);
      expect(cpLegs + ammLegs + clmmPools.length).toBe(q.routePlan.length);
      expect(
        logs.filter((line) => line === `Program log: Instruction: ${instruction}`),
      ).toHaveLength(cpLegs);
      expect(logs.filter((line) => line === `Program ${AMM_V4_PROGRAM} invoke [1]`)).toHaveLength(
        ammLegs,
      );
      expect(logs.filter((line) => line === `Program ${CLMM_PROGRAM} invoke [1]`)).toHaveLength(
        clmmPools.length,
      );
      expect(tx.transaction.signatures).toHaveLength(1);
      const keys = tx.transaction.message.getAccountKeys({
        accountKeysFromLookups: tx.meta?.loadedAddresses,
      });
      const payouts = (tx.meta?.innerInstructions ?? [])
        .flatMap((group) => group.instructions)
        .filter((inner) =>
          inner.accounts.some((i) =>
            [CP_SWAP_AUTHORITY, AMM_V4_AUTHORITY, ...clmmPools].includes(
              keys.get(i)?.toBase58() ?? '',
            ),
          ),
        );
      expect(payouts.length).toBe(q.routePlan.length);
    }

    it('one hop, SOL in (wrapped and unwrapped), ExactIn', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        // CP-Swap's own route kinds: CLMM (sandbox-clmm-routes.test.ts) is left out by name.
        `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true&dexes=Raydium%20CPMM`,
      );
      expect(q.routePlan).toHaveLength(1);
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseInput');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
      expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, SOL))).toBeNull();
    });

    // BONK → JUP now takes three hops (BONK > SOL > USDC > JUP beats both 1% pools of the
    // two-hop paths); three hops are test/integration/sandbox-three-hops.test.ts.
    it('two hops, mSOL → USDC through SOL, ExactIn', async () => {
      const user = await sandbox.fundedUser(1, { [MSOL]: 5_000_000_000n });
      const q = await quote(`inputMint=${MSOL}&outputMint=${USDC}&amount=5000000000`);
      expect(q.routePlan.map((step) => step.swapInfo.inputMint)).toEqual([MSOL, SOL]);
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseInput');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
    });

    it('a hop split over two pools, SOL out', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 1_500_000_000_000n });
      const q = await quote(
        `inputMint=${USDC}&outputMint=${SOL}&amount=1500000000000&onlyDirectRoutes=true&dexes=Raydium%20CPMM`,
      );
      expect(q.routePlan.length).toBeGreaterThan(1);
      const before = BigInt(await sandbox.connection.getBalance(user.publicKey));
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseInput');
      const gained = BigInt(await sandbox.connection.getBalance(user.publicKey)) - before;
      expect(gained).toBe(BigInt(q.outAmount) - BigInt(tx.meta!.fee));
    });

    it('ExactOut, USDC → exactly 25 USDT', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000n });
      const q = await quote(
        `inputMint=${USDC}&outputMint=${USDT}&amount=25000000&swapMode=ExactOut`,
      );
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseOutput');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDT))).toBe(25_000_000n);
      const spent = 100_000_000n - (await sandbox.tokenBalance(ataOf(user.publicKey, USDC)));
      expect(spent).toBe(BigInt(q.inAmount));
    });

    it('Raydium AMM v4 alone (dexes=Raydium): SOL → USDC ExactIn, then USDC → exactly 0.03 SOL ExactOut', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&dexes=Raydium&onlyDirectRoutes=true`,
      );
      expect(q.routePlan.map((step) => step.swapInfo.label)).toEqual(['Raydium']);
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseInput');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
      const out = await quote(
        `inputMint=${USDC}&outputMint=${SOL}&amount=30000000&swapMode=ExactOut&dexes=Raydium&onlyDirectRoutes=true`,
      );
      expect(out.routePlan.map((step) => step.swapInfo.label)).toEqual(['Raydium']);
      const usdcBefore = await sandbox.tokenBalance(ataOf(user.publicKey, USDC));
      const solBefore = BigInt(await sandbox.connection.getBalance(user.publicKey));
      const read = await swapAndRead(sandbox, out, user);
      expectCpSwap(read.tx, out, 'SwapBaseOutput');
      expect(usdcBefore - (await sandbox.tokenBalance(ataOf(user.publicKey, USDC)))).toBe(
        BigInt(out.inAmount),
      );
      const gained = BigInt(await sandbox.connection.getBalance(user.publicKey)) - solBefore;
      expect(gained).toBe(30_000_000n - BigInt(read.tx.meta!.fee));
    });

    it('a Token-2022 token with a transfer fee (TFEE): what arrives is the quote', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000n });
      const q = await quote(`inputMint=${USDC}&outputMint=${TFEE}&amount=50000000`);
      const { tx } = await swapAndRead(sandbox, q, user);
      expectCpSwap(tx, q, 'SwapBaseInput');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, TFEE))).toBe(BigInt(q.outAmount));
    });

    it('PDLG, which CP-Swap refuses, through the market maker: the one co-signed route', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000n });
      const q = await quote(`inputMint=${USDC}&outputMint=${PDLG}&amount=10000000`);
      expect(q.routePlan.map((step) => step.swapInfo.label)).toEqual(['Sandbox Market Maker']);
      const { tx } = await swapAndRead(sandbox, q, user);
      expect(tx.transaction.signatures).toHaveLength(2);
      const logs = tx.meta?.logMessages ?? [];
      expect(logs.some((line) => line.includes(CP_SWAP_PROGRAM))).toBe(false);
      expect(logs.some((line) => line.includes('Sandbox Market Maker fill'))).toBe(true);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, PDLG))).toBe(BigInt(q.outAmount));
      expect(new PublicKey(q.routePlan[0]!.swapInfo.ammKey).toBase58()).toBe(
        q.routePlan[0]!.swapInfo.ammKey,
      );
    });
  });
}
