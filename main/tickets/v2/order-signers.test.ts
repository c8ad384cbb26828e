/**
 * Whom the review awaits on an /order (issue 22), from the answer's fields as the official
 * OpenAPI's OrderResponse `gasless` describes them (jup-ag/docs @ 1dda348d): a JupiterZ
 * market maker as "signatureFeePayer is the MM address", Jupiter's gas payer
 * (gasTzr94Pmp4Gf8vknQnqxeYxdgwFjbgdJa4msYRpnB) on automatic gasless or paying the rent of a
 * JupiterZ fill, and nobody else.
 */
import { describe, expect, it } from 'vitest';
import type { Address } from '../../shared/address';
import { JUPITER_GAS_PAYER } from '../../review/service-terms';
import { awaitedOrderSigners } from './order-signers';

const PERSON = '9gXH2ASzbx9rtX6WinizCQP7W58CWtUCP8YmMjY8RPjU' as Address;
const MAKER = '6p84B5FcfELjLHSGkChvFEcwGymxf41RY2LPfd7PPjCj' as Address;
const STRANGER = '94nbd9gdCBgcF3oTDFv9Geh3jmG71oVVbmvaEpHQRCGL' as Address;

const plain = {
  router: 'metis' as const,
  maker: null,
  gasless: false,
  signatureFeePayer: PERSON,
  prioritizationFeePayer: PERSON,
  rentFeePayer: PERSON,
};

describe('the co-signers an /order review awaits', () => {
  it('none when the person pays, and the maker alone on a fill the person pays for', () => {
    expect(awaitedOrderSigners(plain, PERSON, JUPITER_GAS_PAYER)).toEqual([]);
    expect(
      awaitedOrderSigners(
        { ...plain, router: 'jupiterz', maker: MAKER },
        PERSON,
        JUPITER_GAS_PAYER,
      ),
    ).toEqual([MAKER]);
  });

  it('a JupiterZ fill the maker pays for, with Jupiter paying the rent', () => {
    const order = {
      router: 'jupiterz' as const,
      maker: MAKER,
      gasless: true,
      signatureFeePayer: MAKER,
      prioritizationFeePayer: MAKER,
      rentFeePayer: JUPITER_GAS_PAYER,
    };
    expect(awaitedOrderSigners(order, PERSON, JUPITER_GAS_PAYER)).toEqual([
      MAKER,
      JUPITER_GAS_PAYER,
    ]);
  });

  it("automatic gasless: Jupiter's gas payer", () => {
    const order = {
      ...plain,
      gasless: true,
      signatureFeePayer: JUPITER_GAS_PAYER,
      prioritizationFeePayer: JUPITER_GAS_PAYER,
      rentFeePayer: JUPITER_GAS_PAYER,
    };
    expect(awaitedOrderSigners(order, PERSON, JUPITER_GAS_PAYER)).toEqual([JUPITER_GAS_PAYER]);
  });

  it('refuses any other payer, a maker the router does not name, and a payer not called gasless', () => {
    const stranger = { ...plain, gasless: true, signatureFeePayer: STRANGER };
    expect(() => awaitedOrderSigners(stranger, PERSON, JUPITER_GAS_PAYER)).toThrow(
      /neither your account, the market maker filling it, nor the swap service's gas payer/,
    );
    // A "maker" on a Metis route is nobody's fill.
    const metisMaker = { ...plain, maker: MAKER, gasless: true, signatureFeePayer: MAKER };
    expect(() => awaitedOrderSigners(metisMaker, PERSON, JUPITER_GAS_PAYER)).toThrow(
      /neither your account/,
    );
    // A service without a gas payer (v6, v1) has nobody to await.
    const gasless = { ...plain, gasless: true, signatureFeePayer: JUPITER_GAS_PAYER };
    expect(() => awaitedOrderSigners(gasless, PERSON, null)).toThrow(/neither your account/);
    const unsaid = { ...plain, signatureFeePayer: JUPITER_GAS_PAYER };
    expect(() => awaitedOrderSigners(unsaid, PERSON, JUPITER_GAS_PAYER)).toThrow(
      /does not call it gasless/,
    );
  });
});
