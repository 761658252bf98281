import type { AlarmChannel, AlarmDelivery, AlarmEvent, AlarmState } from '@monitor/contract/alarms';

/** The four ISA-18.2 states as a person reads them (issue #23). */
export const ALARM_STATE_LABELS: Readonly<Record<AlarmState, string>> = {
  'active-unacknowledged': 'Active — not acknowledged',
  'active-acknowledged': 'Active — acknowledged',
  'cleared-unacknowledged': 'Cleared — not acknowledged',
  'cleared-acknowledged': 'Cleared',
};

/** The badge colour beside the words; the words carry the state, the colour only repeats it. */
export const ALARM_STATE_COLOURS: Readonly<Record<AlarmState, string>> = {
  'active-unacknowledged': 'red',
  'active-acknowledged': 'orange',
  'cleared-unacknowledged': 'yellow',
  'cleared-acknowledged': 'gray',
};

/** What an event is about, in the words the notification editor uses for the same types. */
export const ALARM_SENSOR_LABELS: Readonly<Record<AlarmEvent['SensorType'], string>> = {
  TEMP: 'Temperature',
  HUMIDITY: 'Humidity',
  POWER: 'Power',
  WATER: 'Water',
  MOTION: 'Motion',
  SPUCK_TEMP: 'SPuck temperature',
  SPUCK_HUMIDITY: 'SPuck humidity',
  NOCALL: 'No call-in',
};

/** How someone acknowledged or snoozed: 'Acknowledged by Ellen Ripley from an e-mail'. */
export const ALARM_CHANNEL_PHRASES: Readonly<Record<AlarmChannel, string>> = {
  dashboard: 'on the website',
  email: 'from an e-mail',
  sms: 'from a text message',
  voice: 'by phone',
  push: 'from a push notification',
};

export const DELIVERY_CHANNEL_LABELS: Readonly<Record<AlarmDelivery['Channel'], string>> = {
  email: 'E-mail',
  sms: 'Text',
  voice: 'Phone call',
  push: 'Push notification',
};

export const DELIVERY_KIND_LABELS: Readonly<Record<AlarmDelivery['Kind'], string>> = {
  alarm: 'alarm',
  repeat: 'repeat',
  escalation: 'escalation',
  late: 'late alarm',
  'all-clear': 'all-clear',
  acknowledged: '"acknowledged" notice',
};

export const DELIVERY_STATUS_LABELS: Readonly<Record<AlarmDelivery['Status'], string>> = {
  queued: 'queued',
  sent: 'sent',
  failed: 'failed',
};

export const isAlarmActive = (state: AlarmState) =>
  state === 'active-unacknowledged' || state === 'active-acknowledged';

export const isAlarmUnacknowledged = (state: AlarmState) =>
  state === 'active-unacknowledged' || state === 'cleared-unacknowledged';
