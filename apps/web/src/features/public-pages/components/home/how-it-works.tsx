import { Box, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { BellIcon } from '../../../../components/ui/icons/bell-icon';
import { DeviceIcon } from '../../../../components/ui/icons/device-icon';
import { SignalIcon } from '../../../../components/ui/icons/signal-icon';
import { ThermometerIcon } from '../../../../components/ui/icons/thermometer-icon';

const STEPS = [
  {
    icon: DeviceIcon,
    title: 'Plug it in',
    text: 'Place the monitor where it matters and plug it into an outlet. It connects over its own cellular network: nothing to pair.',
  },
  {
    icon: ThermometerIcon,
    title: 'Choose your ranges',
    text: 'Register it to your account and set the temperature and humidity you consider safe.',
  },
  {
    icon: BellIcon,
    title: 'Get alerted',
    text: 'Out of range, power lost or water found: you and the people you choose get a text, e-mail or phone call.',
  },
  {
    icon: SignalIcon,
    title: 'Check in anytime',
    text: 'See current readings and history from the web or the mobile app, wherever you are.',
  },
];

/** The how-it-works section of the home page (store-and-public-site §1). */
export function HowItWorks() {
  return (
    <Box
      component="section"
      id="how-it-works"
      aria-labelledby="how-it-works-title"
      py={{ base: 48, sm: 72 }}
    >
      <Container size="lg">
        <Stack gap={6} align="center" ta="center" mb={{ base: 32, sm: 48 }}>
          <Text tt="uppercase" fw={700} c="brand.7" size="sm" style={{ letterSpacing: '0.08em' }}>
            How it works
          </Text>
          <Title order={2} fz={{ base: 26, sm: 34 }} id="how-it-works-title">
            Peace of mind in four steps
          </Title>
        </Stack>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing={{ base: 'lg', md: 'xl' }}>
          {STEPS.map((step, index) => (
            <Stack key={step.title} gap="sm">
              <ThemeIcon size={52} radius="md" variant="light">
                <step.icon size={26} />
              </ThemeIcon>
              <Text size="sm" c="dimmed" fw={600}>
                Step {index + 1}
              </Text>
              <Title order={3} fz="h4">
                {step.title}
              </Title>
              <Text c="dimmed">{step.text}</Text>
            </Stack>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
