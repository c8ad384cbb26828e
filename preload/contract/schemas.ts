/**
 * What every domain of the contract shares: the method helper and the common field schemas.
 */
import { z } from 'zod';
import { isAddress } from '../../main/shared/address';

/** A method: request schema plus a phantom response type. */
export interface Method<Req extends z.ZodType, Res> {
  request: Req;
  /** Never read at run time; carries the response type for main and the renderer. */
  response?: Res;
}

export function method<Res>() {
  return <Req extends z.ZodType>(request: Req): Method<Req, Res> => ({ request });
}

/** Marks an issue raised by the address parser: the bridge answers it INVALID_ADDRESS. */
export const ADDRESS_ISSUE = { kind: 'address' } as const;

/**
 * The one address parser of the bridge (issue 26): base58 text that decodes to exactly 32 bytes
 * (main/shared/address.ts, as every handler's own check). A pattern alone let 44 'z's (33
 * bytes) or 32 '2's (24 bytes) through to code that assumed a key and threw.
 */
export const base58Address = z.string().refine(isAddress, {
  message: 'must be a Solana address (base58 text of a 32-byte key)',
  params: ADDRESS_ISSUE,
});

export const label = z.string().trim().min(1).max(64);

/** Base units as decimal text: no sign, exponent or leading zeros, at most u64 (20 digits). */
export const baseUnits = z
  .string()
  .regex(/^(0|[1-9]\d{0,19})$/, 'must be a whole number of base units as decimal text');

/** Ids main hands out (quotes, tickets, activity entries): random UUIDs. */
export const id = z.uuid();

export const bps = z.number().int().min(0).max(10_000);

/** A venue label as GET /program-id-to-label names it. */
export const venue = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[^,]+$/, 'must not contain a comma');

/** The priority fee for POST /swap. Lamports as decimal text. */
export const priorityFee = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('none') }).strict(),
  z.object({ kind: z.literal('auto') }).strict(),
  z.object({ kind: z.literal('lamports'), lamports: baseUnits }).strict(),
  z
    .object({
      kind: z.literal('level'),
      level: z.enum(['medium', 'high', 'veryHigh']),
      maxLamports: baseUnits,
    })
    .strict(),
]);

export const transactionBase64 = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'must be base64 text');

/**
 * The approval of a payment's ticket (pay.approve, merchant.approve, action.approve): the ticket,
 * the reviewed transaction as shown, and whether the person ticked **I understand this risk**.
 */
export const payTicketApproval = z
  .object({
    ticketId: id,
    transactionBase64: transactionBase64,
    risksAcknowledged: z.boolean().optional(),
  })
  .strict();

export const signatureText = z
  .string()
  .regex(/^[1-9A-HJ-NP-Za-km-z]{64,88}$/, 'must be a base58 transaction signature');

/** Loopback and https URLs only; main checks the rule again and says which part is wrong. */
export const serviceUrl = z.string().trim().min(1).max(2048);
