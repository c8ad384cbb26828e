import { describe, expect, it } from 'vitest';
import { routeOfHash } from './routes';

describe('routeOfHash', () => {
  it('maps each hash path to its route', () => {
    expect(routeOfHash('#/swap')).toBe('swap');
    expect(routeOfHash('#/settings')).toBe('settings');
    expect(routeOfHash('#/accounts?x=1')).toBe('accounts');
  });

  it('falls back to the wallet overview for empty or unknown hashes', () => {
    expect(routeOfHash('')).toBe('wallet');
    expect(routeOfHash('#/')).toBe('wallet');
    expect(routeOfHash('#/nope')).toBe('wallet');
    expect(routeOfHash('#main')).toBe('wallet');
  });
});
