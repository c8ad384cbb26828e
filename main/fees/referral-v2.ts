/**
 * The referral program as the swap API v2's `/order` uses it (issue 22 point 4): the
 * integrator's *named* referral account on Jupiter's Ultra referral project, its token accounts
 * (V2: the associated token account of the referral account, as the referral SDK's
 * `initializeReferralTokenAccountV2` creates them), and `claimV2`. Written from the IDL that
 * `@jup-ag/referral-sdk` 0.3.0 ships and from that SDK's V2 functions, which are the oracle of
 * referral-v2.test.ts byte for byte; the SDK itself is not shipped (it pins old anchor and
 * spl-token versions), so the app carries these few lines.
 *
 * Layouts (Anchor, 8-byte account discriminator first):
 *   Project { base: Pubkey, admin: Pubkey, name: String, default_share_bps: u16 }
 *   ReferralAccount { partner: Pubkey, project: Pubkey, share_bps: u16, name: Option<String> }
 */
import { createHash } from 'node:crypto';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import {
  createAssociatedTokenAccountIdempotentInstruction,
  getAssociatedTokenAddressSync,
} from '@solana/spl-token';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { anchorDiscriminator, claimPartyKeys, REFERRAL_PROGRAM } from './referral';

/** Jupiter's Ultra referral project: the project `/order`'s referral fees are paid under. */
export const ULTRA_REFERRAL_PROJECT = 'DkiqsTrw1u1bYFumumC7sCG2S8K25qc2vemJFHyW2wJc' as Address;

/** The program refuses a name of 20 characters or more (`NameTooLong`, error 6002). */
export const MAX_REFERRAL_NAME_CHARS = 19;

const key = (address: string, isSigner: boolean, isWritable: boolean) => ({
  pubkey: new PublicKey(address),
  isSigner,
  isWritable,
});

/**
 * The name of a named referral account, checked as the program checks it (1 to 19 characters;
 * a seed is at most 32 bytes, so at most 32 bytes of UTF-8 too). Throws INVALID_REQUEST in words.
 */
export function assertReferralName(name: string): string {
  const chars = [...name].length;
  if (chars === 0 || chars > MAX_REFERRAL_NAME_CHARS || Buffer.byteLength(name, 'utf8') > 32) {
    throw new WalletError(
      'INVALID_REQUEST',
      `A referral account name has 1 to ${MAX_REFERRAL_NAME_CHARS} characters (at most 32 bytes); "${name.slice(0, 40)}" does not fit. Choose a shorter name, such as your app's.`,
    );
  }
  return name;
}

/**
 * The named referral account of `name` under `project`: the program address of seeds
 * ["referral", project, name]. Its address is known before it exists.
 *
 * @example namedReferralAccount(ULTRA_REFERRAL_PROJECT, 'swapdesk')
 */
export function namedReferralAccount(project: Address, name: string): Address {
  const [address] = PublicKey.findProgramAddressSync(
    [Buffer.from('referral'), new PublicKey(project).toBuffer(), Buffer.from(name)],
    new PublicKey(REFERRAL_PROGRAM),
  );
  return address.toBase58() as Address;
}

/**
 * The V2 referral token account of (referral account, mint): the referral account's
 * associated token account under the mint's token program. `/order` pays referral fees here.
 */
export function referralTokenAccountV2(
  referralAccount: Address,
  mint: Address,
  tokenProgram: Address = TOKEN_PROGRAM as Address,
): Address {
  return getAssociatedTokenAddressSync(
    new PublicKey(mint),
    new PublicKey(referralAccount),
    true,
    new PublicKey(tokenProgram),
  ).toBase58() as Address;
}

