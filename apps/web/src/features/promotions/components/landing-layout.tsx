import type { ReactNode } from 'react';
import { Box, Container, Stack, Title } from '@mantine/core';
import { ProductHighlights } from './product-highlights';

/**
 * The frame every landing page shares: a coloured lead band (`banner`), what the monitor does,
 * then the page's own sections (`children`). One column on a phone (store-and-public-site §2).
 */
export function LandingLayout({
  banner,
  isMobile,
  children,
}: {
  banner: ReactNode;
  isMobile: boolean;
  children?: ReactNode;
}) {
  return (
    <>
      <Box
        component="section"
        py={isMobile ? 36 : 64}
        style={{
          background:
            'linear-gradient(135deg, var(--mantine-color-brand-8), var(--mantine-color-brand-5))',
          color: 'white',
        }}
      >
        <Container size="lg">{banner}</Container>
      </Box>
      <Container size="lg" py={isMobile ? 32 : 56}>
        <Stack gap={isMobile ? 40 : 64}>
          <Stack gap="lg" component="section" aria-labelledby="landing-highlights-title">
            <Title order={2} id="landing-highlights-title" ta="center" fz={{ base: 24, sm: 30 }}>
              Peace of mind wherever you are
            </Title>
            <ProductHighlights isMobile={isMobile} />
          </Stack>
          {children}
        </Stack>
      </Container>
    </>
  );
}
