import { Box, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { BellIcon } from '../../../../components/ui/icons/bell-icon';
import { BoltIcon } from '../../../../components/ui/icons/bolt-icon';
import { DropletIcon } from '../../../../components/ui/icons/droplet-icon';
import { SignalIcon } from '../../../../components/ui/icons/signal-icon';
import { ThermometerIcon } from '../../../../components/ui/icons/thermometer-icon';
import classes from './device-illustration.module.css';

/** A drawing of the monitor and the kind of alert it sends; an illustration, not live data. */
export function DeviceIllustration() {
  return (
    <Box
      className={classes.stage}
      role="img"
      aria-label="Illustration of the monitor's display and a text alert on a phone"
    >
      <div className={classes.device}>
        <div className={classes.screen}>
          <Group justify="space-between" mb="md">
            <Text size="xs" tt="uppercase" fw={700} c="blue.1" style={{ letterSpacing: '0.08em' }}>
              Lake house
            </Text>
            <Group gap={4} c="teal.3">
              <SignalIcon size={16} />
              <Text size="xs" fw={600}>
                LTE
              </Text>
            </Group>
          </Group>
          <Group align="flex-end" gap={6}>
            <span className={classes.reading}>68°</span>
            <Text fw={600} c="blue.1" mb={6}>
              F
            </Text>
          </Group>
          <Text size="sm" c="blue.1" mt={4}>
            Within your range of 45° – 85°
          </Text>
        </div>
        {/* Three equal columns by CSS (not SimpleGrid): this drawing is in the home page's first
            download (bench/web). */}
        <div className={classes.readings}>
          {[
            { icon: <ThermometerIcon size={18} />, label: 'Temp', value: 'OK' },
            { icon: <DropletIcon size={18} />, label: 'Humidity', value: '41%' },
            { icon: <BoltIcon size={18} />, label: 'Power', value: 'On' },
          ].map((item) => (
            <Stack key={item.label} gap={4} align="center">
              <ThemeIcon variant="light" radius="xl" size="lg">
                {item.icon}
              </ThemeIcon>
              <Text size="xs" c="dimmed">
                {item.label}
              </Text>
              <Text size="sm" fw={700}>
                {item.value}
              </Text>
            </Stack>
          ))}
        </div>
      </div>
      <Paper className={classes.alert} radius="lg" p="md" withBorder>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" radius="xl" variant="light">
            <BellIcon size={18} />
          </ThemeIcon>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={600}>
              Text message · now
            </Text>
            <Text size="sm">Lake house: power is back on. All readings are normal again.</Text>
          </Stack>
        </Group>
      </Paper>
    </Box>
  );
}
