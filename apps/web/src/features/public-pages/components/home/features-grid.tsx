import { Box, Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BoltIcon } from '../../../../components/ui/icons/bolt-icon';
import { DropletIcon } from '../../../../components/ui/icons/droplet-icon';
import { SignalIcon } from '../../../../components/ui/icons/signal-icon';
import { ThermometerIcon } from '../../../../components/ui/icons/thermometer-icon';
import { WavesIcon } from '../../../../components/ui/icons/waves-icon';
import { BellIcon } from '../../../../components/ui/icons/bell-icon';

const FEATURES = [
  {
    icon: ThermometerIcon,
    title: 'Temperature',
    text: 'Catch a failed furnace before the pipes freeze, or a hot server room before it fails.',
  },
  {
    icon: DropletIcon,
    title: 'Humidity',
    text: 'Stop mould and condensation in cabins, greenhouses, storage and wine cellars.',
  },
  {
    icon: BoltIcon,
    title: 'Power outages',
    text: 'A battery backup keeps reporting and tells you when the power goes off and comes back.',
  },
  {
    icon: WavesIcon,
    title: 'Water leaks',
    text: 'Add wireless sensor pucks to hear about a leak under a sink or in a basement.',
  },
  {
    icon: SignalIcon,
    title: 'Built-in cellular',
    text: 'No Wi-Fi, router or landline to rely on: it works where the internet does not.',
  },
  {
    icon: BellIcon,
    title: 'Alerts your way',
    text: 'Texts, e-mails and voice calls to as many people as you choose, on your schedule.',
  },
];

/** What the monitor watches. */
export function FeaturesGrid() {
  return (
    <Box component="section" aria-labelledby="features-title" py={{ base: 48, sm: 72 }} bg="gray.0">
      <Container size="lg">
        <Stack gap={6} align="center" ta="center" mb={{ base: 32, sm: 48 }}>
          <Text tt="uppercase" fw={700} c="brand.7" size="sm" style={{ letterSpacing: '0.08em' }}>
            What it watches
          </Text>
          <Title order={2} fz={{ base: 26, sm: 34 }} id="features-title">
            One monitor for the things that go wrong
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {FEATURES.map((feature) => (
            <Paper key={feature.title} withBorder radius="lg" p="lg">
              <ThemeIcon size={44} radius="md" variant="gradient" mb="md">
                <feature.icon size={22} />
              </ThemeIcon>
              <Title order={3} fz="h4" mb={6}>
                {feature.title}
              </Title>
              <Text c="dimmed">{feature.text}</Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
