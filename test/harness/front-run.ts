/**
 * What a stripped bound costs (issue 21): the hostile service's tampers of the swap
 * instructions' on-chain bounds, and a real front-run on the sandbox between review and landing.
 * The wallet refuses such a transaction, so the cost is shown on a twin: a key the test holds,
 * given the same tampered transaction by the same service, signed and sent after the attacker
 * traded ahead of it on the very pools its CP-Swap instructions name.
 */
import {
  Connection,
  Keypair,
  PublicKey,
  TransactionInstruction,
  VersionedTransaction,
  type AccountMeta,
} from '@solana/web3.js';
import { createAssociatedTokenAccountIdempotentInstruction } from '@solana/spl-token';
import type { OpenedTransaction } from '../fixtures/tamper/rebuild';
import { openTransaction } from '../fixtures/tamper/rebuild';
import { waitForStatus } from '../fixtures/sandbox-faucet';
import { cpSwapSteps, JUPITER, loosenedRoute } from './jupiter-route-bounds';
import type { Json } from './hostile-swap-service';

export const CP_SWAP = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
export const U64_MAX = 18_446_744_073_709_551_615n;
const SWAP_BASE_INPUT = '8fbe5adac41e33de';

const programOf = (ix: { programId: PublicKey | string }) =>
  typeof ix.programId === 'string' ? ix.programId : ix.programId.toBase58();
const isCpSwap = (ix: { programId: PublicKey | string }) => programOf(ix) === CP_SWAP;
/** A swap whose minimum a looser slippage moves: CP-Swap's, or a route of Jupiter's program. */
const isBounded = (ix: { programId: PublicKey | string }) =>
  isCpSwap(ix) || programOf(ix) === JUPITER;

/**
 * Rewrites the bounds of the CP-Swap swaps of an opened transaction: `last` is the new second
 * argument of an ExactIn swap paying the route's end (the last CP-Swap instruction), `middle`
 * that of the others; an ExactOut swap's first argument (max_amount_in) becomes `maxIn`.
 */
export function stripBounds(
  opened: OpenedTransaction,
  bounds: { last?: bigint; middle?: bigint; maxIn?: bigint },
): void {
  const swaps = opened.instructions.filter(isCpSwap);
  if (swaps.length === 0) throw new Error('no CP-Swap swap in the transaction');
  swaps.forEach((ix, index) => {
    const data = Buffer.from(ix.data);
    const exactIn = data.subarray(0, 8).toString('hex') === SWAP_BASE_INPUT;
    const last = index === swaps.length - 1;
    if (exactIn) {
      const bound = last ? bounds.last : bounds.middle;
      if (bound !== undefined) data.writeBigUInt64LE(bound, 16);
    } else if (bounds.maxIn !== undefined) {
      data.writeBigUInt64LE(bounds.maxIn, 8);
    }
    ix.data = data;
  });
}

/**
 * Rewrites every ExactIn CP-Swap swap's minimum (`minimum_amount_out`) from the bound of a
 * slippage of `fromBps` to that of `toBps`: what a service that chose `toBps` itself would
 * have built (issue 32: a gasless /order answered with its own, looser, slippage).
 */
export function loosenBounds(opened: OpenedTransaction, fromBps: number, toBps: number): void {
  const swaps = opened.instructions.filter(isBounded);
  if (swaps.length === 0) throw new Error('no CP-Swap swap or Jupiter route in the transaction');
  for (const ix of swaps) ix.data = loosened(Buffer.from(ix.data), fromBps, toBps);
}

/** The same rewrite on a /build answer's JSON instructions (setup and swap, data in base64). */
export function loosenBoundsJson(answer: Json, fromBps: number, toBps: number): Json {
  type Ix = { programId: string; data: string };
  const rewrite = (ix: Ix): Ix =>
    isBounded(ix)
      ? { ...ix, data: loosened(Buffer.from(ix.data, 'base64'), fromBps, toBps).toString('base64') }
      : ix;
  if (!isBounded(answer.swapInstruction as Ix)) throw new Error('no CP-Swap swap or route');
  return {
    ...answer,
    setupInstructions: ((answer.setupInstructions as Ix[]) ?? []).map(rewrite),
    swapInstruction: rewrite(answer.swapInstruction as Ix),
  };
}

/**
 * An ExactIn CP-Swap swap's data with its minimum moved from `fromBps`'s bound to `toBps`'s; a
 * Jupiter V2 route's with its `slippage_bps` set to `toBps`.
 */
function loosened(data: Buffer, fromBps: number, toBps: number): Buffer {
  if (data.subarray(0, 8).toString('hex') !== SWAP_BASE_INPUT) return loosenedRoute(data, toBps);
  const minimum = data.readBigUInt64LE(16);
  data.writeBigUInt64LE((minimum * BigInt(10_000 - toBps)) / BigInt(10_000 - fromBps), 16);
  return data;
}

