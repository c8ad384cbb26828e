/**
 * A /build answer made into the transaction the person reviews, by the wallet: the service's
 * instructions in the documented order (compute budget, setup, swap, cleanup, other, tip), the
 * lookup tables read from the person's RPC (checked against the service's claim,
 * lookup-tables.ts), a blockhash the wallet fetched itself (the service's is not used), and the
 * compute budget the wallet sets: a unit limit from simulating the transaction, and a unit price
 * from the person's priority fee choice, never above their cap.
 */
import {
  ComputeBudgetProgram,
  PublicKey,
  TransactionInstruction,
  VersionedTransaction,
  type AddressLookupTableAccount,
} from '@solana/web3.js';
import { compileV0 } from '../../shared/compile-v0';
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import type { BuildAnswer } from '../../swap-api/v2';
import type { TransactionToReview } from '../issue-ticket';
import { verifiedLookupTables } from './lookup-tables';
import type { AssembleDeps, ComputePrice } from './v2-types';
import { web3Instruction } from '../web3-instruction';

const COMPUTE_BUDGET = 'ComputeBudget111111111111111111111111111111';
const MAX_UNITS = 1_400_000;
/** Headroom over the simulated units (the pools move between simulation and landing). */
const UNIT_MARGIN_PERCENT = 20n;
const PACKET_SIZE = 1232;

/** The unit price (micro-lamports) the service's compute budget group sets, or 0. */
function servicePrice(answer: BuildAnswer): bigint {
  for (const ix of answer.computeBudgetInstructions) {
    if (ix.programId === COMPUTE_BUDGET && ix.data[0] === 3 && ix.data.length >= 9) {
      return Buffer.from(ix.data).readBigUInt64LE(1);
    }
  }
  return 0n;
}

function unitPrice(price: ComputePrice, answer: BuildAnswer, units: number): bigint {
  const capped = (lamports: bigint) => (lamports * 1_000_000n) / BigInt(units);
  switch (price.kind) {
    case 'none':
      return 0n;
    case 'lamports':
      return capped(price.lamports);
    case 'service': {
      const asked = servicePrice(answer);
      const ceiling = capped(price.maxLamports);
      return asked < ceiling ? asked : ceiling;
    }
  }
}

function compile(
  account: Address,
  blockhash: string,
  body: TransactionInstruction[],
  units: number,
  microLamports: bigint,
  tables: AddressLookupTableAccount[],
): VersionedTransaction {
  const budget = [ComputeBudgetProgram.setComputeUnitLimit({ units })];
  if (microLamports > 0n) budget.push(ComputeBudgetProgram.setComputeUnitPrice({ microLamports }));
  return compileV0(new PublicKey(account), blockhash, [...budget, ...body], tables);
}

/**
 * The unsigned transaction of a /build answer for `account`. Throws SWAP_API_BAD_RESPONSE (a
 * table claim that differs from the chain, a transaction too large), NETWORK_UNAVAILABLE.
 */
export async function assembleBuild(
  deps: AssembleDeps,
  account: Address,
  answer: BuildAnswer,
  price: ComputePrice,
): Promise<TransactionToReview> {
  const tables = await verifiedLookupTables(answer.addressesByLookupTableAddress, deps.connection);
  // The service's compute budget instructions are replaced by the wallet's own.
  const body = [
    ...answer.computeBudgetInstructions.filter((ix) => ix.programId !== COMPUTE_BUDGET),
    ...answer.setupInstructions,
    answer.swapInstruction,
    ...(answer.cleanupInstruction ? [answer.cleanupInstruction] : []),
    ...answer.otherInstructions,
    ...(answer.tipInstruction ? [answer.tipInstruction] : []),
  ].map(web3Instruction);
  let latest;
  try {
    latest = await deps.latestBlockhash();
  } catch (error) {
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      'The network could not be reached for a recent blockhash. Check the connection and review again.',
      { cause: error },
    );
  }
  let units = MAX_UNITS;
  try {
    const probe = compile(account, latest.blockhash, body, MAX_UNITS, 0n, tables);
    const simulated = await deps.connection.simulateTransaction(probe, {
      sigVerify: false,
      replaceRecentBlockhash: true,
      commitment: 'confirmed',
    });
    const used = simulated.value.unitsConsumed;
    if (simulated.value.err === null && used !== undefined && used > 0) {
      const margin = (BigInt(used) * (100n + UNIT_MARGIN_PERCENT)) / 100n;
      units = Math.min(MAX_UNITS, Number(margin));
    }
  } catch {
    // The review simulates again and says what went wrong; the full limit stands meanwhile.
  }
  const transaction = compile(
    account,
    latest.blockhash,
    body,
    units,
    unitPrice(price, answer, units),
    tables,
  );
  let wire: Uint8Array;
  try {
    wire = transaction.serialize();
  } catch {
    wire = new Uint8Array(PACKET_SIZE + 1); // web3.js refuses to encode past a packet
  }
  if (wire.length > PACKET_SIZE) {
    throw new WalletError(
      'SWAP_API_BAD_RESPONSE',
      `The swap service's instructions make a transaction of ${wire.length} bytes, more than the ${PACKET_SIZE} a transaction may have. Lower "Max accounts" in the swap options and try again.`,
    );
  }
  return { transaction: wire, lastValidBlockHeight: latest.lastValidBlockHeight };
}
