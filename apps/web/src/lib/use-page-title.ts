import { useEffect } from 'react';

/** Every screen names itself in the browser tab: "Settings · Glimpse". */
export function usePageTitle(title: string) {
  useEffect(() => {
    document.title = title ? `${title} · Glimpse` : 'Glimpse';
  }, [title]);
}
