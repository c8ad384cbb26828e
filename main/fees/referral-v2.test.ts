/**
 * The V2 referral encodings (issue 22 point 4) against `@jup-ag/referral-sdk` 0.3.0, the
 * oracle: the named referral account address, the V2 token account, and the instructions
 * initializeReferralAccountWithName, initializeReferralTokenAccountV2 and claimV2 compared byte
 * for byte (program, keys with their flags, data) with what the SDK builds. The SDK's own
 * `initializeReferralTokenAccountV2` and `initializeReferralAccountWithName` are called as
 * published; only its one network read (the mint's owner) is answered locally.
 */
import {
  Connection,
  Keypair,
  PublicKey,
  SystemProgram,
  type TransactionInstruction,
} from '@solana/web3.js';
import { ReferralProvider } from '@jup-ag/referral-sdk';
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import { isWalletError } from '../shared/errors';
import { MAINNET_MINTS } from '../../test/fixtures/mainnet-mints';
import { REFERRAL_PROGRAM } from './referral';
import {
  claimV2Instruction,
  decodeProject,
  decodeReferralAccount,
  initializeReferralAccountWithNameInstruction,
  initializeReferralTokenAccountV2Instruction,
  namedReferralAccount,
  referralTokenAccountV2,
  ULTRA_REFERRAL_PROJECT,
} from './referral-v2';

const { USDC, SOL, PYUSD } = MAINNET_MINTS;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const ATA_PROGRAM = new PublicKey('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL');
/** Mints under each token program: SPL Token (USDC, SOL) and Token-2022 (PYUSD). */
const MINTS_AND_PROGRAMS = [
  [USDC, TOKEN],
  [SOL, TOKEN],
  [PYUSD, TOKEN_2022],
] as const;

// The SDK reads the mint's owner before building initializeReferralTokenAccountV2; that one
// read is answered here (no network), everything else is the SDK's own code.
function sdkWithMintOwner(owner: Address): ReferralProvider {
  const connection = new Connection('http://127.0.0.1:9');
  connection.getAccountInfo = async () => ({
    owner: new PublicKey(owner),
    data: Buffer.alloc(82),
    lamports: 1,
    executable: false,
  });
  return new ReferralProvider(connection);
}
const sdk = sdkWithMintOwner(TOKEN);
const seeded = (n: number) => Keypair.fromSeed(new Uint8Array(32).fill(n)).publicKey;
const addr = (key: PublicKey) => key.toBase58() as Address;
const wire = (ix: TransactionInstruction) => ({
  programId: ix.programId.toBase58(),
  keys: ix.keys.map((k) => [k.pubkey.toBase58(), k.isSigner, k.isWritable]),
  data: Buffer.from(ix.data).toString('hex'),
});

describe('named referral accounts on the Ultra project', () => {
  it('derives the same address as the SDK for several names and projects', () => {
    const cases: [PublicKey, string][] = [
      [new PublicKey(ULTRA_REFERRAL_PROJECT), 'swapdesk'],
      [new PublicKey(ULTRA_REFERRAL_PROJECT), 'a'],
      [new PublicKey(ULTRA_REFERRAL_PROJECT), 'nineteen-characters'],
      [seeded(3), 'swapdesk'],
    ];
    const seen = new Set<string>();
    for (const [project, name] of cases) {
      const ours = namedReferralAccount(addr(project), name);
      const theirs = sdk.getReferralAccountWithNamePubKey({ projectPubKey: project, name });
      expect(ours).toBe(theirs.toBase58());
      seen.add(ours);
    }
    expect(seen.size).toBe(cases.length);
  });

  it('encodes initializeReferralAccountWithName as the SDK does', async () => {
    const payer = seeded(1);
    const partner = seeded(2);
    for (const name of ['swapdesk', 'ünïcödé-näme']) {
      const ours = initializeReferralAccountWithNameInstruction({
        payer: addr(payer),
        partner: addr(partner),
        name,
      });
      const { tx, referralAccountPubKey } = await sdk.initializeReferralAccountWithName({
        payerPubKey: payer,
        partnerPubKey: partner,
        projectPubKey: new PublicKey(ULTRA_REFERRAL_PROJECT),
        name,
      });
      expect(tx.instructions).toHaveLength(1);
      expect(wire(ours)).toEqual(wire(tx.instructions[0]!));
      expect(ours.keys[3]?.pubkey.toBase58()).toBe(referralAccountPubKey.toBase58());
    }
  });

  it('refuses a name the program would refuse, in words', () => {
    for (const name of ['', 'twenty-characters-xx']) {
      try {
        initializeReferralAccountWithNameInstruction({
          payer: addr(seeded(1)),
          partner: addr(seeded(2)),
          name,
        });
        expect.unreachable('accepted a bad name');
      } catch (error) {
        expect(isWalletError(error) && error.code).toBe('INVALID_REQUEST');
        expect((error as Error).message).toMatch(/1 to 19 characters/);
      }
    }
  });
});

