/**
 * CP-Swap at genesis: the AmmConfigs of the fee tiers, the create-pool fee receiver (mainnet's
 * account data), and every pool of the catalog created by the program's own `initialize`, one
 * signed transaction per pool run on the VM. The pools' creator is a key made for genesis and
 * then forgotten: its LP tokens stay where they are, like liquidity nobody can withdraw, so the
 * pools' reserves move only by swaps.
 */
import { ComputeBudgetProgram, Transaction } from '@solana/web3.js';
import { signNatively } from '../clmm/native-signer';
import { parseUnits } from '../../shared/amount';
import { fundGenesisCreator, type GenesisHost, type GenesisPool } from '../pools/genesis-accounts';
import type { SandboxToken } from '../tokens';
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

/** What genesis needs of the ledger (CLMM's and AMM v4's lookup tables too). */
export type CpSwapGenesisHost = GenesisHost;

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

/**
 * Writes the configs and the fee receiver, creates every pool of `seeds` with `initialize`,
 * then writes the lookup table of their accounts (lookup-table.ts). Answers the pools in seed
 * order.
 */
export function writeCpSwapGenesis(
  host: CpSwapGenesisHost,
  tokens: readonly SandboxToken[],
  seeds: readonly CpPoolSeed[],
): GenesisPool<CpPoolSeed>[] {
  writeConfigs(host);
  writeFeeReceiver(host);
  const planned = plan(seeds, tokens);
  const { creator, accounts } = fundGenesisCreator(
    host,
    planned.flatMap(({ a, b, amountA, amountB }) => [[a, amountA] as const, [b, amountB] as const]),
  );
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
