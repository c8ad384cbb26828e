/** Shared steps of the sandbox RPC tests: raw JSON-RPC calls, the faucet, polling for status. */
import { Connection, Keypair, PublicKey, SystemProgram, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { createServer } from 'node:net';

export async function rpc(
  rpcUrl: string,
  method: string,
  params: unknown[] = [],
): Promise<{ result?: unknown; error?: { code: number; message: string; data?: unknown } }> {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
}

export async function faucet(
  rpcUrl: string,
  owner: PublicKey,
  mint: string,
  amount: bigint,
): Promise<string> {
  const response = await fetch(`${rpcUrl}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ owner: owner.toBase58(), mint, amount: amount.toString() }),
  });
  const body = (await response.json()) as { signature?: string; error?: string };
  if (!response.ok || !body.signature) throw new Error(`faucet refused: ${body.error}`);
  return body.signature;
}

/** Polls getSignatureStatuses until the transaction is confirmed (the wallet confirms this way). */
export async function confirmed(connection: Connection, signature: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const { value } = await connection.getSignatureStatuses([signature], {
      searchTransactionHistory: true,
    });
    const status = value[0];
    if (status?.err) throw new Error(`transaction failed: ${JSON.stringify(status.err)}`);
    if (status && status.confirmationStatus !== 'processed') return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`transaction ${signature} was not confirmed`);
}

export async function airdrop(
  connection: Connection,
  to: PublicKey,
  lamports: number,
): Promise<string> {
  const signature = await connection.requestAirdrop(to, lamports);
  await confirmed(connection, signature);
  return signature;
}

/** Signs a legacy transaction with a fresh blockhash (the first signer pays), sends and confirms it. */
export async function sendSigned(
  connection: Connection,
  tx: Transaction,
  ...signers: Keypair[]
): Promise<string> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  tx.recentBlockhash = blockhash;
  tx.lastValidBlockHeight = lastValidBlockHeight;
  tx.feePayer ??= signers[0]!.publicKey;
  tx.sign(...signers);
  const signature = await connection.sendRawTransaction(tx.serialize());
  await confirmed(connection, signature);
  return signature;
}

/**
 * A SOL transfer from `payer` to `to` on a fresh blockhash, signed but not sent: its wire bytes,
 * its signature and the blockhash's last valid height (for the tests that send it their way).
 */
export async function signedSolTransfer(
  connection: Connection,
  payer: Keypair,
  to: PublicKey,
  lamports: number,
): Promise<{ wire: Buffer; signature: string; lastValidBlockHeight: number }> {
  const { blockhash, lastValidBlockHeight } = await connection.getLatestBlockhash();
  const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight });
  tx.add(SystemProgram.transfer({ fromPubkey: payer.publicKey, toPubkey: to, lamports }));
  tx.sign(payer);
  return { wire: tx.serialize(), signature: bs58.encode(tx.signature!), lastValidBlockHeight };
}

/** A port nothing listens on (bound, then released). */
export async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}