describe('V2 referral token accounts', () => {
  it('is the referral account ATA, as the SDK derives it, under either token program', () => {
    const referral = seeded(4);
    for (const [mint, program] of MINTS_AND_PROGRAMS) {
      const theirs = sdk.getReferralTokenAccountPubKeyV2({
        referralAccountPubKey: referral,
        mint: new PublicKey(mint),
        tokenProgramId: new PublicKey(program),
      });
      expect(referralTokenAccountV2(addr(referral), mint, program)).toBe(theirs.toBase58());
    }
    // The V1 account (seeds "referral_ata") is another address: V2 is not V1 renamed.
    expect(referralTokenAccountV2(addr(referral), USDC)).not.toBe(
      sdk
        .getReferralTokenAccountPubKey({
          referralAccountPubKey: referral,
          mint: new PublicKey(USDC),
        })
        .toBase58(),
    );
  });

  it('encodes initializeReferralTokenAccountV2 as the SDK does (SPL Token and Token-2022)', async () => {
    const payer = seeded(5);
    const referral = seeded(6);
    for (const [mint, program] of MINTS_AND_PROGRAMS) {
      const ours = initializeReferralTokenAccountV2Instruction({
        payer: addr(payer),
        referralAccount: addr(referral),
        mint,
        tokenProgram: program,
      });
      const { tx, tokenAccount } = await sdkWithMintOwner(program).initializeReferralTokenAccountV2(
        {
          payerPubKey: payer,
          referralAccountPubKey: referral,
          mint: new PublicKey(mint),
        },
      );
      expect(tx.instructions).toHaveLength(1);
      expect(wire(ours)).toEqual(wire(tx.instructions[0]!));
      expect(ours.keys[1]?.pubkey.toBase58()).toBe(tokenAccount.toBase58());
      expect(ours.programId.equals(ATA_PROGRAM)).toBe(true);
    }
  });
});

describe('claimV2', () => {
  it('encodes claimV2 as the SDK IDL does, with the V2 token account and the IDL order', async () => {
    const payer = seeded(7);
    const referral = seeded(8);
    const partner = seeded(9);
    const project = new PublicKey(ULTRA_REFERRAL_PROJECT);
    const admin = seeded(10);
    for (const [mint, program] of [
      [USDC, TOKEN],
      [PYUSD, TOKEN_2022],
    ] as const) {
      const mintKey = new PublicKey(mint);
      const ata = (owner: PublicKey) =>
        sdk.getReferralTokenAccountPubKeyV2({
          referralAccountPubKey: owner,
          mint: mintKey,
          tokenProgramId: new PublicKey(program),
        });
      const ours = claimV2Instruction({
        payer: addr(payer),
        parties: {
          referralAccount: addr(referral),
          partner: addr(partner),
          project: addr(project),
          admin: addr(admin),
        },
        mint,
        tokenProgram: program,
      });
      // The SDK's claimV2 asks a remote fee service for a priority fee, so its instruction is
      // built here exactly as claimV2 builds it (same method, same accountsStrict).
      const theirs = await sdk['program'].methods
        .claimV2()
        .accountsStrict({
          payer,
          project,
          admin,
          projectAdminTokenAccount: ata(admin),
          referralAccount: referral,
          referralTokenAccount: ata(referral),
          partner,
          partnerTokenAccount: ata(partner),
          mint: mintKey,
          tokenProgram: new PublicKey(program),
          systemProgram: SystemProgram.programId,
          associatedTokenProgram: ATA_PROGRAM,
        })
        .instruction();
      expect(wire(ours)).toEqual(wire(theirs));
      expect(ours.programId.toBase58()).toBe(REFERRAL_PROGRAM);
    }
  });
});

describe('account layouts', () => {
  it('reads referral accounts and projects the SDK coder encodes', async () => {
    const coder = sdk['program'].coder.accounts;
    const partner = seeded(11);
    const named = await coder.encode('referralAccount', {
      partner,
      project: new PublicKey(ULTRA_REFERRAL_PROJECT),
      shareBps: 8000,
      name: 'swapdesk',
    });
    expect(decodeReferralAccount(named)).toEqual({
      partner: partner.toBase58(),
      project: ULTRA_REFERRAL_PROJECT,
      shareBps: 8000,
      name: 'swapdesk',
    });
    const unnamed = await coder.encode('referralAccount', {
      partner,
      project: seeded(12),
      shareBps: 5000,
      name: null,
    });
    expect(decodeReferralAccount(unnamed)?.name).toBeNull();
    const project = await coder.encode('project', {
      base: seeded(13),
      admin: seeded(14),
      name: 'Jupiter Ultra',
      defaultShareBps: 8000,
    });
    expect(decodeProject(project)).toEqual({
      base: seeded(13).toBase58(),
      admin: seeded(14).toBase58(),
      name: 'Jupiter Ultra',
      defaultShareBps: 8000,
    });
    // A project is not a referral account, and neither is a short or foreign buffer.
    expect(decodeReferralAccount(project)).toBeNull();
    expect(decodeProject(named)).toBeNull();
    expect(decodeReferralAccount(new Uint8Array(100))).toBeNull();
  });
});
