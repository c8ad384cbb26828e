/**
 * `solana:` links the operating system opened Swapdesk with.
 * Bridge methods of this domain (request schemas, response types) and the views they answer.
 */
import { z } from 'zod';
import { method } from './schemas';

export const linksMethods = {
  /**
   * The newest `solana:` link the operating system opened Swapdesk with, once; null when there
   * is none. The Pay screen parses it like a pasted request.
   */
  'links.takePending': method<{ url: string | null }>()(z.object({}).strict()),
} as const;
