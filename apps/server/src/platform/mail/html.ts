import type { Brand } from '@monitor/domain/shared/brands';

/** Escapes text for HTML e-mail bodies; names and links come from users and must not become markup. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

type MailBrand = Pick<Brand, 'name' | 'phone' | 'email'>;

/** A link drawn as a button; `href` and `label` are escaped here. */
export const mailButton = (href: string, label: string) =>
  `<p><a href="${escapeHtml(href)}" style="display: inline-block; padding: 10px 18px; background: #1c7ed6; color: #ffffff; text-decoration: none; border-radius: 4px">${escapeHtml(label)}</a></p>`;

/**
 * The one page every e-mail is drawn on: its heading, its body (HTML the caller escaped) and the
 * brand's support line and signature.
 */
export function mailPage(brand: MailBrand, heading: string, body: string): string {
  const e = escapeHtml;
  return `<!doctype html>
<html lang="en">
  <body style="font-family: Arial, Helvetica, sans-serif; color: #1f2933; line-height: 1.5">
    <h1 style="font-size: 20px">${e(heading)}</h1>
${body}
    <p style="color: #52606d; font-size: 13px">Questions? Call ${e(brand.phone)} or write to <a href="mailto:${e(brand.email)}">${e(brand.email)}</a>.<br>The ${e(brand.name)} team</p>
  </body>
</html>
`;
}
