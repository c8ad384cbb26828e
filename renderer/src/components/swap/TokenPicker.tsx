/**
 * A token picker: a button named for its side (**You pay token**, **You receive token**) whose
 * description is the chosen symbol, opening a dialog with a list of tokens searchable through
 * **Search tokens**. Typing searches the token directory in main (`tokens.search`, debounced);
 * a pasted mint address that the list does not hold is read from the chain with
 * `tokens.lookup`. Options are named by symbol; an unverified token's option is named
 * "<symbol> (unverified, <short mint>)", so two tokens with one symbol are told apart, and each
 * shows its logo (from main), name, short mint and verified mark.
 *
 * SOL and every token the person holds come first, each with its balance, read from the
 * chain through `balances.get` (issue 18): whatever the token directory answers (a swap
 * service without one answers nothing), the person can always pick what they hold.
 *
 * Keyboard: the search box keeps focus; Up/Down move the active option (aria-activedescendant),
 * Enter picks it, Escape closes.
 */
import { formatMintUnits } from '../../lib/token-scale';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { TokenInfo } from '../../../../preload/api-types';
import type { BridgeError } from '../../../../main/shared/result';
import { matchTokens } from '../../../../main/shared/token-match';
import { Dialog } from '../Dialog';
import { tokenName, useTokensStore } from '../../stores/tokens-store';
import { callWallet } from '../../lib/wallet';
import { shortenAddress } from '../../lib/format';
import { looksLikeAddress } from '../../lib/address-text';
import { heldTokens } from '../../lib/held-tokens';
import { selectCurrentAccount, useAccountsStore } from '../../stores/accounts-store';
import { useBalancesOf } from '../../stores/balances-store';
import { TokenLogo } from '../tokens/TokenLogo';
import { VerifiedMark } from '../tokens/VerifiedMark';

/** How long typing must pause before the directory is asked. */
export const SEARCH_DEBOUNCE_MS = 250;
/** Options shown at once: mainnet's verified list holds thousands; typing narrows it. */
export const MAX_OPTIONS = 100;

/** The accessible name of an option: the symbol, plus what tells an unverified look-alike apart. */
export function optionName(token: TokenInfo): string {
  const name = tokenName(token, token.mint) + (token.paused ? ' (paused by its issuer)' : '');
  if (token.verified) return name;
  return token.symbol
    ? `${name} (unverified, ${shortenAddress(token.mint)})`
    : `${name} (unverified)`;
}

export interface TokenPickerProps {
  /** The accessible name of the button, e.g. "You pay token". */
  label: string;
  /** Title of the dialog, e.g. "Choose the token you pay". */
  title: string;
  selected: TokenInfo | null;
  disabled?: boolean;
  onPick: (token: TokenInfo) => void;
  /** Offers only the tokens this accepts (the pay screen: what the payer holds); all by default. */
  only?: (token: TokenInfo) => boolean;
  /** Said when `only` leaves nothing to pick. */
  emptyText?: string;
}

export function TokenPicker({
  label,
  title,
  selected,
  disabled,
  onPick,
  only,
  emptyText,
}: TokenPickerProps) {
  const [open, setOpen] = useState(false);
  const symbolId = useId();
  return (
    <>
      <button
        type="button"
        className="button token-button"
        aria-label={label}
        aria-describedby={symbolId}
        aria-haspopup="dialog"
        disabled={disabled}
        onClick={() => setOpen(true)}
      >
        {selected ? (
          <TokenLogo mint={selected.mint} symbol={selected.symbol} hasLogo={selected.hasLogo} />
        ) : null}
        <span id={symbolId}>
          {selected ? tokenName(selected, selected.mint) : 'Choose a token'}
        </span>
        {selected && !selected.verified ? <VerifiedMark verified={false} /> : null}
        <span aria-hidden="true" className="token-caret">
          ▾
        </span>
      </button>
      {open ? (
        <TokenDialog
          title={title}
          selected={selected}
          only={only}
          emptyText={emptyText}
          onClose={() => setOpen(false)}
          onPick={(token) => {
            setOpen(false);
            onPick(token);
          }}
        />
      ) : null}
    </>
  );
}

