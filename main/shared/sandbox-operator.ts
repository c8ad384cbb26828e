/**
 * The sandbox swap service's operator: the wallet that takes its documented share of platform
 * fees (its associated token account of the fee mint) and the tips of `jitoTipLamports`, as
 * the eight published tip accounts do on mainnet. A fixed, published address, so the wallet
 * knows it the way it knows mainnet's tip accounts, and nobody (the swap service included) can
 * name another: the SHA-256 of "swapdesk sandbox fee operator", which is off the ed25519 curve,
 * so no key can spend from it.
 */
export const SANDBOX_FEE_OPERATOR = 'D6JTk7mufmj2LiXBeDwtXJPqx2QrKy17UPWc1aPHzUVH';

/** The operator's share of a platform fee, in per mille (2.5%), rounded down. */
export const SANDBOX_FEE_SHARE_PER_MILLE = 25n;
