/**
 * Warnings by issuer (issue 35): the same three powers (permanent delegate, freeze, pause) read
 * from real Token-2022 mint bytes (the sandbox's genesis writes them as the program does) are
 * the issuer's power on a verified token of a known issuer, and stay dangerous otherwise.
 */
import { Keypair } from '@solana/web3.js';
import { describe, expect, it } from 'vitest';
import { genesisMintData } from '../sandbox/ledger/mint-extensions';
import { TOKEN_2022_PROGRAM_ID } from '../shared/sandbox-tokens';
import type { Address } from '../shared/address';
import type { AccountState } from './account-state';
import { issuerPowers, knownIssuer } from './known-issuers';
import { tokenWarnings } from './token-warnings';

const PYUSD = '2b1kV6DkPAnxd5ixfnxCpjxmKwqjjaYmCZfHsFu24GXo';
const faucet = Keypair.generate().publicKey.toBase58();
const lookalike = Keypair.generate().publicKey.toBase58();

function warningsOf(mint: string, symbol: string) {
  const data = genesisMintData(
    {
      mint,
      symbol,
      name: symbol,
      decimals: 6,
      tokenProgram: TOKEN_2022_PROGRAM_ID,
      verified: true,
      traits: { permanentDelegate: true, freezeAuthority: true, pausable: true },
    },
    faucet,
  );
  const state: AccountState = {
    lamports: 1n,
    programOwner: TOKEN_2022_PROGRAM_ID as Address,
    data,
    token: null,
    mintDecimals: 6,
  };
  return tokenWarnings(new Map([[mint, state]]), new Map([[mint, { decimals: 6, symbol }]]));
}

const powers = ['permanent-delegate', 'freeze-authority', 'pause-authority'];

describe('warnings by issuer', () => {
  it('says a known issuer’s powers over its verified token as the issuer’s', () => {
    const chain = warningsOf(PYUSD, 'PYUSD');
    expect(chain.map((w) => w.kind)).toEqual(expect.arrayContaining(powers));
    expect(chain.find((w) => w.kind === 'permanent-delegate')?.mustAcknowledge).toBe(true);
    const shown = issuerPowers(chain, () => true);
    for (const kind of powers) {
      const warning = shown.find((w) => w.kind === kind)!;
      expect(warning.mustAcknowledge).toBe(false);
      expect(warning.sentence).toMatch(
        /^The issuer's power, not a scam sign: Paxos, PYUSD’s issuer for PayPal /,
      );
    }
    expect(shown.find((w) => w.kind === 'permanent-delegate')!.sentence).toContain(
      'can move or burn this token in any account, yours included',
    );
    // The mint authority is not one of the three: it is left as the chain said it.
    expect(shown.find((w) => w.kind === 'mint-authority')).toEqual(
      chain.find((w) => w.kind === 'mint-authority'),
    );
  });

  it('keeps them dangerous on an unverified token, and on a verified token of no known issuer', () => {
    const chain = warningsOf(PYUSD, 'PYUSD');
    expect(issuerPowers(chain, () => false)).toEqual(chain);
    const other = warningsOf(lookalike, 'PYUSD');
    expect(knownIssuer(lookalike)).toBeNull();
    const shown = issuerPowers(other, () => true);
    expect(shown).toEqual(other);
    expect(shown.find((w) => w.kind === 'permanent-delegate')).toMatchObject({
      mustAcknowledge: true,
      sentence: expect.stringContaining('can move or burn PYUSD from any holder'),
    });
  });
});
