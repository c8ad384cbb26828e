/**
 * A liquid staking token's stake pool rate (issue 32): the SPL stake pool `StakePool` layout,
 * encoded here field by field from the program's struct (spl-stake-pool `state.rs`: account_type,
 * manager, staker, stake_deposit_authority, stake_withdraw_bump_seed, validator_list,
 * reserve_stake, pool_mint, manager_fee_account, token_program_id, total_lamports,
 * pool_token_supply, last_update_epoch, …), read by the wallet; a forged owner, another mint or
 * another account type is no rate; the sandbox's JitoSOL pool reads at its market's 1.21; and
 * the review's price from it.
 */
import { Keypair, PublicKey } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { writeStakePoolStates } from '../../sandbox/oracle/stake-pool-state';
import { stakePoolEvidence } from '../../review/side-evidence';
import type { OracleReading } from '../oracle/oracle-checks';
import {
  decodeStakePool,
  readStakePoolRates,
  SPL_STAKE_POOL_PROGRAM,
  STAKE_POOLS,
} from './stake-pool-rate';

const JITO = STAKE_POOLS[0]!;
const key = () => Keypair.generate().publicKey.toBytes();

/** Borsh, in the struct's order; fields past last_update_epoch left zero (611 bytes on mainnet). */
function stakePool(fields: { type?: number; mint?: string; total: bigint; supply: bigint }) {
  const parts: Uint8Array[] = [];
  const u64 = (value: bigint) => {
    const bytes = new Uint8Array(8);
    new DataView(bytes.buffer).setBigUint64(0, value, true);
    return bytes;
  };
  parts.push(Uint8Array.of(fields.type ?? 1), key(), key(), key(), Uint8Array.of(255));
  parts.push(key(), key(), new PublicKey(fields.mint ?? JITO.mint).toBytes(), key(), key());
  parts.push(u64(fields.total), u64(fields.supply), u64(812n));
  const data = new Uint8Array(611);
  let at = 0;
  for (const part of parts) {
    data.set(part, at);
    at += part.length;
  }
  return data;
}

describe('a stake pool’s exchange rate', () => {
  it('reads total_lamports and pool_token_supply from the StakePool layout', () => {
    const data = stakePool({ total: 12_345_000_000_000n, supply: 10_000_000_000_000n });
    expect(decodeStakePool(JITO, { owner: SPL_STAKE_POOL_PROGRAM, data })).toMatchObject({
      totalLamports: 12_345_000_000_000n,
      poolTokenSupply: 10_000_000_000_000n,
      pool: 'Jito4APyf642JPZPx3hGc6WWJ8zPKtRbRs4P815Awbb',
    });
  });

  it('is no rate from another program’s account, another mint’s pool, or a validator list', () => {
    const good = { total: 2n, supply: 1n };
    const other = Keypair.generate().publicKey.toBase58();
    expect(decodeStakePool(JITO, { owner: other, data: stakePool(good) })).toBeNull();
    const mint = Keypair.generate().publicKey.toBase58();
    const otherMint = stakePool({ ...good, mint });
    expect(decodeStakePool(JITO, { owner: SPL_STAKE_POOL_PROGRAM, data: otherMint })).toBeNull();
    const list = stakePool({ ...good, type: 2 });
    expect(decodeStakePool(JITO, { owner: SPL_STAKE_POOL_PROGRAM, data: list })).toBeNull();
    expect(decodeStakePool(JITO, null)).toBeNull();
  });

  it('reads the sandbox’s JitoSOL pool at its market’s rate, and prices JitoSOL from it', async () => {
    const accounts = new Map<string, { owner: string; data: Uint8Array }>();
    writeStakePoolStates({
      writeAccount: (address, account) => accounts.set(address, account),
      minimumBalanceForRentExemption: () => 1n,
    });
    const rates = await readStakePoolRates(
      {
        getMultipleAccountsInfo: async (keys) =>
          keys.map((k) => accounts.get(k.toBase58()) ?? null),
      },
      [JITO.mint, 'So11111111111111111111111111111111111111112'],
    );
    const rate = rates.get(JITO.mint);
    expect(rate && Number(rate.totalLamports) / Number(rate.poolTokenSupply)).toBe(1.21);
    const sol: OracleReading = {
      ok: true,
      price: {
        mint: 'So11111111111111111111111111111111111111112',
        alias: 'SOL/USD',
        account: '',
        usdPrice: '150',
        confidence: '0.075',
        publishTime: 1,
      },
    };
    expect(stakePoolEvidence({ rate, sol, decimals: 9 })).toEqual({
      source: 'stake-pool',
      usdPrice: '181.5',
      toleranceBps: 100n,
      name: "Jito's stake pool's exchange rate (1.21 SOL a token, Jito…Awbb) times Pyth's SOL/USD feed's SOL price",
    });
    expect(stakePoolEvidence({ rate, sol: undefined, decimals: 9 })).toBeNull();
  });

  it('an RPC failure is no rate', async () => {
    const failing = { getMultipleAccountsInfo: () => Promise.reject(new Error('timeout')) };
    expect((await readStakePoolRates(failing, [JITO.mint])).size).toBe(0);
  });
});
