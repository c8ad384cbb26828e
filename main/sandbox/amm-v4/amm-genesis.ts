/**
 * AMM v4 at genesis. The program creates a pool only with `initialize2`, which loads an OpenBook
 * market (a program the sandbox does not run), so genesis writes the accounts the v2 swaps read
 * instead, from the source's layouts (state.rs, processor.rs at 3b087ad):
 *
 * - the pool (`AmmInfo`, owned by the program): status SwapOnly (no order book, which the v2
 *   swaps require), the authority's bump as `nonce`, mainnet's fees (`Fees::initialize`: swap
 *   fee 25/10000), the vaults, mints, LP mint and the addresses `initialize2` would have stored;
 * - the two vaults: SPL token accounts owned by the AMM authority PDA, holding the reserves;
 * - the LP mint (authority: the AMM authority) with `lp_amount = isqrt(coin · pc)` as
 *   `initialize2` mints it, held by a genesis key then forgotten, so the reserves move only by
 *   swaps (as CP-Swap's genesis liquidity).
 *
 * Every address is what `initialize2` derives from the pool's market; the market is a fixed
 * address per pair that holds no account (the pool never uses it: SwapOnly has no order book).
 */
import { createHash } from 'node:crypto';
import bs58 from 'bs58';
import { Keypair, PublicKey } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { parseUnits } from '../../shared/amount';
import type { LedgerAccount } from '../ledger/ledger-view';
import { encodeMint, MINT_SIZE } from '../ledger/token-layout';
import { addSupply } from '../pools/genesis-accounts';
import { encodeTokenAccount } from '../pools/token-account-data';
import { NATIVE_MINT, TOKEN_PROGRAM_ID, type SandboxToken } from '../tokens';
import type { AmmV4PoolSeed } from './pool-seeds';
import {
  AMM_V4_AUTHORITY,
  AMM_V4_NONCE,
  AMM_V4_PROGRAM_ID,
  ammV4Addresses,
  ammV4PoolAddress,
  OPENBOOK_PROGRAM_ID,
} from './program';
import { AMM_STATUS_SWAP_ONLY, encodeAmmInfo } from './state';

/** What genesis needs of the ledger. */
export interface AmmV4GenesisHost {
  getAccount(address: string): LedgerAccount | null;
  setAccount(address: string, account: LedgerAccount): void;
  minimumBalanceForRentExemption(dataLength: number): bigint;
}

/** The address standing for a seed's OpenBook market (a hash: no account lives there). */
export function seedMarket(coinMint: string, pcMint: string): string {
  return bs58.encode(
    createHash('sha256').update(`swapdesk-sandbox:amm-v4-market:${coinMint}:${pcMint}`).digest(),
  );
}

/** The pool address of a seed, from the market `initialize2` would have read. */
export function seedAmmAddress(seed: AmmV4PoolSeed, mintOf: (symbol: string) => string): string {
  return ammV4PoolAddress(seedMarket(mintOf(seed.coin), mintOf(seed.pc)));
}

function isqrt(value: bigint): bigint {
  if (value < 2n) return value;
  let x = BigInt(Math.floor(Math.sqrt(Number(value))));
  while (x * x > value) x -= 1n;
  while ((x + 1n) * (x + 1n) <= value) x += 1n;
  return x;
}

function tokenAccount(
  host: AmmV4GenesisHost,
  mint: string,
  owner: string,
  amount: bigint,
): LedgerAccount {
  const rent = host.minimumBalanceForRentExemption(165);
  const native = mint === NATIVE_MINT;
  return {
    lamports: native ? rent + amount : rent,
    owner: TOKEN_PROGRAM_ID,
    data: encodeTokenAccount({ mint, owner, amount, nativeReserve: native ? rent : null }),
    executable: false,
  };
}

function tokenOf(tokens: readonly SandboxToken[], symbol: string): SandboxToken {
  const token = tokens.find((entry) => entry.symbol === symbol);
  if (token === undefined || token.tokenProgram !== TOKEN_PROGRAM_ID) {
    throw new Error(`AMM v4 pool seed names ${symbol}, which is no SPL Token mint of the sandbox`);
  }
  return token;
}

