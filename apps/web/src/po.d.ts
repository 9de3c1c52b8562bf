/** Catalogs compiled by @lingui/vite-plugin when imported (lib/i18n.ts). */
declare module '*.po' {
  export const messages: import('@lingui/core').Messages;
}
