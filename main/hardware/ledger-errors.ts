/**
 * Every state a Ledger can be in, in words a person can act on (issue 17, point 3).
 *
 * Errors are told apart by their `name` and `statusCode`, never by `instanceof`: the Solana app
 * package pins its own copy of @ledgerhq/hw-transport and the node-hid transport another, so
 * the same error class exists several times in one process and `instanceof` would miss.
 */
import { WalletError } from '../shared/errors';

/** Status words of the Solana app and the OS that Swapdesk names (ledger-live's StatusCodes). */
export const STATUS = {
  OK: 0x9000,
  /** The OS answers this to any APDU while the PIN has not been entered. */
  LOCKED_DEVICE: 0x5515,
  /** Older firmware answers this while locked. */
  SECURITY_STATUS_NOT_SATISFIED: 0x6982,
  /** The Solana app's user refusal (ApduReplyUserRefusal). */
  USER_REFUSED: 0x6985,
  /** The Solana app's "blind signature required" (ApduReplySolanaSummaryFinalizeFailed). */
  BLIND_SIGNING_REQUIRED: 0x6808,
} as const;

/** What the device was doing when something went wrong: the words differ. */
export type DeviceStage = 'open' | 'app' | 'address' | 'sign';

/** The short form of an address, as every message of the wallet writes it. */
export function shortAddress(address: string): string {
  return `${address.slice(0, 4)}…${address.slice(-4)}`;
}

function nameOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'name' in error
    ? String((error as { name: unknown }).name)
    : '';
}

function statusOf(error: unknown): number | null {
  if (typeof error !== 'object' || error === null || !('statusCode' in error)) return null;
  const code = (error as { statusCode: unknown }).statusCode;
  return typeof code === 'number' ? code : null;
}

function idOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'id' in error
    ? String((error as { id: unknown }).id)
    : '';
}

const NOTHING_SIGNED = 'Nothing was signed.';

export function ledgerLocked(): WalletError {
  return new WalletError(
    'LEDGER_LOCKED',
    'Your Ledger is locked. Enter its PIN on the device, open the Solana app, and try again.',
  );
}

export function ledgerNotFound(): WalletError {
  return new WalletError(
    'LEDGER_NOT_FOUND',
    'No Ledger is connected. Plug it in with a data cable, unlock it, open the Solana app, and try again.',
  );
}

export function blindSigningOff(): WalletError {
  return new WalletError(
    'LEDGER_BLIND_SIGNING_OFF',
    `The Solana app on your Ledger refused this transaction because blind signing is off. The app shows the details only of simple transfers; every swap needs blind signing. On the device, open the Solana app, go to Settings, turn on "Allow blind signing", then approve again. ${NOTHING_SIGNED}`,
  );
}

export function rejectedOnDevice(): WalletError {
  return new WalletError(
    'LEDGER_REJECTED',
    `You rejected the transaction on your Ledger. ${NOTHING_SIGNED} Approve again if you want to sign it.`,
  );
}

/** The Solana app is not the one open; `app` is what the device said is open. */
export function wrongApp(app: string): WalletError {
  const where =
    app === 'BOLOS'
      ? 'Your Ledger is on its dashboard.'
      : `Your Ledger has the ${app} app open, not Solana.`;
  return new WalletError(
    'LEDGER_WRONG_APP',
    `${where} Open the Solana app on the device (install it with Ledger Live if it is missing), then try again.`,
  );
}

export function wrongDevice(address: string, path: string): WalletError {
  return new WalletError(
    'LEDGER_WRONG_DEVICE',
    `The Ledger connected now does not hold account ${shortAddress(address)}: its address at ${path} is a different one. Connect the Ledger you added this account with, or unlock it with the same passphrase (a passphrase gives different accounts). ${NOTHING_SIGNED}`,
  );
}

export function busy(what: string): WalletError {
  return new WalletError(
    'LEDGER_BUSY',
    `Your Ledger is still waiting for you to answer an earlier request (${what}). A request on the device cannot be cancelled from the computer: approve or reject it on the Ledger first, then try again.`,
  );
}

export function noAnswer(stage: DeviceStage, seconds: number): WalletError {
  return new WalletError(
    'LEDGER_NO_ANSWER',
    stage === 'sign'
      ? `Your Ledger has not answered for ${seconds} seconds. A request on the device cannot be cancelled from the computer: approve or reject it on the Ledger (or unplug it), then review again. ${NOTHING_SIGNED}`
      : `Your Ledger did not answer within ${seconds} seconds. Unplug it, plug it in again, unlock it, open the Solana app, and try again.`,
  );
}

export function badSignature(address: string): WalletError {
  return new WalletError(
    'LEDGER_BAD_SIGNATURE',
    `The signature your Ledger returned is not a signature of the reviewed transaction by ${shortAddress(address)}, so Swapdesk did not send it. Update the Solana app with Ledger Live and review again.`,
  );
}

/**
 * The WalletError for anything a Ledger transport or the Solana app threw. `lastStatus` is the
 * status word of the last APDU answer (the Solana app turns 0x6808 into a plain Error without
 * its status, so the transport is tapped for it).
 *
 * @example
 * throw classifyLedgerError(error, 'sign', 0x6985); // LEDGER_REJECTED
 */
export function classifyLedgerError(
  error: unknown,
  stage: DeviceStage,
  lastStatus: number | null = null,
): WalletError {
  if (error instanceof WalletError) return error;
  const name = nameOf(error);
  const status = statusOf(error) ?? (name === '' || name === 'Error' ? lastStatus : null);
  if (name === 'LockedDeviceError' || status === STATUS.LOCKED_DEVICE) return ledgerLocked();
  if (status === STATUS.BLIND_SIGNING_REQUIRED) return blindSigningOff();
  if (status === STATUS.USER_REFUSED && stage === 'sign') return rejectedOnDevice();
  if (status === STATUS.SECURITY_STATUS_NOT_SATISFIED && stage !== 'sign') return ledgerLocked();
  if (name === 'DisconnectedDevice' || name === 'DisconnectedDeviceDuringOperation') {
    return new WalletError(
      'LEDGER_DISCONNECTED',
      stage === 'sign'
        ? `Your Ledger was unplugged (or went to sleep) while signing. ${NOTHING_SIGNED} Plug it in, unlock it, open the Solana app, and approve again.`
        : 'Your Ledger was unplugged (or went to sleep). Plug it in, unlock it, open the Solana app, and try again.',
    );
  }
  if (name === 'TransportError' && idOf(error) === 'NoDevice') return ledgerNotFound();
  if (name === 'TransportRaceCondition') return busy('another request from Swapdesk');
  if (stage === 'open') {
    // node-hid throws a plain Error ("cannot open device with path ...") when the OS denies
    // access: on Linux, without Ledger's udev rules; anywhere, while Ledger Live holds it.
    return new WalletError(
      'LEDGER_NO_ACCESS',
      "Swapdesk found your Ledger but could not open it. Close Ledger Live and any other wallet using it; on Linux, install Ledger's udev rules (see the README), then unplug the Ledger, plug it in again and try again.",
      { cause: error },
    );
  }
  const code = status !== null ? ` (status 0x${status.toString(16).padStart(4, '0')})` : '';
  return new WalletError(
    'LEDGER_ERROR',
    `Your Ledger answered with an error${code}. Make sure the Solana app is open and up to date (update it with Ledger Live), then try again.${stage === 'sign' ? ` ${NOTHING_SIGNED}` : ''}`,
    { cause: error },
  );
}
