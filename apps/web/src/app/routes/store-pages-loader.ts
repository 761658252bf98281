/**
 * Loads the store's pages (issue #15). The route table imports this small module rather than the
 * pages themselves, so the list of chunks the pages need is written here, not in the sign-in
 * download, which bench/web holds under 150 kB gzip (decision 046).
 */
export function loadStorePage(name: 'StorePage' | 'CartPage') {
  return import('./store-pages').then((module) => ({ Component: module[name] }));
}
