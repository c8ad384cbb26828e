import { describe, expect, it } from 'vitest';
import { swapApiFlavour } from './api-flavour';
import {
  scriptedClient,
  exactInQuote,
  json,
  SOL,
  USDC,
} from '../../test/fixtures/swap-api-answers';

describe('the flavour of a swap API base URL', () => {
  it.each([
    ['https://api.jup.ag/swap/v1', 'swap-v1'],
    ['https://api.jup.ag/swap/v1/', 'swap-v1'],
    ['https://lite-api.jup.ag/swap/v1', 'swap-v1'],
    ['http://127.0.0.1:8899/swap/v1', 'swap-v1'],
    ['https://api.jup.ag/swap/v2', 'swap-v2'],
    ['https://lite-api.jup.ag/swap/v2/', 'swap-v2'],
    ['http://127.0.0.1:8899/swap/v2', 'swap-v2'],
    // Today's hosts speak v2 unless the path names v1 (Jupiter's migration guide).
    ['https://api.jup.ag', 'swap-v2'],
    ['http://127.0.0.1:8899/v6', 'v6'],
    ['https://quote-api.jup.ag/v6', 'v6'],
    ['https://swap.example.org/jupiter', 'v6'],
    ['not a url', 'v6'],
  ])('%s speaks %s', (url, flavour) => {
    expect(swapApiFlavour(url)).toBe(flavour);
  });
});

describe('requests follow the flavour of the service', () => {
  const base = { inputMint: SOL, outputMint: USDC, amount: 1_000_000_000n };

  function clientAt(baseUrl: string) {
    return scriptedClient([json(200, exactInQuote())], { baseUrl });
  }

  it('sends auto slippage with its maximum to a v6 service', async () => {
    const { client, requests } = clientAt('http://127.0.0.1:8899/v6');
    await client.quote({ ...base, autoSlippage: true, maxAutoSlippageBps: 300 });
    expect(requests[0]?.url.href).toMatch(/autoSlippage=true/);
    expect(requests[0]?.url.href).toMatch(/maxAutoSlippageBps=300/);
  });

  it('refuses auto slippage on swap/v1 before any request, saying what to do', async () => {
    const { client, requests } = clientAt('https://api.jup.ag/swap/v1');
    await expect(
      client.quote({ ...base, autoSlippage: true, maxAutoSlippageBps: 300 }),
    ).rejects.toThrow(/no automatic slippage with a maximum\. Set a fixed slippage/);
    expect(requests).toHaveLength(0);
  });

  it('refuses venues to use and to avoid together on swap/v1 (the service refuses them)', async () => {
    const { client, requests } = clientAt('https://api.jup.ag/swap/v1');
    await expect(
      client.quote({ ...base, slippageBps: 50, dexes: ['Whirlpool'], excludeDexes: ['Saber'] }),
    ).rejects.toThrow(/either venues to use or venues to avoid, not both/);
    expect(requests).toHaveLength(0);
  });

  it('sends every other option the screen offers to swap/v1 as it is', async () => {
    const { client, requests } = clientAt('https://api.jup.ag/swap/v1');
    await client.quote({
      ...base,
      slippageBps: 50,
      onlyDirectRoutes: true,
      restrictIntermediateTokens: false,
      maxAccounts: 40,
      asLegacyTransaction: true,
      dexes: ['Whirlpool'],
    });
    const url = requests[0]?.url as URL;
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      slippageBps: '50',
      onlyDirectRoutes: 'true',
      restrictIntermediateTokens: 'false',
      maxAccounts: '40',
      asLegacyTransaction: 'true',
      dexes: 'Whirlpool',
    });
    expect(url.searchParams.has('autoSlippage')).toBe(false);
  });
});
