/**
 * `node --import <this file>`: every module under node_modules that the process resolves is
 * appended to the file named by GLIMPSE_TEST_LOADS, one `<pid> <url>` line each. A process it
 * forks with the same flags (the cluster's workers, the migration child) records into the same
 * file. Tests read it to see which packages a started server has loaded.
 */
import { register } from 'node:module';

const hooks = `
import { appendFileSync } from 'node:fs';
let file;
let pid;
export function initialize(data) {
  ({ file, pid } = data);
}
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (result.url.includes('/node_modules/')) appendFileSync(file, pid + ' ' + result.url + '\\n');
  return result;
}`;

if (process.env.GLIMPSE_TEST_LOADS) {
  register(`data:text/javascript,${encodeURIComponent(hooks)}`, {
    data: { file: process.env.GLIMPSE_TEST_LOADS, pid: process.pid },
  });
}
