import { SimpleGrid, Skeleton, Stack } from '@mantine/core';

/** The detail page's shape while the device loads, so nothing jumps when it arrives. */
export function DeviceDetailSkeleton() {
  return (
    <Stack gap="md" role="status" aria-label="Loading device">
      <Skeleton h={36} w="60%" />
      <Skeleton h={36} />
      <Skeleton h={64} />
      <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="md">
        {Array.from({ length: 6 }, (_, index) => (
          <Skeleton key={index} h={132} radius="md" />
        ))}
      </SimpleGrid>
    </Stack>
  );
}
