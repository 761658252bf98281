import {
  SegmentedSerialInput,
  type SerialCheck,
} from '../../../components/ui/segmented-serial-input';
import { validatePeripheral, type ValidatedPeripheral } from '../api/validate-peripheral';

/** The serial entry's states (device-management §4 "Serial entry"). */
export type PuckSerialState = SerialCheck<ValidatedPeripheral>;

/** Puck ids are hexadecimal (the contract's PuckSerial); other characters are dropped as typed. */
const cleanHex = (text: string) => text.toUpperCase().replace(/[^0-9A-F]/g, '');

const TEXTS = {
  incomplete: 'Enter all four parts of the SPuck id.',
  checking: 'Checking the SPuck id…',
  found: 'SPuck id found.',
  fallback: 'This SPuck id could not be checked. Please try again.',
};

/**
 * The puck serial in four parts of 2 hex characters (device-management §2, §5); once complete the
 * server checks it, and a rejection (404 no such puck, 409 registered to another device) shows
 * the server's message.
 */
export function PuckSerialInput(props: {
  onStateChange: (state: PuckSerialState) => void;
  isDisabled?: boolean;
}) {
  return (
    <SegmentedSerialInput
      kind="puck"
      label="SPuck id"
      description="The 8 characters printed on the SPuck, for example 0A-1B-2C-3D."
      cleanText={cleanHex}
      check={validatePeripheral}
      texts={TEXTS}
      {...props}
    />
  );
}
