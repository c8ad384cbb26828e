/**
 * A Raydium CLMM pool opened at run time by anyone (issue 32, point 4: a token whose deepest
 * pool is CLMM's): the real program's `create_pool` and one `open_position_with_token22_nft`
 * per range, sent as ordinary transactions by `owner`, planned exactly as the sandbox's genesis
 * plans its own pools (main/sandbox/clmm/clmm-genesis.ts), so the pool is found where the
 * wallet looks for CLMM pools: at the program's address for its config and mints.
 */
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  type TransactionInstruction,
} from '@solana/web3.js';
import { planClmmPool, poolOpening, type PlannedRange } from '../../main/sandbox/clmm/clmm-genesis';
import type { ClmmPoolSeed } from '../../main/sandbox/clmm/pool-seeds';
import { SANDBOX_TOKENS } from '../../main/sandbox/tokens';

/** Opening a position creates a Token-2022 mint, its account, a position and tick arrays. */
const COMPUTE_UNITS = 1_400_000;

/**
 * Opens `seed`'s pool with its positions, `owner` paying and providing the tokens (`fund`
 * gives them first). Answers the pool's address.
 */
export async function openClmmPool(
  owner: Keypair,
  send: (instructions: TransactionInstruction[], signers: Keypair[]) => Promise<void>,
  fund: (mint: string, amount: bigint) => Promise<void>,
  seed: ClmmPoolSeed,
): Promise<string> {
  const bySymbol = new Map(SANDBOX_TOKENS.map((token) => [token.symbol, token]));
  const planned = planClmmPool(seed, bySymbol);
  const total = (pick: (range: PlannedRange) => bigint) =>
    planned.ranges.reduce((sum, range) => sum + pick(range), 0n);
  await fund(
    planned.t0.mint,
    total((range) => range.amount0),
  );
  await fund(
    planned.t1.mint,
    total((range) => range.amount1),
  );
  const payer = owner.publicKey.toBase58();
  const accountOf = (mint: string, program: string) =>
    getAssociatedTokenAddressSync(
      new PublicKey(mint),
      owner.publicKey,
      true,
      new PublicKey(program),
    ).toBase58();
  const limit = ComputeBudgetProgram.setComputeUnitLimit({ units: COMPUTE_UNITS });
  const opening = poolOpening(
    planned,
    payer,
    accountOf(planned.t0.mint, planned.t0.tokenProgram),
    accountOf(planned.t1.mint, planned.t1.tokenProgram),
  );
  await send([limit, opening.create], [owner]);
  for (const range of planned.ranges) {
    const nft = Keypair.generate();
    await send([limit, opening.position(range, nft.publicKey.toBase58())], [owner, nft]);
  }
  return opening.pool;
}
