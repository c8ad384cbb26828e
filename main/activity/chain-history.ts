/**
 * What the chain records for a person's accounts (issue 18): every transaction that touched
 * their address or one of their token accounts, newest first, with what it moved in and out of
 * their hands and who was on the other side. The wallet's own journal (activity-store.ts) only
 * knows what this wallet sent; a payment received, fees reaching a fee account or a transfer
 * from another wallet exist only here.
 *
 * Read with getSignaturesForAddress (paged with `before`) per address, merged newest first, and
 * getTransaction for each signature (pre/post balances and token balances, which name each
 * token account's owner and mint). Amounts stay bigint.
 */
import { sanitizeServiceText } from '../shared/service-message';
import {
  PublicKey,
  type Connection,
  type ConfirmedSignatureInfo,
  type VersionedTransactionResponse,
} from '@solana/web3.js';
import { TOKEN_2022_PROGRAM_ID, TOKEN_PROGRAM_ID } from '@solana/spl-token';
import { WalletError } from '../shared/errors';
import { decodeCursor, encodeCursor, type HistoryCursor } from './history-cursor';

export type ChainHistoryConnection = Pick<
  Connection,
  'getSignaturesForAddress' | 'getTransaction' | 'getTokenAccountsByOwner'
>;

const NATIVE_MINT = 'So11111111111111111111111111111111111111112';

/** What one transaction moved into (positive) or out of (negative) the person's hands. */
export interface ChainMovement {
  /** The token's mint; SOL (lamports or wrapped) is the native mint. */
  mint: string;
  /** Base units, signed. */
  change: bigint;
  /** Who was on the other side: the owners whose balance of the mint moved the other way. */
  counterparties: string[];
  /** The mint's decimals as the transaction's token balances record them (SOL: 9). */
  decimals: number | null;
  /**
   * A token's change as the network recorded it in `uiAmountString`, in units of 10^-decimals:
   * for a Scaled UI Amount mint, at the multiplier in force at the block's time (issue 35), for
   * any other token equal to `change`. Absent for SOL or when a balance had no UI text.
   */
  uiChange?: bigint;
}

export interface ChainEntry {
  signature: string;
  slot: number;
  /** Seconds since epoch; null when the network kept no block time. */
  blockTime: number | null;
  failed: boolean;
  memo: string | null;
  /** Lamports of network fee the person paid (they were the fee payer); null otherwise. */
  fee: bigint | null;
  movements: ChainMovement[];
}

export interface ChainPage {
  entries: ChainEntry[];
  /** Where the next page starts; null when the history is exhausted. */
  next: string | null;
}

/** Transactions read in parallel at most. */
const PARALLEL_READS = 8;

/**
 * One page of the history of `owner`: `limit` transactions older than `cursor` (the first page
 * without one).
 *
 * @example
 * const first = await readChainHistory(connection, owner, { limit: 10 });
 * const more = first.next ? await readChainHistory(connection, owner, { limit: 10, cursor: first.next }) : null;
 */
