/**
 * One-time links carry their secret in the address's fragment (`/invite#token=…`, `/sign-on#code=…`):
 * a browser never sends the fragment to a server, so the secret stays out of access logs. The page
 * reads it once and takes it out of the address bar at once (history.replaceState), so it is neither
 * left on screen nor in the browser's history, nor sent on by a copied address.
 */
export type LinkFragment = Record<string, string>;

/** The name=value pairs of a fragment ('#token=abc&x=1'); values are URL-decoded. */
export function parseFragment(hash: string): LinkFragment {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  const values: LinkFragment = {};
  if (!text) return values;
  for (const [name, value] of new URLSearchParams(text)) if (!(name in values)) values[name] = value;
  return values;
}

type Place = { pathname: string; search: string; hash: string };
type History = { state: unknown; replaceState: (state: unknown, unused: string, url: string) => void };

/** What each page's fragment held when it was first read: a screen drawn twice (React's StrictMode) reads it again here. */
const taken = new Map<string, LinkFragment>();

/**
 * The fragment of the page's address, read once per path and removed from the address bar. A later
 * visit to the same path without a fragment reads what the first one held, until `forgetLinkFragment`.
 */
export function takeLinkFragment(place: Place | undefined = globalThis.location, history: History | undefined = globalThis.history): LinkFragment {
  if (!place) return {};
  const key = place.pathname;
  if (place.hash && place.hash !== '#') {
    taken.set(key, parseFragment(place.hash));
    history?.replaceState(history.state, '', `${place.pathname}${place.search}`);
  }
  return taken.get(key) ?? {};
}

/** Forgets what a page's fragment held (its secret has been used). */
export const forgetLinkFragment = (pathname: string) => void taken.delete(pathname);
