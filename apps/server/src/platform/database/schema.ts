import type { ColumnType, Generated } from 'kysely';
import type { DeviceCommandName } from '@monitor/domain/devices/device-commands';
import type { DeviceType } from '@monitor/domain/devices/device-types';
import type { SensorType } from '@monitor/domain/alarms/alarm-points';
import type { AlarmType, MessageType } from '@monitor/domain/alarms/notifications';
import type { SessionSource } from '@monitor/domain/accounts/session';
import type { TempPref } from '@monitor/domain/shared/temperature';

/** Row types of the tables, as the migrations in ./migrations create them. */
type CreatedAt = ColumnType<Date, Date | undefined, never>;

export type UsersTable = {
  id: Generated<number>;
  first_name: string;
  last_name: string;
  email_address: string;
  password_hash: string;
  tenant_id: number;
  customer_id: string | null;
  billing_type: Generated<number>;
  /** A billed customer's accounts-payable contact, who receives the invoices (migration 012). */
  ap_contact_email: string | null;
  company_name: string | null;
  temp_pref: Generated<TempPref>;
  product_origin: number | null;
  product_origin_other: string | null;
  customer_segmentation: number | null;
  segmentation_other: string | null;
  parent_id: number | null;
  created_at: CreatedAt;
};

export type UserRolesTable = { user_id: number; name: string };

export type AccessTokensTable = {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  source: SessionSource;
  impersonator_id: number | null;
  /** An impersonation's staff session, which ends it (migration 024); null otherwise. */
  parent_token_id: number | null;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
};

/** A change to money or access (migration 024, modules/audit). */
export type AuditEventsTable = {
  id: Generated<number>;
  occurred_at: Date;
  action: string;
  user_id: number | null;
  actor_id: number | null;
  detail: ColumnType<Record<string, unknown>, string, string>;
};

export type PasswordResetTokensTable = {
  id: Generated<number>;
  token_hash: string;
  user_id: number;
  expires_at: Date;
  used_at: Date | null;
  /** The client address that asked for the link (migration 002); null on older links. */
  client_address: string | null;
  created_at: CreatedAt;
};

export type LoginFailuresTable = { key: string; failures: number; last_failure_at: Date };

export type BillingAddressesTable = {
  id: Generated<number>;
  user_id: number;
  is_default: Generated<boolean>;
  first_name: string;
  last_name: string;
  address1: string;
  address2: string | null;
  city: string;
  state: string;
  zip: string;
  phone_number: string | null;
  created_at: CreatedAt;
};

export type OutboxMessagesTable = {
  id: Generated<number>;
  channel: Generated<'email' | 'sms' | 'voice'>;
  recipient: string;
  subject: string | null;
  text_body: string;
  html_body: string | null;
  /** Names of the files the e-mail carried (migration 011). */
  attachment_names: string[] | null;
  /** Where an alarm call's key pressed goes: its acknowledge webhook (migration 033). */
  acknowledge_url: string | null;
  created_at: CreatedAt;
};

/** Monitoring units (migration 003); provisioned by the operator. */
export type DevicesTable = {
  id: Generated<number>;
  /** 15 digits; the HTTP Basic user name of the device protocol. */
  imei: string;
  /** 6 upper-case alphanumerics; what the owner types to register the unit. */
  serial_number: string;
  device_type: DeviceType;
  tenant_id: number;
  firmware_version: string | null;
  memo: string | null;
  /** Carrier: 1 or 2, 3 other. */
  device_nsp: Generated<number>;
  modem_activated: Generated<boolean>;
  /** SHA-256 of the device key (security/tokens.ts hashToken). */
  device_key_hash: string;
  last_report_at: Date | null;
  /** The ReportTimestamp up to which alarms were evaluated (migration 005); later-arriving older readings change nothing. */
  alarms_evaluated_through: Date | null;
  /** How many evaluations were recorded (migration 034): the version a lock-free evaluation checks. */
  alarms_evaluations: Generated<number>;
  /**
   * When the operator provisioned the unit (migration 029), by the provisioning's clock: a
   * reading dated more than a day before it is refused (decision 055). Say it on every insert.
   */
  provisioned_at: Date;
  created_at: CreatedAt;
};

