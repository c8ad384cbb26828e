/**
 * Routes of three hops on the Swap API v2 sandbox (issue 33 point 3), both paths: GET /build's
 * instructions composed by the integrator as the docs say (with the lookup tables the answer
 * names), and /order + /execute, with and without Jupiter's program. mSOL ⇄ TFEE, FRZ and UNVR
 * are joined by mSOL > SOL > USDC > X only; each swap lands and is read back from the ledger:
 * one `route_v2` / `shared_accounts_route_v2` with CP-Swap inside it three times when the
 * program runs, three CP-Swap calls at the top when it does not; the person gets the quote.
 */
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';
import { JUPITER_PROGRAM_FIXTURE } from '../fixtures/jupiter-program';
import {
  AMOUNT,
  chainOf,
  FAR,
  JUPITER,
  mintOf,
  MSOL,
  OTHER_VENUES,
  type RoutePlan,
} from './three-hops-fixtures';
import { instruction, type InstructionJson } from './sandbox-swap-instructions-helpers';
import {
  ataOf,
  CP_SWAP_PROGRAM,
  faucet,
  fundedUser,
  getJson,
  postJson,
  SOL,
  tokenBalance,
  USDC,
  waitFor,
} from './sandbox-swap-fixtures';

for (const jupiter of [true, false]) {
  describe(`three hops on the v2 shape, ${jupiter ? 'through' : 'without'} Jupiter's program`, () => {
    let sandbox: RunningSandbox;
    let connection: Connection;

    beforeAll(async () => {
      sandbox = await startSandbox({
        args: [
          '--api-shape',
          'v2',
          '--jupiter-program',
          jupiter ? JUPITER_PROGRAM_FIXTURE : 'none',
        ],
      });
      connection = new Connection(sandbox.rpcUrl, 'confirmed');
    });

    afterAll(async () => {
      await sandbox?.remove();
    });

    async function read(signature: string): Promise<VersionedTransactionResponse> {
      const tx = await connection.getTransaction(signature, {
        commitment: 'confirmed',
        maxSupportedTransactionVersion: 0,
      });
      expect(tx?.meta?.err).toBeNull();
      return tx!;
    }

    /** One Jupiter route with CP-Swap inside it per step, or CP-Swap at the top per step. */
    function expectExecuted(tx: VersionedTransactionResponse, steps: number) {
      const logs = tx.meta?.logMessages ?? [];
      const at = (depth: number) =>
        logs.filter((line) => line === `Program ${CP_SWAP_PROGRAM} invoke [${depth}]`).length;
      if (jupiter) {
        expect(logs.filter((line) => line === `Program ${JUPITER} invoke [1]`)).toHaveLength(1);
        expect(at(2)).toBe(steps);
      } else {
        expect(logs.some((line) => line.startsWith(`Program ${JUPITER}`))).toBe(false);
        expect(at(1)).toBe(steps);
      }
    }

    const expectedChain = (from: string, far: string) => {
      const path = [MSOL, SOL, USDC, mintOf(far)];
      return from === 'mSOL' ? path : [...path].reverse();
    };

    for (const far of FAR) {
      for (const [from, to] of [
        ['mSOL', far],
        [far, 'mSOL'],
      ] as const) {
        it(`/build, ${from} → ${to}: composed by the integrator, paid exactly the quote`, async () => {
          const [input, output] = [mintOf(from), mintOf(to)];
          const user = await fundedUser(connection, sandbox.rpcUrl, 1, { [input]: AMOUNT[from]! });
          const { status, body } = await getJson(
            `${sandbox.swapApiUrl}/build?inputMint=${input}&outputMint=${output}&amount=${AMOUNT[from]}&taker=${user.publicKey.toBase58()}&excludeDexes=${OTHER_VENUES}`,
          );
          expect(status, JSON.stringify(body)).toBe(200);
          expect(chainOf(body.routePlan as RoutePlan)).toEqual(expectedChain(from, far));
          const tables = Object.entries(
            (body.addressesByLookupTableAddress as Record<string, string[]> | null) ?? {},
          ).map(
            ([key, addresses]) =>
              new AddressLookupTableAccount({
                key: new PublicKey(key),
                state: {
                  deactivationSlot: BigInt('18446744073709551615'),
                  lastExtendedSlot: 0,
                  lastExtendedSlotStartIndex: 0,
                  addresses: addresses.map((a) => new PublicKey(a)),
                },
              }),
          );
          const instructions = [
            ComputeBudgetProgram.setComputeUnitLimit({ units: 600_000 }),
            ...(body.computeBudgetInstructions as InstructionJson[]).map(instruction),
            ...(body.setupInstructions as InstructionJson[]).map(instruction),
            instruction(body.swapInstruction as InstructionJson),
            ...(body.cleanupInstruction
              ? [instruction(body.cleanupInstruction as InstructionJson)]
              : []),
          ];
          const { blockhash } = await connection.getLatestBlockhash();
          const tx = new VersionedTransaction(
            new TransactionMessage({
              payerKey: user.publicKey,
              recentBlockhash: blockhash,
              instructions,
            }).compileToV0Message(tables),
          );
          tx.sign([user]);
          const signature = await connection.sendRawTransaction(tx.serialize());
          await waitFor(connection, signature);
          expectExecuted(await read(signature), 3);
          expect(await tokenBalance(connection, ataOf(user.publicKey, output))).toBe(
            BigInt(body.outAmount as string),
          );
        });

        it(`/order + /execute, ${from} → ${to}: lands, paid at least the threshold`, async () => {
          const [input, output] = [mintOf(from), mintOf(to)];
          const user = await fundedUser(connection, sandbox.rpcUrl, 1, { [input]: AMOUNT[from]! });
          const order = await getJson(
            `${sandbox.swapApiUrl}/order?inputMint=${input}&outputMint=${output}&amount=${AMOUNT[from]}&taker=${user.publicKey.toBase58()}&excludeDexes=${OTHER_VENUES}`,
          );
          expect(order.status, JSON.stringify(order.body)).toBe(200);
          expect(chainOf(order.body.routePlan as RoutePlan)).toEqual(expectedChain(from, far));
          const tx = VersionedTransaction.deserialize(
            Buffer.from(order.body.transaction as string, 'base64'),
          );
          tx.sign([user]);
          const landed = await postJson(`${sandbox.swapApiUrl}/execute`, {
            signedTransaction: Buffer.from(tx.serialize()).toString('base64'),
            requestId: order.body.requestId,
          });
          expect(landed.status, JSON.stringify(landed.body)).toBe(200);
          expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
          expectExecuted(await read(landed.body.signature as string), 3);
          const received = await tokenBalance(connection, ataOf(user.publicKey, output));
          // /execute's own figures, read from the taker's accounts (a Token-2022 one too).
          expect(received).toBe(BigInt(landed.body.totalOutputAmount as string));
          expect(landed.body.totalInputAmount).toBe(String(AMOUNT[from]));
          // Nothing moved since the quote: the route pays what /order quoted.
          expect(received).toBe(BigInt(order.body.outAmount as string));
        });
      }
    }

    it('a gasless /order, mSOL → UNVR for a taker without SOL: the sandbox pays the fee', async () => {
      const user = Keypair.generate();
      await faucet(sandbox.rpcUrl, user.publicKey, MSOL, AMOUNT.mSOL!);
      const order = await getJson(
        `${sandbox.swapApiUrl}/order?inputMint=${MSOL}&outputMint=${mintOf('UNVR')}&amount=${AMOUNT.mSOL}&taker=${user.publicKey.toBase58()}&excludeDexes=${OTHER_VENUES}`,
      );
      expect(order.status, JSON.stringify(order.body)).toBe(200);
      expect(order.body.gasless).toBe(true);
      expect(order.body.feePayer).not.toBe(user.publicKey.toBase58());
      const tx = VersionedTransaction.deserialize(
        Buffer.from(order.body.transaction as string, 'base64'),
      );
      tx.sign([user]);
      const landed = await postJson(`${sandbox.swapApiUrl}/execute`, {
        signedTransaction: Buffer.from(tx.serialize()).toString('base64'),
        requestId: order.body.requestId,
      });
      expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
      expectExecuted(await read(landed.body.signature as string), 3);
      expect(await tokenBalance(connection, ataOf(user.publicKey, mintOf('UNVR')))).toBe(
        BigInt(order.body.outAmount as string),
      );
      expect(await connection.getBalance(user.publicKey)).toBe(0);
    });
  });
}
