import { join } from 'node:path';
import { z } from 'zod';
import { isUsStateCode } from '@monitor/domain/shared/regions';
import { parseTrustProxy, type TrustProxy } from './trust-proxy';

/** MAIL_FROM when unset. */
const MAIL_FROM = 'Monitoring <no-reply@localhost>';

/** A rate limit: requests per minute from one client address. */
const PerMinute = (fallback: number) => z.coerce.number().int().min(1).default(fallback);

const Env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.string().optional(),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().optional(),
  PUBLIC_URL: z.string().optional(),
  LOCAL_CARD_FIELDS_ORIGIN: z.string().optional(),
  DEFAULT_TENANT_ID: z.coerce.number().int().min(1).max(6).default(2),
  LOG_FILE: z.string().trim().min(1).optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  DEMO_SEED: z.enum(['true', 'false']).default('true'),
  TRUST_PROXY: z.string().optional(),
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  BRAINTREE_ENVIRONMENT: z.enum(['sandbox', 'production']).optional(),
  BRAINTREE_MERCHANT_ID: z.string().min(1).optional(),
  BRAINTREE_PUBLIC_KEY: z.string().min(1).optional(),
  BRAINTREE_PRIVATE_KEY: z.string().min(1).optional(),
  DEBUG_USER_IDS: z.string().optional(),
  CSP_EXTRA_ORIGINS: z.string().optional(),
  RATE_LIMIT_ANONYMOUS: PerMinute(300),
  RATE_LIMIT_LOGIN: PerMinute(30),
  RATE_LIMIT_REGISTRATION: PerMinute(10),
  RATE_LIMIT_PASSWORD_RESET: PerMinute(10),
  RATE_LIMIT_DEVICE_AUTH_FAILURES: PerMinute(30),
  LIVE_MAX_SOCKETS_PER_SESSION: z.coerce.number().int().min(1).default(20),
  LIVE_MAX_SOCKETS_PER_USER: z.coerce.number().int().min(1).default(50),
  FILES_DIR: z.string().optional(),
  FILES_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  FILES_S3_BUCKET: z.string().optional(),
  FILES_S3_REGION: z.string().optional(),
  FILES_S3_ENDPOINT: z.url().optional(),
  FILES_S3_PREFIX: z.string().optional(),
  FILES_S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  SMARTY_AUTH_ID: z.string().optional(),
  SMARTY_AUTH_TOKEN: z.string().optional(),
  TAXJAR_API_KEY: z.string().optional(),
  TAXJAR_API_URL: z.url().optional(),
  TAX_NEXUS_STATES: z.string().default('NY'),
  TWILIO_SIM_FLEET: z.string().optional(),
  RATE_LIMIT_SALES_CHECKS: PerMinute(60),
  RATE_LIMIT_STORE_WRITES: PerMinute(20),
  RATE_LIMIT_CARD_CALLS_PER_USER: PerMinute(10),
  RATE_LIMIT_CARD_CALLS_PER_ADDRESS: PerMinute(30),
  RATE_LIMIT_HEAVY_WORK_PER_USER: z.coerce.number().int().min(1).default(2),
  EASYPOST_API_KEY: z.string().optional(),
  SHIPPING_RATE_MULTIPLIER_REGULAR: z.coerce.number().min(0).max(10).default(0.1),
  SHIPPING_RATE_MULTIPLIER_OVERNIGHT: z.coerce.number().min(0).max(10).default(0.15),
  REPLACEMENT_LINK_SECRET: z.string().min(32, 'at least 32 characters').optional(),
  METRICS_TOKEN: z.string().min(32, 'at least 32 characters').optional(),
  // Empty is unset (keep every reading), as a compose file's `READINGS_RETENTION_MONTHS=` means.
  READINGS_RETENTION_MONTHS: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce.number().int().min(1).optional(),
  ),
  VAPID_PUBLIC_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{87}$/, 'a P-256 public key, base64url (87 characters)')
    .optional(),
  VAPID_PRIVATE_KEY: z
    .string()
    .regex(/^[A-Za-z0-9_-]{43}$/, 'a P-256 private key, base64url (43 characters)')
    .optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'a mailto: address or an https: URL')
    .optional(),
  PUSH_SERVICE_HOSTS: z.string().optional(),
});

