import http from 'node:http';
import https from 'node:https';
import webpush from 'web-push';
import { endpointProblem, isBrowserPushService } from './endpoint-policy';
import type { VapidKeys } from './vapid';

export type PushUrgency = 'very-low' | 'low' | 'normal' | 'high';

export type PushTarget = { endpoint: string; p256dh: string; auth: string };

export type PushOptions = {
  /** Seconds the push service may hold the message for an offline device. */
  ttl: number;
  urgency: PushUrgency;
  /** How long to wait for the push service before the attempt counts as failed. */
  timeoutMs?: number;
};

/**
 * sent: accepted by the push service; gone: 404/410, the subscription no longer exists;
 * rejected: a refusal that a retry will not change (e.g. 400, 403, 413).
 */
export type PushOutcome = { result: 'sent' | 'gone' | 'rejected'; status: number };

/** A failure worth retrying (timeout, network, 429, 5xx): the job retries with backoff. */
export class PushRetryableError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'PushRetryableError';
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;
const MAX_REPLY_BYTES = 4096;

/**
 * One web push (RFC 8030) with an aes128gcm payload (RFC 8291) and a VAPID JWT (RFC 8292), both
 * made by the web-push package; the request itself is sent here, so that it goes only to an
 * allowed endpoint, never follows a redirect, and gives up after a timeout.
 */
export async function sendWebPush(
  target: PushTarget,
  payload: string,
  options: PushOptions,
  vapid: VapidKeys,
  allowedHosts: readonly string[],
): Promise<PushOutcome> {
  // The rule is checked again at send time: PUSH_ALLOWED_HOSTS may have shrunk since.
  if (endpointProblem(target.endpoint, allowedHosts)) return { result: 'rejected', status: 0 };
  const details = webpush.generateRequestDetails(
    { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
    payload,
    {
      vapidDetails: vapid,
      TTL: Math.max(0, Math.floor(options.ttl)),
      urgency: options.urgency,
      contentEncoding: 'aes128gcm',
    },
  );
  const status = await post(
    target.endpoint,
    details.headers as Record<string, string | number>,
    details.body as Buffer | null,
    options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
  );
  return outcomeOf(status, target.endpoint);
}

/**
 * What a push service's status means. 404/410 deletes the device only from the browsers' push
 * services, whose way of saying a subscription has ended it is: a host an operator listed may be
 * any server, and were its 404 to remove the device, the count a user sees would tell them what
 * that server has at a path of their choice. There it is a refusal, logged, and the device stays.
 */
export function outcomeOf(status: number, endpoint: string): PushOutcome {
  if (status >= 200 && status < 300) return { result: 'sent', status };
  if ((status === 404 || status === 410) && isBrowserPushService(endpoint)) {
    return { result: 'gone', status };
  }
  if (status === 429 || status >= 500) {
    throw new PushRetryableError(`push service answered ${status}`, status);
  }
  return { result: 'rejected', status };
}

function post(
  endpoint: string,
  headers: Record<string, string | number>,
  body: Buffer | null,
  timeoutMs: number,
): Promise<number> {
  const url = new URL(endpoint);
  const client = url.protocol === 'http:' ? http : https;
  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (message: string) => {
      if (settled) return;
      settled = true;
      reject(new PushRetryableError(message));
    };
    const req = client.request(url, { method: 'POST', headers, agent: false }, (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (received > MAX_REPLY_BYTES) res.destroy();
      });
      res.on('error', () => undefined);
      res.on('close', () => {
        if (settled) return;
        settled = true;
        resolve(res.statusCode ?? 0);
      });
      res.resume();
    });
    // The whole exchange, not just an idle socket, must finish in time.
    const timer = setTimeout(() => {
      fail(`push service did not answer within ${timeoutMs} ms`);
      req.destroy();
    }, timeoutMs);
    req.on('error', (err) => fail(`push request failed: ${err.message}`));
    req.on('close', () => clearTimeout(timer));
    req.end(body ?? undefined);
  });
}