/** Pucks (SPucks); `device_id` is the unit they are attached to, null in inventory. */
export type PeripheralsTable = {
  id: Generated<number>;
  /** Upper-case hex. */
  serial: string;
  logic_level: number | null;
  spuck_style: Generated<number>;
  device_id: number | null;
  name: string | null;
  location: string | null;
  spuck_alias: string | null;
  battery_level: number | null;
  callin_time: Date | null;
  /** A calendar date; node-postgres reads it as midnight of that day in the server's zone. */
  manufacture_date: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  attached_at: Date | null;
  /** Attached to a card-billed unit, its upfront charge not yet made: billed and heard from once paid. */
  awaiting_payment: Generated<boolean>;
  created_at: CreatedAt;
};

/** An account's registration of a unit; a sub-account's row points at the owner's row. */
export type UserDevicesTable = {
  id: Generated<number>;
  user_id: number;
  device_id: number;
  name: string | null;
  location: string | null;
  /** GMT offset in hours. */
  time_zone: Generated<number>;
  mute: Generated<boolean>;
  pet_monitor: Generated<boolean>;
  /** Epoch seconds; a bigint, which node-postgres reads as text (`Number()` it). */
  last_requested_time: ColumnType<string | null, number | string | null, number | string | null>;
  instant_updates: Generated<number>;
  is_active: Generated<boolean>;
  registration_complete: Generated<boolean>;
  temperature_active: Generated<boolean>;
  humidity_active: Generated<boolean>;
  parent_user_device_id: number | null;
  /** Where this account's view of the unit's history starts (decision 017). */
  visible_from: ColumnType<Date, Date | undefined, Date>;
  /** The owner opted in to the weekly report e-mail (migration 011, decision 032). */
  weekly_report: Generated<boolean>;
  /** When the owner agreed to the legal terms at registration (migration 017). */
  terms_accepted_at: Generated<Date | null>;
  created_at: CreatedAt;
  /** The owner silenced the unit's alarm messages until then (migration 031). */
  alarms_snoozed_until: Date | null;
};

// The vocabulary is defined once, in the domain; named here too for the repositories.
export type { AlarmType, MessageType, SensorType };

export type AlarmPointsTable = {
  id: Generated<number>;
  user_device_id: number;
  peripheral_id: number | null;
  sensor_type: SensorType;
  sensor_alias: string | null;
  range_min: number | null;
  range_max: number | null;
  is_enabled: Generated<boolean>;
  last_triggered_alarm: Date | null;
  last_updated_at: ColumnType<Date, Date | undefined, Date>;
  last_range_change: Date | null;
  last_read_value: number | null;
  /** The report time of `last_read_value` (migration 008); null on points from before it. */
  last_read_at: Date | null;
  /** Hysteresis in the range's unit (°F, %RH); null is the sensor's default (migration 031). */
  deadband: number | null;
  /** The breach must last this long before the alarm rises (migration 031). */
  delay_minutes: Generated<number>;
  delay_readings: Generated<number>;
  /** A breach still within its delay: since when, for how many readings, its worst value. */
  pending_since: Date | null;
  pending_value: number | null;
  pending_readings: Generated<number>;
  pending_peak: number | null;
};

/** The settings an alarm point had until a change (migration 031, written by a trigger). */
export type AlarmPointSettingsTable = {
  alarm_point_id: number;
  valid_until: Date;
  range_min: number | null;
  range_max: number | null;
  is_enabled: boolean;
  deadband: number | null;
  delay_minutes: number;
  delay_readings: number;
};

/** How someone acknowledged an alarm or snoozed a unit (migration 031). */
export type AlarmChannel = 'dashboard' | 'email' | 'sms' | 'voice' | 'push';

/** One snooze of a unit's alarms (migration 031). */
export type AlarmSnoozesTable = {
  id: Generated<number>;
  user_device_id: number;
  snoozed_at: Date;
  snoozed_until: Date;
  snoozed_by: string;
  via: AlarmChannel;
};

