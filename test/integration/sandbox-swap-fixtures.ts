/**
 * Shared by the swap API integration tests: funded test users, signing and sending what
 * /swap returns, and token balance reads, all through the sandbox's public HTTP surface
 * (JSON-RPC with web3.js, the faucet) exactly as a wallet would.
 */
import {
  Connection,
  Keypair,
  PublicKey,
  Transaction,
  VersionedTransaction,
  LAMPORTS_PER_SOL,
} from '@solana/web3.js';
import { SANDBOX_FEE_OPERATOR } from '../../main/shared/sandbox-operator';
import { getAssociatedTokenAddressSync, TOKEN_2022_PROGRAM_ID } from '@solana/spl-token';
import { faucet, waitForStatus } from '../fixtures/sandbox-faucet';

export const SOL = 'So11111111111111111111111111111111111111112';
export const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
export const USDT = 'Es9vMFrzaCERmJfrF4H2FYD4KCoNkY11McCe8BenwNYB';
export const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
export const BONK = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';
export const WIF = 'EKpQGSJtjMFqKZ9KQanSqYXRcF8fBopzLHYxdM65zcjm';
export const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
/** Token-2022 with a permanent delegate: CP-Swap refuses it, the sandbox market maker fills it. */
export const PDLG = 'E9REZTBcoGZaPbveoQCVAon6tpMAw7nHLDnPco6LRuFi';
/** Token-2022 with a 0.1 % transfer fee, in a CP-Swap pool against USDC. */
export const TFEE = '4AVWP3Tbjcrgr7mLp7RVqUTiZAE5y8YNDamyBP1HUXFk';
export const CP_SWAP_PROGRAM = 'CPMMoo8L3F4NbTegBCKVNunggL7H1ZpdTHKxQB5qKP1C';
/** CP-Swap's authority address: owner of every vault, signer of every payout (a PDA). */
export const CP_SWAP_AUTHORITY = 'GpMZbSM2GgvTKHJirzeGfMFoaZ8UR2X7F4v8vHTvxFbL';
/** Raydium AMM v4 (issue 33), Jupiter's "Raydium". */
export const AMM_V4_PROGRAM = '675kPX9MHTjS2zt1qfr1NYHuzeLXfQM9H24wFSUt1Mp8';
/** AMM v4's authority (`["amm authority"]`, bump 254, as on mainnet): owner of every vault. */
export const AMM_V4_AUTHORITY = '5Q544fKrFoe6tsEbD7S8EmxGTJYAKtTVhAW5Q5pge4j1';

/** The associated token account of `owner` for `mint` (PYUSD, PDLG and TFEE are Token-2022). */
export function ataOf(owner: PublicKey, mint: string): PublicKey {
  const program = [PYUSD, PDLG, TFEE].includes(mint) ? TOKEN_2022_PROGRAM_ID : undefined;
  return getAssociatedTokenAddressSync(new PublicKey(mint), owner, true, program);
}

export { faucet };

/** A new keypair with `sol` SOL from requestAirdrop and the given token balances. */
export async function fundedUser(
  connection: Connection,
  rpcUrl: string,
  sol: number,
  tokens: Record<string, bigint> = {},
): Promise<Keypair> {
  const user = Keypair.generate();
  const signature = await connection.requestAirdrop(user.publicKey, sol * LAMPORTS_PER_SOL);
  await waitFor(connection, signature);
  for (const [mint, amount] of Object.entries(tokens))
    await faucet(rpcUrl, user.publicKey, mint, amount);
  return user;
}

/** Waits until the signature has a status; throws with the error when the transaction failed. */
export async function waitFor(connection: Connection, signature: string): Promise<void> {
  await waitForStatus(connection, signature, 100, 50);
}

/** Signs /swap's transaction as the user (the only missing signature) and sends it. */
export async function signAndSend(
  connection: Connection,
  swapTransaction: string,
  user: Keypair,
  legacy = false,
): Promise<string> {
  const bytes = Buffer.from(swapTransaction, 'base64');
  let wire: Uint8Array;
  if (legacy) {
    const tx = Transaction.from(bytes);
    tx.partialSign(user);
    wire = tx.serialize();
  } else {
    const tx = VersionedTransaction.deserialize(bytes);
    tx.sign([user]);
    wire = tx.serialize();
  }
  const signature = await connection.sendRawTransaction(wire, { skipPreflight: false });
  await waitFor(connection, signature);
  return signature;
}

/** Balance of a token account in base units, 0 when it does not exist. */
export async function tokenBalance(connection: Connection, account: PublicKey): Promise<bigint> {
  const info = await connection.getAccountInfo(account);
  if (info === null) return 0n;
  return BigInt((await connection.getTokenAccountBalance(account)).value.amount);
}

/** The sandbox operator's fee token account for `mint` (its published address's ATA). */
export function operatorFeeAccount(mint: string): PublicKey {
  return ataOf(new PublicKey(SANDBOX_FEE_OPERATOR), mint);
}

/** GET {swapApiUrl}/quote with raw query text; answers status and JSON body. */
export async function getJson(
  url: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** POST JSON; answers status and JSON body. */
export async function postJson(
  url: string,
  body: unknown,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}
