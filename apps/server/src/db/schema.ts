import type { ColumnType, Generated } from 'kysely';

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
  company_name: string | null;
  temp_pref: Generated<'F' | 'C'>;
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
  source: 'web' | 'mobileapp' | 'impersonation';
  impersonator_id: number | null;
  created_at: CreatedAt;
  expires_at: Date;
  revoked_at: Date | null;
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
  created_at: CreatedAt;
};

export type DB = {
  users: UsersTable;
  user_roles: UserRolesTable;
  access_tokens: AccessTokensTable;
  password_reset_tokens: PasswordResetTokensTable;
  login_failures: LoginFailuresTable;
  billing_addresses: BillingAddressesTable;
  outbox_messages: OutboxMessagesTable;
};
