/**
 * CP-Swap at genesis: the AmmConfigs of the fee tiers, the create-pool fee receiver (mainnet's
 * account data), and every pool of the catalog created by the program's own `initialize`, one
 * signed transaction per pool run on the VM. The pools' creator is a key made for genesis and
 * then forgotten: its LP tokens stay where they are, like liquidity nobody can withdraw, so the
 * pools' reserves move only by swaps.
 */
import { ComputeBudgetProgram, PublicKey, Transaction } from '@solana/web3.js';
import { genesisKey, signNatively } from '../clmm/native-signer';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { parseUnits } from '../../shared/amount';
import type { LedgerAccount } from '../ledger/ledger-view';
import { withAccountExtensions } from '../ledger/mint-extensions';
import { encodeTokenAccount } from '../pools/token-account-data';
import { NATIVE_MINT, SYSTEM_PROGRAM_ID, type SandboxToken } from '../tokens';
import { FEE_TIERS, feeTierConfigAddress, MAINNET_CONFIG_INDEX } from './fee-tiers';
import { cpSwapFile, FEE_RECEIVER_ACCOUNT, MAINNET_AMM_CONFIG } from './program-files';
import {
  ammConfigPda,
  CP_SWAP_PROGRAM_ID,
  CREATE_POOL_FEE_RECEIVER,
  initializeInstruction,
  mintsInOrder,
  poolAddresses,
} from './program';
import type { CpPoolSeed } from './pool-seeds';
import { encodeAmmConfig } from './state';
import { CP_SWAP_LOOKUP_TABLE, lookupTableData, SHARED_SWAP_ACCOUNTS } from './lookup-table';
import { ADDRESS_LOOKUP_TABLE_PROGRAM_ID } from '../tokens';

/** What genesis needs of the ledger. */
export interface CpSwapGenesisHost {
  getAccount(address: string): LedgerAccount | null;
  setAccount(address: string, account: LedgerAccount): void;
  minimumBalanceForRentExemption(dataLength: number): bigint;
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: number };
  /** Executes a signed transaction on the VM; throws (with the program's logs) when it fails. */
  runGenesisTransaction(wire: Uint8Array): void;
}

/** A pool genesis created: its seed and its address. */
export interface GenesisPool {
  seed: CpPoolSeed;
  pool: string;
}

/** Enough SOL for every pool's rent and 0.15 SOL create-pool fee. */
const CREATOR_LAMPORTS = 10_000n * 1_000_000_000n;
/** `initialize` creates six accounts through CPIs; 400k units leave room on any token program. */
const INITIALIZE_COMPUTE_UNITS = 400_000;

function writeConfigs(host: CpSwapGenesisHost): void {
  for (const config of Object.values(FEE_TIERS)) {
    const { address, bump } = ammConfigPda(config.index);
    const data =
      config.index === MAINNET_CONFIG_INDEX
        ? cpSwapFile(MAINNET_AMM_CONFIG)
        : encodeAmmConfig({ ...config, bump });
    host.setAccount(address, {
      lamports: host.minimumBalanceForRentExemption(data.length),
      owner: CP_SWAP_PROGRAM_ID,
      data,
      executable: false,
    });
  }
}

/** Mainnet's wSOL fee receiver, with lamports matching its rent reserve plus its amount. */
function writeFeeReceiver(host: CpSwapGenesisHost): void {
  const data = cpSwapFile(FEE_RECEIVER_ACCOUNT);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  host.setAccount(CREATE_POOL_FEE_RECEIVER, {
    lamports: view.getBigUint64(113, true) + view.getBigUint64(64, true),
    owner: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
    data,
    executable: false,
  });
}

/** A price in user units (B per A) as a base-unit ratio num/den. */
function rawPrice(price: string, a: SandboxToken, b: SandboxToken): { num: bigint; den: bigint } {
  const [whole = '0', fraction = ''] = price.split('.');
  return {
    num: BigInt(whole + fraction) * 10n ** BigInt(b.decimals),
    den: 10n ** BigInt(fraction.length) * 10n ** BigInt(a.decimals),
  };
}

interface PlannedPool {
  seed: CpPoolSeed;
  a: SandboxToken;
  b: SandboxToken;
  amountA: bigint;
  amountB: bigint;
}

