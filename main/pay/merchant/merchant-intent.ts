/**
 * What a merchant's transaction promises to pay, read from its bytes, as the intent the review
 * holds it to (issue 34 point 3). Solana Pay merchants validate a payment by its last
 * instruction (SPEC.md "SPL Token": a TransferChecked, or a SystemProgram transfer for SOL,
 * with the reference keys after its own accounts; "Memo": the memo right before it), and
 * @solana/pay's `createTransfer` builds exactly that. So the wallet reads the payee, the
 * token, the amount, the references and the memo there, and the review's payment rule (with
 * every swap rule: balances by simulation, custody, authorities, nonces, fees, other tokens)
 * then refuses anything the transaction does beyond paying exactly that.
 */
import { unpackAccount, unpackMint } from '@solana/spl-token';
import {
  PublicKey,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import bs58 from 'bs58';
import type { PaymentIntent, SwapIntent } from '../../review';
import {
  MEMO_PROGRAM,
  MEMO_V1_PROGRAM,
  NATIVE_MINT,
  SYSTEM_PROGRAM,
  TOKEN_2022_PROGRAM,
  TOKEN_PROGRAM,
} from '../../review/program-ids';
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import { readTransactionWire } from '../../shared/transaction-wire';
import { lookupTables, type BuildConnection } from '../payment-transactions';
import { transferFee, transferFeeOf } from '../transfer-fee';

/** The highest priority fee a merchant's transaction may set (lamports): 0.0001 SOL. */
export const MERCHANT_PRIORITY_CAP_LAMPORTS = 100_000n;

export type MerchantIntentConnection = BuildConnection &
  Pick<Connection, 'getMultipleAccountsInfo' | 'getEpochInfo'>;

/** What the merchant's last instruction pays, and the intent the review holds it to. */
export interface MerchantPayment {
  intent: SwapIntent & { payment: Extract<PaymentIntent, { kind: 'transfer' }> };
  mint: Address;
  decimals: number;
  /** What the payee gains (base units; lamports for SOL). */
  amount: bigint;
  /** The account paid: a token account, or the wallet itself for SOL. */
  payeeAccount: Address;
  /** Who owns the payee's token account (the wallet itself for SOL); null when unreadable. */
  payeeOwner: Address | null;
  native: boolean;
  /** What the person's paying account holds of the token now (lamports for SOL). */
  held: bigint;
}

function notAPayment(domain: string, what: string): never {
  throw new WalletError(
    'MERCHANT_REFUSED',
    `${domain} sent a transaction that ${what}; Swapdesk pays a merchant only by a transaction whose last instruction pays it from your account, as Solana Pay payments do. Nothing was signed.`,
  );
}

/** The instructions of the prepared bytes, lookup tables resolved. */
async function instructionsOf(
  connection: BuildConnection,
  bytes: Uint8Array,
): Promise<TransactionInstruction[]> {
  const wire = readTransactionWire(bytes);
  const tables = await lookupTables(
    connection,
    wire.lookups.map((lookup) => bs58.encode(lookup.accountKey) as Address),
  );
  const message = VersionedTransaction.deserialize(bytes).message;
  return TransactionMessage.decompile(message, { addressLookupTableAccounts: tables }).instructions;
}

function memoOf(instruction: TransactionInstruction | undefined): string | null {
  if (!instruction) return null;
  const program = instruction.programId.toBase58();
  if (program !== MEMO_PROGRAM && program !== MEMO_V1_PROGRAM) return null;
  return Buffer.from(instruction.data).toString('utf8');
}

const keysAfter = (instruction: TransactionInstruction, count: number) =>
  instruction.keys.slice(count).map((key) => key.pubkey.toBase58() as Address);

async function readAccounts(connection: MerchantIntentConnection, keys: PublicKey[]) {
  return connection.getMultipleAccountsInfo(keys, 'confirmed').catch((error: unknown) => {
    throw new WalletError('NETWORK_UNAVAILABLE', 'The network could not be reached. Try again.', {
      cause: error,
    });
  });
}

/**
 * The payment the merchant's prepared transaction makes from `account`. Throws
 * MERCHANT_REFUSED when its last instruction is not a TransferChecked (or a SOL transfer)
 * from `account`, and NETWORK_UNAVAILABLE.
 */
export async function merchantPayment(
  connection: MerchantIntentConnection,
  domain: string,
  bytes: Uint8Array,
  account: Address,
): Promise<MerchantPayment> {
  const instructions = await instructionsOf(connection, bytes);
  const last = instructions.at(-1);
  if (last === undefined) notAPayment(domain, 'does nothing');
  const memo = memoOf(instructions.at(-2));
  const program = last.programId.toBase58();
  const data = last.data;
  if (program === SYSTEM_PROGRAM && data.length === 12 && data.readUInt32LE(0) === 2) {
    const [from, to] = last.keys;
    if (from?.pubkey.toBase58() !== account || to === undefined) {
      notAPayment(domain, 'ends with a SOL transfer that is not paid from your account');
    }
    const amount = data.readBigUInt64LE(4);
    const payee = to.pubkey.toBase58() as Address;
    const [wallet] = await readAccounts(connection, [from.pubkey]);
    return {
      intent: intentOf(NATIVE_MINT as Address, 9, payee, amount, amount, {
        references: keysAfter(last, 2),
        memo,
        native: true,
      }),
      mint: NATIVE_MINT as Address,
      decimals: 9,
      amount,
      payeeAccount: payee,
      payeeOwner: payee,
      native: true,
      held: BigInt(wallet?.lamports ?? 0),
    };
  }
  const isToken = program === TOKEN_PROGRAM || program === TOKEN_2022_PROGRAM;
  if (!isToken || data.length !== 10 || data[0] !== 12) {
    notAPayment(domain, 'does not end with a payment (a TransferChecked or a SOL transfer)');
  }
  const [sourceKey, mintKey, destination, owner] = last.keys;
  if (
    sourceKey === undefined ||
    mintKey === undefined ||
    destination === undefined ||
    owner?.pubkey.toBase58() !== account
  ) {
    notAPayment(domain, 'ends with a token transfer that is not paid from your account');
  }
  const gross = data.readBigUInt64LE(1);
  const decimals = data[9]!;
  const programKey = new PublicKey(program);
  const [mintInfo, payeeInfo, sourceInfo] = await readAccounts(connection, [
    mintKey.pubkey,
    destination.pubkey,
    sourceKey.pubkey,
  ]);
  if (!mintInfo) notAPayment(domain, 'pays in a token that does not exist');
  const mint = unpackMint(mintKey.pubkey, mintInfo, programKey);
  const schedules = transferFeeOf(mint);
  const fee =
    schedules === null
      ? 0n
      : transferFee(schedules, BigInt((await connection.getEpochInfo('confirmed')).epoch), gross);
  let payeeOwner: Address | null = null;
  try {
    if (payeeInfo) {
      payeeOwner = unpackAccount(
        destination.pubkey,
        payeeInfo,
        programKey,
      ).owner.toBase58() as Address;
    }
  } catch {
    payeeOwner = null;
  }
  const mintAddress = mintKey.pubkey.toBase58() as Address;
  const payee = destination.pubkey.toBase58() as Address;
  return {
    intent: intentOf(mintAddress, decimals, payee, gross - fee, gross, {
      references: keysAfter(last, 4),
      memo,
      native: false,
      ...(fee > 0n ? { transferFee: fee } : {}),
    }),
    mint: mintAddress,
    decimals,
    amount: gross - fee,
    payeeAccount: payee,
    payeeOwner,
    native: false,
    held: heldIn(sourceKey.pubkey, sourceInfo, programKey),
  };
}

/** A token account's balance, 0 when it does not exist or is not one. */
function heldIn(
  key: PublicKey,
  info: Parameters<typeof unpackAccount>[1] | null,
  program: PublicKey,
): bigint {
  if (!info) return 0n;
  try {
    return unpackAccount(key, info, program).amount;
  } catch {
    return 0n;
  }
}

/** The intent of a plain payment of `amount` (sent as `gross`) into `payee`, as pay-review's. */
function intentOf(
  mint: Address,
  decimals: number,
  payee: Address,
  amount: bigint,
  gross: bigint,
  extra: { references: Address[]; memo: string | null; native: boolean; transferFee?: bigint },
): MerchantPayment['intent'] {
  return {
    swapMode: 'ExactOut',
    inputMint: mint,
    outputMint: mint,
    inAmount: gross,
    outAmount: amount,
    otherAmountThreshold: gross,
    amount,
    slippageBps: 0,
    platformFee: null,
    feeAccount: null,
    destinationTokenAccount: payee,
    maxPriorityFeeLamports: MERCHANT_PRIORITY_CAP_LAMPORTS,
    payment: {
      kind: 'transfer',
      payeeTokenAccount: payee,
      mint,
      amount,
      decimals,
      references: extra.references,
      memo: extra.memo,
      throughPayer: true,
      ...(extra.native ? { native: true } : {}),
      ...(extra.transferFee !== undefined
        ? { transferAmount: gross, transferFee: extra.transferFee }
        : {}),
    },
  };
}
