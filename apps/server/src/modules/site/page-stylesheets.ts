import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CLASS_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
const CLASS_ATTRIBUTE = /\sclass="([^"]*)"/g;

/**
 * The stylesheets a rendered page needs beyond those index.html links (decision 071). A page's
 * own CSS (a CSS module, a Mantine component split out of the shell) comes in a chunk its code
 * loads later; markup the server rendered must be styled before that. Each of the build's other
 * stylesheets is linked when the page uses one of the classes it defines.
 */
export function createPageStylesheets(webDist: string, template: string) {
  const linked = new Set(
    [...template.matchAll(/href="\/(assets\/[^"]+\.css)"/g)].map((m) => m[1]!),
  );
  const assets = join(webDist, 'assets');
  const sheets = (existsSync(assets) ? readdirSync(assets) : [])
    .filter((name) => name.endsWith('.css') && !linked.has(`assets/${name}`))
    .map((name) => {
      const css = readFileSync(join(webDist, 'assets', name), 'utf8');
      return {
        href: `/assets/${name}`,
        classes: new Set([...css.matchAll(CLASS_SELECTOR)].map((m) => m[1]!)),
      };
    });

  /** `<link>` elements for the stylesheets `html` uses that the page does not link already. */
  return function linksFor(html: string): string {
    const used = new Set(
      [...html.matchAll(CLASS_ATTRIBUTE)].flatMap((match) => match[1]!.split(/\s+/)),
    );
    return sheets
      .filter((sheet) => [...sheet.classes].some((name) => used.has(name)))
      .map((sheet) => `<link rel="stylesheet" crossorigin href="${sheet.href}">`)
      .join('');
  };
}
