import { apiRequest } from '../../../lib/api-client';

/** What the serial check answers about a free puck: its logic level and style decide the flow (device-management §4). */
export type ValidatedPeripheral = {
  Id: string;
  SerialNumber: string;
  LogicLevel: number | null;
  SPuckStyle: number;
};

/** GET /api/validation/peripheral?serial: 404 no such puck, 409 already registered to another device (device-management §5, §7). */
export function validatePeripheral(
  serial: string,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ValidatedPeripheral> {
  return apiRequest<ValidatedPeripheral>('/api/validation/peripheral', {
    query: { serial },
    signal,
  });
}
