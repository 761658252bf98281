import { SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BellIcon } from '../../../components/ui/icons/bell-icon';
import { BoltIcon } from '../../../components/ui/icons/bolt-icon';
import { DropletIcon } from '../../../components/ui/icons/droplet-icon';
import { SignalIcon } from '../../../components/ui/icons/signal-icon';
import { ThermometerIcon } from '../../../components/ui/icons/thermometer-icon';
import { UserIcon } from '../../../components/ui/icons/user-icon';

const HIGHLIGHTS = [
  {
    icon: ThermometerIcon,
    title: 'Temperature and humidity',
    text: 'Set the range you consider safe; hear about it the moment a reading leaves it.',
  },
  {
    icon: BoltIcon,
    title: 'Power outages',
    text: 'A battery backup keeps it reporting through a power cut, and it tells you when power is back.',
  },
  {
    icon: SignalIcon,
    title: 'Built-in cellular',
    text: 'No Wi-Fi, landline or computer needed at the property: it reports over its own cellular link.',
  },
  {
    icon: BellIcon,
    title: 'Text, e-mail or call',
    text: 'Each alarm goes to the people you choose, the way they want to hear it.',
  },
  {
    icon: DropletIcon,
    title: 'Add sensor pucks',
    text: 'Wireless pucks watch water, temperature and humidity in more rooms through one monitor.',
  },
  {
    icon: UserIcon,
    title: 'Share with family or staff',
    text: 'Sub-accounts let a neighbour, relative or employee see the devices you share.',
  },
];

/** What the monitor does, in six points, for the landing pages. */
export function ProductHighlights({ isMobile }: { isMobile: boolean }) {
  return (
    <SimpleGrid cols={isMobile ? 1 : 3} spacing="lg">
      {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
        <Stack key={title} gap={6}>
          <ThemeIcon size={44} radius="md" variant="light">
            <Icon size={22} />
          </ThemeIcon>
          <Title order={3} fz="h5">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {text}
          </Text>
        </Stack>
      ))}
    </SimpleGrid>
  );
}
