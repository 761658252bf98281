import { readFileSync } from 'node:fs';

const ROUTES_FILE = new URL('../../apps/web/src/app/routes.tsx', import.meta.url);
/** An address no route has, where the catch-all route shows its page-not-found. */
export const NOT_FOUND_PATH = '/this-page-does-not-exist';
/** The route table's helpers that take a page's path first. */
const ROUTE_HELPERS = ['infoPage', 'memberPage'];

/**
 * Every page path of the web app's route table (apps/web/src/app/routes.tsx), read from its
 * source so a page added later is covered without being listed again: `index: true` (the home
 * page), `path: '…'`, the `infoPage('…')` and `memberPage('…')` helpers and the support video
 * paths; the catch-all `*` as NOT_FOUND_PATH. A route written in any other form makes this
 * throw, so it cannot slip through unread.
 */
export function readRoutePaths(): string[] {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  const unreadable = source.match(/^\s*path:\s*[^'\s].*$/gm);
  if (unreadable)
    throw new Error(`routes.tsx has a path that is not a string literal: ${unreadable.join(', ')}`);
  // A new route helper must be read here too, or its pages would go unchecked.
  const helpers = [...source.matchAll(/const (\w+) = \(path: string/g)].map((match) => match[1]!);
  const unknownHelpers = helpers.filter((name) => !ROUTE_HELPERS.includes(name));
  if (unknownHelpers.length)
    throw new Error(
      `routes.tsx has route helpers this reader does not know: ${unknownHelpers.join(', ')}`,
    );
  const videoList = /SUPPORT_VIDEO_PATHS = \[([^\]]*)\]/.exec(source)?.[1];
  if (videoList === undefined) throw new Error('routes.tsx no longer has SUPPORT_VIDEO_PATHS');
  const literals = (pattern: RegExp, text = source) =>
    [...text.matchAll(pattern)].map((match) => match[1]!);
  const paths = [
    ...(/\bindex: true\b/.test(source) ? [''] : []),
    ...literals(/\bpath: '([^']*)'/g),
    ...literals(new RegExp(`\\b(?:${ROUTE_HELPERS.join('|')})\\('([^']*)'`, 'g')),
    ...literals(/'([^']+)'/g, videoList),
  ];
  // The catch-all is checked at an address no page has: the page-not-found it shows.
  return [...new Set(paths)].map((path) => (path === '*' ? NOT_FOUND_PATH : `/${path}`));
}

/**
 * The paths of the signed-in pages: those the route table makes with `memberPage('…')`, all of
 * them behind its sign-in guard. A visitor opening one is only sent to /login.
 */
export function readSignedInPaths(): Set<string> {
  const source = readFileSync(ROUTES_FILE, 'utf8');
  return new Set([...source.matchAll(/\bmemberPage\('([^']*)'/g)].map((match) => `/${match[1]}`));
}