/** Writes one pool's accounts; answers its address. */
function writePool(
  host: AmmV4GenesisHost,
  tokens: readonly SandboxToken[],
  seed: AmmV4PoolSeed,
  lpHolder: string,
): string {
  const coin = tokenOf(tokens, seed.coin);
  const pc = tokenOf(tokens, seed.pc);
  const market = seedMarket(coin.mint, pc.mint);
  const addresses = ammV4Addresses(market);
  const amountCoin = parseUnits(seed.amountCoin, coin.decimals);
  // price pc/coin in user units → base units: amountPc = amountCoin · price · 10^pc / 10^coin.
  const [whole = '0', fraction = ''] = seed.price.split('.');
  const amountPc =
    (amountCoin * BigInt(whole + fraction) * 10n ** BigInt(pc.decimals)) /
    (10n ** BigInt(fraction.length) * 10n ** BigInt(coin.decimals));
  host.setAccount(addresses.coinVault, tokenAccount(host, coin.mint, AMM_V4_AUTHORITY, amountCoin));
  host.setAccount(addresses.pcVault, tokenAccount(host, pc.mint, AMM_V4_AUTHORITY, amountPc));
  addSupply(host, coin.mint, amountCoin);
  addSupply(host, pc.mint, amountPc);
  const lpAmount = isqrt(amountCoin * amountPc);
  host.setAccount(addresses.lpMint, {
    lamports: host.minimumBalanceForRentExemption(MINT_SIZE),
    owner: TOKEN_PROGRAM_ID,
    data: encodeMint({
      mintAuthority: AMM_V4_AUTHORITY,
      supply: lpAmount,
      decimals: coin.decimals,
      isInitialized: true,
      freezeAuthority: null,
    }),
    executable: false,
  });
  const lpAccount = getAssociatedTokenAddressSync(
    new PublicKey(addresses.lpMint),
    new PublicKey(lpHolder),
  ).toBase58();
  host.setAccount(lpAccount, tokenAccount(host, addresses.lpMint, lpHolder, lpAmount));
  const sysDecimals = 10n ** BigInt(Math.max(coin.decimals, pc.decimals));
  const data = encodeAmmInfo({
    status: AMM_STATUS_SWAP_ONLY,
    nonce: BigInt(AMM_V4_NONCE),
    orderNum: 7n,
    depth: 3n,
    coinDecimals: BigInt(coin.decimals),
    pcDecimals: BigInt(pc.decimals),
    state: 1n, // IdleState
    resetFlag: 1n, // ResetNo
    minSize: 1n,
    volMaxCutRatio: 500n,
    amountWave: 0n,
    coinLotSize: 1n,
    pcLotSize: 1n,
    minPriceMultiplier: 1n,
    maxPriceMultiplier: 1_000_000_000n,
    sysDecimalValue: sysDecimals,
    minSeparateNumerator: 5n,
    minSeparateDenominator: 10_000n,
    tradeFeeNumerator: 25n,
    tradeFeeDenominator: 10_000n,
    pnlNumerator: 12n,
    pnlDenominator: 100n,
    swapFeeNumerator: 25n,
    swapFeeDenominator: 10_000n,
    needTakePnlCoin: 0n,
    needTakePnlPc: 0n,
    poolOpenTime: 0n,
    swapAccPcFee: 0n,
    swapAccCoinFee: 0n,
    coinVault: addresses.coinVault,
    pcVault: addresses.pcVault,
    coinVaultMint: coin.mint,
    pcVaultMint: pc.mint,
    lpMint: addresses.lpMint,
    openOrders: addresses.openOrders,
    market,
    marketProgram: OPENBOOK_PROGRAM_ID,
    targetOrders: addresses.targetOrders,
    ammOwner: lpHolder,
    lpAmount,
  });
  host.setAccount(addresses.amm, {
    lamports: host.minimumBalanceForRentExemption(data.length),
    owner: AMM_V4_PROGRAM_ID,
    data,
    executable: false,
  });
  return addresses.amm;
}

/** Writes every pool of `seeds` not on the ledger yet; answers their addresses in seed order. */
export function writeAmmV4Genesis(
  host: AmmV4GenesisHost,
  tokens: readonly SandboxToken[],
  seeds: readonly AmmV4PoolSeed[],
): string[] {
  let lpHolder: string | null = null;
  const mintOf = (symbol: string) => tokenOf(tokens, symbol).mint;
  return seeds.map((seed) => {
    const address = seedAmmAddress(seed, mintOf);
    if (host.getAccount(address) !== null) return address;
    lpHolder ??= Keypair.generate().publicKey.toBase58();
    return writePool(host, tokens, seed, lpHolder);
  });
}