export type NotificationsTable = {
  id: Generated<number>;
  user_device_id: number;
  peripheral_id: number | null;
  alarm_type: AlarmType;
  message_type: MessageType;
  message_address: string;
  message: string | null;
  disable_alarm: Generated<boolean>;
  status: string | null;
  created_at: CreatedAt;
  /** Repeat and escalate (migration 031): wait before telling, repeat while unanswered, up to a cap. */
  wait_minutes: Generated<number>;
  repeat_minutes: Generated<number>;
  repeat_cap: Generated<number>;
  tell_all_clear: Generated<boolean>;
  tell_acknowledged: Generated<boolean>;
  /** The browser a PUSH notification tells (migration 038); its id is the message_address too. */
  push_subscription_id: number | null;
};

/** One reading of a unit; (device_id, report_timestamp) is the key, so a resent reading is stored once. */
export type DeviceReportsTable = {
  device_id: number;
  report_timestamp: Date;
  temperature: number | null;
  humidity: number | null;
  power: number | null;
  signal_strength: number | null;
  water: number | null;
  motion: number | null;
  received_at: ColumnType<Date, Date | undefined, never>;
};

export type PeripheralReportsTable = {
  peripheral_id: number;
  report_timestamp: Date;
  temperature: number | null;
  humidity: number | null;
  water: number | null;
  battery_level: number | null;
};

export type DeviceCommand = DeviceCommandName;

/** A command waiting for a unit: delivered on its next call, done once acknowledged. */
export type DeviceCommandsTable = {
  id: Generated<number>;
  device_id: number;
  command: DeviceCommand;
  requested_by_user_id: number | null;
  created_at: CreatedAt;
  delivered_at: Date | null;
  acked_at: Date | null;
  /** The user device whose instant updates pay for an RPT or DOG (migration 025). */
  paid_by_user_device_id: Generated<number | null>;
  /** When the unit's answer spent it (migration 025); null until then, or for good. */
  spent_at: Generated<Date | null>;
};

export type DB = {
  users: UsersTable;
  user_roles: UserRolesTable;
  access_tokens: AccessTokensTable;
  audit_events: AuditEventsTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_failures: LoginFailuresTable;
  billing_addresses: BillingAddressesTable;
  outbox_messages: OutboxMessagesTable;
  devices: DevicesTable;
  peripherals: PeripheralsTable;
  user_devices: UserDevicesTable;
  weekly_reports: WeeklyReportsTable;
  alarm_points: AlarmPointsTable;
  alarm_point_settings: AlarmPointSettingsTable;
  alarm_snoozes: AlarmSnoozesTable;
  notifications: NotificationsTable;
  device_reports: DeviceReportsTable;
  peripheral_reports: PeripheralReportsTable;
  device_commands: DeviceCommandsTable;
  deliveries: DeliveriesTable;
  alarm_events: AlarmEventsTable;
  nist_certificates: NistCertificatesTable;
  subscription_options: SubscriptionOptionsTable;
  subscriptions: SubscriptionsTable;
  charges: ChargesTable;
  invoices: InvoicesTable;
  device_registrations: DeviceRegistrationsTable;
  commercial_orders: CommercialOrdersTable;
  old_device_registration_attempts: OldDeviceRegistrationAttemptsTable;
  local_processor_keys: LocalProcessorKeysTable;
  local_processor_customers: LocalProcessorCustomersTable;
  local_processor_payment_methods: LocalProcessorPaymentMethodsTable;
  local_processor_nonces: LocalProcessorNoncesTable;
  local_processor_transactions: LocalProcessorTransactionsTable;
  items: ItemsTable;
  promotions: PromotionsTable;
  // Contact form and news sign-up (migration 023, catalogue helper of issue #15).
  contact_messages: ContactMessagesTable;
  interested_customers: InterestedCustomersTable;
  orders: OrdersTable;
  order_lines: OrderLinesTable;
  replacement_link_secret: ReplacementLinkSecretTable;
  alarm_link_secret: AlarmLinkSecretTable;
  replacement_tokens: ReplacementTokensTable;
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
};

