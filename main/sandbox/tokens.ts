/**
 * The sandbox's token set and the program ids it uses. The list lives in main/shared/ because
 * the wallet knows these mints too (its bundled list names them); the sandbox's modules import
 * it from here.
 */
export * from '../shared/sandbox-tokens';
