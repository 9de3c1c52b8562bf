/** The AppShell with its slots filled by the features that own them. */
import { AppShell } from './app-shell.tsx';

export function SignedInShell() {
  return <AppShell />;
}
