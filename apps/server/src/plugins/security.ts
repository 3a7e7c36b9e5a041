import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { IncomingMessage, ServerResponse } from 'node:http';

/** A CSP the built SPA satisfies (scripts and styles from this origin), and helmet's other headers. */
export const SECURITY_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      // Toasts and Radix set inline style attributes; no inline scripts are allowed.
      styleSrc: ["'self'", "'unsafe-inline'"],
      // Ads link images by URL; the 2FA QR code is a data: URL.
      imgSrc: ["'self'", 'data:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
  },
  // Served over plain HTTP on localhost in development; HSTS belongs to the TLS proxy.
  strictTransportSecurity: false,
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet sets for `options`, worked out once. They do not depend on the request (no
 * nonces), and @fastify/helmet built helmet anew on every request, re-parsing the CSP each time:
 * about 8 % of the CPU of a small API route (ADR 006).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => (failure = error));
  if (failure) throw failure;
  return headers;
}

/** Security headers on every reply (API, pages, assets, errors). */
export async function registerSecurity(app: FastifyInstance) {
  const headers = securityHeaders(SECURITY_OPTIONS);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
