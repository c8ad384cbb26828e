/** The bridge contract, one file per domain under contract/: see contract/index.ts. */
export * from './contract/index';
