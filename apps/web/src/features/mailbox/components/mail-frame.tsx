import { useState } from 'react';

/**
 * An e-mail's HTML in a sandboxed frame: no scripts, no access to this page; links open in a new
 * tab. The frame grows to its content so the page, not the frame, scrolls.
 */
export function MailFrame({ html, title }: { html: string; title: string }) {
  const [height, setHeight] = useState(320);
  const document = `<!doctype html><html><head><meta charset="utf-8"><base target="_blank"><style>body{font-family:system-ui,sans-serif;margin:16px;color:#1a1b1e;overflow-wrap:anywhere}img{max-width:100%;height:auto}</style></head><body>${html}</body></html>`;
  return (
    <iframe
      title={title}
      srcDoc={document}
      // allow-same-origin lets the page measure the content height; without allow-scripts nothing in it runs.
      sandbox="allow-popups allow-popups-to-escape-sandbox allow-same-origin"
      onLoad={(event) => {
        const body = event.currentTarget.contentDocument?.body;
        if (body) setHeight(Math.min(Math.max(body.scrollHeight + 32, 160), 1200));
      }}
      style={{
        width: '100%',
        height,
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-md)',
        background: 'white',
      }}
    />
  );
}
