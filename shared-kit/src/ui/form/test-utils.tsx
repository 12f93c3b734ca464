import * as React from 'react';
import { fireEvent, render } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import ruRU from 'antd/locale/ru_RU';

// react-input-mask 2.0.4 calls findDOMNode (deprecated in React 18, works): keep that one warning
// out of the test output, let every other console.error through.
const realError = console.error;
console.error = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('findDOMNode is deprecated')) return;
  // antd's Modal measures the scroll bar through a pseudo-element jsdom cannot compute.
  if (String((args[0] as Error)?.message ?? args[0]).includes('getComputedStyle(elt, pseudoElt)')) return;
  realError(...args);
};

// jsdom's missing MessageChannel and ResizeObserver come from @oyster/shared-kit/testing/setup-dom.ts.

/** Renders with the Russian antd locale, as the shell does. */
export function renderKit(ui: React.ReactElement) {
  return render(<ConfigProvider locale={ruRU}>{ui}</ConfigProvider>);
}

// One typing helper for the kit's tests and the domains' (@oyster/shared-kit/testing).
export { typeInto } from '../../testing';

/** Erases the whole text of an input. */
export function clearInput(input: HTMLElement) {
  fireEvent.change(input, { target: { value: '' } });
}

/** A controlled harness: keeps the value in state, exposes the last onChange value. */
export function Controlled<V>({
  initial,
  render: renderInput,
  onValue,
}: {
  initial: V;
  render(value: V, onChange: (v: V) => void): React.ReactElement;
  onValue?(v: V): void;
}) {
  const [value, setValue] = React.useState<V>(initial);
  return renderInput(value, (v) => {
    setValue(v);
    onValue?.(v);
  });
}
