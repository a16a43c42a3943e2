import { z } from 'zod';

// Every setting the server reads, validated once at boot. A wrong value stops
// the server with one message naming every wrong variable (docs/architecture.md 3).
const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .pipe(z.url().optional());

const SENDER = /^(?:[^<>@]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

const EnvSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optionalUrl.optional(),
  JWT_SECRET: z
    .string()
    .min(32, 'must be at least 32 characters')
    .optional()
    .or(z.literal('').transform(() => undefined)),
  SITE_URL: optionalUrl.optional(),
  ADDITIONAL_REDIRECT_URLS: z.string().default(''),
  SUPPORT_EMAIL: z.email().default('support@energy-tracker.local'),
  GOOGLE_CLIENT_ID: z.string().default(''),
  GOOGLE_CLIENT_SECRET: z.string().default(''),
  GOOGLE_ISSUER: z
    .url()
    .default('https://accounts.google.com')
    .refine(isHttpsOrLoopback, 'must be https (plain http only for a provider on this machine)'),
  SMTP_URL: optionalUrl
    .refine(
      (v) => v === undefined || /^smtps?:\/\//i.test(v),
      'must start with smtp:// or smtps://',
    )
    .optional(),
  // What mail clients show as the sender: an address, or `Name <address>`.
  SMTP_FROM: z
    .string()
    .trim()
    .regex(SENDER, 'must be an e-mail address or Name <address>')
    .default('Energy Tracker <no-reply@energy-tracker.local>'),
  // GoTrue's SMTP_MAX_FREQUENCY: one message per account and purpose this often.
  SMTP_MAX_FREQUENCY_SECONDS: z.coerce.number().int().min(0).max(86400).default(60),
  // With mail on, sign-up, resend and recovery answer no sooner than this, so
  // that hashing and sending for a known address cannot be timed (ADR 026).
  EMAIL_ANSWER_MIN_MS: z.coerce.number().int().min(0).max(10000).default(800),
  // GoTrue's MAILER_OTP_EXP: how long a link in an e-mail works. At most a
  // day, as hosted Supabase allows; a PKCE flow state must outlive its link
  // (auth/oauth/flow-state.ts sweeps them after two).
  EMAIL_LINK_LIFETIME_SECONDS: z.coerce.number().int().min(60).max(86400).default(86400),
  JWT_EXPIRY_SECONDS: z.coerce.number().int().min(30).max(604800).default(3600),
  RATE_LIMIT_TOKEN_PER_5MIN: z.coerce.number().int().min(1).default(150),
  RATE_LIMIT_SIGNUP_PER_5MIN: z.coerce.number().int().min(1).default(30),
  RATE_LIMIT_VERIFY_PER_5MIN: z.coerce.number().int().min(1).default(30),
  // Authenticator challenges per person and per address (GoTrue: 15 a minute per address).
  RATE_LIMIT_FACTOR_CHALLENGES_PER_5MIN: z.coerce.number().int().min(1).default(30),
  // Requests for an e-mail link (/resend and /recover). The old name, from
  // when it limited /resend alone, is still read.
  RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN: z.coerce.number().int().min(1).optional(),
  RATE_LIMIT_RESEND_PER_5MIN: z.coerce.number().int().min(1).optional(),
  // Wrong passwords for one account in 15 minutes, from anywhere (ADR 025).
  RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN: z.coerce.number().int().min(2).default(10),
  // GoTrue's RATE_LIMIT_EMAIL_SENT: messages the server sends in an hour, over everyone.
  RATE_LIMIT_EMAIL_SENT_PER_HOUR: z.coerce.number().int().min(1).default(30),
  // Bounds on one request and one person (ADR 025).
  REQUEST_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(300).default(30),
  IDLE_CONNECTION_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
  DATA_REQUESTS_IN_FLIGHT_PER_USER: z.coerce.number().int().min(1).max(100).default(2),
  DATA_REQUESTS_WAITING_PER_USER: z.coerce.number().int().min(0).max(10000).default(200),
  REFRESH_TOKEN_REUSE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(10),
  WEB_DIST: z.string().optional(),
  // Only behind reverse proxies: how many hops of X-Forwarded-For to believe.
  TRUST_PROXY: z
    .string()
    .trim()
    .regex(/^(true|false|[0-9]{1,2}|)$/, 'must be false, true or a number of proxy hops')
    .default('false'),
  // Web Push (ADR 043): the VAPID key pair, both or neither (then one is kept
  // in DATA_DIR), as web-push's generateVAPIDKeys() prints them: base64url.
  VAPID_PUBLIC_KEY: z
    .string()
    .trim()
    .regex(/^(B[A-Za-z0-9_-]{86})?$/, 'must be a P-256 public key in base64url (87 characters)')
    .default(''),
  VAPID_PRIVATE_KEY: z
    .string()
    .trim()
    .regex(/^([A-Za-z0-9_-]{43})?$/, 'must be a P-256 private key in base64url (43 characters)')
    .default(''),
  // Who push services may contact about our messages: mailto: or https:.
  VAPID_SUBJECT: z
    .string()
    .trim()
    .regex(/^((mailto:|https:\/\/)\S+)?$/, 'must be a mailto: or https:// URL')
    .default(''),
  // For tests only: lets the server POST to push endpoints on private addresses.
  PUSH_ALLOW_PRIVATE_ENDPOINTS: z.enum(['', '0', '1']).default(''),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

// The settings as the server uses them: grouped, defaulted, derived. Their type
// is inferred from this one mapping, so a new setting is written down once.
const ConfigSchema = EnvSchema.transform((e) => {
  const siteUrl = e.SITE_URL?.replace(/\/$/, '');
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    /** From the environment; when absent the server keeps one in dataDir. */
    jwtSecret: e.JWT_SECRET,
    /** Public origin of the site; unset, the origin the browser used to reach us (runtime-config.ts). */
    siteUrl,
    additionalRedirectUrls: e.ADDITIONAL_REDIRECT_URLS.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
    supportEmail: e.SUPPORT_EMAIL,
    google: {
      clientId: e.GOOGLE_CLIENT_ID,
      clientSecret: e.GOOGLE_CLIENT_SECRET,
      issuer: e.GOOGLE_ISSUER,
    },
    smtpUrl: e.SMTP_URL,
    /** Set exactly when smtpUrl is: sign-ups then need confirmation by e-mail. */
    mail:
      e.SMTP_URL !== undefined && siteUrl !== undefined
        ? {
            smtpUrl: e.SMTP_URL,
            from: e.SMTP_FROM,
            /** Links in messages point here; never at a request's Host header. */
            siteUrl,
            maxFrequencySeconds: e.SMTP_MAX_FREQUENCY_SECONDS,
            /** Messages the whole server may send in an hour (GoTrue's RATE_LIMIT_EMAIL_SENT). */
            sentPerHour: e.RATE_LIMIT_EMAIL_SENT_PER_HOUR,
            /** Sign-up, resend and recovery take at least this long (auth/request/even-answer-time.ts). */
            answerMinMs: e.EMAIL_ANSWER_MIN_MS,
          }
        : undefined,
    /** How long a link sent by e-mail works; read even without SMTP, for links sent before. */
    emailLinkLifetimeSeconds: e.EMAIL_LINK_LIFETIME_SECONDS,
    jwtExpirySeconds: e.JWT_EXPIRY_SECONDS,
    rateLimits: {
      tokenPer5Min: e.RATE_LIMIT_TOKEN_PER_5MIN,
      signupPer5Min: e.RATE_LIMIT_SIGNUP_PER_5MIN,
      verifyPer5Min: e.RATE_LIMIT_VERIFY_PER_5MIN,
      factorChallengesPer5Min: e.RATE_LIMIT_FACTOR_CHALLENGES_PER_5MIN,
      emailLinkRequestsPer5Min:
        e.RATE_LIMIT_EMAIL_LINK_REQUESTS_PER_5MIN ?? e.RATE_LIMIT_RESEND_PER_5MIN ?? 30,
      loginFailures: { failuresPerWindow: e.RATE_LIMIT_PASSWORD_FAILURES_PER_15MIN },
    },
    requestLimits: {
      /** The whole request (headers and body) must arrive within this; then the socket is closed. */
      requestTimeoutSeconds: e.REQUEST_TIMEOUT_SECONDS,
      /** A connection on which nothing moves for this long is closed. */
      idleConnectionTimeoutSeconds: e.IDLE_CONNECTION_TIMEOUT_SECONDS,
      /** Data API requests of one person in the database at once (rest/fair-share.ts). */
      inFlightPerUser: e.DATA_REQUESTS_IN_FLIGHT_PER_USER,
      /** More of one person's requests wait this many deep; beyond, 429. */
      waitingPerUser: e.DATA_REQUESTS_WAITING_PER_USER,
    },
    /** How long a just-rotated refresh token may still be presented (GoTrue's reuse interval). */
    refreshTokenReuseIntervalSeconds: e.REFRESH_TOKEN_REUSE_INTERVAL_SECONDS,
    webDist: e.WEB_DIST,
    /** Proxy hops whose X-Forwarded-For entry is believed; 0 trusts none. Never
     * "trust everything": the left-most X-Forwarded-For entry is whatever the
     * client wrote, which would let it dodge rate limits. */
    trustProxyHops: proxyHops(e.TRUST_PROXY),
    logLevel: e.LOG_LEVEL,
    push: {
      /** Both set, or both undefined: the server then keeps a pair in dataDir (push/vapid-keys.ts). */
      vapidKeys:
        e.VAPID_PUBLIC_KEY !== '' && e.VAPID_PRIVATE_KEY !== ''
          ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
          : undefined,
      /** The VAPID JWT's `sub`: who the push services may contact. */
      subject: e.VAPID_SUBJECT !== '' ? e.VAPID_SUBJECT : `mailto:${e.SUPPORT_EMAIL}`,
      /** Tests only: a local push service on a loopback or private address. */
      allowPrivateEndpoints: e.PUSH_ALLOW_PRIVATE_ENDPOINTS === '1',
    },
  };
});

