/**
 * The sandbox merchant's Solana Action (issue 34 points 5 and 6): "Tip the barista", so a
 * person can try an action offline. As the Solana Actions spec has it
 * (solana-developers/solana-actions, packages/actions-spec/README.md):
 *
 * - `GET /actions.json`: the rules mapping the shop's page `/tip` to its Action API;
 * - `GET /sandbox/merchant/actions/tip`: the action (title, icon, description, two buttons:
 *   a fixed 1 USDC tip, and a tip of the person's choosing, a form field with a pattern and
 *   bounds);
 * - `POST` of the same with `{ account }` and `?amount=`: the tip as @solana/pay's
 *   createTransfer builds it (a reference per tip), with `links.next` a callback;
 * - `POST /sandbox/merchant/actions/tip/next`: the callback with `{ account, signature }`,
 *   which checks the tip as a shop does (validateTransfer) and answers the chain's last
 *   action, `completed`.
 */
import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { createTransfer, validateTransfer } from '@solana/pay';
import { Connection, PublicKey } from '@solana/web3.js';
import BigNumber from 'bignumber.js';
import {
  orderReference,
  SANDBOX_MERCHANT,
  SANDBOX_MERCHANT_ITEMS,
  SANDBOX_MERCHANT_LABEL,
} from './merchant-shop';
import { ensureMerchantAccounts, json, postedAccount, type MerchantHandler } from './merchant-http';

/** The path of the tip action's API. */
export const TIP_ACTION_PATH = '/sandbox/merchant/actions/tip';
/** The shop's page that actions.json maps to the tip action. */
export const TIP_PAGE_PATH = '/tip';
/** A tip: up to 3 digits, up to 6 decimals (USDC's). */
const TIP_PATTERN = '\\d{1,3}(\\.\\d{1,6})?';
const TIP_MIN = 0.1;
const TIP_MAX = 50;

/** The tip's memo, which names the tip. */
export function tipMemo(tip: string): string {
  return `Sandbox Coffee tip ${tip}`;
}

function cors(res: ServerResponse): void {
  // The spec: every Action endpoint and actions.json answer with Access-Control-Allow-Origin *.
  res.setHeader('access-control-allow-origin', '*');
  res.setHeader('access-control-allow-methods', 'GET,POST,PUT,OPTIONS');
  res.setHeader(
    'access-control-allow-headers',
    'Content-Type, Authorization, Content-Encoding, Accept-Encoding',
  );
}

function tipAction(origin: string) {
  return {
    type: 'action',
    icon: `${origin}/sandbox/logos/USDC.png`,
    title: SANDBOX_MERCHANT_LABEL,
    description: 'Tip the barista in USDC. Sandbox money only; the tip lands on the sandbox.',
    label: 'Tip',
    links: {
      actions: [
        { type: 'transaction', label: 'Tip 1 USDC', href: `${TIP_ACTION_PATH}?amount=1` },
        {
          type: 'transaction',
          label: 'Tip the barista',
          href: `${TIP_ACTION_PATH}?amount={amount}`,
          parameters: [
            {
              name: 'amount',
              label: 'Tip in USDC',
              type: 'number',
              required: true,
              pattern: TIP_PATTERN,
              patternDescription: 'An amount of USDC with at most 6 decimals, like 2.50',
              min: TIP_MIN,
              max: TIP_MAX,
            },
          ],
        },
      ],
    },
  };
}

/** The tip's POST: a transaction of `amount` USDC to the shop, and the chain's callback. */
async function answerTip(connection: Connection, amount: string, account: PublicKey) {
  const tip = randomUUID();
  const transaction = await createTransfer(connection, account, {
    recipient: SANDBOX_MERCHANT,
    amount: new BigNumber(amount),
    splToken: SANDBOX_MERCHANT_ITEMS.usdc.mint,
    reference: orderReference(`tip-${tip}`),
    memo: tipMemo(tip),
  });
  const wire = transaction.serialize({ requireAllSignatures: false, verifySignatures: false });
  return {
    type: 'transaction',
    transaction: Buffer.from(wire).toString('base64'),
    message: `Thank you for tipping ${amount} USDC!`,
    links: {
      next: {
        type: 'post',
        href: `${TIP_ACTION_PATH}/next?tip=${tip}&amount=${encodeURIComponent(amount)}`,
      },
    },
  };
}

/** The chain's callback: the tip checked as a shop checks a payment, then `completed`. */
async function answerNext(connection: Connection, origin: string, url: URL, signature: string) {
  const tip = url.searchParams.get('tip') ?? '';
  const amount = url.searchParams.get('amount') ?? '';
  await validateTransfer(
    connection,
    signature,
    {
      recipient: SANDBOX_MERCHANT,
      amount: new BigNumber(amount),
      splToken: SANDBOX_MERCHANT_ITEMS.usdc.mint,
      reference: orderReference(`tip-${tip}`),
      memo: tipMemo(tip),
    },
    { commitment: 'confirmed' },
  );
  return {
    type: 'completed',
    icon: `${origin}/sandbox/logos/USDC.png`,
    title: SANDBOX_MERCHANT_LABEL,
    description: `Your tip of ${amount} USDC landed. The barista thanks you!`,
    label: 'Tipped',
  };
}

/** A tip amount the shop takes, checked again here (the spec: the API validates its input). */
function validTip(amount: string | null): amount is string {
  if (amount === null || !new RegExp(`^(?:${TIP_PATTERN})$`).test(amount)) return false;
  const value = new BigNumber(amount);
  return value.gte(TIP_MIN) && value.lte(TIP_MAX);
}

/** Answers actions.json and the tip action's paths; false when `url` is none of them. */
export const handleMerchantAction: MerchantHandler = async (ledger, req, res, url, origin) => {
  const path = url.pathname;
  if (path !== '/actions.json' && path !== TIP_ACTION_PATH && path !== `${TIP_ACTION_PATH}/next`) {
    return false;
  }
  cors(res);
  if (req.method === 'OPTIONS') {
    res.writeHead(204);
    res.end();
    return true;
  }
  if (path === '/actions.json') {
    json(res, 200, {
      rules: [
        { pathPattern: TIP_PAGE_PATH, apiPath: TIP_ACTION_PATH },
        { pathPattern: '/sandbox/merchant/actions/**', apiPath: '/sandbox/merchant/actions/**' },
      ],
    });
    return true;
  }
  if (path === TIP_ACTION_PATH && req.method === 'GET') {
    json(res, 200, tipAction(origin));
    return true;
  }
  const usage = 'Use GET for the action, POST with {"account"} to tip.';
  const posted = await postedAccount(req, res, usage);
  if (posted === null) return true;
  const { account, body } = posted;
  const connection = new Connection(origin, 'confirmed');
  try {
    if (path === TIP_ACTION_PATH) {
      const amount = url.searchParams.get('amount');
      if (!validTip(amount)) {
        json(res, 400, { message: `A tip is ${TIP_MIN} to ${TIP_MAX} USDC, like 2.50.` });
        return true;
      }
      ensureMerchantAccounts(ledger);
      json(res, 200, await answerTip(connection, amount, account));
    } else {
      json(res, 200, await answerNext(connection, origin, url, String(body?.signature)));
    }
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    json(res, 400, { message: `Sandbox Coffee cannot take this tip: ${reason}.` });
  }
  return true;
};
