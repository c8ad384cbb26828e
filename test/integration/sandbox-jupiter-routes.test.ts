/**
 * The sandbox with Jupiter's own program (the mainnet binary, a test fixture:
 * test/fixtures/programs/jupiter-v6/PROVENANCE.md): every route kind on both API shapes (v6 at
 * /v6, today's swap/v1 at /swap/v1), built by /swap (or /swap-instructions), signed by the
 * person, confirmed and read back with getTransaction. Each is ONE instruction of Jupiter's
 * program at the top (the form named by its discriminator), Raydium CP-Swap invoked inside it
 * once per leg, the person the only signer, the platform fee credited to the fee account by the
 * program, and the quote paid to the base unit. ExactOut and the market maker's PDLG stay the
 * sandbox's own instructions (the program has no ExactOut path for a RaydiumCP step:
 * sandbox-jupiter-exact-out.test.ts); ExactOut over Raydium AMM v4 (issue 33) is one
 * exact_out_route of the program.
 */
import { decodeJupiter } from '../../main/review/decode-jupiter';
import type { Address } from '../../main/shared/address';
import { createHash } from 'node:crypto';
import { Keypair, PublicKey, type VersionedTransactionResponse } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { instruction, type InstructionJson } from './sandbox-swap-instructions-helpers';
import { useSandbox } from './sandbox-session';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ataOf,
  BONK,
  AMM_V4_PROGRAM,
  CP_SWAP_PROGRAM,
  faucet,
  JUP,
  PDLG,
  postJson,
  SOL,
  TFEE,
  USDC,
  USDT,
} from './sandbox-swap-fixtures';
import { sendAsUser, type RouteQuote, swapAndRead, quoteOf } from './sandbox-route-steps';

const MSOL = 'mSoLzYCxHdYgdzU16g5QSh3i5K3z3KZK7ytfqcJm7So';
const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
/** Jupiter's shared-accounts authority id 0: `["authority", [0]]` under the program. */
const PROGRAM_AUTHORITY = PublicKey.findProgramAddressSync(
  [Buffer.from('authority'), Buffer.from([0])],
  new PublicKey(JUPITER),
)[0].toBase58();

const discriminatorOf = (name: string) =>
  createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex');
const FORMS = new Map(
  [
    'route',
    'shared_accounts_route',
    'route_with_token_ledger',
    'shared_accounts_route_with_token_ledger',
    'exact_out_route',
    'shared_accounts_exact_out_route',
  ].map((name) => [discriminatorOf(name), name]),
);

