import {
  createDecipheriv,
  createECDH,
  createPublicKey,
  hkdfSync,
  randomBytes,
  verify,
} from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

// A web push service on loopback that speaks the real protocol: it checks the VAPID JWT
// (RFC 8292: ES256 over the claims aud, exp, sub, signed with the key sent in k=) and decrypts
// the aes128gcm payload (RFC 8188, with the keys of RFC 8291) with the private key of the
// subscription, which each test device generates here like a browser does.

export type Delivery = {
  device: string;
  /** The decrypted payload, parsed as JSON. */
  message: Record<string, unknown>;
  ttl: number;
  urgency: string | undefined;
  /** The VAPID public key the JWT was verified with (base64url). */
  vapidKey: string;
  claims: { aud: string; exp: number; sub: string };
  at: Date;
};

/** How a device's push endpoint answers: a status, or never (a hanging push service). */
export type Behaviour = { status: number } | { hang: true };

type Device = {
  id: string;
  ecdh: ReturnType<typeof createECDH>;
  auth: Buffer;
  /** Answers to give, in turn, before the default 201. */
  script: Behaviour[];
  attempts: number;
};

const b64url = (b: Buffer) => b.toString('base64url');

function jwtProblem(
  authorization: string | undefined,
  origin: string,
): { error: string } | { key: string; claims: Delivery['claims'] } {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(authorization ?? '');
  if (!match) return { error: 'no vapid authorization' };
  const [, jwt, key] = match as unknown as [string, string, string];
  const [h, c, s] = jwt.split('.');
  if (!h || !c || !s) return { error: 'malformed jwt' };
  const header = JSON.parse(Buffer.from(h, 'base64url').toString()) as { alg?: string };
  if (header.alg !== 'ES256') return { error: 'alg is not ES256' };
  const point = Buffer.from(key, 'base64url');
  if (point.length !== 65 || point[0] !== 4) return { error: 'k is not a P-256 point' };
  const publicKey = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: b64url(point.subarray(1, 33)),
      y: b64url(point.subarray(33)),
    },
    format: 'jwk',
  });
  const signed = verify(
    'sha256',
    Buffer.from(`${h}.${c}`),
    { key: publicKey, dsaEncoding: 'ieee-p1363' },
    Buffer.from(s, 'base64url'),
  );
  if (!signed) return { error: 'bad signature' };
  const claims = JSON.parse(Buffer.from(c, 'base64url').toString()) as Delivery['claims'];
  const now = Math.floor(Date.now() / 1000);
  if (claims.aud !== origin) return { error: `aud ${claims.aud} is not ${origin}` };
  if (!(claims.exp > now && claims.exp <= now + 24 * 60 * 60)) return { error: 'bad exp' };
  if (!/^(mailto:|https:)/.test(claims.sub ?? '')) return { error: 'bad sub' };
  return { key, claims };
}

/** RFC 8188 record with RFC 8291 keys: the plaintext, or throws when it does not decrypt. */
function decrypt(body: Buffer, device: Device): Buffer {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const senderPublic = body.subarray(21, 21 + idlen);
  const record = body.subarray(21 + idlen);
  const secret = device.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([
    Buffer.from('WebPush: info\0'),
    device.ecdh.getPublicKey(),
    senderPublic,
  ]);
  const ikm = Buffer.from(hkdfSync('sha256', secret, device.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: aes128gcm\0', 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, 'Content-Encoding: nonce\0', 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(record.subarray(record.length - 16));
  const padded = Buffer.concat([
    decipher.update(record.subarray(0, record.length - 16)),
    decipher.final(),
  ]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('no last-record delimiter');
  return padded.subarray(0, end);
}

export async function startPushService() {
  const devices = new Map<string, Device>();
  const deliveries: Delivery[] = [];
  const refusals: string[] = [];
  const waiters: Array<() => void> = [];
  const hanging = new Set<http.ServerResponse>();
  let origin = '';

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const id = /^\/push\/([\w-]+)$/.exec(req.url ?? '')?.[1];
      const device = id ? devices.get(id) : undefined;
      if (req.method !== 'POST' || !device) {
        res.writeHead(404).end();
        return;
      }
      device.attempts++;
      const behaviour = device.script.shift();
      if (behaviour && 'hang' in behaviour) {
        hanging.add(res);
        return;
      }
      if (behaviour && behaviour.status !== 201) {
        res.writeHead(behaviour.status).end();
        return;
      }
      const vapid = jwtProblem(req.headers.authorization, origin);
      if ('error' in vapid) {
        refusals.push(vapid.error);
        res.writeHead(403).end(vapid.error);
        return;
      }
      if (req.headers['content-encoding'] !== 'aes128gcm') {
        refusals.push('not aes128gcm');
        res.writeHead(415).end();
        return;
      }
      let message: Record<string, unknown>;
      try {
        message = JSON.parse(decrypt(Buffer.concat(chunks), device).toString('utf8'));
      } catch (err) {
        refusals.push(`decrypt: ${(err as Error).message}`);
        res.writeHead(400).end();
        return;
      }
      deliveries.push({
        device: device.id,
        message,
        ttl: Number(req.headers.ttl),
        urgency: req.headers.urgency as string | undefined,
        vapidKey: vapid.key,
        claims: vapid.claims,
        at: new Date(),
      });
      waiters.splice(0).forEach((w) => w());
      res.writeHead(201, { location: `${origin}/message/${deliveries.length}` }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    origin,
    deliveries,
    /** Why pushes were refused (a bad JWT, a payload that did not decrypt). */
    refusals,
    /** A new browser: its key pair and auth secret, and the subscription body it would send. */
    device(script: Behaviour[] = []) {
      const id = randomBytes(8).toString('hex');
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const device: Device = { id, ecdh, auth: randomBytes(16), script, attempts: 0 };
      devices.set(id, device);
      return {
        id,
        attempts: () => device.attempts,
        /** Queue answers for the next pushes (before the default 201). */
        answer: (...next: Behaviour[]) => device.script.push(...next),
        subscription: {
          endpoint: `${origin}/push/${id}`,
          keys: { p256dh: b64url(ecdh.getPublicKey()), auth: b64url(device.auth) },
        },
      };
    },
    /** Waits for `count` deliveries to a device, failing after `ms`. */
    async waitFor(deviceId: string, count = 1, ms = 8000): Promise<Delivery[]> {
      const until = Date.now() + ms;
      for (;;) {
        const got = deliveries.filter((d) => d.device === deviceId);
        if (got.length >= count) return got;
        if (Date.now() > until) {
          throw new Error(
            `${got.length} of ${count} pushes to ${deviceId} arrived (refused: ${refusals.join('; ') || 'none'})`,
          );
        }
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        hanging.forEach((res) => res.destroy());
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type PushService = Awaited<ReturnType<typeof startPushService>>;
