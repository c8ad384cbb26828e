/**
 * The view types more than one domain of the contract answers with, in one home: domain files
 * (contract/<domain>.ts) import them from here and never from each other, so the contract's
 * files form no import ring (scripts/import-cycles.test.ts checks it).
 */
export type * from './network';
export type * from './payment-summary';
export type * from './quote';
export type * from './review';
export type * from './submission';
