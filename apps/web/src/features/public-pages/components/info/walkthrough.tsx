// Component CSS not in app/styles.ts (decision 003): loaded with this lazy page only.
import '@mantine/core/styles/Progress.css';
import { AspectRatio, Button, Group, Progress, Stack, Text } from '@mantine/core';
import { PlayIcon } from '../../../../components/ui/icons/play-icon';
import { useWalkthrough } from '../../hooks/use-walkthrough';
import type { SupportVideo } from './support-videos';

/**
 * The support video on the web: its steps played one by one on a 16:9 stage, with play, pause,
 * back and next, so the page shows the procedure without a video file to download.
 */
export function Walkthrough({ video }: { video: SupportVideo }) {
  const walk = useWalkthrough(video.steps.length);
  const count = video.steps.length;
  return (
    <Stack gap="sm" component="section" aria-label={`${video.title} walkthrough`}>
      <AspectRatio ratio={16 / 9}>
        <Stack
          justify="center"
          gap="md"
          p={{ base: 'lg', sm: 48 }}
          style={{
            borderRadius: 'var(--mantine-radius-md)',
            background:
              'linear-gradient(135deg, var(--mantine-color-brand-8), var(--mantine-color-brand-5))',
            color: 'white',
          }}
        >
          <Text size="sm" fw={700} tt="uppercase" style={{ letterSpacing: '0.08em' }}>
            Step {walk.index + 1} of {count}
          </Text>
          <Text
            fz={{ base: 18, sm: 26 }}
            fw={700}
            aria-live="polite"
            data-testid="walkthrough-step"
          >
            {video.steps[walk.index]}
          </Text>
        </Stack>
      </AspectRatio>
      <Progress
        value={((walk.index + 1) / count) * 100}
        aria-label="Walkthrough progress"
        size="sm"
      />
      <Group gap="xs">
        <Button
          variant="default"
          size="xs"
          onClick={() => walk.goTo(walk.index - 1)}
          disabled={walk.index === 0}
        >
          Back
        </Button>
        {walk.isPlaying ? (
          <Button size="xs" onClick={walk.pause}>
            Pause
          </Button>
        ) : (
          <Button size="xs" leftSection={<PlayIcon size={14} />} onClick={walk.play}>
            {walk.index >= count - 1 && count > 1 ? 'Play again' : 'Play'}
          </Button>
        )}
        <Button
          variant="default"
          size="xs"
          onClick={() => walk.goTo(walk.index + 1)}
          disabled={walk.index >= count - 1}
        >
          Next
        </Button>
      </Group>
    </Stack>
  );
}
