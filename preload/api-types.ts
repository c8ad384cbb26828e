/**
 * Plain data types returned across the bridge, written beside their methods in contract/<domain>.ts
 * and gathered here for the renderer, which imports types only. Amounts are decimal strings of
 * base units unless named otherwise.
 */
export type * from './contract/accounts';
export type * from './contract/activity';
export type * from './contract/app';
export type * from './contract/balances';
export type * from './contract/fees';
export type * from './contract/ledger';
export type * from './contract/lock';
export type * from './contract/merchant';
export type * from './contract/actions';
export type * from './contract/pay';
export type * from './contract/settings';
export type * from './contract/swap';
export type * from './contract/swap-path';
export type * from './contract/tokens';
export type * from './contract/views';
