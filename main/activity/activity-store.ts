/**
 * The activity list in memory over its file: adds and updates are applied one after another
 * (a promise chain), each followed by an atomic write, so two transactions finishing at the
 * same moment cannot overwrite each other's status.
 */
import { randomUUID } from 'node:crypto';
import type { ActivityEntryView, NetworkId } from '../../preload/api-types';
import type { ActivityFile, ActivityRecord } from './activity-file';
import { explorerUrl } from './explorer-link';
import { writeThrough } from '../storage/write-through';

export type NewActivity = Omit<ActivityRecord, 'id' | 'createdAt' | 'updatedAt'>;
export type ActivityPatch = Partial<
  Pick<
    ActivityRecord,
    'status' | 'error' | 'sent' | 'payment' | 'platformFee' | 'signature' | 'slot'
  >
>;

export interface ActivityStore {
  /** Every entry, newest first. */
  list(): Promise<ActivityRecord[]>;
  get(id: string): Promise<ActivityRecord | undefined>;
  bySignature(signature: string): Promise<ActivityRecord | undefined>;
  /** Adds an entry and has it on disk before resolving (the journal write). */
  add(entry: NewActivity): Promise<ActivityRecord>;
  /** Changes an entry and has the change on disk before resolving. */
  update(id: string, patch: ActivityPatch): Promise<ActivityRecord>;
  /** Pending entries of one network, oldest first (re-tracked at start-up). */
  pending(networkId: NetworkId): Promise<ActivityRecord[]>;
}

/**
 * Creates the store; the file is read on first use.
 *
 * @example
 * const activity = createActivityStore({ file: createActivityFile(dataDir), now: Date.now });
 * const entry = await activity.add({ kind: 'swap', status: 'pending', sent: false, ... });
 */
export function createActivityStore(options: {
  file: ActivityFile;
  now: () => number;
}): ActivityStore {
  const { file, now } = options;
  // Each change on a copy of the list, on disk before it is the list in memory.
  const { load, change: serial } = writeThrough(file, (list) => [...list]);

  const iso = () => new Date(now()).toISOString();

  return {
    async list() {
      return [...(await load())].reverse();
    },
    async get(id) {
      return (await load()).find((entry) => entry.id === id);
    },
    async bySignature(signature) {
      return (await load()).find((entry) => entry.signature === signature);
    },
    add(entry) {
      return serial((list) => {
        const at = iso();
        const record: ActivityRecord = { ...entry, id: randomUUID(), createdAt: at, updatedAt: at };
        list.push(record);
        return { ...record };
      });
    },
    update(id, patch) {
      return serial((list) => {
        const index = list.findIndex((entry) => entry.id === id);
        if (index < 0) throw new Error(`no activity entry ${id}`);
        const record: ActivityRecord = { ...list[index]!, ...patch, updatedAt: iso() };
        list[index] = record;
        return { ...record };
      });
    },
    async pending(networkId) {
      return (await load()).filter((e) => e.status === 'pending' && e.networkId === networkId);
    },
  };
}

/** The bridge view of an entry. */
export function activityView(record: ActivityRecord): ActivityEntryView {
  return {
    id: record.id,
    kind: record.kind,
    networkId: record.networkId,
    account: record.account,
    signature: record.signature,
    status: record.status,
    error: record.error,
    inputMint: record.swap?.inputMint ?? null,
    outputMint: record.swap?.outputMint ?? null,
    inAmount: record.swap?.inAmount ?? null,
    outAmount: record.swap?.outAmount ?? null,
    otherAmountThreshold: record.swap?.otherAmountThreshold ?? null,
    swapMode: record.swap?.swapMode ?? null,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
    explorerUrl: explorerUrl(record.networkId, record.signature, record.rpcUrl),
    ...(record.payment ? { payment: record.payment } : {}),
    ...(record.platformFee ? { platformFee: record.platformFee } : {}),
    ...(record.slot !== undefined ? { slot: record.slot } : {}),
  };
}
