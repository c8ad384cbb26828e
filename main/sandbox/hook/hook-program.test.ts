/**
 * The sandbox's HOOK token against the real hook program (SPL's transfer-hook example) on
 * litesvm: the validation account genesis writes is byte for byte what the program's own
 * InitializeExtraAccountMetaList writes, and a transfer carrying the accounts spl-token's
 * resolver finds runs the hook, while a plain one is refused.
 */
import {
  createAssociatedTokenAccountIdempotentInstruction,
  createInitializeMint2Instruction,
  createInitializeTransferHookInstruction,
  createMintToCheckedInstruction,
  createTransferCheckedInstruction,
  createTransferCheckedWithTransferHookInstruction,
  ExtensionType,
  getAssociatedTokenAddressSync,
  getMintLen,
  TOKEN_2022_PROGRAM_ID,
} from '@solana/spl-token';
import {
  Keypair,
  PublicKey,
  SystemProgram,
  TransactionInstruction,
  type Connection,
} from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { vmWithPayer } from '../../../test/fixtures/vm-payer';
import {
  extraAccountMetaListData,
  HOOK_PROGRAM_ID,
  hookTransferAccounts,
  initializeExtraAccountMetaListData,
  validationAddress,
} from './hook-program';

const P = TOKEN_2022_PROGRAM_ID;

function setup() {
  const { vm, payer, send } = vmWithPayer();
  const mint = Keypair.generate();
  const program = new PublicKey(HOOK_PROGRAM_ID);
  expect(
    send(
      [
        SystemProgram.createAccount({
          fromPubkey: payer.publicKey,
          newAccountPubkey: mint.publicKey,
          lamports: 100_000_000,
          space: getMintLen([ExtensionType.TransferHook]),
          programId: P,
        }),
        createInitializeTransferHookInstruction(mint.publicKey, payer.publicKey, program, P),
        createInitializeMint2Instruction(mint.publicKey, 6, payer.publicKey, null, P),
      ],
      [mint],
    ).ok,
  ).toBe(true);
  return { vm, payer, send, mint: mint.publicKey, program };
}

describe('the HOOK transfer hook on litesvm', () => {
  it('writes the validation account as the program itself does', () => {
    const { vm, payer, send, mint, program } = setup();
    const validation = validationAddress(mint.toBase58());
    const initialized = send([
      SystemProgram.transfer({
        fromPubkey: payer.publicKey,
        toPubkey: validation,
        lamports: 10_000_000,
      }),
      new TransactionInstruction({
        programId: program,
        data: initializeExtraAccountMetaListData(),
        keys: [
          { pubkey: validation, isSigner: false, isWritable: true },
          { pubkey: mint, isSigner: false, isWritable: false },
          { pubkey: payer.publicKey, isSigner: true, isWritable: false },
          { pubkey: SystemProgram.programId, isSigner: false, isWritable: false },
        ],
      }),
    ]);
    expect(initialized.logs).toContain('Program log: Instruction: InitializeExtraAccountMetaList');
    const account = vm.getAccount(validation.toBytes());
    expect(Buffer.from(account!.data())).toEqual(Buffer.from(extraAccountMetaListData()));
    expect(new PublicKey(account!.owner()).toBase58()).toBe(HOOK_PROGRAM_ID);

    // A transfer with the accounts spl-token resolves from the chain runs the hook...
    const source = getAssociatedTokenAddressSync(mint, payer.publicKey, false, P);
    const payee = Keypair.generate().publicKey;
    const destination = getAssociatedTokenAddressSync(mint, payee, false, P);
    send([
      createAssociatedTokenAccountIdempotentInstruction(
        payer.publicKey,
        source,
        payer.publicKey,
        mint,
        P,
      ),
      createAssociatedTokenAccountIdempotentInstruction(
        payer.publicKey,
        destination,
        payee,
        mint,
        P,
      ),
      createMintToCheckedInstruction(mint, source, payer.publicKey, 1_000n, 6, [], P),
    ]);
    const plain = send([
      createTransferCheckedInstruction(source, mint, destination, payer.publicKey, 5n, 6, [], P),
    ]);
    expect(plain.ok).toBe(false);
    const connection = {
      getAccountInfo: (key: PublicKey) => {
        const found = vm.getAccount(key.toBytes());
        return Promise.resolve(
          found && {
            data: Buffer.from(found.data()),
            owner: new PublicKey(found.owner()),
            lamports: Number(found.lamports()),
            executable: found.executable(),
          },
        );
      },
    } as unknown as Connection;
    return createTransferCheckedWithTransferHookInstruction(
      connection,
      source,
      mint,
      destination,
      payer.publicKey,
      5n,
      6,
      [],
      'confirmed',
      P,
    ).then((hooked) => {
      // ...and they are the accounts the sandbox's own fills append.
      expect(hooked.keys.slice(4)).toEqual(
        hookTransferAccounts(mint.toBase58(), payer.publicKey.toBase58()),
      );
      const ran = send([hooked]);
      expect(ran.ok).toBe(true);
      expect(ran.logs).toContain('Program log: In TransferHookInstruction::Execute, amount: 5');
      // Another sender's account list is refused by the hook itself.
      const wrong = createTransferCheckedInstruction(
        source,
        mint,
        destination,
        payer.publicKey,
        5n,
        6,
        [],
        P,
      );
      wrong.keys.push(...hookTransferAccounts(mint.toBase58(), payee.toBase58()));
      expect(send([wrong]).ok).toBe(false);
    });
  });
});
