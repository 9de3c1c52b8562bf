/**
 * The app version shown in Settings → About. The root package.json is the one place it is written
 * (SPEC.md §9: 1.0.0), so a release bumps it there and nowhere else.
 */
import rootPackage from '../../../package.json' with { type: 'json' };

export const appName = 'Glimpse';
export const appVersion: string = rootPackage.version;