for (const shape of ['v6', 'v1'] as const) {
  describe(`Jupiter's program on the sandbox, ${shape} shape`, () => {
    const sandbox = useSandbox({
      args: [
        '--jupiter-program',
        JUPITER_PROGRAM_FIXTURE,
        ...(shape === 'v1' ? ['--api-shape', 'v1'] : []),
      ],
    });

    /**
     * A quote over CP-Swap (and the market maker): Raydium AMM v4's pools (issue 33) are left out
     * here, so every step is the RaydiumCP step these cases are about, unless `amm` asks for them
     * (AMM v4 through the program: main/sandbox/jupiter/amm-v4-route.test.ts and the last case).
     * Raydium CLMM is always left out by name here: its steps through the program are
     * sandbox-jupiter-clmm.test.ts's and main/sandbox/jupiter/clmm-route.test.ts's.
     */
    function quote(query: string, amm = false): Promise<RouteQuote> {
      const excluded = amm ? 'Raydium%20CLMM' : 'Raydium,Raydium%20CLMM';
      return quoteOf(sandbox.swapApiUrl, `${query}&excludeDexes=${excluded}`);
    }

    /**
     * One Jupiter instruction at the top, of `form`; CP-Swap inside it once per leg and never
     * at the top; the person the only signer. Answers the route instruction's accounts.
     */
    function expectJupiter(
      tx: VersionedTransactionResponse,
      q: RouteQuote,
      form: string,
    ): string[] {
      const keys = tx.transaction.message.getAccountKeys({
        accountKeysFromLookups: tx.meta?.loadedAddresses,
      });
      const top = tx.transaction.message.compiledInstructions.filter(
        (ix) => keys.get(ix.programIdIndex)?.toBase58() === JUPITER,
      );
      const routes = top.filter((ix) =>
        FORMS.has(Buffer.from(ix.data.subarray(0, 8)).toString('hex')),
      );
      expect(routes).toHaveLength(1);
      const route = routes[0]!;
      expect(FORMS.get(Buffer.from(route.data.subarray(0, 8)).toString('hex'))).toBe(form);
      const programs = tx.transaction.message.compiledInstructions.map((ix) =>
        keys.get(ix.programIdIndex)?.toBase58(),
      );
      expect(programs).not.toContain(CP_SWAP_PROGRAM);
      const logs = tx.meta?.logMessages ?? [];
      expect(logs).toContain(`Program ${JUPITER} invoke [1]`);
      expect(logs.filter((line) => line === `Program ${CP_SWAP_PROGRAM} invoke [2]`)).toHaveLength(
        q.routePlan.length,
      );
      expect(tx.transaction.signatures).toHaveLength(1);
      const accounts = route.accountKeyIndexes.map((i) => keys.get(i)!.toBase58());
      // The wallet's decoder names every step of the executed route as the quote planned it.
      const decoded = decodeJupiter(route.data, accounts as Address[]);
      expect(decoded.kind).toBe('jupiterRoute');
      if (decoded.kind === 'jupiterRoute') {
        expect(decoded.name).toBe(form);
        expect(decoded.steps).toEqual(
          q.routePlan.map((step) => ({
            venue: 'Raydium CP-Swap',
            inputMint: step.swapInfo.inputMint,
            outputMint: step.swapInfo.outputMint,
            percent: step.percent,
          })),
        );
        expect(decoded.quotedAmount).toBe(BigInt(q.outAmount));
      }
      return accounts;
    }

    /** A fee account of `mint` (a plain token account of a fresh owner) and its balance. */
    async function feeAccountOf(mint: string): Promise<{ account: string; before: bigint }> {
      const owner = Keypair.generate().publicKey;
      await faucet(sandbox.rpcUrl, owner, mint, 1n);
      const account = ataOf(owner, mint);
      return {
        account: account.toBase58(),
        before: await sandbox.tokenBalance(account),
      };
    }

    // First: the pools are as genesis made them, so this amount splits both hops.
    it('four swaps (two hops, each split) go through the lookup table; legacy is refused in words', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000_000n });
      const q = await quote(
        `inputMint=${USDC}&outputMint=${MSOL}&amount=100000000000&restrictIntermediateTokens=false`,
      );
      expect(q.routePlan).toHaveLength(4);
      // Asked first: the swap below moves the pools the quote was priced on.
      const legacy = await postJson(`${sandbox.swapApiUrl}/swap`, {
        quoteResponse: q,
        userPublicKey: user.publicKey.toBase58(),
        asLegacyTransaction: true,
      });
      expect(legacy.status).toBe(400);
      expect(JSON.stringify(legacy.body)).toMatch(
        /larger than a packet .* as a legacy transaction/,
      );
      const { tx } = await swapAndRead(sandbox, q, user);
      expectJupiter(tx, q, 'shared_accounts_route');
      expect(tx.transaction.message.addressTableLookups.length).toBeGreaterThan(0);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, MSOL))).toBe(BigInt(q.outAmount));
    });

    it('one hop, SOL in, `route` with the platform fee paid by the program into feeAccount', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&onlyDirectRoutes=true&platformFeeBps=50`,
      );
      const fee = await feeAccountOf(USDC);
      const { tx } = await swapAndRead(sandbox, q, user, {
        feeAccount: fee.account,
        useSharedAccounts: false,
      });
      const accounts = expectJupiter(tx, q, 'route');
      expect(accounts[6]).toBe(fee.account); // platform_fee_account
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
      const credited = (await sandbox.tokenBalance(new PublicKey(fee.account))) - fee.before;
      expect(credited).toBe(BigInt(q.platformFee!.amount));
      // The fee's transfer is the program's (an inner instruction), not the person's own.
      const feeIndex = tx.transaction.message
        .getAccountKeys({ accountKeysFromLookups: tx.meta?.loadedAddresses })
        .keySegments()
        .flat()
        .findIndex((key) => key.toBase58() === fee.account);
      const inner = (tx.meta?.innerInstructions ?? []).flatMap((group) => group.instructions);
      expect(inner.some((ix) => ix.accounts.includes(feeIndex))).toBe(true);
      expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, SOL))).toBeNull();
    });

    it('one hop with useSharedAccounts: the program authority and its token accounts', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=500000000&onlyDirectRoutes=true`,
      );
      const { tx } = await swapAndRead(sandbox, q, user, { useSharedAccounts: true });
      const accounts = expectJupiter(tx, q, 'shared_accounts_route');
      expect(accounts[1]).toBe(PROGRAM_AUTHORITY);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
      // The program's own accounts hand everything on: they hold nothing after the swap.
      expect(await sandbox.tokenBalance(new PublicKey(accounts[5]!))).toBe(0n);
    });

    // BONK → JUP takes three hops since issue 33 (BONK > SOL > USDC > JUP pays more than either
    // two-hop path, each through a 1% pool): three steps in one shared_accounts_route.
    it('three hops, BONK → JUP: shared accounts by default, the middle tokens in the program', async () => {
      const user = await sandbox.fundedUser(1, { [BONK]: 5_000_000_000_000n });
      const q = await quote(`inputMint=${BONK}&outputMint=${JUP}&amount=5000000000000`);
      expect(q.routePlan.map((step) => step.swapInfo.inputMint)).toEqual([BONK, SOL, USDC]);
      const { tx } = await swapAndRead(sandbox, q, user);
      expectJupiter(tx, q, 'shared_accounts_route');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, JUP))).toBe(BigInt(q.outAmount));
      for (const middle of [SOL, USDC]) {
        expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, middle))).toBeNull();
      }
    });

    it('a hop split over two pools, SOL out (unwrapped), through the route plan', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 1_500_000_000_000n });
      const q = await quote(
        `inputMint=${USDC}&outputMint=${SOL}&amount=1500000000000&onlyDirectRoutes=true`,
      );
      expect(q.routePlan.length).toBeGreaterThan(1);
      const before = BigInt(await sandbox.connection.getBalance(user.publicKey));
      const { tx } = await swapAndRead(sandbox, q, user);
      expectJupiter(tx, q, 'route');
      const gained = BigInt(await sandbox.connection.getBalance(user.publicKey)) - before;
      expect(gained).toBe(BigInt(q.outAmount) - BigInt(tx.meta!.fee));
    });

    it('useTokenLedger, SOL in: set_token_ledger, the wrap, then route_with_token_ledger', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=700000000&onlyDirectRoutes=true`,
      );
      const { tx } = await swapAndRead(sandbox, q, user, {
        useTokenLedger: true,
        useSharedAccounts: false,
      });
      expectJupiter(tx, q, 'route_with_token_ledger');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
    });

    it('destinationTokenAccount: the output lands in another person’s account', async () => {
      const user = await sandbox.fundedUser(5);
      const payee = Keypair.generate().publicKey;
      await faucet(sandbox.rpcUrl, payee, USDT, 1n);
      const destination = ataOf(payee, USDT);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDT}&amount=300000000&onlyDirectRoutes=true`,
      );
      const { tx } = await swapAndRead(sandbox, q, user, {
        destinationTokenAccount: destination.toBase58(),
        useSharedAccounts: false,
      });
      const accounts = expectJupiter(tx, q, 'route');
      expect(accounts[3]).toBe(destination.toBase58());
      expect(await sandbox.tokenBalance(destination)).toBe(1n + BigInt(q.outAmount));
      expect(await sandbox.connection.getAccountInfo(ataOf(user.publicKey, USDT))).toBeNull();
    });

    it('a Token-2022 token with a transfer fee (TFEE) takes the plain form and pays the quote', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000n });
      const q = await quote(`inputMint=${USDC}&outputMint=${TFEE}&amount=50000000`);
      const { tx } = await swapAndRead(sandbox, q, user, { useSharedAccounts: true });
      expectJupiter(tx, q, 'route');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, TFEE))).toBe(BigInt(q.outAmount));
    });

    it('/swap-instructions: one swap instruction of the program, and the token ledger’s', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=200000000&onlyDirectRoutes=true`,
      );
      const { status, body } = await postJson(`${sandbox.swapApiUrl}/swap-instructions`, {
        quoteResponse: q,
        userPublicKey: user.publicKey.toBase58(),
        useTokenLedger: true,
      });
      expect(status, JSON.stringify(body)).toBe(200);
      const swapIx = body.swapInstruction as InstructionJson;
      expect(swapIx.programId).toBe(JUPITER);
      const ledgerIx = body.tokenLedgerInstruction as InstructionJson;
      expect(ledgerIx.programId).toBe(JUPITER);
      const setup = (body.setupInstructions as InstructionJson[]).map(instruction);
      // The integrator's order: the source account first, the ledger, then what adds the input.
      const instructions = [
        ...(body.computeBudgetInstructions as InstructionJson[]).map(instruction),
        setup[0]!,
        instruction(ledgerIx),
        ...setup.slice(1),
        instruction(swapIx),
        ...(body.cleanupInstruction
          ? [instruction(body.cleanupInstruction as InstructionJson)]
          : []),
      ];
      const signature = await sendAsUser(sandbox, user, instructions);
      expectJupiter(await sandbox.read(signature), q, 'route_with_token_ledger');
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(BigInt(q.outAmount));
    });

    it('ExactOut through AMM v4 is one exact_out_route of the program, its steps named by the review', async () => {
      const user = await sandbox.fundedUser(5);
      const q = await quote(
        `inputMint=${SOL}&outputMint=${USDC}&amount=40000000&swapMode=ExactOut&onlyDirectRoutes=true`,
        true,
      );
      expect(q.routePlan.map((step) => step.swapInfo.label)).toEqual(['Raydium']);
      const { tx } = await swapAndRead(sandbox, q, user);
      const keys = tx.transaction.message.getAccountKeys({
        accountKeysFromLookups: tx.meta?.loadedAddresses,
      });
      const top = tx.transaction.message.compiledInstructions.filter(
        (ix) => keys.get(ix.programIdIndex)?.toBase58() === JUPITER,
      );
      expect(top).toHaveLength(1);
      expect(FORMS.get(Buffer.from(top[0]!.data.subarray(0, 8)).toString('hex'))).toBe(
        'exact_out_route',
      );
      const logs = tx.meta?.logMessages ?? [];
      expect(logs).toContain(`Program ${AMM_V4_PROGRAM} invoke [2]`);
      expect(tx.transaction.signatures).toHaveLength(1);
      const accounts = top[0]!.accountKeyIndexes.map((i) => keys.get(i)!.toBase58());
      const decoded = decodeJupiter(top[0]!.data, accounts as Address[]);
      expect(decoded.kind === 'jupiterRoute' && decoded.steps?.map((step) => step.venue)).toEqual([
        'Raydium AMM v4',
      ]);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(40_000_000n);
    });

    it('ExactOut over CP-Swap stays CP-Swap’s own swap_base_output; PDLG stays the market maker’s', async () => {
      const user = await sandbox.fundedUser(1, { [USDC]: 100_000_000n });
      const q = await quote(
        `inputMint=${USDC}&outputMint=${USDT}&amount=25000000&swapMode=ExactOut`,
      );
      const { tx } = await swapAndRead(sandbox, q, user);
      const logs = tx.meta?.logMessages ?? [];
      expect(logs).toContain(`Program ${CP_SWAP_PROGRAM} invoke [1]`);
      expect(logs.some((line) => line.includes(JUPITER))).toBe(false);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDT))).toBe(25_000_000n);
      const pdlg = await quote(`inputMint=${USDC}&outputMint=${PDLG}&amount=10000000`);
      const fill = await swapAndRead(sandbox, pdlg, user);
      expect(fill.tx.transaction.signatures).toHaveLength(2);
      expect((fill.tx.meta?.logMessages ?? []).some((line) => line.includes(JUPITER))).toBe(false);
    });
  });
}
