import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { NistCertificate } from '@monitor/contract/history';
import { apiRequest } from '../../../lib/api-client';

export type NistCertificateAnswer = z.infer<typeof NistCertificate>;

/** GET /api/nistcertificate/devices/{deviceId}: the NIST unit's calibration certificate and its link. */
export function getNistCertificate(
  userDeviceId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<NistCertificateAnswer> {
  return apiRequest<NistCertificateAnswer>(`/api/nistcertificate/devices/${userDeviceId}`, {
    signal,
  });
}

export const getNistCertificateQueryOptions = (userDeviceId: number) =>
  queryOptions({
    queryKey: ['history', 'nist-certificate', userDeviceId],
    queryFn: ({ signal }) => getNistCertificate(userDeviceId, { signal }),
    // The link is short-lived: fetch a fresh one rather than offer an expired one.
    staleTime: 60_000,
    refetchOnWindowFocus: true,
  });

export function useNistCertificate(userDeviceId: number) {
  return useQuery(getNistCertificateQueryOptions(userDeviceId));
}
