import { Group, Text, ThemeIcon } from '@mantine/core';
import { useBrand } from '../../../lib/brand-context';
import { ThermometerIcon } from '../../../components/ui/icons/thermometer-icon';

/** The brand's name with its mark, as the header and footer show it. */
export function BrandMark({ size = 'md' }: { size?: 'sm' | 'md' }) {
  const brand = useBrand();
  return (
    <Group gap={10} wrap="nowrap">
      <ThemeIcon size={size === 'md' ? 38 : 30} radius="md" variant="gradient" aria-hidden>
        <ThermometerIcon size={size === 'md' ? 22 : 18} strokeWidth={2.2} />
      </ThemeIcon>
      <Text fw={800} fz={size === 'md' ? 20 : 17} lh={1.1} style={{ letterSpacing: '-0.02em' }}>
        {brand.name}
      </Text>
    </Group>
  );
}
