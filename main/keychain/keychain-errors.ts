/**
 * Turns what keytar throws into a WalletError a person can act on. keytar passes on the raw
 * platform text (libsecret / D-Bus, macOS Security framework, Windows Credential Manager); these
 * are the failures that mean "there is no usable keychain right now".
 */
import { WalletError } from '../shared/errors';

const NOTHING_SAVED = 'Nothing was saved or changed.';

/** No Secret Service / keychain daemon reachable at all. */
const NO_SERVICE = [
  /Cannot autolaunch D-Bus/i,
  /Unable to autolaunch/i,
  /dbus-launch/i,
  /org\.freedesktop\.secrets/i,
  /was not provided by any \.service files/i,
  /Could not connect/i,
  /Failed to connect to socket/i,
  /No such interface/i,
  /ServiceUnknown/i,
  /Object does not exist at path/i, // gnome-keyring with no default (login) collection
  /Cannot load keytar|native module|keytar\.node|NODE_MODULE_VERSION|invalid ELF/i,
];

/** A keychain is there but locked, or the person dismissed the unlock prompt. */
const LOCKED = [
  /locked/i,
  /dismissed/i,
  /cancel/i,
  /User interaction is not allowed/i, // macOS errSecInteractionNotAllowed
  /user name or passphrase you entered is not correct/i, // macOS
  /-25308/, // macOS errSecInteractionNotAllowed by number
];

/** Why a keychain failure happened, for the message. */
export type KeychainFailure = 'no-service' | 'locked' | 'other';

/** Sorts a keytar failure into one of the kinds the message distinguishes. */
export function classifyKeychainFailure(error: unknown): KeychainFailure {
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (LOCKED.some((pattern) => pattern.test(text))) return 'locked';
  if (NO_SERVICE.some((pattern) => pattern.test(text))) return 'no-service';
  return 'other';
}

/**
 * Wraps any keychain failure as KEYCHAIN_UNAVAILABLE. The platform text stays in `cause` (it
 * never holds a secret: keytar does not echo what it was given) and out of the message.
 */
export function keychainUnavailable(error: unknown): WalletError {
  const kind = classifyKeychainFailure(error);
  const message =
    kind === 'locked'
      ? `The system keychain is locked, or its unlock prompt was dismissed. Unlock it (GNOME Keyring / KWallet / macOS Keychain) and try again. ${NOTHING_SAVED}`
      : kind === 'no-service'
        ? `The system keychain is not available: no Secret Service is running or reachable. Start and unlock your keyring (GNOME Keyring / KWallet / macOS Keychain) and try again. ${NOTHING_SAVED}`
        : `The system keychain refused the request. Check that it is running and unlocked (GNOME Keyring / KWallet / macOS Keychain) and try again. ${NOTHING_SAVED}`;
  return new WalletError('KEYCHAIN_UNAVAILABLE', message, { cause: error });
}
