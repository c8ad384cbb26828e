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

/**
 * The sandbox swap service's gas payer: on a gasless /order (the taker holds under 0.01 SOL)
 * it pays the network fee and signs at /execute, after the person, as Jupiter's gas payer does
 * on mainnet (service-terms.ts). Its key is derived from the SHA-256 of "swapdesk sandbox gas
 * payer" (main/sandbox/swap-api/gas-payer.ts): public, like everything on the sandbox, and
 * the wallet knows the address the way it knows mainnet's.
 */
export const SANDBOX_GAS_PAYER = 'DiD5ZSV8NKrJccsEt5hUCS13eNpx2Tp5kkzno57QVLrF';
