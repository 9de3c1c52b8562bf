/**
 * Puts the entry's stylesheet (styles/first-paint.css and the tokens it carries, ~1.5 kB) into
 * index.html as a `<style>` element instead of a `<link>`. It was the page's only render-blocking
 * request: until it arrived the browser painted nothing, and by then the app's scripts had arrived
 * too, so the splash was never seen on its own and the first paint waited for them (Lighthouse
 * read a 2.1 s First Contentful Paint on / as a slow phone). Inline, the splash paints as soon as
 * the page is parsed. The server allows exactly this element by its hash in the Content-Security-
 * Policy (apps/server/src/app/spa.ts `inlineStyleHashes`), which keeps inline styles refused.
 */
import type { Plugin } from 'vite';

export function inlineFirstPaintCss(): Plugin {
  return {
    name: 'glimpse-inline-first-paint-css',
    apply: 'build',
    enforce: 'post',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const links = [...html.matchAll(/<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/g)];
        if (links.length !== 1) {
          throw new Error(
            `inline first paint: expected one entry stylesheet in index.html, found ${links.length}`,
          );
        }
        const [tag, fileName] = links[0] as RegExpMatchArray & [string, string];
        const asset = bundle[fileName];
        if (asset?.type !== 'asset') throw new Error(`inline first paint: ${fileName} is not in the build`);
        const css = typeof asset.source === 'string' ? asset.source : new TextDecoder().decode(asset.source);
        if (css.includes('</'))
          throw new Error(`inline first paint: ${fileName} would end its <style> early`);
        return html.replace(tag, `<style>${css.trim()}</style>`);
      },
    },
  };
}