export type DeliveryChannel = 'email' | 'sms' | 'voice' | 'push';
export type DeliveryStatus = 'queued' | 'sent' | 'failed';
/**
 * What a delivery is (migration 009, decision 028): an alarm or all-clear, or account mail. A
 * module adds its own kind here; the column has no CHECK.
 */
export type DeliveryKind =
  | 'alarm'
  | 'password-reset'
  | 'email-changed'
  | 'welcome'
  | 'sub-account-welcome'
  | 'weekly-report'
  // Billing (decision 033): a receipt per charge, each dunning notice, the suspension, an invoice, the switch.
  | 'payment-receipt'
  | 'payment-failed'
  | 'subscription-suspended'
  | 'invoice'
  | 'subscription-switch'
  // The contact form, e-mailed to the brand's support address (migration 023, decision 042).
  | 'contact-message'
  // Store orders (decision 044): the confirmation of a placed order, the shipping notice.
  | 'order-confirmation'
  | 'order-shipped'
  // The replacement offer's link, e-mailed by the admin command (decision 045).
  | 'replacement-offer'
  // The alarm lifecycle (decision 059): the all-clear, a spell that ended before its readings
  // arrived, and the notice that someone acknowledged. ('alarm' is the alarm and its repeats.)
  | 'all-clear'
  | 'alarm-late'
  | 'alarm-acknowledged';

/** A file an e-mail carries, read from file storage when it is sent (migration 011). */
export type DeliveryAttachment = { fileName: string; fileKey: string; contentType: string };

/** One message to one address, sent by the job queue (migrations 004, 009; decisions 010, 028). */
export type DeliveriesTable = {
  id: Generated<number>;
  /** 'alarm' by default: every row before migration 009 was one. */
  kind: Generated<DeliveryKind>;
  channel: DeliveryChannel;
  /** An e-mail address, or a phone number as stored (11 digits, leading 1). */
  address: string;
  subject: string | null;
  body: string;
  /** The HTML a module drew for its e-mail; null draws `body` as paragraphs. */
  html_body: string | null;
  /** The body holds a secret (a reset link): blanked once the delivery is settled. */
  has_secret: Generated<boolean>;
  /** The account the message is for (account mail). */
  user_id: number | null;
  status: Generated<DeliveryStatus>;
  attempts: Generated<number>;
  /** Why the latest attempt failed; kept after a later success for the record. */
  last_error: string | null;
  alarm_event_id: number | null;
  notification_id: number | null;
  /** Which telling of an alarm this is: 0 the first, then each repeat (migration 031). */
  step: number | null;
  /** Files read from file storage when the e-mail is sent (migration 011). */
  attachments: ColumnType<DeliveryAttachment[] | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
  sent_at: Date | null;
};

/** One weekly report made (migration 011): the key makes it once per week per device. */
export type WeeklyReportsTable = {
  user_device_id: number;
  /**
   * The local Monday the week starts on, written and compared as 'YYYY-MM-DD' (a `date`: the
   * drivers would read it back as a Date at local midnight, so select it with to_char if ever).
   */
  week_start: string;
  delivery_id: number | null;
  created_at: CreatedAt;
};

/** The notification AlarmTypes an alarm event is about (migration 005, decision 011). */
export type AlarmEventType = Exclude<AlarmType, 'RADON'>;

/** One spell in alarm of one sensor of an owner's user device; open while `closed_at` is null. */
export type AlarmEventsTable = {
  id: Generated<number>;
  user_device_id: number;
  peripheral_id: number | null;
  alarm_type: AlarmEventType;
  opened_at: Date;
  opening_value: number | null;
  opening_report_at: Date | null;
  /** Alarm deliveries were queued when it opened; only then does its close send an all-clear. */
  is_notified: Generated<boolean>;
  closed_at: Date | null;
  closing_value: number | null;
  closing_report_at: Date | null;
  /** When the breach had lasted its delay and the alarm rose (migration 031). */
  raised_report_at: Date | null;
  /** The reading furthest outside the range during the spell. */
  peak_value: number | null;
  acknowledged_at: Date | null;
  /** Who answered: an account's e-mail, or the address the alarm reached. */
  acknowledged_by: string | null;
  acknowledged_via: AlarmChannel | null;
};

