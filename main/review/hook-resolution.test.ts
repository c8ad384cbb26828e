/**
 * The review's own resolution of a hook's extra accounts against @solana/spl-token's
 * (`getExtraAccountMetas` + `resolveExtraAccountMeta`, what `createTransferCheckedWithTransferHookInstruction`
 * uses), for every seed kind the interface has: literal, instruction data, account key,
 * account data, a fixed address and a PDA of another program.
 */
import { getExtraAccountMetas, resolveExtraAccountMeta } from '@solana/spl-token';
import { Keypair, PublicKey, type AccountMeta, type Connection } from '@solana/web3.js';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hookValidationAddress, resolveHookAccounts } from './hook-resolution';

const program = Keypair.generate().publicKey;
const [source, mint, destination, authority, fixed] = Array.from(
  { length: 5 },
  () => Keypair.generate().publicKey,
) as [PublicKey, PublicKey, PublicKey, PublicKey, PublicKey];

const seeds = (...parts: number[][]) => {
  const config = Buffer.alloc(32);
  Buffer.from(parts.flat()).copy(config);
  return config;
};
const literal = (text: string) => [1, text.length, ...Buffer.from(text)];
const meta = (kind: number, config: Buffer, signer = 0, writable = 0) =>
  Buffer.concat([Buffer.from([kind]), config, Buffer.from([signer, writable])]);

/** An ExtraAccountMetaList as the interface lays it out (see hook-program.ts in the sandbox). */
function list(entries: Buffer[]): Buffer {
  const body = Buffer.concat([Buffer.from(Uint32Array.of(entries.length).buffer), ...entries]);
  const discriminator = createHash('sha256')
    .update('spl-transfer-hook-interface:execute')
    .digest()
    .subarray(0, 8);
  return Buffer.concat([discriminator, Buffer.from(Uint32Array.of(body.length).buffer), body]);
}

describe('resolveHookAccounts', () => {
  it('agrees with spl-token on every kind of entry', async () => {
    // The destination's data holds a key at offset 32 (as a token account holds its owner).
    const destinationData = Buffer.alloc(165);
    authority.toBuffer().copy(destinationData, 32);
    const entries = [
      meta(1, seeds(literal('swapdesk-hook'), [3, 1])),
      meta(1, seeds(literal('sender'), [3, 3]), 0, 1),
      meta(0, fixed.toBuffer()),
      meta(1, seeds([2, 8, 8])), // the amount's 8 bytes of Execute data
      meta(1, seeds([4, 2, 32, 32])), // 32 bytes of the destination's data
      meta(128 + 5, seeds(literal('other'))), // a PDA of the account at index 5
    ];
    const validation = hookValidationAddress(mint.toBase58(), program.toBase58());
    const data = list(entries);
    const states = new Map<string, Buffer>([
      [validation, data],
      [destination.toBase58(), destinationData],
    ]);
    const connection = {
      getAccountInfo: (key: PublicKey) =>
        Promise.resolve(
          states.has(key.toBase58())
            ? { data: states.get(key.toBase58())!, owner: program, lamports: 1, executable: false }
            : null,
        ),
    } as unknown as Connection;
    const amount = 123_456n;
    const execute = Buffer.alloc(16);
    createHash('sha256')
      .update('spl-transfer-hook-interface:execute')
      .digest()
      .copy(execute, 0, 0, 8);
    execute.writeBigUInt64LE(amount, 8);
    const previous: AccountMeta[] = [
      source,
      mint,
      destination,
      authority,
      new PublicKey(validation),
    ].map((pubkey) => ({ pubkey, isSigner: false, isWritable: false }));
    const theirs: AccountMeta[] = [];
    for (const entry of getExtraAccountMetas({
      data,
      owner: program,
      lamports: 1,
      executable: false,
    })) {
      const resolved = await resolveExtraAccountMeta(connection, entry, previous, execute, program);
      previous.push(resolved);
      theirs.push(resolved);
    }
    const ours = resolveHookAccounts({
      program: program.toBase58(),
      validation: { address: validation, data },
      transfer: {
        source: source.toBase58(),
        mint: mint.toBase58(),
        destination: destination.toBase58(),
        authority: authority.toBase58(),
      },
      amount,
      dataOf: (address) => states.get(address) ?? null,
    });
    expect(ours).toEqual(
      theirs.map((m) => ({
        address: m.pubkey.toBase58(),
        signer: m.isSigner,
        writable: m.isWritable,
      })),
    );
    expect(ours).toHaveLength(6);
  });

  it('throws on a list that does not fit its count', () => {
    const validation = hookValidationAddress(mint.toBase58(), program.toBase58());
    const data = list([meta(0, fixed.toBuffer())]).subarray(0, 30);
    expect(() =>
      resolveHookAccounts({
        program: program.toBase58(),
        validation: { address: validation, data },
        transfer: { source: '', mint: '', destination: '', authority: '' },
        amount: 1n,
        dataOf: () => null,
      }),
    ).toThrow();
  });
});
