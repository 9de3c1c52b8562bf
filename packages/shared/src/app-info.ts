/**
 * Facts about the app that screens show: its name, its version (Settings → About) and where people
 * reach the team that runs it (Help, legal pages). The root package.json is the one place the
 * version is written (SPEC.md §9: 1.0.0), so a release bumps it there and nowhere else.
 */
// A named import, so the web bundle carries the version and not the rest of package.json.
import { version } from '../../../package.json' with { type: 'json' };

export const appName = 'Glimpse';
export const appVersion: string = version;

/** Shown on /help and in the legal pages. Whoever runs a Glimpse server puts their own address here. */
export const supportEmail = 'support@glimpse.example';
