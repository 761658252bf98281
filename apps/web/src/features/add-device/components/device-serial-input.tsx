import type { DeviceBySerial } from '@monitor/contract/user-devices';
import { cleanSerialText } from '@monitor/domain/devices/serials';
import {
  SegmentedSerialInput,
  type SerialCheck,
} from '../../../components/ui/segmented-serial-input';
import { validateSerial } from '../api/validate-serial';

/** The serial entry's states; `found` is the device the server found. */
export type DeviceSerialState = SerialCheck<DeviceBySerial>;

const TEXTS = {
  incomplete: 'Enter both parts of the serial number.',
  checking: 'Checking the serial number…',
  found: 'Serial number found.',
  fallback: 'This serial number could not be checked. Please try again.',
};

/**
 * The device serial in two parts of 3 (accounts-devices-billing §5); with all 6 the server checks
 * it, and a rejection (404 no such serial, 409 already registered) shows the server's message.
 */
export function DeviceSerialInput(props: {
  onStateChange: (state: DeviceSerialState) => void;
  isDisabled?: boolean;
  /** Changing it empties the parts (a multi-unit mismatch resets the entry, §4). */
  resetKey?: number;
  initialSerial?: string;
  /** The parts as typed, when a kept draft resumes. */
  initialParts?: readonly string[];
  onPartsChange?: (parts: readonly string[]) => void;
  /** The step's own refusal, shown in the entry's message line. */
  error?: string | null;
}) {
  return (
    <SegmentedSerialInput
      kind="device"
      label="Serial number"
      description="The 6 characters on the label of your device, for example ABC-123."
      cleanText={cleanSerialText}
      check={validateSerial}
      texts={TEXTS}
      {...props}
    />
  );
}
