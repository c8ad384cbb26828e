/**
 * A fee claim of a Token-2022 mint with a transfer hook carries the hook's extra accounts
 * (issue 35). claimV2 moves the referral token account's balance with the referral program's own
 * TransferChecked (partner's share, then the admin's); Token-2022 finds the hook's accounts by
 * address among those the program was given, so the wallet appends, after claimV2's own
 * accounts, the accounts the chain's ExtraAccountMetaList resolves to for each of those two
 * transfers: resolved with @solana/spl-token's `addExtraAccountMetasForExecute` (what
 * `createTransferCheckedWithTransferHookInstruction` does) from the chain, for this claim, never
 * remembered. A paused mint is refused before anything is built (nothing could move).
 */
import {
  addExtraAccountMetasForExecute,
  createTransferCheckedInstruction,
} from '@solana/spl-token';
import {
  PublicKey,
  type AccountMeta,
  type Connection,
  type TransactionInstruction,
} from '@solana/web3.js';
import type { Address } from '../shared/address';
import { WalletError } from '../shared/errors';
import { TOKEN_2022, transferHookProgram } from '../tokens/mint-extension-data';
import { refusePausedMints, type MintReads } from '../tokens/paused-check';
import { referralTokenAccountV2, type ClaimV2Parties } from './referral-v2';

/** What the claim's two transfers are made of. */
export interface ClaimTransfers {
  parties: ClaimV2Parties;
  mint: Address;
  tokenProgram: Address;
  /** What the referral token account holds (both transfers together move at most this). */
  amount: bigint;
  symbol: string | null;
}

/**
 * Refuses a paused mint (TOKEN_PAUSED) and appends to `claim` (a claimV2 instruction) the hook's
 * extra accounts of both its transfers when the mint has a transfer hook program. Nothing for a
 * classic SPL Token mint. Throws NETWORK_UNAVAILABLE when the list cannot be read.
 */
export async function addClaimHookAccounts(
  connection: MintReads,
  claim: TransactionInstruction,
  input: ClaimTransfers,
): Promise<void> {
  if (input.tokenProgram !== TOKEN_2022) return;
  await refusePausedMints(connection, [input.mint], () => input.symbol);
  const mint = new PublicKey(input.mint);
  const [info] = await connection.getMultipleAccountsInfo([mint], 'confirmed');
  const program = info ? transferHookProgram(info.owner.toBase58(), info.data) : null;
  if (!info || program === null) return;
  const decimals = info.data[44] ?? 0;
  const reads = {
    getAccountInfo: (key: PublicKey) =>
      connection.getMultipleAccountsInfo([key], 'confirmed').then(([found]) => found ?? null),
  } as unknown as Connection;
  const { parties } = input;
  const ata = (owner: Address) =>
    new PublicKey(referralTokenAccountV2(owner, input.mint, input.tokenProgram));
  const source = ata(parties.referralAccount);
  const authority = new PublicKey(parties.referralAccount);
  const extras: AccountMeta[] = [];
  for (const owner of [parties.partner, parties.admin]) {
    const destination = ata(owner);
    const probe = createTransferCheckedInstruction(
      source,
      mint,
      destination,
      authority,
      input.amount,
      decimals,
      [],
      new PublicKey(input.tokenProgram),
    );
    try {
      await addExtraAccountMetasForExecute(
        reads,
        probe,
        new PublicKey(program),
        source,
        mint,
        destination,
        authority,
        input.amount,
        'confirmed',
      );
    } catch (error) {
      throw new WalletError(
        'NETWORK_UNAVAILABLE',
        `The accounts ${input.symbol ?? 'this token'}'s transfer hook needs could not be read from the network. Try again in a moment.`,
        { cause: error },
      );
    }
    extras.push(...probe.keys.slice(4));
  }
  // Each account once, writable where either transfer needs it so; never a signer (the
  // referral account signs inside the program).
  const own = new Set(claim.keys.map((key) => key.pubkey.toBase58()));
  const added = new Map<string, AccountMeta>();
  for (const meta of extras) {
    const key = meta.pubkey.toBase58();
    if (own.has(key)) continue;
    const seen = added.get(key);
    added.set(key, {
      pubkey: meta.pubkey,
      isSigner: false,
      isWritable: meta.isWritable || (seen?.isWritable ?? false),
    });
  }
  claim.keys.push(...added.values());
}