/** A point of a calibration, °F (domain devices/nist-certificates.ts). */
export type CalibrationPointJson = { referenceF: number; readingF: number };

/**
 * A calendar date column, written and compared as 'YYYY-MM-DD'. Select it with
 * to_char(…, 'YYYY-MM-DD'): node-postgres would read it as midnight in the server's zone.
 */
type CalendarDate = ColumnType<string, string, string>;

/** One NIST calibration certificate of a unit (migration 010); the unit's current one is its newest. */
export type NistCertificatesTable = {
  id: Generated<number>;
  device_id: number;
  /** NIST-<serial>-<yyyymmdd>[-n]; the file is certificates/<number>.pdf. */
  certificate_number: string;
  calibrated_on: CalendarDate;
  due_on: CalendarDate;
  reference_instrument: string;
  as_found: ColumnType<CalibrationPointJson[], string, string>;
  as_left: ColumnType<CalibrationPointJson[], string, string>;
  issued_at: CreatedAt;
};

type PlanTypeColumn = 'Monthly' | 'Annual' | 'Seasonal';

/** A plan a tenant offers (migration 012); `billing_amount_cents` is the monthly rate. */
export type SubscriptionOptionsTable = {
  id: Generated<number>;
  tenant_id: number;
  plan_type: PlanTypeColumn;
  billing_amount_cents: number;
  billing_frequency: number;
  is_selectable: Generated<boolean>;
  is_pro: Generated<boolean>;
  free_months: Generated<number>;
  free_months_method: Generated<'BEFORE' | 'AFTER'>;
  created_at: CreatedAt;
};

export type SubscriptionStatusColumn = 'Active' | 'PastDue' | 'Suspended' | 'Pending' | 'Cancelled';

/** A device's monitoring subscription (migration 012, decision 033). */
export type SubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  user_device_id: number | null;
  subscription_option_id: number | null;
  plan_type: PlanTypeColumn;
  billing_amount_cents: number;
  billing_frequency: number;
  payment_kind: 'card' | 'invoice';
  status: SubscriptionStatusColumn;
  is_legacy_profile: Generated<boolean>;
  customer_id: string | null;
  payment_method_token: string | null;
  card_type: string | null;
  card_last4: string | null;
  card_expiration_month: number | null;
  card_expiration_year: number | null;
  start_date: CalendarDate;
  end_date: CalendarDate | null;
  next_billing_date: CalendarDate | null;
  last_payment_date: CalendarDate | null;
  expiration_date: CalendarDate | null;
  first_charge_discount_cents: Generated<number>;
  /** Promoted free months after the first period, spent by the first charge (migration 018). */
  free_months_after: Generated<number>;
  /** Where the card is billed and sales tax reckoned (migration 018). */
  billing_street: string | null;
  billing_city: string | null;
  billing_state: string | null;
  billing_zip: string | null;
  failed_attempts: Generated<number>;
  next_attempt_at: Date | null;
  /** What the unit's pucks add to `billing_amount_cents` (migration 015). */
  puck_monthly_cents: Generated<number>;
  /** 1 at creation, one more at each plan change or restart: charges are per term (migration 027). */
  term: Generated<number>;
  /** Paid days of an earlier plan owed back, taken off the charges that follow (migration 027). */
  credit_cents: Generated<number>;
  idempotency_key: string | null;
  created_at: CreatedAt;
  updated_at: Generated<Date>;
};

export type ChargeStatus = 'pending' | 'succeeded' | 'declined' | 'refunded';

