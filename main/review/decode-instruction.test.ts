import { describe, expect, it } from 'vitest';
import {
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
} from '@solana/web3.js';
import {
  AuthorityType,
  createApproveCheckedInstruction,
  createApproveInstruction,
  createAssociatedTokenAccountIdempotentInstruction,
  createAssociatedTokenAccountInstruction,
  createBurnCheckedInstruction,
  createBurnInstruction,
  createCloseAccountInstruction,
  createFreezeAccountInstruction,
  createInitializeAccount3Instruction,
  createInitializeAccountInstruction,
  createMintToCheckedInstruction,
  createRevokeInstruction,
  createSetAuthorityInstruction,
  createSyncNativeInstruction,
  createTransferCheckedInstruction,
  createTransferInstruction,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import { decodeInstruction } from './decode-instruction';
import type { DecodedInstruction } from './types';

const [a, b, c, d] = Array.from({ length: 4 }, () => Keypair.generate().publicKey) as [
  PublicKey,
  PublicKey,
  PublicKey,
  PublicKey,
];
const s = (key: PublicKey) => key.toBase58();

function decode(instruction: TransactionInstruction): DecodedInstruction {
  return decodeInstruction(
    s(instruction.programId),
    new Uint8Array(instruction.data),
    instruction.keys.map((k) => s(k.pubkey) as never),
  );
}

describe('System', () => {
  it('decodes transfer and createAccount', () => {
    expect(
      decode(SystemProgram.transfer({ fromPubkey: a, toPubkey: b, lamports: 1_234_567 })),
    ).toEqual({ kind: 'systemTransfer', from: s(a), to: s(b), lamports: 1_234_567n });
    expect(
      decode(
        SystemProgram.createAccount({
          fromPubkey: a,
          newAccountPubkey: b,
          lamports: 2_039_280,
          space: 165,
          programId: c,
        }),
      ),
    ).toEqual({
      kind: 'systemCreateAccount',
      from: s(a),
      newAccount: s(b),
      lamports: 2_039_280n,
      space: 165n,
      owner: s(c),
    });
  });

  it('decodes assign and names the others', () => {
    expect(decode(SystemProgram.assign({ accountPubkey: a, programId: c }))).toEqual({
      kind: 'systemAssign',
      account: s(a),
      owner: s(c),
    });
    expect(decode(SystemProgram.allocate({ accountPubkey: a, space: 10 }))).toEqual({
      kind: 'other',
      name: 'allocate',
    });
  });
});

describe('Compute Budget', () => {
  it('decodes the unit limit and the unit price', () => {
    expect(decode(ComputeBudgetProgram.setComputeUnitLimit({ units: 345_678 }))).toEqual({
      kind: 'computeUnitLimit',
      units: 345_678,
    });
    expect(decode(ComputeBudgetProgram.setComputeUnitPrice({ microLamports: 98_765n }))).toEqual({
      kind: 'computeUnitPrice',
      microLamports: 98_765n,
    });
    expect(decode(ComputeBudgetProgram.requestHeapFrame({ bytes: 64 * 1024 }))).toEqual({
      kind: 'other',
      name: 'requestHeapFrame',
    });
  });
});

describe.each([
  ['SPL Token', undefined],
  ['Token-2022', TOKEN_2022_PROGRAM_ID],
] as const)('%s', (_name, program) => {
  it('decodes transfer and transferChecked with amount, accounts and mint', () => {
    expect(decode(createTransferInstruction(a, b, c, 5_000_000n, [], program))).toEqual({
      kind: 'tokenTransfer',
      source: s(a),
      destination: s(b),
      authority: s(c),
      amount: 5_000_000n,
    });
    expect(
      decode(createTransferCheckedInstruction(a, d, b, c, (1n << 64n) - 1n, 6, [], program)),
    ).toEqual({
      kind: 'tokenTransfer',
      source: s(a),
      mint: s(d),
      destination: s(b),
      authority: s(c),
      amount: (1n << 64n) - 1n,
      decimals: 6,
    });
  });

  it('decodes approve, approveChecked and revoke', () => {
    expect(decode(createApproveInstruction(a, b, c, 7n, [], program))).toEqual({
      kind: 'tokenApprove',
      source: s(a),
      delegate: s(b),
      owner: s(c),
      amount: 7n,
    });
    expect(decode(createApproveCheckedInstruction(a, d, b, c, 7n, 9, [], program))).toEqual({
      kind: 'tokenApprove',
      source: s(a),
      mint: s(d),
      delegate: s(b),
      owner: s(c),
      amount: 7n,
    });
    expect(decode(createRevokeInstruction(a, c, [], program))).toEqual({
      kind: 'tokenRevoke',
      source: s(a),
      owner: s(c),
    });
  });

  it('decodes setAuthority with and without a new authority', () => {
    expect(
      decode(createSetAuthorityInstruction(a, c, AuthorityType.AccountOwner, b, [], program)),
    ).toEqual({
      kind: 'tokenSetAuthority',
      account: s(a),
      currentAuthority: s(c),
      authorityType: 'AccountOwner',
      newAuthority: s(b),
    });
    expect(
      decode(createSetAuthorityInstruction(a, c, AuthorityType.CloseAccount, null, [], program)),
    ).toMatchObject({ authorityType: 'CloseAccount', newAuthority: null });
  });

  it('decodes closeAccount, syncNative, initializeAccount (1 and 3), burn and mintTo', () => {
    expect(decode(createCloseAccountInstruction(a, b, c, [], program))).toEqual({
      kind: 'tokenCloseAccount',
      account: s(a),
      destination: s(b),
      owner: s(c),
    });
    expect(decode(createSyncNativeInstruction(a, program))).toEqual({
      kind: 'tokenSyncNative',
      account: s(a),
    });
    expect(decode(createInitializeAccountInstruction(a, d, c, program))).toEqual({
      kind: 'tokenInitializeAccount',
      account: s(a),
      mint: s(d),
      owner: s(c),
    });
    expect(decode(createInitializeAccount3Instruction(a, d, c, program))).toEqual({
      kind: 'tokenInitializeAccount',
      account: s(a),
      mint: s(d),
      owner: s(c),
    });
    expect(decode(createBurnInstruction(a, d, c, 3n, [], program))).toEqual({
      kind: 'tokenBurn',
      account: s(a),
      mint: s(d),
      owner: s(c),
      amount: 3n,
    });
    expect(decode(createBurnCheckedInstruction(a, d, c, 3n, 2, [], program))).toMatchObject({
      kind: 'tokenBurn',
      amount: 3n,
    });
    expect(decode(createMintToCheckedInstruction(d, a, c, 11n, 2, [], program))).toEqual({
      kind: 'tokenMintTo',
      mint: s(d),
      destination: s(a),
      amount: 11n,
    });
  });

  it('names other shared instructions and refuses to guess at short ones', () => {
    expect(decode(createFreezeAccountInstruction(a, d, c, [], program))).toEqual({
      kind: 'other',
      name: 'freezeAccount',
    });
    const truncated = createTransferInstruction(a, b, c, 5n, [], program);
    truncated.data = truncated.data.subarray(0, 5);
    expect(decode(truncated)).toEqual({ kind: 'unknown' });
    const fewAccounts = createTransferCheckedInstruction(a, d, b, c, 5n, 6, [], program);
    fewAccounts.keys = fewAccounts.keys.slice(0, 2);
    expect(decode(fewAccounts)).toEqual({ kind: 'unknown' });
  });
});

describe('Associated Token Account', () => {
  it('decodes create and createIdempotent', () => {
    const owner = a;
    const mint = d;
    expect(decode(createAssociatedTokenAccountInstruction(b, c, owner, mint))).toMatchObject({
      kind: 'ataCreate',
      idempotent: false,
      payer: s(b),
      account: s(c),
      owner: s(owner),
      mint: s(mint),
    });
    expect(
      decode(
        createAssociatedTokenAccountIdempotentInstruction(b, c, owner, mint, TOKEN_2022_PROGRAM_ID),
      ),
    ).toEqual({
      kind: 'ataCreate',
      idempotent: true,
      payer: s(b),
      account: s(c),
      owner: s(owner),
      mint: s(mint),
      tokenProgram: s(TOKEN_2022_PROGRAM_ID),
    });
  });
});

describe('Memo', () => {
  const memo = (data: Buffer) =>
    new TransactionInstruction({
      programId: new PublicKey('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
      keys: [],
      data,
    });
  it('decodes the text, and refuses invalid UTF-8 as the program does', () => {
    expect(decode(memo(Buffer.from('Raydium CLMM FZ4pEceS ✓')))).toEqual({
      kind: 'memo',
      text: 'Raydium CLMM FZ4pEceS ✓',
    });
    expect(decode(memo(Buffer.from([0xff, 0xfe])))).toEqual({ kind: 'unknown' });
  });
});

describe('other programs', () => {
  it('knows Jupiter and lookup tables by name only, and nothing else', () => {
    const jup = new TransactionInstruction({
      programId: new PublicKey('JUP6LkbZbjS1jKKwapdHNy74zcZ3tLUZoi5QNyVTaV4'),
      keys: [],
      data: Buffer.from([1]),
    });
    expect(decode(jup)).toEqual({ kind: 'other', name: 'swap' });
    expect(
      decode(new TransactionInstruction({ programId: a, keys: [], data: Buffer.from([3]) })),
    ).toEqual({ kind: 'unknown' });
  });
});
