/**
 * Rent someone else funded that passes through the person's wallet (issue 32): a gasless order's
 * temporary wSOL account, opened by the gas payer and closed to the person, is not swap output;
 * the person's own rent, an account they keep, or one closed elsewhere count nothing.
 */
import { describe, expect, it } from 'vitest';
import type { Address } from '../shared/address';
import type { ReviewFacts } from './facts';
import { TOKEN_PROGRAM } from './program-ids';
import { rentFromOthers } from './rent-from-others';
import type { DecodedInstruction } from './types';

const USER = 'User111111111111111111111111111111111111111' as Address;
const GAS_PAYER = 'DiD5ZSV8NKrJccsEt5hUCS13eNpx2Tp5kkzno57QVLrF' as Address;
const WSOL_ACCOUNT = 'Wso1111111111111111111111111111111111111111' as Address;
const SOL = 'So11111111111111111111111111111111111111112' as Address;

const open = (payer: Address): DecodedInstruction => ({
  kind: 'ataCreate',
  idempotent: true,
  payer,
  account: WSOL_ACCOUNT,
  owner: USER,
  mint: SOL,
  tokenProgram: TOKEN_PROGRAM as Address,
});
const close = (destination: Address): DecodedInstruction => ({
  kind: 'tokenCloseAccount',
  account: WSOL_ACCOUNT,
  destination,
  owner: USER,
});

/** Facts with these instructions; the account absent before and, unless `kept`, after. */
function facts(decoded: DecodedInstruction[], kept = false): ReviewFacts {
  return {
    user: USER,
    instructions: decoded.map((d) => ({ decoded: d })),
    pre: new Map(),
    post: new Map(kept ? [[WSOL_ACCOUNT, { lamports: 2_039_280n }]] : []),
  } as unknown as ReviewFacts;
}

describe('rent from others', () => {
  it('is the rent of a wSOL account the gas payer opens and the swap closes to the person', () => {
    // The rent-exempt minimum of a 165-byte token account: 2,039,280 lamports.
    expect(rentFromOthers(facts([open(GAS_PAYER), close(USER)]))).toBe(2_039_280n);
  });

  it('is nothing when the person pays the rent, keeps the account, or it closes elsewhere', () => {
    expect(rentFromOthers(facts([open(USER), close(USER)]))).toBe(0n);
    expect(rentFromOthers(facts([open(GAS_PAYER), close(USER)], true))).toBe(0n);
    expect(rentFromOthers(facts([open(GAS_PAYER), close(GAS_PAYER)]))).toBe(0n);
    expect(rentFromOthers(facts([open(GAS_PAYER)]))).toBe(0n);
  });
});
