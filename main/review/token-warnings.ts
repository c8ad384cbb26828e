/**
 * What the tokens of a transaction can do to the person, read from their mint accounts at
 * review time (issue 11): an issuer who can freeze accounts or mint more, and Token-2022
 * extensions that change what arrives or who can move it. Each warning is one sentence; the
 * dangerous ones (a permanent delegate, a transfer hook) must be acknowledged before main signs
 * (tickets/ticket-book.ts), not only before the screen enables its button.
 */
import {
  AccountState as TokenAccountState,
  DefaultAccountStateLayout,
  ExtensionType,
  PausableConfigLayout,
  PermanentDelegateLayout,
  TransferFeeConfigLayout,
  TransferHookLayout,
  unpackMint,
  type Mint,
} from '@solana/spl-token';
import { PublicKey, type AccountInfo } from '@solana/web3.js';
import type { Address } from '../shared/address';
import type { AccountState } from './account-state';
import { knownHookProgram } from './known-hook-programs';
import { isTokenProgram, NATIVE_MINT } from './program-ids';
import type { TokenWarning } from './types';
import { shortAddress, tokenName, type TokenBook } from './words';

function mintOf(address: string, state: AccountState): Mint | null {
  if (!isTokenProgram(state.programOwner) || state.mintDecimals === null) return null;
  const info: AccountInfo<Buffer> = {
    data: Buffer.from(state.data),
    owner: new PublicKey(state.programOwner),
    lamports: Number(state.lamports),
    executable: false,
  };
  try {
    return unpackMint(new PublicKey(address), info, new PublicKey(state.programOwner));
  } catch {
    return null; // not a mint after all; the review reads it as a plain account
  }
}

/**
 * A Token-2022 mint's extensions by type, from its type-length-value area. Read here rather
 * than with spl-token's getExtensionTypes, which throws on the two zero bytes Token-2022 adds
 * to a mint that would otherwise be exactly a multisig's size: an entry that does not fit, or
 * the empty type 0, ends the list.
 */
function extensionsOf(tlv: Buffer): Map<number, Buffer> {
  const found = new Map<number, Buffer>();
  for (let at = 0; at + 4 <= tlv.length;) {
    const type = tlv.readUInt16LE(at);
    const length = tlv.readUInt16LE(at + 2);
    if (type === 0 || at + 4 + length > tlv.length) break;
    found.set(type, tlv.subarray(at + 4, at + 4 + length));
    at += 4 + length;
  }
  return found;
}

/** An extension's value decoded with its layout, or null when absent or too short. */
function decoded<T>(
  extensions: Map<number, Buffer>,
  type: ExtensionType,
  layout: { span: number; decode(buffer: Buffer): T },
): T | null {
  const data = extensions.get(type);
  return data !== undefined && data.length >= layout.span ? layout.decode(data) : null;
}

/** The warnings of one mint, most dangerous first. */
function warningsOf(address: Address, mint: Mint, tokens: TokenBook): TokenWarning[] {
  const name = tokenName(address, tokens);
  const warnings: TokenWarning[] = [];
  const add = (kind: TokenWarning['kind'], danger: boolean, sentence: string) =>
    warnings.push({ mint: address, kind, mustAcknowledge: danger, sentence });
  const extensions = extensionsOf(mint.tlvData);
  const delegate = decoded(
    extensions,
    ExtensionType.PermanentDelegate,
    PermanentDelegateLayout,
  )?.delegate;
  if (delegate && !delegate.equals(PublicKey.default)) {
    add(
      'permanent-delegate',
      true,
      `${name} has a permanent delegate (${shortAddress(delegate.toBase58())}): it can move or burn ${name} from any holder's account, yours included, at any time.`,
    );
  }
  const hook = decoded(extensions, ExtensionType.TransferHook, TransferHookLayout)?.programId;
  if (hook && !hook.equals(PublicKey.default)) {
    // Issue 35: name the hook program and say whether the wallet knows it.
    const known = knownHookProgram(hook.toBase58());
    add(
      'transfer-hook',
      true,
      `Every transfer of ${name} runs the program ${shortAddress(hook.toBase58())}, ${known === null ? 'which the wallet does not know' : `which the wallet knows as ${known}`}: it can refuse your transfers or make them do more than move tokens.`,
    );
  }
  const pausable = decoded(extensions, ExtensionType.PausableConfig, PausableConfigLayout);
  if (pausable && !pausable.authority.equals(PublicKey.default)) {
    add(
      'pause-authority',
      false,
      `${shortAddress(pausable.authority.toBase58())} can pause ${name}: while it is paused nobody can move it, you included${pausable.paused ? ' (it is paused now)' : ''}.`,
    );
  }
  const fee = decoded(extensions, ExtensionType.TransferFeeConfig, TransferFeeConfigLayout);
  const feeBps = Math.max(
    fee?.olderTransferFee.transferFeeBasisPoints ?? 0,
    fee?.newerTransferFee.transferFeeBasisPoints ?? 0,
  );
  if (feeBps > 0) {
    add(
      'transfer-fee',
      false,
      `${name} charges a transfer fee of up to ${feeBps / 100}% on every transfer: the receiving account gets less than the amount sent.`,
    );
  }
  if (extensions.has(ExtensionType.NonTransferable)) {
    add('non-transferable', false, `${name} cannot be transferred once it is in an account.`);
  }
  if (
    decoded(extensions, ExtensionType.DefaultAccountState, DefaultAccountStateLayout)?.state ===
    TokenAccountState.Frozen
  ) {
    add(
      'default-frozen',
      false,
      `New ${name} accounts start frozen: the issuer must unfreeze yours before you can move it.`,
    );
  }
  if (extensions.has(ExtensionType.ConfidentialTransferMint)) {
    add(
      'confidential-transfer',
      false,
      `${name} allows confidential transfers: some balances and amounts are hidden, so the wallet cannot show all of what moves.`,
    );
  }
  if (mint.freezeAuthority !== null) {
    add(
      'freeze-authority',
      false,
      `The issuer of ${name} can freeze your ${name} account, so that you cannot move it.`,
    );
  }
  if (mint.mintAuthority !== null) {
    add(
      'mint-authority',
      false,
      `The issuer of ${name} can still create more ${name}, which can lower what yours is worth.`,
    );
  }
  return warnings;
}

/**
 * The warnings of every token the transaction touches, from the states of their mints (read at
 * review time). Wrapped SOL has none.
 * @example tokenWarnings(mintStates, tokens).filter((w) => w.mustAcknowledge)
 */
export function tokenWarnings(
  mintStates: ReadonlyMap<string, AccountState | null>,
  tokens: TokenBook,
): TokenWarning[] {
  const warnings: TokenWarning[] = [];
  for (const [address, state] of mintStates) {
    if (state === null || address === NATIVE_MINT) continue;
    const mint = mintOf(address, state);
    if (mint !== null) warnings.push(...warningsOf(address as Address, mint, tokens));
  }
  return warnings.sort((a, b) => Number(b.mustAcknowledge) - Number(a.mustAcknowledge));
}
