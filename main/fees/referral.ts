/**
 * The referral program (Jupiter's fee-account program): the address of a referral fee token
 * account and the two instructions the wallet sends to it. Written from the program's IDL as
 * `@jup-ag/referral-sdk` 0.3.0 ships it (that SDK is the oracle in referral.test.ts); the SDK
 * itself pins old anchor / spl-token versions, so the app carries these few lines instead.
 *
 * Anchor encodes an instruction as sha256("global:<snake_case name>")[0..8] followed by its
 * arguments; neither instruction here takes any.
 */
import { createHash } from 'node:crypto';
import { PublicKey, SystemProgram, TransactionInstruction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ASSOCIATED_TOKEN_PROGRAM, TOKEN_PROGRAM } from '../review/program-ids';
import type { Address } from '../shared/address';

export const REFERRAL_PROGRAM = 'REFER4ZgmyYx9c6He5XfaTMiGfdLwRnkV4RPp9t9iF3' as Address;
/** Jupiter's swap project account in the referral program. */
export const JUPITER_PROJECT = '45ruCyfdRkWpRNGEqWzjCiXRHkZs8WXCLQ67Pnpye7Hp' as Address;

/**
 * The 8-byte Anchor discriminator of an instruction.
 * @example anchorDiscriminator('claim') // sha256('global:claim')[0..8]
 */
export function anchorDiscriminator(snakeCaseName: string): Buffer {
  return createHash('sha256').update(`global:${snakeCaseName}`).digest().subarray(0, 8);
}

/**
 * The referral fee token account of (referral account, mint): the program-derived address of
 * seeds ["referral_ata", referral account, mint].
 *
 * @example referralTokenAccount(referral, usdcMint) // '...'
 */
export function referralTokenAccount(referralAccount: Address, mint: Address): Address {
  const [address] = PublicKey.findProgramAddressSync(
    [
      Buffer.from('referral_ata'),
      new PublicKey(referralAccount).toBuffer(),
      new PublicKey(mint).toBuffer(),
    ],
    new PublicKey(REFERRAL_PROGRAM),
  );
  return address.toBase58() as Address;
}

const key = (address: string, isSigner: boolean, isWritable: boolean) => ({
  pubkey: new PublicKey(address),
  isSigner,
  isWritable,
});

/**
 * initializeReferralTokenAccount: creates the referral token account of `mint` (authority: the
 * project). Accounts in the IDL's order; no arguments.
 */
export function initializeReferralTokenAccountInstruction(input: {
  payer: Address;
  referralAccount: Address;
  mint: Address;
  project?: Address;
  tokenProgram?: Address;
}): TransactionInstruction {
  return new TransactionInstruction({
    programId: new PublicKey(REFERRAL_PROGRAM),
    keys: [
      key(input.payer, true, true),
      key(input.project ?? JUPITER_PROJECT, false, false),
      key(input.referralAccount, false, false),
      key(referralTokenAccount(input.referralAccount, input.mint), false, true),
      key(input.mint, false, false),
      key(SystemProgram.programId.toBase58(), false, false),
      key(input.tokenProgram ?? TOKEN_PROGRAM, false, false),
    ],
    data: anchorDiscriminator('initialize_referral_token_account'),
  });
}

/** What a claim needs from the referral and project accounts on chain. */
export interface ClaimParties {
  referralAccount: Address;
  /** ReferralAccount.partner: whose associated token account receives the fees. */
  partner: Address;
  /** ReferralAccount.project. */
  project: Address;
  /** Project.admin: whose associated token account receives the project's share. */
  admin: Address;
}

/**
 * The accounts claim and claimV2 both open with, in both IDLs' order: the payer (signer), the
 * project, its admin and the admin's token account, the referral account and its fee token
 * account, the partner and the partner's token account (token accounts writable).
 */
export function claimPartyKeys(
  payer: Address,
  parties: ClaimParties,
  ata: (owner: Address) => string,
  referralToken: Address,
): { pubkey: PublicKey; isSigner: boolean; isWritable: boolean }[] {
  return [
    key(payer, true, true),
    key(parties.project, false, false),
    key(parties.admin, false, false),
    key(ata(parties.admin), false, true),
    key(parties.referralAccount, false, false),
    key(referralToken, false, true),
    key(parties.partner, false, false),
    key(ata(parties.partner), false, true),
  ];
}

/**
 * claim: moves the referral token account's balance to the partner's associated token account,
 * the project's share to the admin's. Accounts in the IDL's order; no arguments.
 */
export function claimInstruction(input: {
  payer: Address;
  parties: ClaimParties;
  mint: Address;
  tokenProgram?: Address;
}): TransactionInstruction {
  const { parties, mint } = input;
  const tokenProgram = new PublicKey(input.tokenProgram ?? TOKEN_PROGRAM);
  const ata = (owner: Address) =>
    getAssociatedTokenAddressSync(
      new PublicKey(mint),
      new PublicKey(owner),
      true,
      tokenProgram,
    ).toBase58();
  return new TransactionInstruction({
    programId: new PublicKey(REFERRAL_PROGRAM),
    keys: [
      ...claimPartyKeys(
        input.payer,
        parties,
        ata,
        referralTokenAccount(parties.referralAccount, mint),
      ),
      key(mint, false, false),
      key(ASSOCIATED_TOKEN_PROGRAM, false, false),
      key(SystemProgram.programId.toBase58(), false, false),
      key(tokenProgram.toBase58(), false, false),
    ],
    data: anchorDiscriminator('claim'),
  });
}

/**
 * ReferralAccount {partner, project, ...} from its Anchor layout (8-byte discriminator first);
 * null when the data is too short to be one.
 */
export function readReferralAccount(
  data: Uint8Array,
): { partner: Address; project: Address } | null {
  if (data.length < 72) return null;
  return {
    partner: new PublicKey(data.subarray(8, 40)).toBase58() as Address,
    project: new PublicKey(data.subarray(40, 72)).toBase58() as Address,
  };
}

/** Project {base, admin, ...}: its admin, or null when the data is too short to be one. */
export function readProjectAdmin(data: Uint8Array): Address | null {
  if (data.length < 72) return null;
  return new PublicKey(data.subarray(40, 72)).toBase58() as Address;
}
