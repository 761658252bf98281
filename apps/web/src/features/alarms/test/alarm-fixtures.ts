import type {
  AlarmDelivery,
  AlarmEvent,
  AlarmEventPage,
  AlarmLinkView,
} from '@monitor/contract/alarms';

/** A delivery of an event: an e-mail alarm, sent. */
export const aDelivery = (overrides: Partial<AlarmDelivery> = {}): AlarmDelivery => ({
  Channel: 'email',
  Address: 'ellen@example.com',
  Kind: 'alarm',
  Status: 'sent',
  QueuedAt: '2026-11-23T14:05:00.000Z',
  SentAt: '2026-11-23T14:05:10.000Z',
  ...overrides,
});

/**
 * A temperature event of user device 11: out of range at 9:00 AM EST on November 23, 2026,
 * raised at 9:05, peak 95.4 °F, still active and unanswered, one e-mail sent.
 */
export const anEvent = (overrides: Partial<AlarmEvent> = {}): AlarmEvent => ({
  Id: 5,
  UserDeviceId: 11,
  SensorType: 'TEMP',
  PeripheralId: null,
  StartedAt: '2026-11-23T14:00:00.000Z',
  RaisedAt: '2026-11-23T14:05:00.000Z',
  EndedAt: null,
  PeakValue: 95.4,
  AcknowledgedAt: null,
  AcknowledgedBy: null,
  AcknowledgedVia: null,
  State: 'active-unacknowledged',
  Deliveries: [aDelivery()],
  ...overrides,
});

export const aPage = (
  Events: AlarmEvent[],
  overrides: Partial<AlarmEventPage> = {},
): AlarmEventPage => ({
  Events,
  Page: 1,
  PageSize: 20,
  Total: Events.length,
  Snoozes: [],
  ...overrides,
});

/** What the link of event 5's message shows: Freezer's temperature alarm, active, unanswered. */
export const aLinkView = (overrides: Partial<AlarmLinkView> = {}): AlarmLinkView => ({
  Id: 5,
  DeviceName: 'Freezer',
  SensorType: 'TEMP',
  PuckName: null,
  StartedAt: '2026-11-23T14:00:00.000Z',
  EndedAt: null,
  PeakValue: 95.4,
  TempPref: 'F',
  TimeZone: -5,
  State: 'active-unacknowledged',
  AcknowledgedBy: null,
  AcknowledgedAt: null,
  SnoozedUntil: null,
  ...overrides,
});
