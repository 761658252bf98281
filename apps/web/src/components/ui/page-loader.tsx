import { Center, Loader } from '@mantine/core';

/** A centred spinner that reserves the page's height while the first data arrives. */
export function PageLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label}>
      <Loader />
    </Center>
  );
}