/** TAX_NEXUS_STATES: two-letter state codes separated by commas (decision 035). */
function parseNexusStates(value: string): string[] {
  const states = value
    .split(',')
    .map((part) => part.trim().toUpperCase())
    .filter((part) => part !== '');
  const invalid = states.filter((state) => !isUsStateCode(state));
  if (invalid.length > 0)
    throw new Error(`TAX_NEXUS_STATES: not US state codes: ${invalid.join(', ')}`);
  return states;
}

/**
 * CSP_EXTRA_ORIGINS: origins (`https://host[:port]`) the pages may load scripts and frames from and
 * connect to, beyond this server; for a payment provider's card-field frames. Empty by default.
 */
function parseOrigins(value: string | undefined): string[] {
  const origins = (value ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const invalid = origins.filter((origin) => !/^https:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(origin));
  if (invalid.length > 0)
    throw new Error(
      `CSP_EXTRA_ORIGINS: expected https origins separated by commas, got ${invalid.join(', ')}`,
    );
  return origins;
}

/**
 * The push services browsers subscribe with (decision 082): Chrome's and Edge's (Firebase Cloud
 * Messaging), Firefox's (Mozilla autopush), Windows' (WNS) and Safari's (Apple). The server sends
 * only to an endpoint on one of them, over https: an endpoint is a URL a user gives the server to
 * post to, and anywhere else it would make the server a way into its own network.
 */
const PUSH_SERVICE_HOSTS = [
  'fcm.googleapis.com',
  'android.googleapis.com',
  '*.push.services.mozilla.com',
  '*.notify.windows.com',
  '*.push.apple.com',
];

/**
 * PUSH_SERVICE_HOSTS: more push services (`host` or `host:port`, separated by commas), for a
 * self-hosted push service or a test's stand-in; these may be reached over http too.
 */
function parsePushServiceHosts(value: string | undefined): string[] {
  const hosts = (value ?? '')
    .split(',')
    .map((part) => part.trim().toLowerCase())
    .filter((part) => part !== '');
  const invalid = hosts.filter((host) => !/^[a-z0-9.-]+(:\d{1,5})?$/.test(host));
  if (invalid.length > 0)
    throw new Error(
      `PUSH_SERVICE_HOSTS: expected hosts separated by commas, got ${invalid.join(', ')}`,
    );
  return hosts;
}

/** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together or neither. */
function vapidKeys(e: z.infer<typeof Env>): PushConfig['vapidKeys'] {
  if (!e.VAPID_PUBLIC_KEY && !e.VAPID_PRIVATE_KEY) return undefined;
  if (!e.VAPID_PUBLIC_KEY || !e.VAPID_PRIVATE_KEY)
    throw new Error('VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together');
  return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
}

/** VAPID_SUBJECT, else PUBLIC_URL when it is https, else MAIL_FROM's address (RFC 8292 §2.1). */
function vapidSubject(e: z.infer<typeof Env>, publicUrl: string, mailFrom: string): string {
  if (e.VAPID_SUBJECT) return e.VAPID_SUBJECT;
  if (publicUrl.startsWith('https://')) return publicUrl;
  return `mailto:${/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom}`;
}

/** Push notifications to browsers (issue #27, decision 082). */
export type PushConfig = {
  /** VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY; unset, the pair made once in the database. */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who the push services may write to about this server's messages (VAPID_SUBJECT). */
  vapidSubject: string;
  /** The push services' hosts an endpoint may be on: `*.` matches any subdomain; https only. */
  serviceHosts: readonly string[];
  /** PUSH_SERVICE_HOSTS: more hosts, http or https. */
  extraServiceHosts: readonly string[];
};

/** Requests per minute from one client address, per kind of call that works without a session (decision 018). */
export type RateLimits = {
  /** Every other API call made without a session (brands, the OpenAPI document, unknown calls). */
  anonymousCalls: number;
  /** Sign-in attempts, on top of the per-account throttle (decision 008). */
  login: number;
  registration: number;
  /** Reset requests and resets together. */
  passwordReset: number;
  /** Device-protocol calls whose IMEI and key do not match; a unit that signs in is never counted. */
  deviceAuthFailures: number;
  /**
   * Address checks and tax lookups (modules/sales), signed in or not: each may cost a paid
   * lookup at Smarty or TaxJar, so a session does not lift it (decision 035).
   */
  salesChecks: number;
  /**
   * RATE_LIMIT_STORE_WRITES: unauthenticated store writes per minute per address (contact, news
   * sign-up, promotion validation, orders, the replacement submit; decision 042).
   */
  storeWrites: number;
  /**
   * RATE_LIMIT_CARD_CALLS_PER_USER and _PER_ADDRESS: calls that send a card to the payment
   * processor, per signed-in user and per client address, in 10 minutes, session or not (a card
   * tester brings their own session; issue #22).
   */
  cardCalls: { perUser: number; perAddress: number };
  /**
   * RATE_LIMIT_HEAVY_WORK_PER_USER: heavy calls (a file of a unit's or a puck's readings) one
   * signed-in person may have in flight at once, not per minute (issue #22, decision 055).
   */
  heavyWorkPerUser: number;
};

/** At most three staff may open the debug list and details (device-management §6). */
const MAX_DEBUG_USERS = 3;

/** DEBUG_USER_IDS: up to three user ids separated by commas; unset means the demo staff user. */
function parseDebugUserIds(value: string | undefined): number[] | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ids = value.split(',').map((part) => Number(part.trim()));
  if (ids.some((id) => !Number.isInteger(id) || id <= 0) || ids.length > MAX_DEBUG_USERS)
    throw new Error(
      `DEBUG_USER_IDS: expected up to ${MAX_DEBUG_USERS} user ids separated by commas, got "${value}"`,
    );
  return ids;
}

