import * as React from 'react';
import { act, render, screen } from '@testing-library/react';
import { theme } from 'antd';
import { OysterProvider } from './OysterProvider';

/** What antd's components read: whether they animate. */
function Motion() {
  const { token } = theme.useToken();
  return <output>{token.motion ? 'с анимацией' : 'без анимации'}</output>;
}

/** A system setting «reduce motion» the test can change. */
function stubReducedMotion(initially: boolean) {
  let matches = initially;
  const listeners = new Set<() => void>();
  const original = window.matchMedia;
  window.matchMedia = ((media: string) => ({
    media,
    get matches() {
      return media === '(prefers-reduced-motion: reduce)' && matches;
    },
    addEventListener: (_: string, f: () => void) => listeners.add(f),
    removeEventListener: (_: string, f: () => void) => listeners.delete(f),
    addListener: () => undefined,
    removeListener: () => undefined,
    onchange: null,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  return {
    set(next: boolean) {
      matches = next;
      listeners.forEach((f) => f());
    },
    restore: () => (window.matchMedia = original),
  };
}

describe('OysterProvider and the system’s «reduce motion»', () => {
  const tree = (props: { followReducedMotion?: boolean } = {}) => (
    <OysterProvider {...props}>
      <Motion />
    </OysterProvider>
  );

  it('antd animates by default; a tree mounted with «reduce motion» set does not', () => {
    const system = stubReducedMotion(false);
    try {
      const first = render(tree());
      expect(screen.getByRole('status')).toHaveTextContent('с анимацией');
      first.unmount();
      system.set(true);
      render(tree());
      expect(screen.getByRole('status')).toHaveTextContent('без анимации');
    } finally {
      system.restore();
    }
  });

  it('keeps what it mounted with (a change would remount the tree and lose what is typed); the prerendered login form keeps its motion', () => {
    const system = stubReducedMotion(false);
    try {
      const typed = render(tree());
      act(() => system.set(true));
      expect(screen.getByRole('status')).toHaveTextContent('с анимацией');
      typed.unmount();
      render(tree({ followReducedMotion: false }));
      expect(screen.getByRole('status')).toHaveTextContent('с анимацией');
    } finally {
      system.restore();
    }
  });
});
