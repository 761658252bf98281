import { Anchor, Box, Container, Divider, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { BrandMark } from '../../features/brand/components/brand-mark';
import { useBrand } from '../../lib/brand-context';
import classes from './header.module.css';

const COLUMNS = [
  {
    title: 'Company',
    links: [
      ['About us', '/about'],
      ['Contact us', '/contact'],
      ['Guarantee', '/guarantee'],
      ['Returns', '/returns'],
      ['Privacy policy', '/privacy-policy'],
    ],
  },
  {
    title: 'Help',
    links: [
      ['Support', '/support'],
      ['FAQS', '/faqs'],
      ['Documentation', '/documentation'],
      ['How-to videos', '/videos'],
      ['Local mailbox (demo)', '/mailbox'],
    ],
  },
] as const;

/** The site footer: the brand's contact details and the information pages. */
export function Footer() {
  const brand = useBrand();
  return (
    <Box
      component="footer"
      bg="gray.0"
      mt="auto"
      style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}
    >
      <Container size="xl" py={{ base: 36, sm: 48 }}>
        <div className={classes.footerColumns}>
          <Stack gap="sm">
            <BrandMark size="sm" />
            <Text size="sm" c="dimmed" maw={320}>
              Cellular monitoring for temperature, humidity, power and water, with alerts by text,
              e-mail and phone.
            </Text>
            <Text size="sm">
              <Anchor href={`tel:${brand.phone}`}>{brand.phone}</Anchor>
              <br />
              <Anchor href={`mailto:${brand.email}`}>{brand.email}</Anchor>
            </Text>
          </Stack>
          {COLUMNS.map((column) => (
            <nav key={column.title} aria-label={column.title}>
              <Title
                order={2}
                fz="sm"
                tt="uppercase"
                c="dimmed"
                mb="sm"
                style={{ letterSpacing: '0.06em' }}
              >
                {column.title}
              </Title>
              <Stack gap={8}>
                {column.links.map(([label, to]) => (
                  <Anchor key={to} component={Link} to={to} c="dark.6" size="sm">
                    {label}
                  </Anchor>
                ))}
              </Stack>
            </nav>
          ))}
        </div>
        <Divider my="lg" />
        <Group justify="space-between" gap="xs">
          <Text size="xs" c="dimmed">
            © {new Date().getFullYear()} {brand.name}. All rights reserved.
          </Text>
          <Text size="xs" c="dimmed">
            Monitoring from as low as $8.25 per month, no long contracts.
          </Text>
        </Group>
      </Container>
    </Box>
  );
}
