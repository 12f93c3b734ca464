import type * as React from 'react';
import ReactInputMask from 'react-input-mask';

/**
 * react-input-mask 2.0.4 with its own (v2) props: the installed @types describe 3.x, which renamed
 * `maskChar`/`formatChars`/`beforeMaskedValueChange`. Works on React 18 (it calls findDOMNode).
 */
export interface MaskState {
  value: string;
  selection: { start: number; end: number } | null;
}

export interface InputMaskV2Props extends Omit<React.InputHTMLAttributes<HTMLInputElement>, 'children'> {
  mask: string;
  /** null: unfilled places stay empty. */
  maskChar?: string | null;
  formatChars?: Readonly<Record<string, string>>;
  alwaysShowMask?: boolean;
  /** The DOM input (a function only: 2.0.4 ignores object refs). Not used with children. */
  inputRef?(el: HTMLInputElement | null): void;
  beforeMaskedValueChange?(newState: MaskState, oldState: MaskState, userInput: string | null, options: unknown): MaskState;
  /** A render prop: receives the props to spread on the input (never onChange/value/onBlur…). */
  children?(inputProps: React.InputHTMLAttributes<HTMLInputElement>): React.ReactElement;
}

export const InputMask = ReactInputMask as unknown as React.ComponentType<InputMaskV2Props>;
