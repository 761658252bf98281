import { useEffect, useRef } from 'react';
import { Button, Group, ThemeIcon } from '@mantine/core';
import { PlayIcon } from '../../../../components/ui/icons/play-icon';
import { postToNativeApp } from '../../../../lib/mobile-app';
import type { SupportVideo } from './support-videos';

/**
 * In the mobile app the app plays the video (store-and-public-site §2): the page asks it once on
 * arrival, by the video's key, and offers to ask again.
 */
export function AppVideo({ video }: { video: SupportVideo }) {
  const asked = useRef<string | null>(null);
  useEffect(() => {
    if (asked.current === video.key) return;
    asked.current = video.key;
    postToNativeApp({ type: 'playVideo', key: video.key });
  }, [video.key]);
  return (
    <Group gap="md">
      <ThemeIcon size={44} radius="xl" variant="light">
        <PlayIcon size={22} />
      </ThemeIcon>
      <Button onClick={() => postToNativeApp({ type: 'playVideo', key: video.key })}>
        Play the video
      </Button>
    </Group>
  );
}
