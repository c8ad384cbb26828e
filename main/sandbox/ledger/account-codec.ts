/**
 * Conversions between the VM's accounts, the ledger's LedgerAccount and the stored form, and the
 * owner index behind getTokenAccountsByOwner (litesvm's getProgramAccounts has no filters).
 */
import bs58 from 'bs58';
import { addressOf } from '../../shared/address';
import type { LedgerAccount } from './ledger-view';
import type { StoredAccount } from '../state/ledger-store';
import { Account, type VmAccount } from './vm';
import { decodeTokenAccount, isTokenAccountData, isTokenProgram } from './token-layout';

/** Owners whose accounts come with the VM itself and are never persisted. */
const VM_OWNED = new Set([
  'Sysvar1111111111111111111111111111111111111',
  'NativeLoader1111111111111111111111111111111',
  'BPFLoader1111111111111111111111111111111111',
  'BPFLoader2111111111111111111111111111111111',
  'BPFLoaderUpgradeab1e11111111111111111111111',
  'LoaderV411111111111111111111111111111111111',
]);

export function fromVm(account: VmAccount | null): LedgerAccount | null {
  if (account === null) return null;
  const lamports = account.lamports();
  const data = account.data();
  // The runtime treats an account with no lamports as absent (closed accounts read as null).
  if (lamports === 0n && data.length === 0) return null;
  return {
    lamports,
    owner: addressOf(account.owner()),
    data,
    executable: account.executable(),
  };
}

export function toVm(account: LedgerAccount, rentEpoch = 0n): VmAccount {
  return new Account(
    account.lamports,
    account.data,
    bs58.decode(account.owner),
    account.executable,
    rentEpoch,
  );
}

/** True when the account belongs in the sandbox's snapshot (not a program or sysvar). */
export function isPersistable(account: LedgerAccount): boolean {
  return !account.executable && !VM_OWNED.has(account.owner);
}

export function toStored(address: string, account: LedgerAccount): StoredAccount {
  return {
    address,
    lamports: account.lamports.toString(),
    owner: account.owner,
    data: Buffer.from(account.data).toString('base64'),
    executable: account.executable,
    rentEpoch: '0',
  };
}

export function fromStored(stored: StoredAccount): LedgerAccount {
  return {
    lamports: BigInt(stored.lamports),
    owner: stored.owner,
    data: new Uint8Array(Buffer.from(stored.data, 'base64')),
    executable: stored.executable,
  };
}

export function sameAccount(a: LedgerAccount | null, b: LedgerAccount | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.lamports === b.lamports &&
    a.owner === b.owner &&
    a.executable === b.executable &&
    Buffer.from(a.data.buffer, a.data.byteOffset, a.data.byteLength).equals(b.data)
  );
}

/**
 * Token accounts by owner wallet, and accounts by owning program (getProgramAccounts), updated
 * on every account write.
 */
export class OwnerIndex {
  private readonly byOwner = new Map<string, Set<string>>();
  private readonly ownerOf = new Map<string, string>();
  private readonly byProgram = new Map<string, Set<string>>();
  private readonly programOf = new Map<string, string>();

  update(address: string, account: LedgerAccount | null): void {
    this.updateProgram(address, account?.owner);
    const previous = this.ownerOf.get(address);
    let owner: string | undefined;
    if (account && isTokenProgram(account.owner) && isTokenAccountData(account.data)) {
      owner = decodeTokenAccount(account.data).owner;
    }
    if (previous === owner) return;
    if (previous !== undefined) {
      this.byOwner.get(previous)?.delete(address);
      this.ownerOf.delete(address);
    }
    if (owner !== undefined) {
      let set = this.byOwner.get(owner);
      if (!set) this.byOwner.set(owner, (set = new Set()));
      set.add(address);
      this.ownerOf.set(address, owner);
    }
  }

  private updateProgram(address: string, program: string | undefined): void {
    const previous = this.programOf.get(address);
    if (previous === program) return;
    if (previous !== undefined) this.byProgram.get(previous)?.delete(address);
    if (program === undefined) {
      this.programOf.delete(address);
      return;
    }
    let set = this.byProgram.get(program);
    if (!set) this.byProgram.set(program, (set = new Set()));
    set.add(address);
    this.programOf.set(address, program);
  }

  /** The addresses of the accounts `program` owns. */
  accountsOwnedBy(program: string): string[] {
    return [...(this.byProgram.get(program) ?? [])];
  }

  tokenAccountsOf(owner: string): string[] {
    return [...(this.byOwner.get(owner) ?? [])];
  }
}
