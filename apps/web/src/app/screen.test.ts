/**
 * A screen's code loads on demand (screen.tsx) through React's public `lazy`, and once in, the
 * screen renders at once: on its very first render too (a screen preloaded by `preloadRoutes`
 * with its frame), and every time after, so going back to a screen shows no loader. Rendered to a string: `renderToString` shows a Suspense fallback wherever a component
 * suspends, as a navigation outside a transition would show the loader.
 */
import { createElement, Suspense } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { screen } from './screen.tsx';

const Hello = () => createElement('p', null, 'Hello from the screen');
const Other = () => createElement('p', null, 'The other screen of the chunk');

/** What a route shows: the screen inside the boundary that would show the loader. */
const shown = (Screen: React.ComponentType) =>
  renderToString(createElement(Suspense, { fallback: 'Loading…' }, createElement(Screen)));

/** Lets the promises settled so far call back (React's own listener on a lazy's load among them). */
const settle = () => new Promise((resolve) => setTimeout(resolve));

/** A chunk whose download waits until `arrive` is called. */
function slowChunk() {
  let arrive!: () => void;
  const arrived = new Promise<void>((resolve) => {
    arrive = resolve;
  });
  return { load: () => arrived.then(() => ({ Hello, Other })), arrive };
}

describe('screen()', () => {
  it('is a React.lazy component', () => {
    const Screen = screen(() => Promise.resolve({ Hello }), 'Hello', { first: true });
    expect((Screen as unknown as { $$typeof: symbol }).$$typeof).toBe(Symbol.for('react.lazy'));
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const Screen = screen(() => Promise.resolve({ Hello }), 'Hello', { first: true });
    await Screen.preload();
    expect(shown(Screen)).toContain('Hello from the screen');
  });

  it('gives each screen of a shared chunk its own export, at once once its load settled', async () => {
    const chunk = () => Promise.resolve({ Hello, Other });
    const First = screen(chunk, 'Hello', { first: true });
    const Second = screen(chunk, 'Other', { first: true });
    await First.preload();
    expect(shown(First)).toContain('Hello from the screen');
    // Second has never rendered: its own load finds the chunk in, a microtask later.
    await Second.preload();
    expect(shown(Second)).toContain('The other screen of the chunk');
  });

  it('suspends while its code downloads, then renders', async () => {
    const { load, arrive } = slowChunk();
    const Screen = screen(load, 'Hello', { first: true });
    expect(shown(Screen)).toContain('Loading…');
    arrive();
    await settle();
    expect(shown(Screen)).toContain('Hello from the screen');
  });

  it('loads once, however often it is preloaded and rendered', async () => {
    let loads = 0;
    const Screen = screen(
      () => {
        loads += 1;
        return Promise.resolve({ Hello });
      },
      'Hello',
      { first: true },
    );
    await Promise.all([Screen.preload(), Screen.preload()]);
    shown(Screen);
    shown(Screen);
    expect(loads).toBe(1);
  });

  it('calls `before` once, when the load starts', async () => {
    let calls = 0;
    const Screen = screen(() => Promise.resolve({ Hello }), 'Hello', { first: true, before: () => calls++ });
    expect(calls).toBe(0);
    await Screen.preload();
    shown(Screen);
    expect(calls).toBe(1);
  });

  it('writes none of React’s marks onto the promises it hands out', async () => {
    const Screen = screen(() => Promise.resolve({ Hello }), 'Hello', { first: true });
    const loading = Screen.preload();
    await loading;
    shown(Screen);
    expect(Object.keys(loading)).toEqual([]);
  });

  it('says when its code cannot be downloaded, with a way to try again', async () => {
    const Screen = screen(() => Promise.reject(new Error('offline')), 'Hello' as never, { first: true });
    await Screen.preload();
    const html = shown(Screen);
    expect(html).not.toContain('Loading…');
    expect(html).toContain('Try again');
  });
});
