/**
 * The shapes of device protocol version 1 (docs/device-protocol.md), written out here rather
 * than imported from the server: the simulator may only know what a real unit knows.
 */

/** One puck's readings inside a report; a sensor its logic level lacks is left out. */
export type PeripheralReading = {
  Id: string;
  Temperature?: number;
  Humidity?: number;
  Water?: number;
  BatteryLevel?: number;
};

/** One reading of a unit, as sent in `Reports`. */
export type DeviceReport = {
  ReportTimestamp: string;
  Temperature: number;
  Humidity: number;
  Power: number;
  SignalStrength: number;
  Water?: number;
  Motion?: number;
  FirmwareVersion?: string;
  Peripherals?: PeripheralReading[];
};

export type DeviceCommandName = 'RPT' | 'DOG' | 'RLY' | 'UPD';

/** A command waiting for the unit, as listed in the answer's `Commands`. */
export type DeviceCommand = { Id: number; Command: string; IssuedAt?: string };

/** The body of `POST /device-api/v1/reports`. */
export type ReportCall = { Reports: DeviceReport[]; Acks: number[] };

/** The `200` answer of `POST /device-api/v1/reports`. */
export type ReportAnswer = { Accepted: number; Duplicates: number; Commands: DeviceCommand[] };

/** At most this many reports travel in one call (docs/device-protocol.md `Reports`). */
export const MAX_REPORTS_PER_CALL = 500;

export const REPORTS_PATH = '/device-api/v1/reports';
