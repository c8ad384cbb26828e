/**
 * The accounts every venue's genesis writes the same way (CP-Swap, CLMM, AMM v4 and the seeded
 * market): token accounts of a sandbox token, the mint supply that keeps equalling the balances,
 * and the pool creator of the Raydium programs, a key made for genesis and funded with SOL and
 * every token its pools take.
 */
import { PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { genesisKey, type GenesisKey } from '../clmm/native-signer';
import type { LedgerAccount } from '../ledger/ledger-view';
import { withAccountExtensions } from '../ledger/mint-extensions';
import { NATIVE_MINT, SYSTEM_PROGRAM_ID, type SandboxToken } from '../tokens';
import { encodeTokenAccount } from './token-account-data';

/** What writing accounts at genesis needs of the ledger. */
export interface AccountWriter {
  getAccount(address: string): LedgerAccount | null;
  setAccount(address: string, account: LedgerAccount): void;
  minimumBalanceForRentExemption(dataLength: number): bigint;
}

/** What a program's genesis needs of the ledger (CP-Swap, CLMM, Jupiter). */
export interface GenesisHost extends AccountWriter {
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  /** Executes a signed transaction on the VM; throws (with the program's logs) when it fails. */
  runGenesisTransaction(wire: Uint8Array): void;
}

/** A pool genesis created: its seed and its address. */
export interface GenesisPool<Seed> {
  seed: Seed;
  pool: string;
}

/** Writes `owner`'s token account of `token` at `address` holding `amount` (rent-exempt). */
export function writeTokenAccount(
  host: AccountWriter,
  address: string,
  token: SandboxToken,
  owner: string,
  amount: bigint,
): void {
  const native = token.mint === NATIVE_MINT;
  const rent = host.minimumBalanceForRentExemption(165);
  const data = withAccountExtensions(
    encodeTokenAccount({ mint: token.mint, owner, amount, nativeReserve: native ? rent : null }),
    token,
  );
  const lamports = host.minimumBalanceForRentExemption(data.length);
  host.setAccount(address, {
    lamports: native ? rent + amount : lamports,
    owner: token.tokenProgram,
    data,
    executable: false,
  });
}

/** Adds `amount` to a mint's supply so that supply keeps equalling the sum of balances. */
export function addSupply(host: AccountWriter, mint: string, amount: bigint): void {
  const account = host.getAccount(mint);
  if (account === null || mint === NATIVE_MINT) return;
  const data = new Uint8Array(account.data);
  const view = new DataView(data.buffer);
  view.setBigUint64(36, view.getBigUint64(36, true) + amount, true);
  host.setAccount(mint, { ...account, data });
}

/** Enough SOL for every pool's rent and 0.15 SOL create-pool fee. */
const CREATOR_LAMPORTS = 10_000n * 1_000_000_000n;

/** The creator's token account of `token` holding `amount` (supply raised to match). */
function fundCreator(
  host: AccountWriter,
  creator: PublicKey,
  token: SandboxToken,
  amount: bigint,
): string {
  const address = getAssociatedTokenAddressSync(
    new PublicKey(token.mint),
    creator,
    false,
    new PublicKey(token.tokenProgram),
  ).toBase58();
  writeTokenAccount(host, address, token, creator.toBase58(), amount);
  addSupply(host, token.mint, amount);
  return address;
}

/**
 * A pool creator made for genesis (signed with Node's own ed25519: web3.js's takes ~50 ms a
 * signature on a busy machine), funded with SOL and with one token account per mint of
 * `holdings` holding what all its pools take of it. Answers the key and its token accounts by
 * mint.
 */
export function fundGenesisCreator(
  host: AccountWriter,
  holdings: Iterable<readonly [SandboxToken, bigint]>,
): { creator: GenesisKey; accounts: Map<string, string> } {
  const creator = genesisKey();
  host.setAccount(creator.publicKey.toBase58(), {
    lamports: CREATOR_LAMPORTS,
    owner: SYSTEM_PROGRAM_ID,
    data: new Uint8Array(),
    executable: false,
  });
  const totals = new Map<string, { token: SandboxToken; amount: bigint }>();
  for (const [token, amount] of holdings) {
    const entry = totals.get(token.mint) ?? { token, amount: 0n };
    entry.amount += amount;
    totals.set(token.mint, entry);
  }
  const accounts = new Map<string, string>();
  for (const [mint, { token, amount }] of totals) {
    accounts.set(mint, fundCreator(host, creator.publicKey, token, amount));
  }
  return { creator, accounts };
}
