/**
 * A fee claim (claimV2) of a hooked Token-2022 mint carries the hook's extra accounts resolved
 * from the chain (issue 35), against a real sandbox process: for HOOK, whose list is read from
 * the sandbox's ExtraAccountMetaList, the claim gains the hook program, its validation account
 * and the two accounts the list derives (`["swapdesk-hook", mint]` and `["sender", authority]`,
 * the authority being the referral account that moves the fees), computed here on their own;
 * a classic SPL Token claim is left as it is; a paused mint is refused in words. The sandbox has
 * no referral program (main/sandbox/README.md), so no claim lands here: what is checked is the
 * instruction the wallet would review and sign.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Connection, Keypair, PublicKey } from '@solana/web3.js';
import { getExtraAccountMetaAddress } from '@solana/spl-token';
import { addClaimHookAccounts } from '../../main/fees/claim-hook-accounts';
import { claimV2Instruction, type ClaimV2Parties } from '../../main/fees/referral-v2';
import type { Address } from '../../main/shared/address';
import { startSandbox, type RunningSandbox } from '../harness/sandbox-process';

const HOOK = '33i3c6DBuswEtqPKVC8SJm2eABXVoihezuXKKjpoxUMc' as Address;
const PAUS = 'Gvmuxff3JGME8kNLuEy99w1mAkpn4u8GkKkbSDNz4xSK' as Address;
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' as Address;
const HOOK_PROGRAM = 'CeqVj7SbkceCd7CK3DqpfaF5AR5Fpao2pMNvQSgy2K45';
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb' as Address;
const TOKEN = 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address;

let sandbox: RunningSandbox;
let connection: Connection;
const key = () => Keypair.generate().publicKey.toBase58() as Address;
const parties: ClaimV2Parties = {
  referralAccount: key(),
  partner: key(),
  project: key(),
  admin: key(),
};
const payer = key();

beforeAll(async () => {
  // A generous start: the machine running the suites is often busy.
  sandbox = await startSandbox({ slotMs: 50, timeoutMs: 120_000 });
  connection = new Connection(sandbox.rpcUrl, 'confirmed');
}, 150_000);
afterAll(async () => {
  await sandbox?.remove();
});

function claimOf(mint: Address, tokenProgram: Address) {
  return claimV2Instruction({ payer, parties, mint, tokenProgram });
}

describe('a fee claim of a hooked token', () => {
  it("appends the accounts HOOK's list resolves to on chain, after claimV2's own", async () => {
    const claim = claimOf(HOOK, TOKEN_2022);
    const own = claim.keys.map((k) => k.pubkey.toBase58());
    await addClaimHookAccounts(connection, claim, {
      parties,
      mint: HOOK,
      tokenProgram: TOKEN_2022,
      amount: 5_000_000n,
      symbol: 'HOOK',
    });
    expect(claim.keys.slice(0, own.length).map((k) => k.pubkey.toBase58())).toEqual(own);
    const program = new PublicKey(HOOK_PROGRAM);
    const pda = (seeds: Buffer[]) => PublicKey.findProgramAddressSync(seeds, program)[0].toBase58();
    const extras = claim.keys.slice(own.length);
    expect(new Set(extras.map((k) => k.pubkey.toBase58()))).toEqual(
      new Set([
        HOOK_PROGRAM,
        getExtraAccountMetaAddress(new PublicKey(HOOK), program).toBase58(),
        pda([Buffer.from('swapdesk-hook'), new PublicKey(HOOK).toBuffer()]),
        pda([Buffer.from('sender'), new PublicKey(parties.referralAccount).toBuffer()]),
      ]),
    );
    expect(extras.every((k) => !k.isSigner)).toBe(true);
  });

  it('leaves a classic SPL Token claim as it is', async () => {
    const claim = claimOf(USDC, TOKEN);
    const before = claim.keys.length;
    await addClaimHookAccounts(connection, claim, {
      parties,
      mint: USDC,
      tokenProgram: TOKEN,
      amount: 1n,
      symbol: 'USDC',
    });
    expect(claim.keys).toHaveLength(before);
  });

  it('refuses a claim of a paused token in words', async () => {
    const pause = (paused: boolean) =>
      fetch(new URL('/sandbox/pause', sandbox.rpcUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ mint: PAUS, paused }),
      });
    expect((await pause(true)).status).toBe(200);
    await expect(
      addClaimHookAccounts(connection, claimOf(PAUS, TOKEN_2022), {
        parties,
        mint: PAUS,
        tokenProgram: TOKEN_2022,
        amount: 1n,
        symbol: 'PAUS',
      }),
    ).rejects.toMatchObject({
      code: 'TOKEN_PAUSED',
      message:
        'PAUS is paused by its issuer: the token program refuses every transfer of it until the issuer resumes it. Nothing was built or signed; try again once PAUS is resumed.',
    });
    expect((await pause(false)).status).toBe(200);
  });
});