/** Money taken or returned through the payment processor (migration 012). */
export type ChargesTable = {
  id: Generated<number>;
  charge_key: string;
  /** Null for a guest's order (migration 021). */
  user_id: number | null;
  subscription_id: number | null;
  /** 'order': a store order's payment (migration 021, decision 044). */
  kind: 'subscription' | 'upfront' | 'refund' | 'order';
  period_start: CalendarDate | null;
  period_end: CalendarDate | null;
  subtotal_cents: number;
  tax_cents: Generated<number>;
  amount_cents: number;
  status: ChargeStatus;
  processor_transaction_id: string | null;
  processor_code: string | null;
  processor_message: string | null;
  card_type: string | null;
  card_last4: string | null;
  refund_of_charge_id: number | null;
  refunded_cents: Generated<number>;
  created_at: CreatedAt;
  settled_at: Date | null;
  /** The order an 'order' charge paid for, set when the order is recorded (migration 021). */
  order_id: Generated<number | null>;
  /** An order charge's request, hashed: one Idempotency-Key, one request (migration 026). */
  request_hash: Generated<string | null>;
  /** The subscription's term the charge pays for, and the plan-change credit it took (migration 027). */
  term: Generated<number>;
  credit_cents: Generated<number>;
  /** Its days from this one on were credited to a later plan by a plan change (migration 027). */
  credited_from: CalendarDate | null;
};

export type InvoiceLineJson = {
  description: string;
  quantity: number;
  unitCents: number;
  amountCents: number;
};

/** A billed customer's invoice for one subscription period (migration 012). */
export type InvoicesTable = {
  id: Generated<number>;
  invoice_number: string;
  user_id: number;
  subscription_id: number | null;
  period_start: CalendarDate;
  period_end: CalendarDate;
  lines: ColumnType<InvoiceLineJson[], string, string>;
  subtotal_cents: number;
  tax_cents: number;
  total_cents: number;
  issued_on: CalendarDate;
  due_on: CalendarDate;
  delivery_id: number | null;
  /** The plan (subscription term) invoiced, the credit it took, its days credited on (migration 030). */
  term: Generated<number>;
  credit_cents: Generated<number>;
  credited_from: CalendarDate | null;
  created_at: CreatedAt;
};

/** One registration submit, keyed by the client's Idempotency-Key (migration 017, decision 037). */
export type DeviceRegistrationsTable = {
  id: Generated<number>;
  user_id: number;
  idempotency_key: string;
  serial_number: string;
  status: 'running' | 'complete' | 'failed';
  step: string;
  terms_accepted_at: Date;
  user_device_id: number | null;
  subscription_id: number | null;
  answer_status: number | null;
  answer: ColumnType<unknown, string | null, string | null>;
  undo_error: string | null;
  created_at: CreatedAt;
  finished_at: Date | null;
};

/** A billed customer's commercial order line for a unit (migration 017). */
export type CommercialOrdersTable = {
  id: Generated<number>;
  device_id: number;
  user_id: number;
  registration_date: CalendarDate;
  updated_at: Generated<Date>;
};

/** An attempt to register a unit with firmware below 4 (migration 019). */
export type OldDeviceRegistrationAttemptsTable = {
  id: Generated<number>;
  device_id: number;
  user_id: number;
  firmware_version: string | null;
  attempted_at: Generated<Date>;
};

/** The local payment processor's state (migration 014, decision 034): never a card number or CVV. */
export type LocalProcessorKeysTable = {
  id: number;
  signing_key: string;
};

export type LocalProcessorCustomersTable = {
  id: string;
  first_name: string;
  last_name: string;
  email: string;
  created_at: Date;
};

export type LocalProcessorPaymentMethodsTable = {
  token: string;
  customer_id: string;
  card_type: string;
  last4: string;
  expiration_month: number;
  expiration_year: number;
  created_at: Date;
};

export type LocalProcessorNoncesTable = {
  nonce: string;
  card_type: string | null;
  last4: string | null;
  expiration_month: number | null;
  expiration_year: number | null;
  decline_code: number | null;
  decline_message: string | null;
  payment_method_token: string | null;
  created_at: Date;
  consumed_at: Date | null;
};

export type LocalProcessorTransactionsTable = {
  id: string;
  type: 'sale' | 'credit';
  order_id: string | null;
  amount_cents: number;
  status: string;
  customer_id: string | null;
  payment_method_token: string | null;
  card_type: string | null;
  last4: string | null;
  decline_code: number | null;
  decline_message: string | null;
  refunded_transaction_id: string | null;
  created_at: Date;
};

