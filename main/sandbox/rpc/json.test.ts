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

  it('writes every string as it is, a NUL or a look-alike of a bigint among them', () => {
    const strange = ['\u0000u64:00:12', '"\\u0000u64:', 'log\u0000line', 'a\nb'];
    const value = { strange, deep: [[{ x: 7n, s: strange[0] }]], top: 2n ** 70n, none: null };
    const text = stringifyJson(value);
    expect(JSON.parse(text.replace('1180591620717411303424', '0'))).toEqual({
      strange,
      deep: [[{ x: 7, s: strange[0] }]],
      top: 0,
      none: null,
    });
    expect(text).toContain('"top":1180591620717411303424');
    expect(stringifyJson(5n)).toBe('5');
    expect(stringifyJson(undefined)).toBe('null');
    expect(stringifyJson([undefined, Number.NaN])).toBe('[null,null]');
  });
});
