/**
 * Jupiter's V2 route forms on the sandbox's v2 shape (`--api-shape v2` with the program, the
 * mainnet binary kept as a test fixture): GET /swap/v2/build's instructions composed by the
 * integrator as the docs say, and /order + /execute, each confirmed and read back with
 * getTransaction: ONE `route_v2` / `shared_accounts_route_v2` at the top, CP-Swap inside it once
 * per leg, the person the only signer, the quote paid exactly, and the platform fee credited by
 * the program into the fee account given, which a V2 route takes as the first account after its
 * own (measured on the program: main/sandbox/jupiter/route-instruction-v2.ts).
 */
import { createHash } from 'node:crypto';
import { ComputeBudgetProgram, Keypair, type VersionedTransactionResponse } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { type InstructionJson } from './sandbox-swap-instructions-helpers';
import { decodeJupiter } from '../../main/review/decode-jupiter';
import type { Address } from '../../main/shared/address';
import { useSandbox } from './sandbox-session';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  ataOf,
  BONK,
  AMM_V4_PROGRAM,
  CP_SWAP_PROGRAM,
  faucet,
  getJson,
  JUP,
  SOL,
  USDC,
} from './sandbox-swap-fixtures';
import { answerGroups, executeOrder, inlineTables, sendAsUser } from './sandbox-route-steps';

const JUPITER = 'JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4';
const formOf = (data: Uint8Array) =>
  ['route_v2', 'shared_accounts_route_v2'].find(
    (name) =>
      createHash('sha256').update(`global:${name}`).digest().subarray(0, 8).toString('hex') ===
      Buffer.from(data.subarray(0, 8)).toString('hex'),
  );
/** Accounts a V2 form names before the fee account and the steps'. */
const HEAD = { route_v2: 10, shared_accounts_route_v2: 12 } as const;

const sandbox = useSandbox({
  args: ['--jupiter-program', JUPITER_PROGRAM_FIXTURE, '--api-shape', 'v2'],
});

/** The one V2 route at the top: its form, its accounts; a venue inside it, `legs` times. */
function expectV2(tx: VersionedTransactionResponse, legs: number) {
  const keys = tx.transaction.message.getAccountKeys({
    accountKeysFromLookups: tx.meta?.loadedAddresses,
  });
  const top = tx.transaction.message.compiledInstructions.filter(
    (ix) => keys.get(ix.programIdIndex)?.toBase58() === JUPITER,
  );
  expect(top).toHaveLength(1);
  const form = formOf(top[0]!.data);
  expect(form).toBeDefined();
  const logs = tx.meta?.logMessages ?? [];
  // Each leg is a venue call inside the route: CP-Swap's, Raydium AMM v4's or CLMM's (issue 33).
  const venues = [CP_SWAP_PROGRAM, AMM_V4_PROGRAM, 'CAMMCzo5YL8w4VFF8KVHrK22GGUsp5VTaW7grrKgrWqK'];
  expect(
    logs.filter((line) => venues.some((venue) => line === `Program ${venue} invoke [2]`)),
  ).toHaveLength(legs);
  for (const venue of venues) expect(logs).not.toContain(`Program ${venue} invoke [1]`);
  expect(tx.transaction.signatures).toHaveLength(1);
  const accounts = top[0]!.accountKeyIndexes.map((i) => keys.get(i)!.toBase58());
  return { form: form as keyof typeof HEAD, accounts, data: top[0]!.data };
}

describe("Jupiter's V2 forms on the v2 shape", () => {
  it('/build with a platform fee: route_v2, the fee account first after its own accounts', async () => {
    const user = await sandbox.fundedUser(5);
    const feeOwner = Keypair.generate().publicKey;
    await faucet(sandbox.rpcUrl, feeOwner, USDC, 1n);
    const feeAccount = ataOf(feeOwner, USDC);
    const { status, body } = await getJson(
      `${sandbox.swapApiUrl}/build?inputMint=${SOL}&outputMint=${USDC}&amount=1000000000&taker=${user.publicKey.toBase58()}&platformFeeBps=50&feeAccount=${feeAccount.toBase58()}&onlyDirectRoutes=true&dexes=Raydium%20CPMM`,
    );
    expect(status, JSON.stringify(body)).toBe(200);
    const swapIx = body.swapInstruction as InstructionJson;
    expect(swapIx.programId).toBe(JUPITER);
    const tables = inlineTables(body);
    // The integrator's transaction: its own unit limit, then the answer's groups in order.
    const instructions = [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 400_000 }),
      ...answerGroups(body),
    ];
    const before = await sandbox.tokenBalance(feeAccount);
    const signature = await sendAsUser(sandbox, user, instructions, tables);
    const landed = expectV2(await sandbox.read(signature), 1);
    expect(landed.form).toBe('route_v2');
    expect(landed.accounts[HEAD.route_v2]).toBe(feeAccount.toBase58());
    expect(await sandbox.tokenBalance(ataOf(user.publicKey, USDC))).toBe(
      BigInt(body.outAmount as string),
    );
    // /build states no fee amount: the program's is ⌊gross × 50 / 10,000⌋ of the output, where
    // the gross is what the person received plus the fee.
    const fee = (await sandbox.tokenBalance(feeAccount)) - before;
    expect(fee).toBeGreaterThan(0n);
    expect(fee).toBe(((BigInt(body.outAmount as string) + fee) * 50n) / 10_000n);
    // The wallet's decoder reads the V2 form and names its step past the fee account.
    const decoded = decodeJupiter(landed.data, landed.accounts as Address[]);
    expect(decoded.kind === 'jupiterRoute' && decoded.steps).toEqual([
      { venue: 'Raydium CP-Swap', inputMint: SOL, outputMint: USDC, percent: 100 },
    ]);
  });

  it('/order + /execute, two hops: shared_accounts_route_v2 with the referral fee paid by the program', async () => {
    const user = await sandbox.fundedUser(1, { [BONK]: 5_000_000_000_000n });
    const referral = Keypair.generate().publicKey;
    // The fee mint by the docs' priority: the input here (BONK → JUP: neither SOL nor a stable).
    await faucet(sandbox.rpcUrl, referral, BONK, 1n);
    const referralAccount = ataOf(referral, BONK);
    const order = await getJson(
      `${sandbox.swapApiUrl}/order?inputMint=${BONK}&outputMint=${JUP}&amount=5000000000000&taker=${user.publicKey.toBase58()}&referralAccount=${referral.toBase58()}&referralFee=60`,
    );
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const before = await sandbox.tokenBalance(referralAccount);
    const landed = await executeOrder(sandbox, order.body, user);
    expect(landed.status, JSON.stringify(landed.body)).toBe(200);
    expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
    const read2 = await sandbox.read(landed.body.signature as string);
    const routePlan = order.body.routePlan as unknown[];
    const { form, accounts } = expectV2(read2, routePlan.length);
    expect(form).toBe('shared_accounts_route_v2');
    expect(accounts[HEAD.shared_accounts_route_v2]).toBe(referralAccount.toBase58());
    const fee = (5_000_000_000_000n * 60n) / 10_000n;
    expect((await sandbox.tokenBalance(referralAccount)) - before).toBe(fee);
    expect(BigInt(landed.body.totalOutputAmount as string)).toBeGreaterThanOrEqual(
      BigInt(order.body.otherAmountThreshold as string),
    );
  });
});
