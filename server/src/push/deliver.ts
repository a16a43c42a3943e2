import { request } from 'node:https';
import type { LookupFunction } from 'node:net';
import type { VapidKeys } from './vapid-keys.ts';
import { resolvePushEndpoint } from './public-address.ts';

// One push message to one browser's push service. The message is encrypted
// (aes128gcm, RFC 8291) and signed (VAPID, RFC 8292) by the web-push
// library, loaded on first use only. The request itself is ours: it connects
// to the address resolvePushEndpoint checked (no second DNS lookup that
// could answer differently), follows no redirect, and gives up after a
// timeout, so that a slow or hostile push service holds nothing for long.

export interface PushSubscriptionKeys {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface PushTransport {
  vapid: VapidKeys;
  /** The JWT's `sub`: mailto: or https:. */
  subject: string;
  /** Tests only: a push service on this machine (PUSH_ALLOW_PRIVATE_ENDPOINTS=1). */
  allowPrivate: boolean;
  /** Tests only: the certificate of the local push service. */
  ca?: string | Buffer;
  timeoutMs?: number;
}

export interface PushMessage {
  payload: string;
  /** Seconds the push service may keep it for a browser that is offline. */
  ttlSeconds: number;
  /** A newer message with the same topic replaces one not yet delivered. */
  topic?: string;
}

/** What the push service answered; status 0 when it could not be reached or timed out. */
export interface DeliveryResult {
  status: number;
  retryAfterSeconds?: number;
  error?: string;
  /** The exchange ran out of time: the peer took the connection and did not answer. */
  timedOut?: boolean;
}

const DEFAULT_TIMEOUT_MS = 10_000;

type WebPushModule = typeof import('web-push');
let webPush: Promise<WebPushModule> | undefined;
function loadWebPush(): Promise<WebPushModule> {
  webPush ??= import('web-push').then((m) => (m as { default?: WebPushModule }).default ?? m);
  return webPush;
}

export async function deliverPush(
  transport: PushTransport,
  subscription: PushSubscriptionKeys,
  message: PushMessage,
  /** Less than the transport's timeout when the caller's budget is nearly spent. */
  timeoutMs: number = transport.timeoutMs ?? DEFAULT_TIMEOUT_MS,
): Promise<DeliveryResult> {
  // Refused endpoints throw EndpointRefused for the caller to act on.
  const target = await resolvePushEndpoint(subscription.endpoint, transport.allowPrivate);
  const lib = await loadWebPush();
  const details = lib.generateRequestDetails(
    {
      endpoint: subscription.endpoint,
      keys: { p256dh: subscription.p256dh, auth: subscription.auth },
    },
    message.payload,
    {
      vapidDetails: {
        subject: transport.subject,
        publicKey: transport.vapid.publicKey,
        privateKey: transport.vapid.privateKey,
      },
      TTL: message.ttlSeconds,
      contentEncoding: 'aes128gcm',
      urgency: 'normal',
      ...(message.topic ? { topic: message.topic } : {}),
    },
  );
  const pinned: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const body = details.body ?? Buffer.alloc(0);
  return new Promise<DeliveryResult>((resolve) => {
    const req = request(
      {
        method: 'POST',
        host: target.url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: target.url.port || 443,
        path: target.url.pathname + target.url.search,
        headers: { ...details.headers, 'Content-Length': body.length },
        lookup: pinned,
        servername: isIpLiteral(target.url.hostname) ? undefined : target.url.hostname,
        ...(transport.ca ? { ca: transport.ca } : {}),
        timeout: timeoutMs,
        // No pooled connection from another request: each one is checked.
        agent: false,
      },
      (res) => {
        // Only the status matters; the answer is read and dropped (bounded by the timeout).
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, ...retryAfter(res.headers) }));
        res.on('error', (err) => resolve({ status: 0, error: err.message }));
      },
    );
    // The whole exchange, not only a quiet socket, must end in time.
    let timedOut = false;
    const giveUp = () => {
      timedOut = true;
      req.destroy(new Error('timed out'));
    };
    const deadline = setTimeout(giveUp, timeoutMs);
    req.on('close', () => clearTimeout(deadline));
    req.on('timeout', giveUp);
    req.on('error', (err) => resolve({ status: 0, error: err.message, timedOut }));
    req.end(body);
  });
}

function isIpLiteral(hostname: string): boolean {
  return hostname.startsWith('[') || /^[0-9.]+$/.test(hostname);
}

function retryAfter(headers: Record<string, string | string[] | undefined>) {
  const value = headers['retry-after'];
  const seconds = typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(seconds) && seconds >= 0 ? { retryAfterSeconds: seconds } : {};
}
