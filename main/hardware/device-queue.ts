/**
 * One queue for all device access (issue 17, point 3). A Ledger answers one request at a time,
 * and a request waiting for the person's answer on the device cannot be cancelled from the
 * computer. So requests run one after another; while a prompt is on the device, a new request
 * is refused at once with LEDGER_BUSY (naming what the device waits for) instead of queueing
 * behind an answer that may never come.
 */
import { busy } from './ledger-errors';

export interface DeviceTask {
  /** In words, for LEDGER_BUSY: "signing a transaction for 7xKX…AsU". */
  what: string;
  /** Whether the task shows a prompt the person must answer on the device. */
  prompt: boolean;
  /** For a signing prompt: the account and the message hash the device shows (base58). */
  signing?: { account: string; messageHash: string };
}

export interface DeviceQueue {
  /** Runs `run` once every earlier task has finished; refuses while a prompt is shown. */
  run<T>(task: DeviceTask, run: () => Promise<T>): Promise<T>;
  /** The prompt on the device now, if any. */
  prompting(): DeviceTask | null;
}

/**
 * @example
 * const queue = createDeviceQueue();
 * await queue.run({ what: 'reading addresses', prompt: false }, () => device.addresses(paths));
 */
export function createDeviceQueue(): DeviceQueue {
  let tail: Promise<unknown> = Promise.resolve();
  let prompt: DeviceTask | null = null;
  return {
    run(task, run) {
      if (prompt) return Promise.reject(busy(prompt.what));
      const result = tail.then(async () => {
        if (task.prompt) prompt = task;
        try {
          return await run();
        } finally {
          if (prompt === task) prompt = null;
        }
      });
      tail = result.catch(() => undefined);
      return result;
    },
    prompting: () => prompt,
  };
}