export type Config = z.output<typeof ConfigSchema>;

/** How e-mail confirmation links are sent; present only when SMTP_URL is set. */
export type MailConfig = NonNullable<Config['mail']>;

export class ConfigError extends Error {}

export function readConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  // These two are checked on the raw values, so that they are reported beside
  // any other problem.
  // Google's token endpoint refuses a client without its secret: say so at
  // boot rather than at the first person's sign-in.
  if (isSet(env['GOOGLE_CLIENT_ID']) && !isSet(env['GOOGLE_CLIENT_SECRET'])) {
    problems.push('GOOGLE_CLIENT_SECRET: required when GOOGLE_CLIENT_ID is set');
  }
  // A link in an e-mail built from the Host header of the request that asked
  // for it would let anyone mail a victim a link to a host of their choosing.
  if (isSet(env['SMTP_URL']) && !isSet(env['SITE_URL'])) {
    problems.push(
      'SITE_URL: must be set when SMTP_URL is, because the links in e-mails are built from it',
    );
  }
  // A public key without its private key (or the other way round) cannot sign.
  if (isSet(env['VAPID_PUBLIC_KEY']) !== isSet(env['VAPID_PRIVATE_KEY'])) {
    problems.push('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY: set both or neither');
  }
  if (!parsed.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  return parsed.data;
}

// ID tokens are only as trustworthy as the channel their keys came over.
function isHttpsOrLoopback(value: string): boolean {
  const url = new URL(value);
  if (url.protocol === 'https:') return true;
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  return url.protocol === 'http:' && loopback;
}

function isSet(value: string | undefined): boolean {
  return value !== undefined && value.trim() !== '';
}

function proxyHops(value: string): number {
  if (value === 'true') return 1;
  if (value === 'false' || value === '') return 0;
  return Number(value);
}
