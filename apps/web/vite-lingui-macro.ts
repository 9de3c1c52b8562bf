/**
 * Runs Lingui's macro (`Trans`, `t`, `msg`, `plural` from @lingui/react/macro and @lingui/core/macro)
 * through Babel before Vite's React plugin sees the file. @vitejs/plugin-react 6 compiles with Oxc
 * and no longer takes Babel plugins, and Lingui's SWC plugin needs the SWC React plugin; this is
 * the plain Babel pass Lingui documents, on the files that import a macro and no others.
 */
import { transformAsync } from '@babel/core';
import type { Plugin } from 'vite';

const usesMacro = /from ['"]@lingui\/(core|react)\/macro['"]/;
const sharedMessages = /packages[\\/]shared[\\/]src[\\/]messages\.ts$/;

export function linguiMacro(): Plugin {
  let building = false;
  return {
    name: 'glimpse-lingui-macro',
    enforce: 'pre',
    configResolved(config) {
      building = config.command === 'build';
    },
    async transform(code, id) {
      // The shared messages carry their English text for the server; in the browser the catalog
      // has it, so the bundle keeps only the ids (as the macros do in production).
      if (building && sharedMessages.test(id.split('?')[0]!)) {
        return { code: code.replace(/message:\s*'(?:[^'\\]|\\.)*'/g, "message: ''"), map: null };
      }
      if (!/\.[jt]sx?$/.test(id.split('?')[0]!) || id.includes('node_modules') || !usesMacro.test(code))
        return;
      const result = await transformAsync(code, {
        filename: id,
        babelrc: false,
        configFile: false,
        sourceMaps: true,
        parserOpts: { plugins: ['typescript', 'jsx'] },
        plugins: ['@lingui/babel-plugin-lingui-macro'],
      });
      return result?.code ? { code: result.code, map: result.map } : undefined;
    },
  };
}
