/**
 * The merchant's transaction made ready for review, by the wallet's rules of SPEC.md
 * "POST Response": the transaction is untrusted. With no signature on it, the wallet ignores
 * the fee payer and blockhash it carries and sets its own (the person's account, a fresh
 * blockhash). With signatures on it, the bytes are kept as they are and every signature must
 * verify ("if any are invalid, the wallet must reject the transaction as malformed"). Either
 * way the only signature still missing may be the person's ("If any signature except a
 * signature for the account in the request is expected, the wallet must reject the
 * transaction as malicious"), and the person's account must be asked to sign.
 */
import {
  PublicKey,
  Transaction,
  TransactionMessage,
  VersionedTransaction,
  type Connection,
} from '@solana/web3.js';
import nacl from 'tweetnacl';
import type { Address } from '../../shared/address';
import { WalletError } from '../../shared/errors';
import { readTransactionWire, type WireTransaction } from '../../shared/transaction-wire';
import { shortAddress } from '../../review/words';
import { lookupTables, MAX_TRANSACTION_BYTES } from '../payment-transactions';
import bs58 from 'bs58';

export type MerchantTxConnection = Pick<
  Connection,
  'getLatestBlockhash' | 'getAddressLookupTable' | 'getBlockHeight'
>;

/** The transaction to review: its bytes, expiry, and whether the wallet rebuilt it. */
export interface PreparedMerchantTransaction {
  transaction: Uint8Array;
  lastValidBlockHeight: number;
  /** True when it came unsigned and the wallet set its fee payer and blockhash. */
  rebuilt: boolean;
  /** Who pays the network fee: the person, or a merchant that signed already. */
  feePayer: Address;
}

/** How many blocks a blockhash lives; the review's expiry for a transaction signed already. */
const BLOCKHASH_BLOCKS = 150;

function refuse(domain: string, what: string): never {
  throw new WalletError('MERCHANT_REFUSED', `${domain} sent a transaction that ${what}`);
}

const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The wire bytes of the merchant's `transaction` field, read strictly. */
function wireOf(domain: string, text: unknown): { bytes: Uint8Array; wire: WireTransaction } {
  if (typeof text !== 'string' || !BASE64.test(text) || text.length > 2 * MAX_TRANSACTION_BYTES) {
    refuse(domain, 'is not a base64 Solana transaction. Nothing was signed; ask the merchant.');
  }
  const bytes = Uint8Array.from(Buffer.from(text, 'base64'));
  if (bytes.length > MAX_TRANSACTION_BYTES) {
    refuse(domain, `is larger than a Solana transaction can be. Nothing was signed.`);
  }
  try {
    return { bytes, wire: readTransactionWire(bytes) };
  } catch {
    refuse(domain, 'Swapdesk cannot read as a Solana transaction. Nothing was signed.');
  }
}

const isZero = (signature: Uint8Array) => signature.every((byte) => byte === 0);

/**
 * The spec's signer rules on final bytes: the person's account is a required signer, and
 * every other required signature is present and valid over these bytes.
 */
export function assertSignersAsSpecSays(domain: string, bytes: Uint8Array, account: Address) {
  const wire = readTransactionWire(bytes);
  const signers = wire.staticKeys.slice(0, wire.header.numRequiredSignatures);
  const keys = signers.map((key) => bs58.encode(key));
  if (!keys.includes(account)) {
    refuse(
      domain,
      `does not ask your account ${shortAddress(account)} to sign it, the account Swapdesk gave. Nothing was signed.`,
    );
  }
  signers.forEach((key, index) => {
    const address = keys[index]!;
    if (address === account) return;
    const signature = wire.signatures[index]!;
    if (isZero(signature)) {
      refuse(
        domain,
        `also needs the signature of ${shortAddress(address)}, which is missing: someone else would still have to approve it, which Solana Pay forbids. Nothing was signed; do not pay through this link.`,
      );
    }
    if (!nacl.sign.detached.verify(wire.messageBytes, signature, key)) {
      refuse(
        domain,
        `carries a signature of ${shortAddress(address)} that is not valid for its contents: it was changed after it was signed. Nothing was signed; do not pay through this link.`,
      );
    }
  });
}

/** The lookup-table addresses of a v0 wire, as base58. */
function tableAddresses(wire: WireTransaction): Address[] {
  return wire.lookups.map((lookup) => bs58.encode(lookup.accountKey) as Address);
}

async function latest(connection: MerchantTxConnection) {
  return connection.getLatestBlockhash('confirmed').catch((error: unknown) => {
    throw new WalletError(
      'NETWORK_UNAVAILABLE',
      'The network could not be reached to prepare the payment. Check the connection and try again.',
      { cause: error },
    );
  });
}

/** An unsigned transaction with the person as fee payer and a fresh blockhash, same version. */
async function rebuild(
  connection: MerchantTxConnection,
  bytes: Uint8Array,
  wire: WireTransaction,
  account: Address,
): Promise<PreparedMerchantTransaction> {
  const payer = new PublicKey(account);
  const tables = await lookupTables(connection, tableAddresses(wire));
  const { blockhash, lastValidBlockHeight } = await latest(connection);
  let out: Uint8Array;
  if (wire.version === 'legacy') {
    const old = Transaction.from(bytes);
    const fresh = new Transaction({ feePayer: payer, blockhash, lastValidBlockHeight });
    fresh.add(...old.instructions);
    out = fresh.serialize({ requireAllSignatures: false, verifySignatures: false });
  } else {
    const decompiled = TransactionMessage.decompile(
      VersionedTransaction.deserialize(bytes).message,
      {
        addressLookupTableAccounts: tables,
      },
    );
    const message = new TransactionMessage({
      payerKey: payer,
      recentBlockhash: blockhash,
      instructions: decompiled.instructions,
    }).compileToV0Message(tables);
    out = new VersionedTransaction(message).serialize();
  }
  return { transaction: out, lastValidBlockHeight, rebuilt: true, feePayer: account };
}

/**
 * The merchant's `transaction` ready for review and signing by `account`, or a refusal in
 * words (MERCHANT_REFUSED) naming the merchant's domain. Throws NETWORK_UNAVAILABLE.
 */
export async function prepareMerchantTransaction(
  connection: MerchantTxConnection,
  domain: string,
  text: unknown,
  account: Address,
): Promise<PreparedMerchantTransaction> {
  const { bytes, wire } = wireOf(domain, text);
  let prepared: PreparedMerchantTransaction;
  if (wire.signatures.every(isZero)) {
    try {
      prepared = await rebuild(connection, bytes, wire, account);
    } catch (error) {
      if (error instanceof WalletError) throw error;
      refuse(domain, 'Swapdesk could not set your account as its fee payer. Nothing was signed.');
    }
  } else {
    // Signed already: its bytes stay exactly as they are, blockhash and fee payer included.
    const height = await connection.getBlockHeight('confirmed').catch((error: unknown) => {
      throw new WalletError('NETWORK_UNAVAILABLE', 'The network could not be reached. Try again.', {
        cause: error,
      });
    });
    prepared = {
      transaction: bytes,
      lastValidBlockHeight: height + BLOCKHASH_BLOCKS,
      rebuilt: false,
      feePayer: bs58.encode(wire.staticKeys[0]!) as Address,
    };
  }
  if (prepared.transaction.length > MAX_TRANSACTION_BYTES) {
    refuse(
      domain,
      'would be too large to send once your account pays its fee. Nothing was signed.',
    );
  }
  assertSignersAsSpecSays(domain, prepared.transaction, account);
  return prepared;
}
