import { describe, expect, it } from 'vitest';
import { symbolSkeleton } from './symbol-skeleton';

describe('a symbol as a person reads it', () => {
  it('sees through case, full-width letters, invisible characters and Cyrillic or Greek look-alikes', () => {
    const usdc = symbolSkeleton('USDC');
    expect(symbolSkeleton('usdc')).toBe(usdc);
    expect(symbolSkeleton('ＵＳＤＣ')).toBe(usdc); // full-width, folded by NFKC
    expect(symbolSkeleton('US\u200bDC')).toBe(usdc); // a zero-width space inside
    expect(symbolSkeleton('U\u0405DC')).toBe(usdc); // Cyrillic capital DZE for S
    expect(symbolSkeleton('USD\u0421')).toBe(usdc); // Cyrillic capital ES for C
    expect(symbolSkeleton('\u0392\u039fNK')).toBe(symbolSkeleton('BONK')); // Greek BETA, OMICRON
    expect(symbolSkeleton('JU\u0420')).toBe(symbolSkeleton('JUP')); // Cyrillic ER for P
  });

  it('keeps tokens that really differ apart', () => {
    expect(symbolSkeleton('USDC.e')).not.toBe(symbolSkeleton('USDC'));
    expect(symbolSkeleton('USDT')).not.toBe(symbolSkeleton('USDC'));
    expect(symbolSkeleton('SOL')).not.toBe(symbolSkeleton('S0L')); // a zero is not an O
    expect(symbolSkeleton('\u200b')).toBe('');
  });
});
