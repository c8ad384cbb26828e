import { describe, expect, it } from 'vitest';
import {
  AddressLookupTableAccount,
  ComputeBudgetProgram,
  Keypair,
  PublicKey,
  TransactionInstruction,
  TransactionMessage,
  type AccountMeta,
} from '@solana/web3.js';
import { sameShape, withInstructionData } from './recompile';

const key = () => Keypair.generate().publicKey;

/** A route-like list: compute budget first, then instructions over shared accounts. */
function instructions(payer: PublicKey, accounts: PublicKey[], limit: number, price: number) {
  const metas = (picks: number[]): AccountMeta[] =>
    picks.map((i, n) => ({ pubkey: accounts[i]!, isSigner: false, isWritable: n % 2 === 0 }));
  return [
    ComputeBudgetProgram.setComputeUnitLimit({ units: limit }),
    ComputeBudgetProgram.setComputeUnitPrice({ microLamports: price }),
    new TransactionInstruction({
      programId: accounts[0]!,
      keys: [{ pubkey: payer, isSigner: true, isWritable: true }, ...metas([1, 2, 3, 4])],
      data: Buffer.from([1, 2, 3]),
    }),
    new TransactionInstruction({
      programId: accounts[5]!,
      keys: metas([4, 3, 6, 7, 8]),
      data: Buffer.from([9, 9, 9, 9, 9, 9, 9, 9]),
    }),
  ];
}

describe('withInstructionData', () => {
  it('gives the bytes a fresh compile gives, inline and through a lookup table', () => {
    for (let run = 0; run < 20; run += 1) {
      const payer = key();
      const accounts = Array.from({ length: 9 }, key);
      const table = new AddressLookupTableAccount({
        key: key(),
        state: {
          deactivationSlot: BigInt('18446744073709551615'),
          lastExtendedSlot: 0,
          lastExtendedSlotStartIndex: 0,
          authority: undefined,
          addresses: accounts.slice(6),
        },
      });
      const blockhash = Keypair.generate().publicKey.toBase58();
      const compile = (list: TransactionInstruction[], tables: AddressLookupTableAccount[]) =>
        new TransactionMessage({
          payerKey: payer,
          recentBlockhash: blockhash,
          instructions: list,
        }).compileToV0Message(tables);
      for (const tables of [[], [table]]) {
        const first = instructions(payer, accounts, 1_400_000, 1000);
        const second = instructions(payer, accounts, 20_000 + run, 70_000 + run);
        expect(sameShape(first, second)).toBe(true);
        const reused = withInstructionData(compile(first, tables), second, blockhash);
        expect(Buffer.from(reused.serialize())).toEqual(
          Buffer.from(compile(second, tables).serialize()),
        );
        // The next request's: another blockhash too.
        const later = Keypair.generate().publicKey.toBase58();
        const again = withInstructionData(compile(first, tables), second, later);
        expect(Buffer.from(again.serialize())).toEqual(
          Buffer.from(
            new TransactionMessage({
              payerKey: payer,
              recentBlockhash: later,
              instructions: second,
            })
              .compileToV0Message(tables)
              .serialize(),
          ),
        );
      }
    }
  });
});

describe('sameShape', () => {
  const payer = key();
  const accounts = Array.from({ length: 9 }, key);
  const base = instructions(payer, accounts, 1_400_000, 1000);

  it('refuses another account, another flag, another length or another count', () => {
    const swapped = instructions(payer, accounts, 1_400_000, 1000);
    swapped[2]!.keys[1] = { ...swapped[2]!.keys[1]!, pubkey: key() };
    expect(sameShape(base, swapped)).toBe(false);

    const flag = instructions(payer, accounts, 1_400_000, 1000);
    flag[3]!.keys[0] = { ...flag[3]!.keys[0]!, isWritable: !flag[3]!.keys[0]!.isWritable };
    expect(sameShape(base, flag)).toBe(false);

    const longer = instructions(payer, accounts, 1_400_000, 1000);
    longer[3]!.data = Buffer.from([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(sameShape(base, longer)).toBe(false);

    expect(sameShape(base, base.slice(1))).toBe(false);

    const program = instructions(payer, accounts, 1_400_000, 1000);
    program[2]!.programId = key();
    expect(sameShape(base, program)).toBe(false);
  });
});
