/**
 * An Action's GET answer and form read strictly (Solana Actions spec,
 * packages/actions-spec/README.md "GET Response Body", index.d.ts `Action`, `LinkedAction`,
 * `ActionParameter`), and the person's values checked in main against the form.
 */
import { describe, expect, it } from 'vitest';
import { WalletError } from '../../shared/errors';
import { readActionBody } from './action-body';
import { compareDecimal, fillHref, readParameter, valueRefusals } from './action-parameters';

const base = new URL('https://actions.alice.com/donate');
/** The spec's own donate example, shaped as its README shows an ActionGetResponse. */
const DONATE = {
  type: 'action',
  icon: 'https://actions.alice.com/icon.png',
  title: 'Donate to Alice',
  description: 'Cybersecurity Enthusiast | Support my research with a donation.',
  label: 'Donate',
  links: {
    actions: [
      { label: 'Donate 1 SOL', href: '/api/donate/1' },
      {
        label: 'Donate',
        href: '/api/donate/{amount}',
        parameters: [
          {
            name: 'amount',
            label: 'SOL amount',
            required: true,
            type: 'number',
            min: 0.01,
            max: 100,
          },
        ],
      },
    ],
  },
};

function refusal(body: Record<string, unknown>, allowCompleted = false): string {
  try {
    readActionBody('actions.alice.com', body, base, allowCompleted);
  } catch (error) {
    expect((error as WalletError).code).toBe('MERCHANT_REFUSED');
    return (error as WalletError).message;
  }
  throw new Error('read');
}

describe('readActionBody', () => {
  it('reads the fields, buttons and form of a GET answer', () => {
    const action = readActionBody('actions.alice.com', DONATE, base);
    expect(action).toMatchObject({
      type: 'action',
      title: 'Donate to Alice',
      label: 'Donate',
      disabled: false,
      error: null,
    });
    expect(action.links.map((link) => [link.label, link.href, link.unsupported])).toEqual([
      ['Donate 1 SOL', '/api/donate/1', null],
      ['Donate', '/api/donate/{amount}', null],
    ]);
    expect(action.links[1]!.parameters[0]).toMatchObject({
      name: 'amount',
      type: 'number',
      required: true,
      min: '0.01',
      max: '100',
    });
  });

  it('with no links.actions, offers one button with the root label posting to the GET URL (spec)', () => {
    const { links: _links, ...single } = DONATE;
    expect(readActionBody('actions.alice.com', single, base).links).toEqual([
      { label: 'Donate', href: base.href, parameters: [], unsupported: null },
    ]);
  });

  it('refuses a body missing what the spec requires, in words', () => {
    expect(refusal({ ...DONATE, title: undefined })).toBe(
      'actions.alice.com did not answer with a Solana Action: it has no title. Nothing was signed; ask the site for another link.',
    );
    expect(refusal({ ...DONATE, icon: 3 })).toContain('it has no icon');
    expect(refusal({ ...DONATE, type: 'completed' })).toContain(
      'its type is "completed", not "action"',
    );
    expect(refusal({ ...DONATE, disabled: 'yes' })).toContain('"disabled" is not true or false');
    expect(refusal({ ...DONATE, links: { actions: 'x' } })).toContain(
      '"links.actions" is not a list',
    );
  });

  it('reads a completed next action, and the non-fatal error', () => {
    const done = readActionBody(
      'actions.alice.com',
      { ...DONATE, type: 'completed', error: { message: 'Sold out' } },
      base,
      true,
    );
    expect(done).toMatchObject({ type: 'completed', links: [], error: 'Sold out' });
  });

  it('marks buttons Swapdesk cannot do, with the reason', () => {
    const action = readActionBody(
      'actions.alice.com',
      {
        ...DONATE,
        links: {
          actions: [
            { type: 'message', label: 'Sign in', href: '/api/sign' },
            { label: 'Vote', href: '/api/vote/{choice}' },
            { label: 'Away', href: 'http://evil.example/x' },
            { label: 'Pick', href: '/api/pick', parameters: [{ name: 'p', type: 'select' }] },
          ],
        },
      },
      base,
    );
    expect(action.links.map((link) => link.unsupported)).toEqual([
      'It asks for a kind of action Swapdesk does not do (message); Swapdesk signs only transactions it has reviewed.',
      'Its address needs a value "choice" that it gives no field for.',
      'It posts to a place that is not an https address.',
      'Its field "p" offers no list of choices.',
    ]);
  });
});

describe('the form, checked in main', () => {
  const amount = readParameter({
    name: 'amount',
    label: 'Tip in USDC',
    type: 'number',
    required: true,
    pattern: '\\d{1,3}(\\.\\d{1,6})?',
    patternDescription: 'An amount with at most 6 decimals',
    min: 0.1,
    max: 50,
  });
  const size = readParameter({
    name: 'size',
    type: 'radio',
    options: [
      { label: 'Small', value: 's' },
      { label: 'Large', value: 'l', selected: true },
    ],
  });
  const note = readParameter({ name: 'note', type: 'textarea', max: 5 });
  const fields = [amount, size, note].filter((f) => typeof f !== 'string');

  it('accepts values that fit', () => {
    expect(valueRefusals(fields, { amount: '2.5', size: 'l', note: 'hi' })).toEqual([]);
  });

  it('refuses, in words, values outside pattern, bounds, choices, or not asked for', () => {
    expect(valueRefusals(fields, { amount: '2.1234567' })).toEqual([
      '"Tip in USDC" is not in the form asked: An amount with at most 6 decimals.',
    ]);
    expect(valueRefusals(fields, { amount: '0.05' })).toEqual([
      '"Tip in USDC" must be at least 0.1.',
    ]);
    expect(valueRefusals(fields, { amount: '50.000001' })).toEqual([
      '"Tip in USDC" must be at most 50.',
    ]);
    expect(valueRefusals(fields, { amount: '1e3' })).toEqual([
      '"Tip in USDC" must be a number, like 1.5.',
    ]);
    expect(valueRefusals(fields, {})).toEqual(['"Tip in USDC" is required.']);
    expect(valueRefusals(fields, { amount: '1', size: 'xl' })).toEqual([
      '"size" must be one of the choices offered.',
    ]);
    expect(valueRefusals(fields, { amount: '1', note: 'too long' })).toEqual([
      '"note" must be at most 5 characters long.',
    ]);
    expect(valueRefusals(fields, { amount: '1', evil: 'x' })).toEqual([
      'The action asks for no value "evil".',
    ]);
    expect(valueRefusals(fields, { amount: ['1', '2'] })).toEqual([
      '"Tip in USDC" takes one value.',
    ]);
  });

  it('gives up on a pattern built to backtrack for ever, refusing the value instead of stalling', () => {
    const trap = readParameter({ name: 'x', pattern: '(a+)+$', patternDescription: 'a' });
    const started = Date.now();
    expect(
      valueRefusals([trap as Exclude<typeof trap, string>], { x: `${'a'.repeat(40)}!` }),
    ).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('ignores a pattern that is not a regular expression (spec)', () => {
    expect(readParameter({ name: 'x', pattern: '(' })).toMatchObject({ pattern: null });
  });

  it('compares decimals exactly and fills hrefs URL-encoded', () => {
    expect(compareDecimal('0.1', '0.10')).toBe(0);
    expect(compareDecimal('50.000001', '50')).toBe(1);
    expect(compareDecimal('-1', '0.5')).toBe(-1);
    expect(fillHref('/api/donate/{amount}?memo={memo}', { amount: '1.5', memo: 'a b&c' })).toBe(
      '/api/donate/1.5?memo=a%20b%26c',
    );
  });
});
