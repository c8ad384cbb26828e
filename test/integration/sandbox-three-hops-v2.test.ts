/**
 * Routes of three hops on the Swap API v2 sandbox (issue 33 point 3), both paths: GET /build's
 * instructions composed by the integrator as the docs say (with the lookup tables the answer
 * names), and /order + /execute, with and without Jupiter's program. mSOL ⇄ TFEE, FRZ and UNVR
 * are joined by mSOL > SOL > USDC > X only; each swap lands and is read back from the ledger:
 * one `route_v2` / `shared_accounts_route_v2` with CP-Swap inside it three times when the
 * program runs, three CP-Swap calls at the top when it does not; the person gets the quote.
 */
import { ComputeBudgetProgram, Keypair, type VersionedTransactionResponse } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { useSandbox } from './sandbox-session';
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
import { ataOf, CP_SWAP_PROGRAM, faucet, getJson, SOL, USDC } from './sandbox-swap-fixtures';
import { answerGroups, executeOrder, inlineTables, sendAsUser } from './sandbox-route-steps';

for (const jupiter of [true, false]) {
  describe(`three hops on the v2 shape, ${jupiter ? 'through' : 'without'} Jupiter's program`, () => {
    const sandbox = useSandbox({
      args: ['--api-shape', 'v2', '--jupiter-program', jupiter ? JUPITER_PROGRAM_FIXTURE : 'none'],
    });

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
          const user = await sandbox.fundedUser(1, {
            [input]: AMOUNT[from]!,
          });
          const { status, body } = await getJson(
            `${sandbox.swapApiUrl}/build?inputMint=${input}&outputMint=${output}&amount=${AMOUNT[from]}&taker=${user.publicKey.toBase58()}&excludeDexes=${OTHER_VENUES}`,
          );
          expect(status, JSON.stringify(body)).toBe(200);
          expect(chainOf(body.routePlan as RoutePlan)).toEqual(expectedChain(from, far));
          const tables = inlineTables(body);
          const instructions = [
            ComputeBudgetProgram.setComputeUnitLimit({ units: 600_000 }),
            ...answerGroups(body),
          ];
          const signature = await sendAsUser(sandbox, user, instructions, tables);
          expectExecuted(await sandbox.read(signature), 3);
          expect(await sandbox.tokenBalance(ataOf(user.publicKey, output))).toBe(
            BigInt(body.outAmount as string),
          );
        });

        it(`/order + /execute, ${from} → ${to}: lands, paid at least the threshold`, async () => {
          const [input, output] = [mintOf(from), mintOf(to)];
          const user = await sandbox.fundedUser(1, {
            [input]: AMOUNT[from]!,
          });
          const order = await getJson(
            `${sandbox.swapApiUrl}/order?inputMint=${input}&outputMint=${output}&amount=${AMOUNT[from]}&taker=${user.publicKey.toBase58()}&excludeDexes=${OTHER_VENUES}`,
          );
          expect(order.status, JSON.stringify(order.body)).toBe(200);
          expect(chainOf(order.body.routePlan as RoutePlan)).toEqual(expectedChain(from, far));
          const landed = await executeOrder(sandbox, order.body, user);
          expect(landed.status, JSON.stringify(landed.body)).toBe(200);
          expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
          expectExecuted(await sandbox.read(landed.body.signature as string), 3);
          const received = await sandbox.tokenBalance(ataOf(user.publicKey, output));
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
      const landed = await executeOrder(sandbox, order.body, user);
      expect(landed.body).toMatchObject({ status: 'Success', code: 0 });
      expectExecuted(await sandbox.read(landed.body.signature as string), 3);
      expect(await sandbox.tokenBalance(ataOf(user.publicKey, mintOf('UNVR')))).toBe(
        BigInt(order.body.outAmount as string),
      );
      expect(await sandbox.connection.getBalance(user.publicKey)).toBe(0);
    });
  });
}
