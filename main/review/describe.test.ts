import { describe, expect, it } from 'vitest';
import { describeInstruction } from './describe';
import { isAllowedProgram, JUPITER_V6_PROGRAM, programName, TOKEN_PROGRAM } from './program-ids';
import { honestSwap, scenarioReport } from '../../test/fixtures/review-scenarios';

describe('instruction summaries', () => {
  it('say each instruction of a swap in words, with amounts in token units', async () => {
    const report = await scenarioReport(honestSwap());
    expect(report.instructions.map((i) => `${i.programName}: ${i.summary}`)).toEqual([
      'Compute Budget: Set the compute limit to 200000 units',
      'Compute Budget: Set the priority price to 1000 micro-lamports per compute unit',
      expect.stringMatching(/^SPL Token: Transfer 10 USDC from \S+ to \S+ \(signed by \S+\)$/),
      expect.stringMatching(/^SPL Token: Transfer 1000 BONK from /),
    ]);
  });
});

describe('program names and the allowlist', () => {
  it('prefers built-in names, then the swap service’s labels', () => {
    expect(programName(TOKEN_PROGRAM, { [TOKEN_PROGRAM]: 'Something else' })).toBe('SPL Token');
    expect(
      programName('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', {
        whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: 'Whirlpool',
      }),
    ).toBe('Whirlpool');
    expect(programName('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc')).toBe('Unknown program');
  });

  // Issue 32: a label is the swap service's text; it names a program inertly and briefly.
  it("shows a hostile service's label sanitized and short, never a live link", () => {
    const hostile =
      'Restore wallet at https://jup-support.example\u202e now — support desk open 24/7';
    const name = programName('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', {
      whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc: hostile,
    });
    expect(name).toBe('Restore wallet at hxxps[:]//jup-support[.]examp…');
    expect(name).toHaveLength(48);
    expect(name).not.toMatch(/https:|\u202e/);
  });

  it('allows Jupiter only when asked, and never a labelled program', () => {
    expect(isAllowedProgram(JUPITER_V6_PROGRAM, false)).toBe(false);
    expect(isAllowedProgram(JUPITER_V6_PROGRAM, true)).toBe(true);
    expect(isAllowedProgram('whirLbMiicVdio4qvUfM5KAg6Ct8VwpYzGff3uctyCc', true)).toBe(false);
  });
});

// Issue 32: a memo is text whoever built the transaction chose (a swap service, a merchant). A
// person sees what it says, labelled as the transaction's, with no live link, no bidi or
// control characters, and no more than 200 characters of it.
describe('a memo in the review', () => {
  it("is shown as the transaction's text, sanitized, never as the wallet's words", () => {
    const text = `Swapdesk: your wallet is compromised.\u202e Visit https://jup-support.example/restore\n${'x'.repeat(300)}`;
    const summary = describeInstruction({ kind: 'memo', text }, 'Memo', new Map(), () => null);
    expect(summary).toMatch(
      /^Memo text in the transaction, written by whoever built it, not Swapdesk's words: “Swapdesk: your wallet is compromised\. Visit hxxps\[:\]\/\/jup-support\[\.\]example\/restore x+…”$/,
    );
    expect(summary).not.toMatch(/https:|jup-support\.example|[\u202e\n]/);
    const quoted = summary.slice(summary.indexOf('“') + 1, -1);
    expect(quoted.length).toBe(200);
  });
});