/**
 * Where exports and certificates are kept (adapters/files, decision 031): a folder on this
 * machine by default, or an S3-compatible bucket when FILES_S3_BUCKET is set.
 */
export type FilesConfig =
  | {
      kind: 'local';
      /** FILES_DIR: the folder; `files` in DATA_DIR by default. */
      dir: string;
      /** FILES_LINK_SECRET: the signed links' key; generated and kept in `dir` when unset. */
      linkSecret: string | undefined;
    }
  | {
      kind: 's3';
      bucket: string;
      region: string | undefined;
      endpoint: string | undefined;
      /** '' or a folder ending in '/'. */
      prefix: string;
      forcePathStyle: boolean;
    };

/** FILES_S3_PREFIX as a folder: no leading '/', one trailing '/'; '' when unset. */
function s3Prefix(value: string | undefined): string {
  const trimmed = (value ?? '').trim().replace(/^\/+|\/+$/g, '');
  return trimmed === '' ? '' : `${trimmed}/`;
}

export type Config = {
  port: number;
  host: string;
  /** Folder of the embedded PGlite database; ignored when databaseUrl is set. */
  dataDir: string;
  /** A PostgreSQL server instead of the embedded database. `memory://` keeps PGlite in memory (tests). */
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string;
  /**
   * LOCAL_CARD_FIELDS_ORIGIN: where the local processor's card fields are served from, an origin
   * other than the app's so the app page cannot reach into them, as with Braintree's frames
   * (decision 038). By default the loopback twin of PUBLIC_URL's host (localhost ↔ 127.0.0.1);
   * for any other host, the app's own origin unless set.
   */
  cardFieldsOrigin: string;
  defaultTenantId: number;
  logLevel: z.infer<typeof Env>['LOG_LEVEL'];
  /** LOG_FILE: the file the server's log lines are appended to; standard output when unset. */
  logFile: string | undefined;
  /** Built web app to serve; none in API-only tests. */
  webDist: string | undefined;
  seedDemo: boolean;
  /**
   * TRUST_PROXY: which proxies may name the client in X-Forwarded-For (see trust-proxy.ts).
   * Unset or `false` trusts none, so the client address is the connection's peer and a forged
   * header cannot move a client to another login-throttle key; `true` trusts every hop; a whole
   * number trusts that many hops nearest the server; otherwise a comma-separated list of
   * addresses and CIDR ranges (`10.0.0.1,192.168.0.0/16`) trusts the hops that match.
   */
  trustProxy: TrustProxy;
  /**
   * Texts and calls through Twilio when TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM are
   * all set; otherwise they go to the local outbox (decision 010).
   */
  twilio: { accountSid: string; authToken: string; from: string } | undefined;
  /**
   * Card payments through Braintree when BRAINTREE_ENVIRONMENT (sandbox or production),
   * BRAINTREE_MERCHANT_ID, BRAINTREE_PUBLIC_KEY and BRAINTREE_PRIVATE_KEY are all set; none set
   * means the local processor (decision 034); some but not all stops start-up.
   */
  braintree: BraintreeSettings | undefined;
  /**
   * DEBUG_USER_IDS: the user ids allowed the debug list and details (device-management §6). Unset
   * (undefined) means the demo staff user when the demo is seeded, so the demo shows the pages;
   * nobody otherwise.
   */
  debugUserIds: readonly number[] | undefined;
  /** Extra origins in the Content-Security-Policy's script-src, frame-src and connect-src (decision 018). */
  cspExtraOrigins: readonly string[];
  rateLimits: RateLimits;
  /**
   * LIVE_MAX_SOCKETS_PER_SESSION / _PER_USER: open live sockets allowed per session and per user
   * in one server process (decision 021). A page holds at most 9 unit sockets (device-management
   * §4: 1 to 9 devices) and one alarm socket, so 20 is two pages of one session.
   */
  liveMaxSockets: { perSession: number; perUser: number };
  files: FilesConfig;
  /** Address checks through Smarty when SMARTY_AUTH_ID and SMARTY_AUTH_TOKEN are set (decision 035). */
  smarty: { authId: string; authToken: string } | undefined;
  /** Sales tax through TaxJar when TAXJAR_API_KEY is set; TAXJAR_API_URL for its sandbox. */
  taxjar: { apiKey: string; apiUrl: string | undefined } | undefined;
  /** The states the local tax table charges tax in (TAX_NEXUS_STATES, default NY). */
  taxNexusStates: readonly string[];
  /**
   * Cellular activation through Twilio's Super SIM API when TWILIO_SIM_FLEET is set with
   * TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN; otherwise the modem is only marked active.
   */
  twilioSim: { accountSid: string; authToken: string; fleet: string } | undefined;
  /** Postage rates through EasyPost when EASYPOST_API_KEY is set; otherwise the local rate table (decision 043). */
  easypost: { apiKey: string } | undefined;
  /**
   * SHIPPING_RATE_MULTIPLIER_REGULAR / _OVERNIGHT: the multiplier of store-and-public-site §9,
   * shipping = postage + multiplier × postage (0.1 and 0.15 by default).
   */
  shippingRateMultipliers: { regular: number; overnight: number };
  /**
   * REPLACEMENT_LINK_SECRET: the replacement offer links' HMAC key (decision 045); when unset, the
   * one migration 022 made in the database.
   */
  replacementLinkSecret: string | undefined;
  /**
   * METRICS_TOKEN: the bearer token that opens `GET /metrics` to a scraper that is not on this
   * machine (issue #26); unset, the metrics answer on loopback only.
   */
  metricsToken: string | undefined;
  /**
   * READINGS_RETENTION_MONTHS: how many months of readings before the current one are kept;
   * older monthly partitions are dropped whole, but those holding readings a NIST certificate
   * still needs (decision 074). Unset keeps every reading.
   */
  readingsRetentionMonths: number | undefined;
  push: PushConfig;
};

