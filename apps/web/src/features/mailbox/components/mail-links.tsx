import { Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';

const URL_PATTERN = /https?:\/\/[^\s<>"')]+/g;

/** Every http(s) link in a message (plain text or HTML), without duplicates or trailing punctuation. */
export function findLinks(text: string): string[] {
  const decoded = text.replaceAll('&amp;', '&');
  const links = (decoded.match(URL_PATTERN) ?? []).map((link) => link.replace(/[.,;:!?]+$/, ''));
  return [...new Set(links)];
}

/** Links in a message, clickable; links to this site open in place. */
export function MailLinks({ links }: { links: string[] }) {
  if (links.length === 0) return null;
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        Links in this message
      </Text>
      {links.map((href) => {
        const url = new URL(href);
        const isHere = url.origin === window.location.origin;
        return isHere ? (
          <Anchor
            key={href}
            component={Link}
            to={url.pathname + url.search}
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {href}
          </Anchor>
        ) : (
          <Anchor
            key={href}
            href={href}
            target="_blank"
            rel="noreferrer"
            size="sm"
            style={{ wordBreak: 'break-all' }}
          >
            {href}
          </Anchor>
        );
      })}
    </Stack>
  );
}
