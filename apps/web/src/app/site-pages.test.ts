import { isValidElement } from 'react';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PUBLIC_PAGE_PATHS, SIGNED_IN_PATH_PREFIXES } from '@monitor/domain/shared/site-pages';
import { RequireAuth } from './guards/require-auth';
import { routes } from './routes';

/** Every path of the table with whether it sits behind RequireAuth. */
function pathsOf(
  table: RouteObject[],
  isSignedIn = false,
): { path: string; isSignedIn: boolean }[] {
  return table.flatMap((route) => {
    const inside =
      isSignedIn || (isValidElement(route.element) && route.element.type === RequireAuth);
    const own = route.index ? ['/'] : route.path ? [`/${route.path}`] : [];
    return [
      ...own.map((path) => ({ path, isSignedIn: inside })),
      ...pathsOf(route.children ?? [], inside),
    ];
  });
}

describe('the pages the server names to crawlers (robots.txt, sitemap.xml; decision 069)', () => {
  const table = pathsOf(routes);

  it('lists only public pages of the route table in the sitemap', () => {
    const publicPaths = table.filter((route) => !route.isSignedIn).map((route) => route.path);
    expect(PUBLIC_PAGE_PATHS.filter((path) => !publicPaths.includes(path))).toEqual([]);
  });

  it('disallows exactly the first segments of the signed-in pages of the route table', () => {
    const signedIn = table.filter((route) => route.isSignedIn).map((route) => route.path);
    const prefixes = [...new Set(signedIn.map((path) => `/${path.split('/')[1]}`))];
    expect(prefixes.sort()).toEqual([...SIGNED_IN_PATH_PREFIXES].sort());
  });
});
