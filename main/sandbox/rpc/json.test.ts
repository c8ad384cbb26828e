import { describe, expect, it } from 'vitest';
import { stringifyJson } from './json';

describe('stringifyJson', () => {
  it('writes u64 values exactly as bare numbers and drops undefined members', () => {
    const text = stringifyJson({
      lamports: 18446744073709551615n,
      list: [1n, 'a', null],
      gone: undefined,
      ok: true,
    });
    expect(text).toBe('{"lamports":18446744073709551615,"list":[1,"a",null],"ok":true}');
  });
});