/** Borsh `String`: u32 little-endian byte length, then the UTF-8 bytes. */
function borshString(text: string): Buffer {
  const bytes = Buffer.from(text, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32LE(bytes.length);
  return Buffer.concat([length, bytes]);
}

/**
 * initializeReferralAccountWithName: creates the named referral account (rent paid by `payer`;
 * fees are claimed to `partner`, who need not sign). Accounts and data in the IDL's order.
 */
export function initializeReferralAccountWithNameInstruction(input: {
  payer: Address;
  partner: Address;
  name: string;
  project?: Address;
}): TransactionInstruction {
  const project = input.project ?? ULTRA_REFERRAL_PROJECT;
  const name = assertReferralName(input.name);
  return new TransactionInstruction({
    programId: new PublicKey(REFERRAL_PROGRAM),
    keys: [
      key(input.payer, true, true),
      key(input.partner, false, false),
      key(project, false, false),
      key(namedReferralAccount(project, name), false, true),
      key(SystemProgram.programId.toBase58(), false, false),
    ],
    data: Buffer.concat([
      anchorDiscriminator('initialize_referral_account_with_name'),
      borshString(name),
    ]),
  });
}

/**
 * initializeReferralTokenAccountV2 as the SDK builds it: an idempotent creation of the
 * referral account's associated token account of `mint` (no referral program instruction).
 */
export function initializeReferralTokenAccountV2Instruction(input: {
  payer: Address;
  referralAccount: Address;
  mint: Address;
  tokenProgram?: Address;
}): TransactionInstruction {
  const tokenProgram = input.tokenProgram ?? (TOKEN_PROGRAM as Address);
  return createAssociatedTokenAccountIdempotentInstruction(
    new PublicKey(input.payer),
    new PublicKey(referralTokenAccountV2(input.referralAccount, input.mint, tokenProgram)),
    new PublicKey(input.referralAccount),
    new PublicKey(input.mint),
    new PublicKey(tokenProgram),
  );
}

/** What a claim needs from the referral and project accounts on chain. */
export interface ClaimV2Parties {
  referralAccount: Address;
  partner: Address;
  project: Address;
  admin: Address;
}

/**
 * claimV2: moves the V2 referral token account's balance, `share_bps` of it to the partner's
 * associated token account and the rest to the project admin's (the program opens either when
 * missing, paid by `payer`). Accounts in the IDL's order (system, token, associated token).
 */
export function claimV2Instruction(input: {
  payer: Address;
  parties: ClaimV2Parties;
  mint: Address;
  tokenProgram?: Address;
}): TransactionInstruction {
  const { parties, mint } = input;
  const tokenProgram = input.tokenProgram ?? (TOKEN_PROGRAM as Address);
  const ata = (owner: Address) => referralTokenAccountV2(owner, mint, tokenProgram);
  return new TransactionInstruction({
    programId: new PublicKey(REFERRAL_PROGRAM),
    keys: [
      ...claimPartyKeys(input.payer, parties, ata, ata(parties.referralAccount)),
      key(mint, false, false),
      key(SystemProgram.programId.toBase58(), false, false),
      key(tokenProgram, false, false),
      key(ASSOCIATED_TOKEN_PROGRAM, false, false),
    ],
    data: anchorDiscriminator('claim_v2'),
  });
}

/** The 8-byte Anchor account discriminator: sha256("account:<Name>")[0..8]. */
export function accountDiscriminator(name: string): Buffer {
  return createHash('sha256').update(`account:${name}`).digest().subarray(0, 8);
}

function readString(data: Uint8Array, offset: number): { text: string; end: number } | null {
  if (data.length < offset + 4) return null;
  const length = Buffer.from(data.buffer, data.byteOffset, data.byteLength).readUInt32LE(offset);
  if (data.length < offset + 4 + length) return null;
  const text = Buffer.from(data.subarray(offset + 4, offset + 4 + length)).toString('utf8');
  return { text, end: offset + 4 + length };
}

export interface ReferralAccountV2 {
  partner: Address;
  project: Address;
  /** The partner's share of what is claimed (the rest goes to the project's admin). */
  shareBps: number;
  name: string | null;
}

/** ReferralAccount, discriminator checked; null when the data is not one. */
export function decodeReferralAccount(data: Uint8Array): ReferralAccountV2 | null {
  if (data.length < 75) return null;
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (!bytes.subarray(0, 8).equals(accountDiscriminator('ReferralAccount'))) return null;
  const hasName = bytes[74] === 1;
  const name = hasName ? readString(bytes, 75) : null;
  if (hasName && name === null) return null;
  return {
    partner: new PublicKey(bytes.subarray(8, 40)).toBase58() as Address,
    project: new PublicKey(bytes.subarray(40, 72)).toBase58() as Address,
    shareBps: bytes.readUInt16LE(72),
    name: name?.text ?? null,
  };
}

export interface ReferralProject {
  base: Address;
  admin: Address;
  name: string;
  defaultShareBps: number;
}

/** Project, discriminator checked; null when the data is not one. */
export function decodeProject(data: Uint8Array): ReferralProject | null {
  const bytes = Buffer.from(data.buffer, data.byteOffset, data.byteLength);
  if (bytes.length < 76 || !bytes.subarray(0, 8).equals(accountDiscriminator('Project'))) {
    return null;
  }
  const name = readString(bytes, 72);
  if (name === null || bytes.length < name.end + 2) return null;
  return {
    base: new PublicKey(bytes.subarray(8, 40)).toBase58() as Address,
    admin: new PublicKey(bytes.subarray(40, 72)).toBase58() as Address,
    name: name.text,
    defaultShareBps: bytes.readUInt16LE(name.end),
  };
}