/** A Braintree account: its environment and API keys. */
type BraintreeSettings = {
  environment: 'sandbox' | 'production';
  merchantId: string;
  publicKey: string;
  privateKey: string;
};

const BRAINTREE_VARIABLES = [
  'BRAINTREE_ENVIRONMENT',
  'BRAINTREE_MERCHANT_ID',
  'BRAINTREE_PUBLIC_KEY',
  'BRAINTREE_PRIVATE_KEY',
] as const;

/** All four BRAINTREE_* or none: half a configuration would quietly fall back to the local processor. */
function braintreeSettings(e: z.infer<typeof Env>): BraintreeSettings | undefined {
  const missing = BRAINTREE_VARIABLES.filter((name) => !e[name]);
  if (missing.length === BRAINTREE_VARIABLES.length) return undefined;
  if (missing.length > 0) {
    throw new Error(`BRAINTREE_* must be set all together; missing ${missing.join(', ')}`);
  }
  return {
    environment: e.BRAINTREE_ENVIRONMENT!,
    merchantId: e.BRAINTREE_MERCHANT_ID!,
    publicKey: e.BRAINTREE_PUBLIC_KEY!,
    privateKey: e.BRAINTREE_PRIVATE_KEY!,
  };
}

/**
 * What Braintree's Hosted Fields load and call from the page (Braintree's CSP guide): its assets
 * and card-field frames, its client API and GraphQL API, and the fraud data collector's script.
 */
