/**
 * A scaled token's history against a real sandbox process (issue 35): getTransaction's
 * pre/postTokenBalances of XSTK carry `uiAmount`/`uiAmountString` scaled at the multiplier in
 * force at the block's time, as a validator records them (Agave collects token balances with the
 * mint's ScaledUiAmountConfig and the bank's clock), so a transfer from before a split still
 * reads at 1.5× after the split to 3×; the wallet's chain history (Activity) carries that
 * recorded amount as `uiChange` beside the raw change.
 */
import { describe, expect, it } from 'vitest';
import { Keypair, type TokenBalance } from '@solana/web3.js';
import { amountToUiAmountForScaledUiAmountMintWithoutSimulation } from '@solana/spl-token';
import { readChainHistory } from '../../main/activity/chain-history';
import { useSandbox } from './sandbox-session';
import { postMultiplier, RAW, XSTK, xstkAccountOf } from './scaled-token-fixtures';
import { faucet } from './sandbox-rpc-helpers';

// A generous start: the machine running the suites is often busy.
const sandbox = useSandbox({ slotMs: 50, timeoutMs: 120_000 }, 150_000);
const owner = Keypair.generate().publicKey;
const account = xstkAccountOf(owner).toBase58();

/** The owner's XSTK account's recorded pre and post `uiTokenAmount` in a transaction. */
async function recorded(signature: string) {
  const tx = await sandbox.connection.getTransaction(signature, {
    commitment: 'confirmed',
    maxSupportedTransactionVersion: 0,
  });
  const keys = tx!.transaction.message.staticAccountKeys.map((k) => k.toBase58());
  const index = keys.indexOf(account);
  const pick = (list: TokenBalance[] | null | undefined) =>
    list?.find((b) => b.accountIndex === index)?.uiTokenAmount ?? null;
  return { pre: pick(tx!.meta!.preTokenBalances), post: pick(tx!.meta!.postTokenBalances) };
}

describe("XSTK's transaction history", () => {
  it('records token balances at the multiplier of the time, kept after a split', async () => {
    const before = await faucet(sandbox.rpcUrl, owner, XSTK, RAW);
    const first = await recorded(before);
    expect(first.pre).toBeNull(); // the faucet opened the account in this transaction
    expect(first.post).toEqual({
      amount: RAW.toString(),
      decimals: 8,
      uiAmount: 1500,
      uiAmountString: '1500',
    });
    expect(first.post?.uiAmountString).toBe(
      amountToUiAmountForScaledUiAmountMintWithoutSimulation(RAW, 8, 1.5),
    );

    // The issuer's 2-for-1 split, in force at once.
    const split = await postMultiplier(sandbox.rpcUrl, { mint: XSTK, multiplier: 3 });
    expect(split.status).toBe(200);
    const after = await faucet(sandbox.rpcUrl, owner, XSTK, RAW + 1n);
    const second = await recorded(after);
    expect(second.pre?.uiAmountString).toBe('3000');
    // (2,000 raw + 1 base unit) × 3 = 6000.00000003, as Token-2022 truncates it.
    expect(second.post?.uiAmountString).toBe('6000.00000003');
    expect(second.post?.uiAmountString).toBe(
      amountToUiAmountForScaledUiAmountMintWithoutSimulation(2n * RAW + 1n, 8, 3),
    );
    // The first transfer still reads as it did then.
    expect((await recorded(before)).post?.uiAmountString).toBe('1500');

    // Activity's chain history: the raw change and the change as recorded at the time.
    const page = await readChainHistory(sandbox.connection, owner.toBase58(), {
      limit: 10,
      unreachableMessage: 'unreachable',
    });
    const movement = (signature: string) =>
      page.entries.find((e) => e.signature === signature)?.movements.find((m) => m.mint === XSTK);
    expect(movement(before)).toMatchObject({ change: RAW, uiChange: 1_500n * 10n ** 8n });
    expect(movement(after)).toMatchObject({ change: RAW + 1n, uiChange: 300_000_000_003n });
  });
});
