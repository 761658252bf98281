import type {
  DeviceReportAnswer,
  DeviceReportBatchInput,
  PendingCommand,
} from '@monitor/contract/device-protocol';

/*
 * Device protocol version 1 (docs/device-protocol.md) as a unit sees it, derived from the
 * contract's device protocol rather than copied: the protocol is all a real unit knows of the
 * server. A unit sends batches before the server fills in defaults, and reads a command's name
 * as text, so a command newer than the unit is acknowledged rather than choked on.
 */

type DeviceReportInput = DeviceReportBatchInput['Reports'][number];

/** One reading of a unit, as sent in `Reports`; a simulated unit always measures these four. */
export type DeviceReport = DeviceReportInput &
  Required<Pick<DeviceReportInput, 'Temperature' | 'Humidity' | 'Power' | 'SignalStrength'>>;

/** The body of `POST /device-api/v1/reports`; the simulator always sends its acknowledgements. */
export type ReportCall = Omit<DeviceReportBatchInput, 'Reports' | 'Acks'> & {
  Reports: DeviceReport[];
  Acks: number[];
};

/** One puck's readings inside a report; a sensor its logic level lacks is left out. */
export type PeripheralReading = NonNullable<DeviceReport['Peripherals']>[number];

/** A command waiting for the unit, as listed in the answer's `Commands`. */
export type DeviceCommand = Omit<PendingCommand, 'Command' | 'IssuedAt'> & {
  Command: string;
  IssuedAt?: string;
};

/** The `200` answer of `POST /device-api/v1/reports`. */
export type ReportAnswer = Omit<DeviceReportAnswer, 'Commands'> & { Commands: DeviceCommand[] };
