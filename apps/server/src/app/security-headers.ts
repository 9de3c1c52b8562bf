/**
 * The security headers of every answer, the Content-Security-Policy first. Hono's `secureHeaders`
 * decides them; they are found once at start (`headersSetBy`) and lib/compress.ts sets them, with
 * compression, in a way that keeps most responses off Web Headers.
 */
import { Hono, type MiddlewareHandler } from 'hono';
import { secureHeaders } from 'hono/secure-headers';

/**
 * Strict by design: scripts and styles only from this origin (no inline script, and no inline
 * style element but the page's own first-paint styles, allowed by their hash, `styleHashes`:
 * app/spa.ts; React sets styles through the CSSOM, which the policy allows), no plugins, no
 * framing, forms and <base> only to ourselves. security/headers.test.ts pins each directive.
 * `mediaOrigins`: where images and videos come from besides this origin (the CDN or bucket of
 * S3_PUBLIC_URL, storage/s3.ts).
 */
export function securityHeaders(mediaOrigins: string[], styleHashes: string[] = []): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", ...styleHashes],
      imgSrc: ["'self'", 'data:', 'blob:', ...mediaOrigins],
      // Videos: from here or the bucket, and a picked clip's preview (a blob: address) before upload.
      mediaSrc: ["'self'", 'blob:', ...mediaOrigins],
      connectSrc: ["'self'"],
      fontSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    xFrameOptions: 'DENY',
    // Geolocation for this origin only: "Use my location" on a post's Location and an event's
    // Coordinates asks the browser, and only when the member presses it. Framed pages get none.
    permissionsPolicy: { camera: [], microphone: [], geolocation: ['self'], payment: [], usb: [] },
  });
}

/** The headers a middleware sets on an empty answer, found once by running it. */
export async function headersSetBy(middleware: MiddlewareHandler): Promise<[string, string][]> {
  const probe = new Hono().use(middleware).get('/', (c) => c.body(null, 204));
  const headers: [string, string][] = [];
  (await probe.request('/')).headers.forEach((value, name) => {
    headers.push([name, value]);
  });
  return headers;
}
