/**
 * The referral program encodings against `@jup-ag/referral-sdk` 0.3.0 (the oracle): the fee
 * token account address for several referral accounts and mints, and the data and account
 * lists of initializeReferralTokenAccount and claim as the SDK's Anchor program encodes them
 * from its IDL.
 */
import { Connection, Keypair, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import { getAssociatedTokenAddressSync } from '@solana/spl-token';
import { ReferralProvider } from '@jup-ag/referral-sdk';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import {
  anchorDiscriminator,
  claimInstruction,
  initializeReferralTokenAccountInstruction,
  JUPITER_PROJECT,
  readProjectAdmin,
  readReferralAccount,
  REFERRAL_PROGRAM,
  referralTokenAccount,
} from './referral';

// No request is made: derivation and instruction building are local in the SDK.
const sdk = new ReferralProvider(new Connection('http://127.0.0.1:9'));
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const SOL = 'So11111111111111111111111111111111111111112' as Address;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA';

const seeded = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
const keysOf = (ix: TransactionInstruction) =>
  ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]);

describe('referral fee token accounts', () => {
  it('derives the same address as the SDK for several referral accounts and mints', () => {
    const referrals = [seeded(1), seeded(2), seeded(200), new PublicKey(JUPITER_PROJECT)];
    const mints = [new PublicKey(USDC), new PublicKey(SOL), seeded(7)];
    let compared = 0;
    for (const referral of referrals) {
      for (const mint of mints) {
        const ours = referralTokenAccount(
          referral.toBase58() as Address,
          mint.toBase58() as Address,
        );
        const theirs = sdk
          .getReferralTokenAccountPubKey({ referralAccountPubKey: referral, mint })
          .toBase58();
        expect(ours).toBe(theirs);
        compared++;
      }
    }
    expect(compared).toBe(12);
    // Different inputs give different accounts (the vectors are not all one value).
    expect(referralTokenAccount(seeded(1).toBase58() as Address, USDC)).not.toBe(
      referralTokenAccount(seeded(2).toBase58() as Address, USDC),
    );
    expect(sdk['program'].programId.toBase58()).toBe(REFERRAL_PROGRAM);
  });

  it('encodes initializeReferralTokenAccount as the SDK IDL does', async () => {
    const payer = seeded(3);
    const referral = seeded(4);
    const ours = initializeReferralTokenAccountInstruction({
      payer: payer.toBase58() as Address,
      referralAccount: referral.toBase58() as Address,
      mint: USDC,
    });
    const theirs = await sdk['program'].methods
      .initializeReferralTokenAccount()
      .accountsStrict({
        payer,
        project: new PublicKey(JUPITER_PROJECT),
        referralAccount: referral,
        referralTokenAccount: sdk.getReferralTokenAccountPubKey({
          referralAccountPubKey: referral,
          mint: new PublicKey(USDC),
        }),
        mint: new PublicKey(USDC),
        systemProgram: new PublicKey('11111111111111111111111111111111'),
        tokenProgram: new PublicKey(TOKEN),
      })
      .instruction();
    expect(Buffer.from(ours.data).toString('hex')).toBe(Buffer.from(theirs.data).toString('hex'));
    expect(ours.data).toHaveLength(8);
    expect(keysOf(ours)).toEqual(keysOf(theirs));
    expect(ours.programId.toBase58()).toBe(theirs.programId.toBase58());
  });

  it('encodes claim as the SDK IDL does, accounts in the IDL order', async () => {
    const payer = seeded(5);
    const referral = seeded(6);
    const partner = seeded(8);
    const project = seeded(9);
    const admin = seeded(10);
    const mint = new PublicKey(USDC);
    const ata = (owner: PublicKey) => getAssociatedTokenAddressSync(mint, owner, true);
    const ours = claimInstruction({
      payer: payer.toBase58() as Address,
      parties: {
        referralAccount: referral.toBase58() as Address,
        partner: partner.toBase58() as Address,
        project: project.toBase58() as Address,
        admin: admin.toBase58() as Address,
      },
      mint: USDC,
    });
    const theirs = await sdk['program'].methods
      .claim()
      .accountsStrict({
        payer,
        project,
        admin,
        projectAdminTokenAccount: ata(admin),
        referralAccount: referral,
        referralTokenAccount: sdk.getReferralTokenAccountPubKey({
          referralAccountPubKey: referral,
          mint,
        }),
        partner,
        partnerTokenAccount: ata(partner),
        mint,
        associatedTokenProgram: new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
        systemProgram: new PublicKey('11111111111111111111111111111111'),
        tokenProgram: new PublicKey(TOKEN),
      })
      .instruction();
    expect(Buffer.from(ours.data).toString('hex')).toBe(Buffer.from(theirs.data).toString('hex'));
    expect(keysOf(ours)).toEqual(keysOf(theirs));
    expect(Buffer.from(ours.data)).toEqual(anchorDiscriminator('claim'));
  });

  it('reads the partner, project and admin from accounts the SDK coder encodes', async () => {
    const partner = seeded(11);
    const project = seeded(12);
    const admin = seeded(13);
    const referralData = await sdk['program'].coder.accounts.encode('referralAccount', {
      partner,
      project,
      shareBps: 5000,
      name: 'swapdesk',
    });
    const projectData = await sdk['program'].coder.accounts.encode('project', {
      base: seeded(14),
      admin,
      name: 'p',
      defaultShareBps: 5000,
    });
    expect(readReferralAccount(referralData)).toEqual({
      partner: partner.toBase58(),
      project: project.toBase58(),
    });
    expect(readProjectAdmin(projectData)).toBe(admin.toBase58());
    expect(readReferralAccount(new Uint8Array(10))).toBeNull();
  });
});
