import { lazy, Suspense } from 'react';
import {
  AspectRatio,
  Card,
  Group,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
  Anchor,
} from '@mantine/core';
import { Link } from 'react-router';
import { PlayIcon } from '../../../../components/ui/icons/play-icon';
import { PageLoader } from '../../../../components/ui/page-loader';
import { isMobileApp } from '../../../../lib/mobile-app';
import { InfoPage } from './info-page';
import { AppVideo } from './app-video';

// The walkthrough (and its Progress bar) loads with the video page, apart from the other
// information pages that share this chunk (bench/web).
const Walkthrough = lazy(() => import('./walkthrough').then((m) => ({ default: m.Walkthrough })));
import { SUPPORT_VIDEOS, type SupportVideo } from './support-videos';

/** A video's card art: its title's first letters are not needed, the step count says how long it is. */
function VideoPoster({ video }: { video: SupportVideo }) {
  return (
    <AspectRatio ratio={16 / 9}>
      <Stack
        align="center"
        justify="center"
        gap="xs"
        style={{
          borderRadius: 'var(--mantine-radius-md)',
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-8), var(--mantine-color-brand-5))',
          color: 'white',
        }}
        aria-hidden
      >
        <ThemeIcon size={56} radius="xl" color="white" variant="white" c="brand.7">
          <PlayIcon size={26} fill="currentColor" />
        </ThemeIcon>
        <Text size="sm" fw={600}>
          {video.steps.length} steps
        </Text>
      </Stack>
    </AspectRatio>
  );
}

/** The list of support videos. */
export function VideosContent() {
  return (
    <InfoPage
      eyebrow="Support videos"
      title="How-to videos"
      lead="Short walkthroughs of the things owners do most."
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
        {SUPPORT_VIDEOS.map((video) => (
          <Card
            key={video.key}
            withBorder
            radius="lg"
            padding="md"
            component={Link}
            to={`/${video.key}`}
          >
            <Card.Section mb="md">
              <VideoPoster video={video} />
            </Card.Section>
            <Title order={2} fz="h4">
              {video.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {video.summary}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </InfoPage>
  );
}

/** One support video page, with its steps written out. */
export function VideoContent({ video }: { video: SupportVideo }) {
  return (
    <InfoPage eyebrow="Support video" title={video.title} lead={video.summary}>
      <Stack gap="xl">
        {isMobileApp() ? (
          <AppVideo video={video} />
        ) : (
          <Suspense fallback={<PageLoader label="Loading the video" />}>
            <Walkthrough video={video} />
          </Suspense>
        )}
        <Stack gap="sm">
          <Title order={2} fz="h3">
            Step by step
          </Title>
          <List type="ordered" spacing="sm">
            {video.steps.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </Stack>
        <Group>
          <Anchor underline="always" component={Link} to="/videos">
            ← All videos
          </Anchor>
        </Group>
      </Stack>
    </InfoPage>
  );
}