export async function readChainHistory(
  connection: ChainHistoryConnection,
  owner: string,
  options: { limit: number; cursor?: string | null; unreachableMessage: string },
): Promise<ChainPage> {
  const call = async <T>(request: () => Promise<T>): Promise<T> => {
    try {
      return await request();
    } catch (error) {
      throw new WalletError('NETWORK_UNAVAILABLE', options.unreachableMessage, { cause: error });
    }
  };
  const cursor: HistoryCursor = options.cursor
    ? decodeCursor(options.cursor, owner)
    : {
        owner,
        // The accounts are fixed by the first page, so later pages read the same histories.
        addresses: [owner, ...(await call(() => tokenAccountsOf(connection, owner)))].map(
          (address) => ({ address, before: null, done: false }),
        ),
        lastSlot: null,
        shownAtLastSlot: [],
      };

  const lists = await Promise.all(
    cursor.addresses.map((place) =>
      place.done
        ? Promise.resolve([] as ConfirmedSignatureInfo[])
        : call(() =>
            connection.getSignaturesForAddress(
              new PublicKey(place.address),
              { limit: options.limit, ...(place.before ? { before: place.before } : {}) },
              'confirmed',
            ),
          ),
    ),
  );

  // Merge the newest-first lists, always taking the newest head, so that what each address
  // gave up is a prefix of its list (the next page asks for what follows it).
  const heads = lists.map(() => 0);
  const taken: ConfirmedSignatureInfo[] = [];
  const seen = new Set<string>(cursor.shownAtLastSlot);
  for (;;) {
    let best = -1;
    for (let i = 0; i < lists.length; i++) {
      const head = lists[i]![heads[i]!];
      if (!head) continue;
      const current = best >= 0 ? lists[best]![heads[best]!]! : null;
      if (!current || head.slot > current.slot) best = i;
    }
    if (best < 0) break;
    const head = lists[best]![heads[best]!]!;
    if (!seen.has(head.signature) && taken.length >= options.limit) break;
    heads[best]! += 1;
    if (seen.has(head.signature)) continue; // one transaction touching two of the accounts
    seen.add(head.signature);
    taken.push(head);
  }

  const addresses = cursor.addresses.map((place, i) => {
    const list = lists[i]!;
    const used = heads[i]!;
    if (place.done) return place;
    const before = used > 0 ? list[used - 1]!.signature : place.before;
    // Exhausted: the network had fewer than asked and every one was used.
    const done = used === list.length && list.length < options.limit;
    return { address: place.address, before, done };
  });
  // Only a transaction of the last slot shown can still wait in another account's list (every
  // head left is at most that slot, and was not taken before it).
  const lastSlot = taken.at(-1)?.slot ?? cursor.lastSlot;
  const shownAtLastSlot = [
    ...(lastSlot === cursor.lastSlot ? cursor.shownAtLastSlot : []),
    ...taken.filter((info) => info.slot === lastSlot).map((info) => info.signature),
  ];
  const next = addresses.every((place) => place.done)
    ? null
    : encodeCursor({ owner: cursor.owner, addresses, lastSlot, shownAtLastSlot });

  const transactions = await readTransactions(connection, taken, call);
  const tokenAccounts = new Set(cursor.addresses.map((place) => place.address));
  const entries = taken.map((info, i) =>
    entryOf(info, transactions[i] ?? null, owner, tokenAccounts),
  );
  return { entries, next };
}

async function tokenAccountsOf(connection: ChainHistoryConnection, owner: string) {
  const key = new PublicKey(owner);
  const answers = await Promise.all(
    [TOKEN_PROGRAM_ID, TOKEN_2022_PROGRAM_ID].map((programId) =>
      connection.getTokenAccountsByOwner(key, { programId }, 'confirmed'),
    ),
  );
  return answers.flatMap((answer) => answer.value.map(({ pubkey }) => pubkey.toBase58()));
}

async function readTransactions(
  connection: ChainHistoryConnection,
  infos: readonly ConfirmedSignatureInfo[],
  call: <T>(request: () => Promise<T>) => Promise<T>,
): Promise<(VersionedTransactionResponse | null)[]> {
  const out: (VersionedTransactionResponse | null)[] = new Array(infos.length).fill(null);
  for (let at = 0; at < infos.length; at += PARALLEL_READS) {
    const batch = infos.slice(at, at + PARALLEL_READS);
    const read = await Promise.all(
      batch.map((info) =>
        call(() =>
          connection.getTransaction(info.signature, {
            commitment: 'confirmed',
            maxSupportedTransactionVersion: 0,
          }),
        ),
      ),
    );
    read.forEach((tx, i) => (out[at + i] = tx));
  }
  return out;
}

/** "4.5" at 8 decimals as 450000000n; null when the text is missing or not a plain decimal. */
function atomicOfText(text: string | undefined, decimals: number): bigint | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(text ?? '');
  if (!match || (match[2] ?? '').length > decimals) return null;
  return BigInt(match[1]! + (match[2] ?? '').padEnd(decimals, '0'));
}

/** Adds `change` of `mint` for `who` to a table of changes. */
function add(table: Map<string, Map<string, bigint>>, mint: string, who: string, change: bigint) {
  let byWho = table.get(mint);
  if (!byWho) table.set(mint, (byWho = new Map()));
  byWho.set(who, (byWho.get(who) ?? 0n) + change);
}

/**
 * The person's movements in one transaction. Lamports and token balances are both read as
 * changes per owner (a token account counts for its owner), so SOL wrapped into the person's
 * own wSOL account cancels out, and the other side of a movement is the owner whose balance of
 * that mint moved the opposite way. The fee is taken out of the SOL movement and said apart.
 */
