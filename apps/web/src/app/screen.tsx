/**
 * A route's screen, its code loaded on demand: `React.lazy` with a load of our own that can be
 * started ahead of the first render (`preload`, which `preloadRoutes` calls for every screen and
 * frame a location shows) and that answers at once when the code is already in.
 */
import { messages } from '@glimpse/shared';
import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { Button } from '@/components/button.tsx';
import { EmptyState } from '@/components/page.tsx';
import { withRestOfCatalog } from '@/lib/i18n.ts';

export type Preloadable = LazyExoticComponent<ComponentType> & { preload: () => Promise<void> };

type Loaded = { default: ComponentType };

/**
 * The screen `name` of the module `load` brings. Any screen outside the first ones
 * (first-screens.ts) renders only once the rest of the catalog is in too (lib/i18n.ts), so no text
 * shows as an id; `before` runs when the load starts (the home feed asks for its data then).
 *
 * Once the code is in, the lazy component gets it in a thenable that calls back at once, and React
 * renders the screen without suspending ("can resolve synchronously without suspending" in React's
 * ReactLazy tests). With a promise, even a settled one, React suspends until a microtask later:
 * outside a transition (a navigation: start.tsx) the loader shows, and the screen follows no sooner
 * than 300 ms after it. Screens preloaded with their frame (`preloadRoutes`) render without it
 * either way. A screen whose chunk another screen brought (Saved after Liked) still loads on its
 * first render, as before: its own load starts only then.
 */
export function screen<M extends Record<string, unknown>>(
  load: () => Promise<M>,
  name: keyof M & string,
  { first = false, before }: { first?: boolean; before?: () => void } = {},
): Preloadable {
  const withMessages = first ? load : withRestOfCatalog(load);
  let loaded: Loaded | undefined;
  let loading: Promise<void> | undefined;
  const preload = () => {
    if (!loading) {
      before?.();
      loading = withMessages().then(
        (module) => {
          loaded = { default: module[name] as ComponentType };
        },
        () => {
          // Offline, or a new version replaced the chunk: say so, with a reload to try again. A
          // screen not shown yet tries again at its next preload.
          loaded = { default: ScreenLoadFailed };
          loading = undefined;
        },
      );
    }
    return loading;
  };
  const Screen = lazy<ComponentType>(() =>
    loaded ? handedOver(loaded) : preload().then(() => loaded as Loaded),
  );
  return Object.assign(Screen, { preload });
}

/** A thenable that hands `value` over as soon as it is asked (`lazy` takes any thenable). */
function handedOver<T>(value: T): Promise<T> {
  // biome-ignore lint/suspicious/noThenProperty: a thenable on purpose, so that React takes the code at once
  return { then: (resolve: (value: T) => void) => resolve(value) } as unknown as Promise<T>;
}

function ScreenLoadFailed() {
  return (
    <div style={{ padding: 24 }}>
      <EmptyState title={messages.common.networkError}>
        <Button onClick={() => window.location.reload()}>{messages.common.tryAgain}</Button>
      </EmptyState>
    </div>
  );
}
