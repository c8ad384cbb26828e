/**
 * GET /quote's refusals when no route is left (issue 33 point 3), on the sandbox's seeded market
 * and a real ledger: each names only what kept a route out, in words a person can act on.
 */
import { describe, expect, it } from 'vitest';
import { sandboxMintOf as mint } from '../../shared/sandbox-tokens';
import { useSandboxMarket } from '../../../test/fixtures/sandbox-market';
import { SwapApiError } from './api-error';

const market = useSandboxMarket('swapdesk-no-route-');

/** The refusal's code and words, or 'served'. */
function refusal(query: Record<string, string>) {
  try {
    market.quote(query);
    return 'served';
  } catch (error) {
    if (!(error instanceof SwapApiError)) throw error;
    return { code: error.errorCode, words: error.message };
  }
}

describe('no route: the words', () => {
  it('serves mSOL → UNVR over three hops with no filter at all', () => {
    expect(refusal({ inputMint: mint('mSOL'), outputMint: mint('UNVR'), amount: '50000000' })).toBe(
      'served',
    );
  });

  it('names onlyDirectRoutes when it alone keeps the chain out', () => {
    expect(
      refusal({
        inputMint: mint('mSOL'),
        outputMint: mint('UNVR'),
        amount: '50000000',
        onlyDirectRoutes: 'true',
      }),
    ).toEqual({
      code: 'NO_ROUTES_FOUND',
      words:
        'No route joins mSOL and UNVR under this request: onlyDirectRoutes=true allows no token in between.',
    });
  });

  it('names the venue left out, not a parameter the person may never have set', () => {
    expect(
      refusal({
        inputMint: mint('PDLG'),
        outputMint: mint('UNVR'),
        amount: '1000000',
        excludeDexes: 'Sandbox Market Maker',
      }),
    ).toEqual({
      code: 'NO_ROUTES_FOUND',
      words:
        'No route joins PDLG and UNVR under this request: only Sandbox Market Maker trades them, and this request leaves it out.',
    });
  });

  it('says when maxAccounts is what stands in the way', () => {
    expect(
      refusal({
        inputMint: mint('mSOL'),
        outputMint: mint('UNVR'),
        amount: '50000000',
        maxAccounts: '20',
      }),
    ).toEqual({
      code: 'COULD_NOT_FIND_ANY_ROUTE',
      words:
        'Every route for this pair and amount needs more accounts than maxAccounts=20. Raise maxAccounts or leave it out.',
    });
  });

  it('says when the pools cannot hold the amount', () => {
    expect(
      refusal({
        inputMint: mint('mSOL'),
        outputMint: mint('UNVR'),
        amount: '1000000000',
        swapMode: 'ExactOut',
      }),
    ).toBe('served');
    expect(
      refusal({
        inputMint: mint('mSOL'),
        outputMint: mint('UNVR'),
        amount: '100000000000000000',
        swapMode: 'ExactOut',
      }),
    ).toEqual({
      code: 'COULD_NOT_FIND_ANY_ROUTE',
      words:
        'No route can serve this amount: the pools that join these tokens do not hold enough liquidity for it. Try a smaller amount.',
    });
  });
});