function braintreeOrigins(environment: BraintreeSettings['environment']): string[] {
  const sandbox = environment === 'sandbox' ? 'sandbox.' : '';
  return [
    'https://assets.braintreegateway.com',
    'https://js.braintreegateway.com',
    `https://api.${sandbox}braintreegateway.com`,
    `https://client-analytics.${sandbox}braintreegateway.com`,
    `https://payments.${sandbox}braintree-api.com`,
    'https://c.paypal.com',
  ];
}

/** The local card fields' origin: the one set, else PUBLIC_URL's loopback twin, else its own. */
function cardFieldsOrigin(publicUrl: string, configured: string | undefined): string {
  if (configured) {
    if (!/^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i.test(configured))
      throw new Error(`LOCAL_CARD_FIELDS_ORIGIN: expected an origin, got ${configured}`);
    return configured;
  }
  const url = new URL(publicUrl);
  const twin = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' }[url.hostname];
  if (twin) url.hostname = twin;
  return url.origin;
}

/** Reads the configuration from the environment; a bad value stops start-up with a clear message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = Env.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join('.')}: ${issue.message}`,
    );
    throw new Error(`Invalid configuration: ${problems.join('; ')}`);
  }
  const e = parsed.data;
  let trustProxy: TrustProxy;
  let debugUserIds: number[] | undefined;
  let cspExtraOrigins: string[];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  let localCardFieldsOrigin: string;
  let braintree: BraintreeSettings | undefined;
  let taxNexusStates: string[];
  let push: PushConfig;
  try {
    braintree = braintreeSettings(e);
    taxNexusStates = parseNexusStates(e.TAX_NEXUS_STATES);
    trustProxy = parseTrustProxy(e.TRUST_PROXY);
    debugUserIds = parseDebugUserIds(e.DEBUG_USER_IDS);
    localCardFieldsOrigin = cardFieldsOrigin(publicUrl, e.LOCAL_CARD_FIELDS_ORIGIN);
    cspExtraOrigins = [
      ...parseOrigins(e.CSP_EXTRA_ORIGINS),
      ...(braintree ? braintreeOrigins(braintree.environment) : []),
    ];
    push = {
      vapidKeys: vapidKeys(e),
      vapidSubject: vapidSubject(e, publicUrl, e.MAIL_FROM ?? MAIL_FROM),
      serviceHosts: PUSH_SERVICE_HOSTS,
      extraServiceHosts: parsePushServiceHosts(e.PUSH_SERVICE_HOSTS),
    };
  } catch (error) {
    throw new Error(`Invalid configuration: ${(error as Error).message}`);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? MAIL_FROM,
    publicUrl,
    cardFieldsOrigin: localCardFieldsOrigin,
    defaultTenantId: e.DEFAULT_TENANT_ID,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    webDist: e.WEB_DIST,
    seedDemo: e.DEMO_SEED === 'true',
    trustProxy,
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN && e.TWILIO_FROM
        ? { accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN, from: e.TWILIO_FROM }
        : undefined,
    braintree,
    debugUserIds,
    cspExtraOrigins,
    rateLimits: {
      anonymousCalls: e.RATE_LIMIT_ANONYMOUS,
      login: e.RATE_LIMIT_LOGIN,
      registration: e.RATE_LIMIT_REGISTRATION,
      passwordReset: e.RATE_LIMIT_PASSWORD_RESET,
      deviceAuthFailures: e.RATE_LIMIT_DEVICE_AUTH_FAILURES,
      salesChecks: e.RATE_LIMIT_SALES_CHECKS,
      storeWrites: e.RATE_LIMIT_STORE_WRITES,
      cardCalls: {
        perUser: e.RATE_LIMIT_CARD_CALLS_PER_USER,
        perAddress: e.RATE_LIMIT_CARD_CALLS_PER_ADDRESS,
      },
      heavyWorkPerUser: e.RATE_LIMIT_HEAVY_WORK_PER_USER,
    },
    liveMaxSockets: {
      perSession: e.LIVE_MAX_SOCKETS_PER_SESSION,
      perUser: e.LIVE_MAX_SOCKETS_PER_USER,
    },
    files: e.FILES_S3_BUCKET
      ? {
          kind: 's3',
          bucket: e.FILES_S3_BUCKET,
          region: e.FILES_S3_REGION,
          endpoint: e.FILES_S3_ENDPOINT,
          prefix: s3Prefix(e.FILES_S3_PREFIX),
          forcePathStyle: e.FILES_S3_FORCE_PATH_STYLE === 'true',
        }
      : {
          kind: 'local',
          dir: e.FILES_DIR ?? join(e.DATA_DIR, 'files'),
          linkSecret: e.FILES_LINK_SECRET,
        },
    smarty:
      e.SMARTY_AUTH_ID && e.SMARTY_AUTH_TOKEN
        ? { authId: e.SMARTY_AUTH_ID, authToken: e.SMARTY_AUTH_TOKEN }
        : undefined,
    taxjar: e.TAXJAR_API_KEY ? { apiKey: e.TAXJAR_API_KEY, apiUrl: e.TAXJAR_API_URL } : undefined,
    taxNexusStates,
    twilioSim:
      e.TWILIO_SIM_FLEET && e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? {
            accountSid: e.TWILIO_ACCOUNT_SID,
            authToken: e.TWILIO_AUTH_TOKEN,
            fleet: e.TWILIO_SIM_FLEET,
          }
        : undefined,
    easypost: e.EASYPOST_API_KEY ? { apiKey: e.EASYPOST_API_KEY } : undefined,
    shippingRateMultipliers: {
      regular: e.SHIPPING_RATE_MULTIPLIER_REGULAR,
      overnight: e.SHIPPING_RATE_MULTIPLIER_OVERNIGHT,
    },
    replacementLinkSecret: e.REPLACEMENT_LINK_SECRET,
    metricsToken: e.METRICS_TOKEN,
    readingsRetentionMonths: e.READINGS_RETENTION_MONTHS,
    push,
  };
}
