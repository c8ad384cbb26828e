/**
 * The wallet's PubSub URL is the one web3.js's own `Connection` derives (the client nobody here
 * wrote is the reference), and a URL that cannot carry one is refused.
 */
import { describe, expect, it } from 'vitest';
import { Connection } from '@solana/web3.js';
import { pubsubUrlOf } from './pubsub-client';

/** web3.js's derivation (its private `_rpcWsEndpoint`), normalized as a URL writes it. */
function web3Derived(rpcUrl: string): string {
  const endpoint = (new Connection(rpcUrl) as unknown as { _rpcWsEndpoint: string })._rpcWsEndpoint;
  return new URL(endpoint).toString();
}

describe('pubsubUrlOf', () => {
  it.each([
    'http://127.0.0.1:8899',
    'http://localhost:8899/',
    'https://api.mainnet-beta.solana.com',
    'https://rpc.example.com/path?api-key=abc',
    'https://rpc.example.com:443/',
    'http://[::1]:9000',
  ])('%s: as web3.js derives it', (rpcUrl) => {
    expect(pubsubUrlOf(rpcUrl)).toBe(web3Derived(rpcUrl));
  });

  it('gives the sandbox its RPC port + 1', () => {
    expect(pubsubUrlOf('http://127.0.0.1:41234')).toBe('ws://127.0.0.1:41235/');
  });

  it.each([
    'not a url',
    'ftp://example.com:21',
    'http://127.0.0.1:65535',
    'https://user:pw@rpc.example.com',
  ])('%s: no PubSub URL', (rpcUrl) => {
    expect(pubsubUrlOf(rpcUrl)).toBeNull();
  });
});
