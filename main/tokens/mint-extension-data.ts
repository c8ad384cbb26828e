/**
 * Reads the Token-2022 extensions of issue 35 straight from a mint account's bytes, for the
 * wallet's checks before it builds anything (quotes, payment plans) and for the review: whether
 * the mint is paused (PausableConfig), and which program its transfer hook runs (TransferHook).
 * Read each time from the account as the network answers it, never cached, so that a mint
 * resumed by its issuer works again at once.
 */
import bs58 from 'bs58';

export const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';
const BASE_LEN = 165;
const ACCOUNT_TYPE_MINT = 1;
/** ExtensionType values (spl-token's enum): TransferHook 14, PausableConfig 26. */
const TRANSFER_HOOK = 14;
const PAUSABLE_CONFIG = 26;
const ZERO_KEY = '11111111111111111111111111111111';

/** A Token-2022 mint's extension entries by type (an entry that does not fit ends the list). */
function mintExtensions(owner: string, data: Uint8Array): Map<number, Uint8Array> {
  const found = new Map<number, Uint8Array>();
  if (owner !== TOKEN_2022 || data.length <= BASE_LEN || data[BASE_LEN] !== ACCOUNT_TYPE_MINT) {
    return found;
  }
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  for (let at = BASE_LEN + 1; at + 4 <= data.length;) {
    const type = view.getUint16(at, true);
    const length = view.getUint16(at + 2, true);
    if (type === 0 || at + 4 + length > data.length) break;
    found.set(type, data.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return found;
}

/** True when the mint has PausableConfig and is paused (authority 32 bytes, then the flag). */
export function isPausedMint(owner: string, data: Uint8Array): boolean {
  const config = mintExtensions(owner, data).get(PAUSABLE_CONFIG);
  return config !== undefined && config.length >= 33 && config[32] === 1;
}

/** The program a mint's transfer hook runs (TransferHook: authority, program id), or null. */
export function transferHookProgram(owner: string, data: Uint8Array): string | null {
  const hook = mintExtensions(owner, data).get(TRANSFER_HOOK);
  if (hook === undefined || hook.length < 64) return null;
  const program = bs58.encode(hook.subarray(32, 64));
  return program === ZERO_KEY ? null : program;
}

/** What the wallet says of a paused token, before building and in the review alike. */
export function pausedWords(name: string): string {
  return `${name} is paused by its issuer: the token program refuses every transfer of it until the issuer resumes it. Nothing was built or signed; try again once ${name} is resumed.`;
}
