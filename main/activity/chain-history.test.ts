import { describe, expect, it } from 'vitest';
import {
  Keypair,
  PublicKey,
  type ConfirmedSignatureInfo,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { entryOf, readChainHistory, type ChainHistoryConnection } from './chain-history';

const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const WSOL = 'So11111111111111111111111111111111111111112';
const key = () => Keypair.generate().publicKey;
const person = key();
const personUsdc = key();
const personWsol = key();
const sender = key();
const senderUsdc = key();
const own = new Set([person.toBase58(), personUsdc.toBase58(), personWsol.toBase58()]);

const info = (signature: string, slot: number): ConfirmedSignatureInfo => ({
  signature,
  slot,
  err: null,
  memo: null,
  blockTime: 1_700_000_000 + slot,
});

interface Balance {
  index: number;
  mint: string;
  owner: PublicKey;
  amount: bigint;
}

/** A getTransaction answer in web3.js's shape (only what entryOf reads). */
function tx(options: {
  keys: PublicKey[];
  loaded?: PublicKey[];
  pre: number[];
  post: number[];
  fee?: number;
  preTokens?: Balance[];
  postTokens?: Balance[];
}): VersionedTransactionResponse {
  const tokens = (list: Balance[] = []) =>
    list.map((b) => ({
      accountIndex: b.index,
      mint: b.mint,
      owner: b.owner.toBase58(),
      uiTokenAmount: {
        amount: b.amount.toString(),
        decimals: 6,
        uiAmount: null,
        uiAmountString: '',
      },
    }));
  return {
    slot: 1,
    blockTime: null,
    transaction: { message: { staticAccountKeys: options.keys }, signatures: [] },
    meta: {
      err: null,
      fee: options.fee ?? 5000,
      preBalances: options.pre,
      postBalances: options.post,
      preTokenBalances: tokens(options.preTokens),
      postTokenBalances: tokens(options.postTokens),
      loadedAddresses: { writable: options.loaded ?? [], readonly: [] },
    },
  } as unknown as VersionedTransactionResponse;
}

describe('what one transaction moved for the person', () => {
  it('a USDC transfer from another wallet: received, from that wallet, no fee paid', () => {
    const entry = entryOf(
      info('a', 10),
      tx({
        keys: [sender, senderUsdc, personUsdc],
        pre: [1_000_000_000, 2_039_280, 2_039_280],
        post: [999_995_000, 2_039_280, 2_039_280],
        preTokens: [
          { index: 1, mint: USDC, owner: sender, amount: 10_000_000n },
          { index: 2, mint: USDC, owner: person, amount: 0n },
        ],
        postTokens: [
          { index: 1, mint: USDC, owner: sender, amount: 7_500_000n },
          { index: 2, mint: USDC, owner: person, amount: 2_500_000n },
        ],
      }),
      person.toBase58(),
      own,
    );
    expect(entry).toMatchObject({
      fee: null,
      failed: false,
      movements: [{ mint: USDC, change: 2_500_000n, counterparties: [sender.toBase58()] }],
    });
  });

  // Issue 32: a memo on a transaction anyone sent the person is the sender's text.
  it("keeps a stranger's memo inert: no bidi marks, links defanged", () => {
    const spam = {
      ...info('m1', 3),
      memo: '[60] Airdrop ready\u202e claim at https://claim-now.example',
    };
    expect(entryOf(spam, null, person.toBase58(), own).memo).toBe(
      '[60] Airdrop ready claim at hxxps[:]//claim-now[.]example',
    );
    expect(entryOf(info('m2', 4), null, person.toBase58(), own).memo).toBeNull();
  });

  it('SOL the person sent: the fee is said apart, not counted as sent', () => {
    const to = key();
    const entry = entryOf(
      info('b', 11),
      tx({ keys: [person, to], pre: [3_000_000_000, 0], post: [1_999_995_000, 1_000_000_000] }),
      person.toBase58(),
      own,
    );
    expect(entry.fee).toBe(5000n);
    expect(entry.movements).toEqual([
      // SOL's decimals are the protocol's (9), whatever the transaction lists.
      { mint: WSOL, change: -1_000_000_000n, counterparties: [to.toBase58()], decimals: 9 },
    ]);
  });

  it('SOL wrapped into the person’s own wSOL account moves nothing out of their hands', () => {
    const entry = entryOf(
      info('c', 12),
      tx({
        keys: [person, personWsol],
        pre: [3_000_000_000, 2_039_280],
        post: [2_499_995_000, 502_039_280],
        preTokens: [{ index: 1, mint: WSOL, owner: person, amount: 0n }],
        postTokens: [{ index: 1, mint: WSOL, owner: person, amount: 500_000_000n }],
      }),
      person.toBase58(),
      own,
    );
    expect(entry.movements).toEqual([]);
  });

  it('reads accounts loaded from a lookup table (v0) by their place after the static keys', () => {
    const entry = entryOf(
      info('d', 13),
      tx({
        keys: [sender, senderUsdc],
        loaded: [personUsdc],
        pre: [1, 1, 1],
        post: [1, 1, 1],
        fee: 0,
        preTokens: [{ index: 1, mint: USDC, owner: sender, amount: 5n }],
        postTokens: [
          { index: 1, mint: USDC, owner: sender, amount: 2n },
          { index: 2, mint: USDC, owner: person, amount: 3n },
        ],
      }),
      person.toBase58(),
      own,
    );
    expect(entry.movements).toEqual([
      // The mint's decimals as the transaction's token balances record them.
      { mint: USDC, change: 3n, counterparties: [sender.toBase58()], decimals: 6 },
    ]);
  });
});

describe('paging over several accounts', () => {
  /** A signature-shaped name (88 base58 characters) for transaction n. */
  const sig = (n: number) => `${'5'.repeat(87)}${n}`;
  /**
   * Signatures per address, newest first, answered like getSignaturesForAddress (limit, before).
   * Transaction 5 touches both accounts; 4 shares its slot and came after it, so the token
   * account's list holds 4 before 5 while the person's list holds 5 alone at that slot.
   */
  function history(): ChainHistoryConnection {
    const lists: Record<string, ConfirmedSignatureInfo[]> = {
      [person.toBase58()]: [info(sig(6), 6), info(sig(5), 5), info(sig(3), 3), info(sig(1), 1)],
      [personUsdc.toBase58()]: [info(sig(4), 5), info(sig(5), 5), info(sig(2), 2)],
    };
    return {
      getTokenAccountsByOwner: async (_owner: PublicKey, filter: { programId: PublicKey }) => ({
        context: { slot: 1 },
        value: filter.programId.toBase58().startsWith('Tokenkeg')
          ? [{ pubkey: personUsdc, account: null }]
          : [],
      }),
      getSignaturesForAddress: async (
        address: PublicKey,
        options: { limit?: number; before?: string },
      ) => {
        const list = lists[address.toBase58()] ?? [];
        const from = options.before ? list.findIndex((i) => i.signature === options.before) + 1 : 0;
        return list.slice(from, from + (options.limit ?? 1000));
      },
      getTransaction: async () => null,
    } as unknown as ChainHistoryConnection;
  }

  it('pages newest first, each transaction once, whatever the page size', async () => {
    for (const limit of [1, 2, 3, 10]) {
      const connection = history();
      const seen: string[] = [];
      const slots: number[] = [];
      let cursor: string | null = null;
      for (let pages = 0; pages < 20; pages++) {
        const page = await readChainHistory(connection, person.toBase58(), {
          limit,
          cursor,
          unreachableMessage: 'away',
        });
        seen.push(...page.entries.map((e) => e.signature));
        slots.push(...page.entries.map((e) => e.slot));
        expect(page.entries.length).toBeLessThanOrEqual(limit);
        cursor = page.next;
        if (!cursor) break;
      }
      expect(slots).toEqual([...slots].sort((a, b) => b - a));
      expect(seen.sort()).toEqual([1, 2, 3, 4, 5, 6].map(sig));
    }
  });

  it('a page cursor of another account is refused in words', async () => {
    const first = await readChainHistory(history(), person.toBase58(), {
      limit: 1,
      unreachableMessage: 'away',
    });
    await expect(
      readChainHistory(history(), sender.toBase58(), {
        limit: 1,
        cursor: first.next,
        unreachableMessage: 'away',
      }),
    ).rejects.toThrow('This page of activity belongs to another account.');
  });
});
