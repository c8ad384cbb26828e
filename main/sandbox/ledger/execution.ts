/**
 * What the ledger records about a run of the VM: the validator's transaction meta (fee,
 * balances, token balances, logs, inner instructions) and the details a simulation reports.
 */
import bs58 from 'bs58';
import type { LedgerAccount } from './ledger-view';
import type { InnerInstructionsRecord, TokenBalanceRecord, TransactionRecord } from './history';
import { decodeTokenAccount, isTokenAccountData, isTokenProgram } from './token-layout';
import type { TransactionErrorJson } from './tx-errors';
import type { TransactionMetadata } from './vm';
import { extractMemo, transactionFee, type ParsedTransaction } from './wire';

/** An account after simulation, as litesvm reports it. */
interface AddressAndAccountLike {
  address: Uint8Array;
  account(): { lamports(): bigint; data(): Uint8Array; owner(): Uint8Array; executable(): boolean };
}

export interface SimulationDetails {
  logs: string[];
  unitsConsumed: number;
  innerInstructions: InnerInstructionsRecord[];
  returnData: { programId: string; data: Uint8Array } | null;
  /** Post-state of the accounts the transaction touched, by address. */
  postAccounts: AccountsByAddress;
}

/** Accounts by base58 address: a Map is one, and so is PostAccounts. */
export interface AccountsByAddress {
  readonly size: number;
  has(address: string): boolean;
  get(address: string): LedgerAccount | undefined;
}

/**
 * The post-state of a simulation's accounts, each converted when first asked for (issue 26):
 * a simulation answers the few accounts its caller names, and converting every account it
 * loaded (the programs' executables among them, 140 KB each) cost /swap half a millisecond.
 * The VM's entries are its own copies, so a later run does not change them.
 */
export class PostAccounts implements AccountsByAddress {
  private index: Map<string, AddressAndAccountLike> | null = null;
  private readonly converted = new Map<string, LedgerAccount>();

  constructor(private readonly entries: readonly AddressAndAccountLike[]) {}

  get size(): number {
    return this.entries.length;
  }

  has(address: string): boolean {
    return this.entryOf(address) !== undefined;
  }

  get(address: string): LedgerAccount | undefined {
    const done = this.converted.get(address);
    if (done !== undefined) return done;
    const entry = this.entryOf(address);
    if (entry === undefined) return undefined;
    const account = entry.account();
    const state: LedgerAccount = {
      lamports: account.lamports(),
      owner: bs58.encode(account.owner()),
      data: account.data(),
      executable: account.executable(),
    };
    this.converted.set(address, state);
    return state;
  }

  /** The entry of `address` (keyed by its 32 bytes, so no address is encoded to be found). */
  private entryOf(address: string): AddressAndAccountLike | undefined {
    if (this.index === null) {
      this.index = new Map();
      for (const entry of this.entries) {
        this.index.set(Buffer.from(entry.address).toString('latin1'), entry);
      }
    }
    let bytes: Uint8Array;
    try {
      bytes = bs58.decode(address);
    } catch {
      return undefined;
    }
    return this.index.get(Buffer.from(bytes).toString('latin1'));
  }
}

export function innerInstructionsOf(meta: TransactionMetadata): InnerInstructionsRecord[] {
  const out: InnerInstructionsRecord[] = [];
  meta.innerInstructions().forEach((list, index) => {
    if (list.length === 0) return;
    out.push({
      index,
      instructions: list.map((inner) => {
        const ix = inner.instruction();
        return {
          programIdIndex: ix.programIdIndex(),
          accounts: Array.from(ix.accounts()),
          data: bs58.encode(ix.data()),
          stackHeight: inner.stackHeight(),
        };
      }),
    });
  });
  return out;
}

export function simulationDetails(
  meta: TransactionMetadata | null,
  postAccounts: AddressAndAccountLike[],
): SimulationDetails {
  const accounts = new PostAccounts(postAccounts);
  if (meta === null) {
    return {
      logs: [],
      unitsConsumed: 0,
      innerInstructions: [],
      returnData: null,
      postAccounts: accounts,
    };
  }
  const returned = meta.returnData();
  const returnData =
    returned.data().length > 0
      ? { programId: bs58.encode(returned.programId()), data: returned.data() }
      : null;
  let inner: InnerInstructionsRecord[] | null = null;
  return {
    logs: meta.logs(),
    unitsConsumed: Number(meta.computeUnitsConsumed()),
    // Read only when a simulateTransaction asks for them (issue 26); a spread reads them too.
    get innerInstructions() {
      inner ??= innerInstructionsOf(meta);
      return inner;
    },
    returnData,
    postAccounts: accounts,
  };
}

function tokenBalances(
  accounts: (LedgerAccount | null)[],
  decimalsOf: (mint: string) => number,
  multiplierOf: (mint: string) => number | null,
): TokenBalanceRecord[] {
  const out: TokenBalanceRecord[] = [];
  accounts.forEach((account, accountIndex) => {
    if (!account || !isTokenProgram(account.owner) || !isTokenAccountData(account.data)) return;
    const decoded = decodeTokenAccount(account.data);
    out.push({
      accountIndex,
      mint: decoded.mint,
      owner: decoded.owner,
      programId: account.owner,
      amount: decoded.amount.toString(),
      decimals: decimalsOf(decoded.mint),
      ...scaledAt(multiplierOf(decoded.mint)),
    });
  });
  return out;
}

function scaledAt(multiplier: number | null): { multiplier?: number } {
  return multiplier === null ? {} : { multiplier };
}

export interface RecordInput {
  parsed: ParsedTransaction;
  wire: Uint8Array;
  slot: number;
  blockTime: number;
  err: TransactionErrorJson | null;
  pre: (LedgerAccount | null)[];
  post: (LedgerAccount | null)[];
  meta: TransactionMetadata;
  decimalsOf: (mint: string) => number;
  /** A scaled mint's multiplier at the block's time (before, after the transaction); else null. */
  multiplierOf?: (mint: string, side: 'pre' | 'post') => number | null;
}

/** The validator-shaped record of an executed transaction. */
export function buildRecord(input: RecordInput): TransactionRecord {
  const { parsed, meta } = input;
  const multiplierOf = input.multiplierOf ?? (() => null);
  const lamports = (account: LedgerAccount | null) => (account?.lamports ?? 0n).toString();
  return {
    signature: parsed.signature,
    slot: input.slot,
    blockTime: input.blockTime,
    version: parsed.version,
    wire: Buffer.from(input.wire).toString('base64'),
    err: input.err,
    fee: transactionFee(
      parsed.numRequiredSignatures,
      parsed.computeUnitPrice,
      parsed.computeUnitLimit,
    ).toString(),
    accountKeys: parsed.accountKeys,
    loadedWritable: parsed.loadedWritable,
    loadedReadonly: parsed.loadedReadonly,
    preBalances: input.pre.map(lamports),
    postBalances: input.post.map(lamports),
    preTokenBalances: tokenBalances(input.pre, input.decimalsOf, (mint) =>
      multiplierOf(mint, 'pre'),
    ),
    postTokenBalances: tokenBalances(input.post, input.decimalsOf, (mint) =>
      multiplierOf(mint, 'post'),
    ),
    logs: meta.logs(),
    innerInstructions: innerInstructionsOf(meta),
    computeUnitsConsumed: Number(meta.computeUnitsConsumed()),
    computeUnitPrice: parsed.computeUnitPrice.toString(),
    memo: extractMemo(parsed),
  };
}