/** What the store sells (migration 020, decision 042); weight in ounces. */
export type ItemsTable = {
  item_id: number;
  store_name: string;
  description: Generated<string>;
  unit_price_cents: number;
  weight: Generated<number>;
  is_active: Generated<boolean>;
  is_accessory: Generated<boolean>;
  is_marcell_pro_item: Generated<boolean>;
  sort_order: Generated<number>;
  updated_at: Generated<Date>;
};

/**
 * A promotion code (migration 020): discount and shipping_discount keep the spec's signed number
 * (positive dollars, -100 to -1 percent); device_price_cents marks a referral price.
 */
export type PromotionsTable = {
  id: Generated<number>;
  code: string;
  description: Generated<string>;
  discount: number | null;
  shipping_discount: number | null;
  free_shipping: Generated<boolean>;
  device_price_cents: number | null;
  expiration_date: CalendarDate | null;
  created_at: CreatedAt;
};

/** A message from the contact page (migration 023); phone is 11 digits with a leading 1, or null. */
export type ContactMessagesTable = {
  id: Generated<number>;
  tenant_id: number;
  name: string;
  email_address: string;
  phone: string | null;
  state: string | null;
  country: string | null;
  message: string;
  created_at: CreatedAt;
};

/** A news sign-up (migration 023): one row per address and tenant. */
export type InterestedCustomersTable = {
  id: Generated<number>;
  tenant_id: number;
  email_address: string;
  created_at: CreatedAt;
};

/** How an order was placed and where it stands (migration 021, decision 044). */
export type OrderStatus = 'paid' | 'shipped' | 'refunded' | 'cancelled';

/** A placed store order, priced by the server (migration 021, decision 044). */
export type OrdersTable = {
  id: Generated<number>;
  order_number: string;
  /** The signed-in buyer; null for a guest. */
  user_id: number | null;
  tenant_id: number;
  email: string;
  first_name: string;
  last_name: string;
  phone: string | null;
  billing_address1: string;
  billing_address2: string | null;
  billing_city: string;
  billing_state: string | null;
  billing_zip: string;
  shipping_address1: string | null;
  shipping_address2: string | null;
  shipping_city: string | null;
  shipping_state: string | null;
  shipping_zip: string | null;
  is_international: Generated<boolean>;
  shipping_type: 'regularShipping' | 'overnightShipping' | 'none';
  discount_code: string | null;
  subtotal_cents: number;
  discount_cents: Generated<number>;
  shipping_cents: Generated<number>;
  tax_cents: Generated<number>;
  grand_total_cents: number;
  delivery_date: CalendarDate | null;
  status: Generated<OrderStatus>;
  tracking_number: string | null;
  shipped_at: Date | null;
  idempotency_key: string;
  source: Generated<'store' | 'replacement'>;
  credited_user_device_id: number | null;
  created_at: CreatedAt;
};

/** A line of an order, its name and price as sold (migration 021). */
export type OrderLinesTable = {
  id: Generated<number>;
  order_id: number;
  item_id: number;
  store_name: string;
  quantity: number;
  unit_price_cents: number;
  amount_cents: number;
  /** The replaced device's serial, on a replacement line. */
  serial: string | null;
};

/** The replacement links' HMAC key made by migration 022 when REPLACEMENT_LINK_SECRET is unset (decision 045). */
export type ReplacementLinkSecretTable = {
  id: Generated<number>;
  secret: string;
};

/** The alarm messages' links' HMAC key, made once per database by migration 032 (issue #23). */
export type AlarmLinkSecretTable = {
  id: Generated<number>;
  secret: string;
};

export type PushSubscriptionsTable = {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
  name: string;
  created_at: Generated<Date>;
};

export type PushVapidKeysTable = {
  id: Generated<number>;
  public_key: string;
  private_key: string;
};

/**
 * A used replacement-offer token (migration 022, decision 045): claimed with the submit's
 * Idempotency-Key before its order is placed; order_id is set once the order is.
 */
export type ReplacementTokensTable = {
  token: string;
  user_id: number;
  issued_at: Date;
  idempotency_key: string;
  order_id: number | null;
  used_at: Date;
};
