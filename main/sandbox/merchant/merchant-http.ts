/**
 * The sandbox's honest merchant on HTTP (issue 34 point 6): a Solana Pay transaction request
 * per item, `GET|POST /sandbox/merchant/<usdc|pyusd>?order=<id>` (SPEC.md "GET Request",
 * "POST Request"; `&fee=merchant`: the shop pays the network fee, so its transaction comes
 * partly signed, its own signature first, as the spec allows), its thanks page (SPEC1.1.md's `redirect`), and `GET
 * /sandbox/merchant/status?order=&item=`, the check a real merchant makes before handing over
 * the goods: @solana/pay's findReference + validateTransfer. The transaction is built with
 * @solana/pay's createTransfer (USDC); for the Token-2022 item the same instructions are made
 * with spl-token, because @solana/pay 0.2.6's createTransfer compares the mint's owner to
 * TOKEN_2022_PROGRAM_ID with `===` (src/createTransfer.ts, createSPLTokenInstruction), which is
 * never true for two PublicKey objects, so it always reads a Token-2022 mint as SPL Token.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { createTransfer, findReference, validateTransfer } from '@solana/pay';
import {
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import { Connection, PublicKey, Transaction, TransactionInstruction } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import type { SandboxLedger } from '../ledger/ledger';
import { airdrop, fundToken } from '../faucet/faucet';
import {
  orderMemo,
  orderReference,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_ITEMS,
  SANDBOX_MERCHANT_KEYPAIR,
  SANDBOX_MERCHANT_LABEL,
  type SandboxMerchantItem,
} from './merchant-shop';

const MEMO_PROGRAM = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const MAX_BODY = 4096;

/** Answers `body` as JSON. */
export function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

/** A JSON object body of at most 4 KiB, or null. */
export async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  try {
    const body: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * A POST's body and its `account` (SPEC.md "POST Request"), or null once a 405 (with `usage`,
 * for a request that is no POST) or a 400 (for a body that names no account) has been answered.
 */
export async function postedAccount(
  req: IncomingMessage,
  res: ServerResponse,
  usage: string,
): Promise<{ account: PublicKey; body: Record<string, unknown> | null } | null> {
  if (req.method !== 'POST') {
    json(res, 405, { message: usage });
    return null;
  }
  const body = await readJson(req);
  try {
    return { account: new PublicKey(String(body?.account)), body };
  } catch {
    json(res, 400, { message: 'The body must be {"account":"<base58 public key>"}.' });
    return null;
  }
}

/** The merchant's token accounts exist (createTransfer checks the recipient's): made once. */
export function ensureMerchantAccounts(ledger: SandboxLedger): void {
  // createTransfer also checks that the recipient wallet exists (a system account).
  if (ledger.getAccount(SANDBOX_MERCHANT.toBase58()) === null) {
    airdrop(ledger, SANDBOX_MERCHANT, 1_000_000_000n);
  }
  for (const item of Object.values(SANDBOX_MERCHANT_ITEMS)) {
    const owner = ledger.getAccount(item.mint.toBase58())?.owner;
    const program = new PublicKey(owner ?? TOKEN_2022_PROGRAM_ID);
    const ata = getAssociatedTokenAddressSync(item.mint, SANDBOX_MERCHANT, false, program);
    if (ledger.getAccount(ata.toBase58()) === null) {
      fundToken(ledger, { owner: SANDBOX_MERCHANT, mint: item.mint, amount: 1n });
    }
  }
}

/**
 * The payment as createTransfer makes it (memo, then TransferChecked with the reference), for
 * what createTransfer cannot build (see the file's comment) or refuses: a payer who does not
 * hold the token yet. This shop lets the wallet find the funds (issue 34 point 4: the wallet
 * offers a swap into the token first); the network refuses the transfer if it still lacks them.
 */
function transferInstructions(
  sender: PublicKey,
  mint: PublicKey,
  program: PublicKey,
  amount: string,
  reference: PublicKey,
  memo: string,
): TransactionInstruction[] {
  const units = BigInt(new BigNumber(amount).times(1e6).integerValue().toFixed());
  const transfer = createTransferCheckedInstruction(
    getAssociatedTokenAddressSync(mint, sender, false, program),
    mint,
    getAssociatedTokenAddressSync(mint, SANDBOX_MERCHANT, false, program),
    sender,
    units,
    6,
    [],
    program,
  );
  transfer.keys.push({ pubkey: reference, isSigner: false, isWritable: false });
  const memoInstruction = new TransactionInstruction({
    programId: MEMO_PROGRAM,
    keys: [],
    data: Buffer.from(memo, 'utf8'),
  });
  return [memoInstruction, transfer];
}

