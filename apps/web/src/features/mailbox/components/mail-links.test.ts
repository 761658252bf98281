import { describe, expect, it } from 'vitest';
import { findLinks } from './mail-links';

describe('links in a mailbox message', () => {
  it('finds each link once, whether written in the text or HTML-escaped in the HTML', () => {
    const text = 'Reset: http://x.test/resetpassword?id=1&expires=2&token=t.';
    const html = '<a href="http://x.test/resetpassword?id=1&amp;expires=2&amp;token=t">Reset</a>';
    expect(findLinks(`${text} ${html}`)).toEqual([
      'http://x.test/resetpassword?id=1&expires=2&token=t',
    ]);
  });
});
