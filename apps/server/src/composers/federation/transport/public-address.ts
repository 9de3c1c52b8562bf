/**
 * The request as its sender addressed it: on PUBLIC_URL. Behind a TLS proxy it arrives as
 * http://<internal address>, and Fedify takes the request's URL for what `origin` does not cover:
 * collection page links (`first`, `next`, `partOf`), the host in WebFinger aliases, and the target
 * URI an RFC 9421 signature covers (checked by the inbox's door, door.ts, and by Fedify). Rebased
 * here, every one of them names PUBLIC_URL. Apart from http.ts so that the door shares it without a
 * cycle, and light: it loads no Fedify.
 */
export function addressedToPublicUrl(request: Request, publicOrigin: string): Request {
  const url = publicAddressOf(request.url, publicOrigin);
  return url === request.url ? request : new Request(url, request);
}

/** A request URL's path and query on PUBLIC_URL's origin. */
export function publicAddressOf(requestUrl: string, publicOrigin: string): string {
  const url = new URL(requestUrl);
  return url.origin === publicOrigin
    ? requestUrl
    : new URL(`${url.pathname}${url.search}`, publicOrigin).href;
}