function plan(seeds: readonly CpPoolSeed[], tokens: readonly SandboxToken[]): PlannedPool[] {
  const bySymbol = new Map(tokens.map((token) => [token.symbol, token]));
  return seeds.map((seed) => {
    const a = bySymbol.get(seed.a);
    const b = bySymbol.get(seed.b);
    if (a === undefined || b === undefined) {
      throw new Error(`CP-Swap pool seed ${seed.a}/${seed.b} names a token the sandbox lacks`);
    }
    const amountA = parseUnits(seed.amountA, a.decimals);
    const { num, den } = rawPrice(seed.price, a, b);
    return { seed, a, b, amountA, amountB: (amountA * num) / den };
  });
}

/** The creator's token account of `token` holding `amount` (supply raised to match; CLMM's genesis too). */
export function fundCreator(
  host: CpSwapGenesisHost,
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
  const native = token.mint === NATIVE_MINT;
  const rent = host.minimumBalanceForRentExemption(165);
  const data = withAccountExtensions(
    encodeTokenAccount({
      mint: token.mint,
      owner: creator.toBase58(),
      amount,
      nativeReserve: native ? rent : null,
    }),
    token,
  );
  host.setAccount(address, {
    lamports: native ? rent + amount : host.minimumBalanceForRentExemption(data.length),
    owner: token.tokenProgram,
    data,
    executable: false,
  });
  const mint = host.getAccount(token.mint);
  if (mint !== null && !native) {
    const bytes = new Uint8Array(mint.data);
    const view = new DataView(bytes.buffer);
    view.setBigUint64(36, view.getBigUint64(36, true) + amount, true);
    host.setAccount(token.mint, { ...mint, data: bytes });
  }
  return address;
}

/**
 * Writes the configs and the fee receiver, creates every pool of `seeds` with `initialize`,
 * then writes the lookup table of their accounts (lookup-table.ts). Answers the pools in seed
 * order.
 */
export function writeCpSwapGenesis(
  host: CpSwapGenesisHost,
  tokens: readonly SandboxToken[],
  seeds: readonly CpPoolSeed[],
): GenesisPool[] {
  writeConfigs(host);
  writeFeeReceiver(host);
  const planned = plan(seeds, tokens);
  // Signed with Node's own ed25519: web3.js's takes ~50 ms a signature on a busy machine.
  const creator = genesisKey();
  host.setAccount(creator.publicKey.toBase58(), {
    lamports: CREATOR_LAMPORTS,
    owner: SYSTEM_PROGRAM_ID,
    data: new Uint8Array(),
    executable: false,
  });
  const totals = new Map<string, { token: SandboxToken; amount: bigint }>();
  for (const { a, b, amountA, amountB } of planned) {
    for (const [token, amount] of [
      [a, amountA],
      [b, amountB],
    ] as const) {
      const entry = totals.get(token.mint) ?? { token, amount: 0n };
      entry.amount += amount;
      totals.set(token.mint, entry);
    }
  }
  const accounts = new Map<string, string>();
  for (const [mint, { token, amount }] of totals) {
    accounts.set(mint, fundCreator(host, creator.publicKey, token, amount));
  }
  const tableEntries = [...SHARED_SWAP_ACCOUNTS];
  const pools = planned.map(({ seed, a, b, amountA, amountB }) => {
    const [t0, t1, amount0, amount1] = mintsInOrder(a.mint, b.mint)
      ? [a, b, amountA, amountB]
      : [b, a, amountB, amountA];
    const config = feeTierConfigAddress(seed.feeTier);
    const tx = new Transaction({ feePayer: creator.publicKey, ...host.latestBlockhash() });
    tx.add(
      ComputeBudgetProgram.setComputeUnitLimit({ units: INITIALIZE_COMPUTE_UNITS }),
      initializeInstruction({
        creator: creator.publicKey.toBase58(),
        config,
        mint0: t0.mint,
        mint1: t1.mint,
        program0: t0.tokenProgram,
        program1: t1.tokenProgram,
        creatorToken0: accounts.get(t0.mint)!,
        creatorToken1: accounts.get(t1.mint)!,
        amount0,
        amount1,
        openTime: 0n,
      }),
    );
    host.runGenesisTransaction(signNatively(tx, [creator]));
    const addresses = poolAddresses(config, t0.mint, t1.mint);
    tableEntries.push(
      addresses.pool,
      config,
      addresses.vault0,
      addresses.vault1,
      addresses.observation,
      t0.mint,
      t1.mint,
    );
    return { seed, pool: addresses.pool };
  });
  const table = lookupTableData(tableEntries);
  host.setAccount(CP_SWAP_LOOKUP_TABLE, {
    lamports: host.minimumBalanceForRentExemption(table.length),
    owner: ADDRESS_LOOKUP_TABLE_PROGRAM_ID,
    data: table,
    executable: false,
  });
  return pools;
}