export function entryOf(
  info: ConfirmedSignatureInfo,
  tx: VersionedTransactionResponse | null,
  owner: string,
  ownAccounts: ReadonlySet<string>,
): ChainEntry {
  const base = {
    signature: info.signature,
    slot: info.slot,
    blockTime: info.blockTime ?? tx?.blockTime ?? null,
    failed: info.err !== null,
    // Anyone can send the person a transaction with a memo: its text is the sender's, kept
    // inert like any remote text (issue 32).
    memo: sanitizeServiceText(info.memo ?? '') || null,
  };
  const meta = tx?.meta;
  if (!tx || !meta) return { ...base, fee: null, movements: [] };
  const keys = [
    ...tx.transaction.message.staticAccountKeys.map((key) => key.toBase58()),
    ...(meta.loadedAddresses?.writable ?? []).map((key) => key.toBase58()),
    ...(meta.loadedAddresses?.readonly ?? []).map((key) => key.toBase58()),
  ];
  const changes = new Map<string, Map<string, bigint>>();
  // Token accounts: whose they are (owner) for every account with a token balance.
  const tokenOwner = new Map<number, string>();
  const tokenMint = new Map<number, string>();
  const decimalsOf = new Map<string, number>([[NATIVE_MINT, 9]]);
  const amounts = new Map<number, { pre: bigint; post: bigint }>();
  // The same balances as the network wrote them for people to read (scaled at the time).
  const uiAmounts = new Map<number, { pre: bigint | null; post: bigint | null }>();
  for (const [side, list] of [
    ['pre', meta.preTokenBalances ?? []],
    ['post', meta.postTokenBalances ?? []],
  ] as const) {
    for (const balance of list) {
      const index = balance.accountIndex;
      tokenOwner.set(index, balance.owner ?? keys[index] ?? '');
      tokenMint.set(index, balance.mint);
      decimalsOf.set(balance.mint, balance.uiTokenAmount.decimals);
      const entry = amounts.get(index) ?? { pre: 0n, post: 0n };
      entry[side] = BigInt(balance.uiTokenAmount.amount);
      amounts.set(index, entry);
      const ui = uiAmounts.get(index) ?? { pre: 0n, post: 0n };
      ui[side] = atomicOfText(balance.uiTokenAmount.uiAmountString, balance.uiTokenAmount.decimals);
      uiAmounts.set(index, ui);
    }
  }
  const uiChanges = new Map<string, Map<string, bigint>>();
  const unreadable = new Set<string>();
  for (const [index, { pre, post }] of amounts) {
    const mint = tokenMint.get(index)!;
    if (post !== pre) add(changes, mint, tokenOwner.get(index)!, post - pre);
    const ui = uiAmounts.get(index);
    if (ui?.pre == null || ui.post == null) unreadable.add(mint);
    else if (ui.post !== ui.pre) add(uiChanges, mint, tokenOwner.get(index)!, ui.post - ui.pre);
  }
  // Lamports of plain accounts (a token account's lamports are rent, not a movement of SOL).
  const feePayer = keys[0];
  keys.forEach((key, index) => {
    if (tokenOwner.has(index)) return;
    const pre = BigInt(meta.preBalances[index] ?? 0);
    const post = BigInt(meta.postBalances[index] ?? 0);
    const change = post - pre + (key === feePayer ? BigInt(meta.fee) : 0n);
    if (change !== 0n) add(changes, NATIVE_MINT, key, change);
  });

  const isPerson = (who: string) => who === owner || ownAccounts.has(who);
  const movements: ChainMovement[] = [];
  for (const [mint, byWho] of changes) {
    let mine = 0n;
    for (const [who, change] of byWho) if (isPerson(who)) mine += change;
    if (mine === 0n) continue;
    const counterparties = [...byWho]
      .filter(([who, change]) => !isPerson(who) && (mine > 0n ? change < 0n : change > 0n))
      .sort((a, b) => ((a[1] < 0n ? -a[1] : a[1]) > (b[1] < 0n ? -b[1] : b[1]) ? -1 : 1))
      .map(([who]) => who);
    let uiMine = 0n;
    for (const [who, change] of uiChanges.get(mint) ?? []) if (isPerson(who)) uiMine += change;
    const recorded = mint !== NATIVE_MINT && !unreadable.has(mint) ? { uiChange: uiMine } : {};
    movements.push({
      mint,
      change: mine,
      counterparties,
      decimals: decimalsOf.get(mint) ?? null,
      ...recorded,
    });
  }
  return { ...base, fee: feePayer === owner ? BigInt(meta.fee) : null, movements };
}
