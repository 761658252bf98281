/**
 * The cellular activation port (accounts-devices-billing §4 step 3, §7 "POST
 * /api/devices/{imei}/activate", §9 "the modem is activated for DeviceNSP 1 or 2").
 * Implementations: local-cellular-carrier.ts and twilio-cellular-carrier.ts;
 * create-cellular-carrier.ts picks one.
 */
export type ModemToActivate = {
  imei: string;
  /** The carrier, 1 or 2 (the only ones activated). */
  deviceNsp: 1 | 2;
  /** The SIM's ICCID when known; otherwise the SIM is found by its unique name, the IMEI. */
  iccid?: string;
};

export type CellularCarrier = {
  /** 'twilio' activates the SIM at Twilio; 'local' has nothing to reach (the demo's units). */
  kind: 'local' | 'twilio';
  /** Resolves once the carrier has the SIM active; rejects when it could not. */
  activateModem: (modem: ModemToActivate) => Promise<void>;
};

/** The carriers whose modem is activated at registration (accounts-devices-billing §9). */
export function isActivatedCarrier(deviceNsp: number): deviceNsp is 1 | 2 {
  return deviceNsp === 1 || deviceNsp === 2;
}
