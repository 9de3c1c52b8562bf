/** /settings composes two features: the settings page, with the auth feature's accounts and Log out. */
import { AccountList } from '@/features/auth/account-list.tsx';
import { useLogOut } from '@/features/auth/use-log-out.ts';
import { SettingsScreen } from '@/features/settings/settings-screen.tsx';

export function SettingsRoute() {
  const { logOut, pending } = useLogOut();
  return <SettingsScreen accounts={<AccountList />} logOut={{ run: logOut, pending }} />;
}
