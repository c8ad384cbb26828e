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

/**
 * The sandbox's venues whose fills the venue co-signs (its market maker, the only venue for
 * PDLG). POST /swap-instructions cannot build them (instructions carry no signature), so a
 * payment composed from instructions (an invoice with reference keys or a memo) asks for
 * quotes without them (issue 21). Mainnet's v6 API serves every route it quotes at both build
 * endpoints, so its list is empty.
 */
export const SANDBOX_COSIGNED_VENUES: readonly string[] = ['Sandbox Market Maker'];