/** The POST answer: an unsigned transaction of the payment, the message, the redirect. */
async function answerPost(
  connection: Connection,
  origin: string,
  item: SandboxMerchantItem,
  order: string,
  account: PublicKey,
  merchantPaysFee: boolean,
): Promise<Record<string, unknown>> {
  const { mint, amount, symbol } = SANDBOX_MERCHANT_ITEMS[item];
  const reference = orderReference(order);
  const memo = orderMemo(order);
  let transaction: Transaction | null = null;
  if (item === 'usdc') {
    transaction = await createTransfer(connection, account, {
      recipient: SANDBOX_MERCHANT,
      amount: new BigNumber(amount),
      splToken: mint,
      reference,
      memo,
    }).catch((error: unknown) => {
      // The payer holds too little USDC, or no account of it: built below all the same.
      if (!/insufficient funds|TokenAccountNotFound/i.test(String(error))) throw error;
      return null;
    });
  }
  if (transaction === null) {
    const program = item === 'usdc' ? TOKEN_PROGRAM_ID : TOKEN_2022_PROGRAM_ID;
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
    transaction = new Transaction({ feePayer: account, blockhash, lastValidBlockHeight }).add(
      ...transferInstructions(account, mint, program, amount, reference, memo),
    );
  }
  if (merchantPaysFee) {
    // The shop's own fee payer and blockhash, signed by the shop: the wallet keeps these bytes.
    const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash('confirmed');
    transaction = new Transaction({
      feePayer: SANDBOX_MERCHANT,
      blockhash,
      lastValidBlockHeight,
    }).add(...transaction.instructions);
    transaction.partialSign(SANDBOX_MERCHANT_KEYPAIR);
  }
  const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
  return {
    transaction: Buffer.from(wire).toString('base64'),
    message: `Thank you! One coffee, ${amount} ${symbol}, order ${order}.`,
    redirect: `${origin}/sandbox/merchant/thanks?order=${encodeURIComponent(order)}`,
  };
}

/** The merchant's check of an order's payment, as a real shop makes it. */
async function answerStatus(connection: Connection, item: SandboxMerchantItem, order: string) {
  const { mint, amount } = SANDBOX_MERCHANT_ITEMS[item];
  const reference = orderReference(order);
  try {
    const found = await findReference(connection, reference, { finality: 'confirmed' });
    await validateTransfer(
      connection,
      found.signature,
      {
        recipient: SANDBOX_MERCHANT,
        amount: new BigNumber(amount),
        splToken: mint,
        reference,
        memo: orderMemo(order),
      },
      { commitment: 'confirmed' },
    );
    return { status: 200, body: { paid: true, signature: found.signature } };
  } catch (error) {
    return {
      status: 200,
      body: { paid: false, reason: error instanceof Error ? error.message : String(error) },
    };
  }
}

/**
 * A handler of the merchant's paths (the shop's, the tip action's): true once it has answered,
 * false when `url` is none of its paths. `origin` is the sandbox's own http://127.0.0.1:P.
 */
export type MerchantHandler = (
  ledger: SandboxLedger,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  origin: string,
) => Promise<boolean>;

/**
 * Answers the merchant's paths; false when `url` is not one of them. `origin` is the
 * sandbox's own http://127.0.0.1:P (the merchant's RPC and its icon and redirect links).
 */
export const handleMerchant: MerchantHandler = async (ledger, req, res, url, origin) => {
  const match = /^\/sandbox\/merchant\/([a-z]+)$/.exec(url.pathname);
  if (!match) return false;
  const name = match[1]!;
  const order = url.searchParams.get('order') ?? 'demo';
  const connection = new Connection(origin, 'confirmed');
  if (name === 'thanks') {
    const body = `<!doctype html><title>Thank you</title><p>Sandbox Coffee received order ${order.replace(/[^\w-]/g, '')}.</p>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(body);
    return true;
  }
  if (name === 'status') {
    const item = url.searchParams.get('item') === 'pyusd' ? 'pyusd' : 'usdc';
    const answer = await answerStatus(connection, item, order);
    json(res, answer.status, answer.body);
    return true;
  }
  if (!(name in SANDBOX_MERCHANT_ITEMS)) return false;
  const item = name as SandboxMerchantItem;
  if (req.method === 'GET') {
    json(res, 200, {
      label: SANDBOX_MERCHANT_LABEL,
      icon: `${origin}/sandbox/logos/${SANDBOX_MERCHANT_ITEMS[item].symbol}.png`,
    });
    return true;
  }
  const usage = 'Use GET for the label and icon, POST with {"account"} to pay.';
  const posted = await postedAccount(req, res, usage);
  if (posted === null) return true;
  const { account } = posted;
  ensureMerchantAccounts(ledger);
  try {
    const merchantPaysFee = url.searchParams.get('fee') === 'merchant';
    json(res, 200, await answerPost(connection, origin, item, order, account, merchantPaysFee));
  } catch (error) {
    // createTransfer's refusals (insufficient funds, a missing token account) in its words.
    const reason = error instanceof Error ? error.message : String(error);
    json(res, 400, { message: `Sandbox Coffee cannot take this payment: ${reason}.` });
  }
  return true;
};