/** The same rewrite on a /swap-instructions answer (JSON instructions, data in base64). */
export function stripBoundsJson(answer: Json, bounds: { maxIn?: bigint; last?: bigint }): Json {
  type Ix = { programId: string; accounts: unknown[]; data: string };
  const rewrite = (ix: Ix): Ix => {
    if (ix.programId !== CP_SWAP) return ix;
    const data = Buffer.from(ix.data, 'base64');
    if (data.subarray(0, 8).toString('hex') === SWAP_BASE_INPUT) {
      if (bounds.last !== undefined) data.writeBigUInt64LE(bounds.last, 16);
    } else if (bounds.maxIn !== undefined) {
      data.writeBigUInt64LE(bounds.maxIn, 8);
    }
    return { ...ix, data: data.toString('base64') };
  };
  return {
    ...answer,
    setupInstructions: ((answer.setupInstructions as Ix[]) ?? []).map(rewrite),
    swapInstruction: rewrite(answer.swapInstruction as Ix),
  };
}

/** Token balance of `account`, 0 when it does not exist. */
export async function balanceOf(connection: Connection, account: PublicKey): Promise<bigint> {
  const info = await connection.getTokenAccountBalance(account).catch(() => null);
  return info === null ? 0n : BigInt(info.value.amount);
}

/**
 * The attacker trades ahead of `transaction` on every CP-Swap pool it names, in the same
 * direction, with as much as the pool's input vault holds (the price it pays out halves or
 * worse), or `depthBps` of it (a trade sized to stay within a loose bound).
 * `fund(mint, amount)` gives the attacker that input first.
 */
export async function frontRun(
  connection: Connection,
  transaction: Uint8Array,
  attacker: Keypair,
  fund: (mint: string, amount: bigint) => Promise<void>,
  send: (instructions: TransactionInstruction[], signers: Keypair[]) => Promise<void>,
  /** Only the hops of these mints (the stripped ones); default every hop. */
  only: { inputMint?: string; outputMint?: string } = {},
  depthBps = 10_000,
): Promise<void> {
  const opened = await openTransaction(transaction, connection);
  // CP-Swap's own swaps, or the CP-Swap steps of a route through Jupiter's program.
  const hops = opened.instructions
    .flatMap((ix) => (isCpSwap(ix) ? [ix.keys] : cpSwapSteps(ix.keys, CP_SWAP)))
    .filter((keys) => !only.inputMint || keys[10]?.pubkey.toBase58() === only.inputMint)
    .filter((keys) => !only.outputMint || keys[11]?.pubkey.toBase58() === only.outputMint);
  for (const hop of hops) {
    const keys = hop.map((k) => ({ ...k }));
    const inputVault = keys[6]?.pubkey as PublicKey;
    const [inputMint, outputMint] = [keys[10]?.pubkey, keys[11]?.pubkey] as PublicKey[];
    const [inputProgram, outputProgram] = [keys[8]?.pubkey, keys[9]?.pubkey] as PublicKey[];
    const depth = ((await balanceOf(connection, inputVault)) * BigInt(depthBps)) / 10_000n;
    await fund(inputMint!.toBase58(), depth);
    const ata = (mint: PublicKey, program: PublicKey) =>
      PublicKey.findProgramAddressSync(
        [attacker.publicKey.toBuffer(), program.toBuffer(), mint.toBuffer()],
        new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
      )[0];
    const from = ata(inputMint!, inputProgram!);
    const to = ata(outputMint!, outputProgram!);
    const meta = (pubkey: PublicKey, isSigner = false): AccountMeta => ({
      pubkey,
      isSigner,
      isWritable: true,
    });
    keys[0] = meta(attacker.publicKey, true);
    keys[4] = meta(from);
    keys[5] = meta(to);
    const data = Buffer.alloc(24);
    Buffer.from(SWAP_BASE_INPUT, 'hex').copy(data);
    data.writeBigUInt64LE(depth, 8);
    await send(
      [
        createAssociatedTokenAccountIdempotentInstruction(
          attacker.publicKey,
          to,
          attacker.publicKey,
          outputMint!,
          outputProgram!,
        ),
        new TransactionInstruction({ programId: new PublicKey(CP_SWAP), keys, data }),
      ],
      [attacker],
    );
  }
}

/** Signs `transaction` (unsigned for `twin`) with the twin's key and lands it. */
export async function landAs(
  connection: Connection,
  transaction: Uint8Array,
  twin: Keypair,
): Promise<void> {
  const tx = VersionedTransaction.deserialize(transaction);
  tx.sign([twin]);
  await waitForStatus(connection, await connection.sendRawTransaction(tx.serialize()), 200, 25);
}