function TokenDialog({
  title,
  selected,
  only,
  emptyText,
  onClose,
  onPick,
}: {
  title: string;
  selected: TokenInfo | null;
  only: ((token: TokenInfo) => boolean) | undefined;
  emptyText: string | undefined;
  onClose: () => void;
  onPick: (token: TokenInfo) => void;
}) {
  const tokens = useTokensStore((s) => s.tokens);
  const status = useTokensStore((s) => s.status);
  const loadError = useTokensStore((s) => s.error);
  const load = useTokensStore((s) => s.load);
  const lookup = useTokensStore((s) => s.lookup);
  const remember = useTokensStore((s) => s.remember);
  const pick = (token: TokenInfo) => {
    remember(token);
    onPick(token);
  };
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [lookupState, setLookupState] = useState<
    { state: 'idle' } | { state: 'loading' } | { state: 'failed'; error: BridgeError }
  >({ state: 'idle' });
  const listId = useId();
  const [found, setFound] = useState<{ query: string; tokens: TokenInfo[] } | null>(null);
  const address = useAccountsStore(selectCurrentAccount)?.address ?? null;
  const balances = useBalancesOf(address);
  /** Base units held per mint, for the options that show a balance. */
  const held = useMemo(() => {
    const list = heldTokens(balances, tokens).filter((h) => !only || only(h.token));
    return new Map(list.map((h) => [h.token.mint, h]));
  }, [balances, tokens, only]);
  const allMatches = useMemo(() => {
    const heldList = [...held.values()].map((h) => h.token);
    const rest = tokens.filter((t) => !held.has(t.mint) && (!only || only(t)));
    const ranked = matchTokens([...heldList, ...rest], query);
    // What the person holds first, in the order the search ranked it.
    const local = [
      ...ranked.filter((t) => held.has(t.mint)),
      ...ranked.filter((t) => !held.has(t.mint)),
    ];
    if (!found || found.query !== query.trim()) return local;
    const seen = new Set(local.map((t) => t.mint));
    const more = found.tokens.filter((t) => !seen.has(t.mint) && (!only || only(t)));
    return [...local, ...more];
  }, [tokens, held, query, only, found]);
  const matches = allMatches.slice(0, MAX_OPTIONS);
  const latestQuery = useRef('');

  // The directory is searched once typing pauses; an answer to an older query is ignored.
  useEffect(() => {
    const text = query.trim();
    if (text === '' || looksLikeAddress(text)) return;
    const timer = setTimeout(() => {
      void callWallet((w) => w.tokens.search({ query: text })).then((result) => {
        if (result.ok && latestQuery.current.trim() === text) {
          setFound({ query: text, tokens: result.value });
        }
      });
    }, SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [query]);

  useEffect(() => {
    void load();
  }, [load]);

  /** A pasted mint the list does not hold is read from the chain; a stale answer is ignored. */
  const changeQuery = (text: string) => {
    setQuery(text);
    setActive(0);
    latestQuery.current = text;
    const mint = text.trim();
    if (!looksLikeAddress(mint) || tokens.some((t) => t.mint === mint)) {
      setLookupState({ state: 'idle' });
      return;
    }
    setLookupState({ state: 'loading' });
    void lookup(mint).then((result) => {
      if (latestQuery.current !== text) return;
      setLookupState(result.ok ? { state: 'idle' } : { state: 'failed', error: result.error });
    });
  };

  const activeIndex = Math.min(active, Math.max(0, matches.length - 1));
  const optionId = (i: number) => `${listId}-option-${i}`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setActive(Math.min(activeIndex + 1, matches.length - 1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive(Math.max(activeIndex - 1, 0));
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const token = matches[activeIndex];
      if (token) pick(token);
    }
  };

  return (
    <Dialog title={title} onClose={onClose} initialFocus="input[type=search]">
      <div className="field">
        <label htmlFor={`${listId}-search`}>Search tokens</label>
        <input
          id={`${listId}-search`}
          type="search"
          className="input"
          placeholder="Symbol, name or mint address"
          autoComplete="off"
          spellCheck={false}
          value={query}
          role="combobox"
          aria-expanded="true"
          aria-controls={listId}
          aria-activedescendant={matches.length > 0 ? optionId(activeIndex) : undefined}
          onChange={(event) => changeQuery(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <p className="hint">Paste a mint address to add a token the list does not name.</p>
      </div>
      <ul id={listId} role="listbox" aria-label="Tokens" className="token-list">
        {matches.map((token, i) => (
          <li
            key={token.mint}
            id={optionId(i)}
            role="option"
            aria-label={optionName(token)}
            aria-selected={token.mint === selected?.mint}
            className={i === activeIndex ? 'token-option token-option-active' : 'token-option'}
            onClick={() => pick(token)}
            onMouseMove={() => setActive(i)}
          >
            <TokenLogo mint={token.mint} symbol={token.symbol} hasLogo={token.hasLogo} />
            <span className="token-symbol">{tokenName(token, token.mint)}</span>{' '}
            <VerifiedMark verified={token.verified} />
            {token.paused ? (
              <span className="small"> Paused by its issuer: it cannot be moved now. </span>
            ) : null}
            <span className="muted small">
              {token.name ?? 'Read from the chain'} · {shortenAddress(token.mint)} ·{' '}
              {token.decimals} decimals
            </span>
            {held.has(token.mint) ? (
              <span className="token-balance small">
                Balance:{' '}
                {formatMintUnits(held.get(token.mint)!.amount, token.decimals, token.mint, {
                  group: true,
                })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
      <div role="status" className="status-line">
        {status === 'loading' ? 'Loading tokens…' : null}
        {lookupState.state === 'loading' ? 'Looking up this mint on the network…' : null}
        {allMatches.length > matches.length
          ? `Showing ${matches.length} of ${allMatches.length} tokens: type to narrow the list.`
          : null}
        {matches.length === 0 && status === 'ready' && lookupState.state === 'idle'
          ? query.trim() === '' && emptyText
            ? emptyText
            : 'No token matches. Paste a mint address to look it up.'
          : null}
      </div>
      <div
        role="alert"
        className={lookupState.state === 'failed' || loadError ? 'alert' : 'alert alert-empty'}
      >
        {lookupState.state === 'failed' ? lookupState.error.message : loadError?.message}
      </div>
      <div className="actions">
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </Dialog>
  );
}
