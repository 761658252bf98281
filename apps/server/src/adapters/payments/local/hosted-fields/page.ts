import { createHash } from 'node:crypto';
import { FRAME_SCRIPT } from './frame-script';

const STYLE = `body{margin:0;font:14px system-ui,sans-serif}label{display:block;margin:6px 0 2px}
input{box-sizing:border-box;width:100%;padding:6px;font:inherit}.row{display:flex;gap:8px}.row>div{flex:1}`;

const hash = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/**
 * The local card-fields page's Content-Security-Policy: nothing but its own inline script and
 * style (by hash) and calls to this server; only the app's origin may frame it.
 */
export function hostedFieldsPolicy(appOrigin: string): string {
  return [
    "default-src 'none'",
    `script-src ${hash(FRAME_SCRIPT)}`,
    `style-src ${hash(STYLE)}`,
    "connect-src 'self'",
    "form-action 'none'",
    "base-uri 'none'",
    `frame-ancestors ${appOrigin}`,
  ].join('; ');
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** The local card-fields page (what Braintree's Hosted Fields iframes are in its sandbox). */
export function hostedFieldsPage(appOrigin: string): string {
  const input = (id: string, label: string, autocomplete: string, size = '') =>
    `<label for="${id}">${label}</label><input id="${id}" inputmode="numeric" autocomplete="${autocomplete}"${size}>`;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Card details</title><style>${STYLE}</style></head>
<body data-app-origin="${escapeAttribute(appOrigin)}">
<main>
${input('number', 'Card number', 'cc-number', ' maxlength="23"')}
<div class="row"><div>${input('expiration-month', 'Month (MM)', 'cc-exp-month', ' maxlength="2"')}</div>
<div>${input('expiration-year', 'Year (YYYY)', 'cc-exp-year', ' maxlength="4"')}</div>
<div>${input('cvv', 'CVV', 'cc-csc', ' maxlength="4"')}</div></div>
${input('postal-code', 'Postal code', 'postal-code', ' maxlength="10"')}
</main>
<script>${FRAME_SCRIPT}</script>
</body></html>`;
}
