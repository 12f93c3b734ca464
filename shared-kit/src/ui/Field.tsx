import * as React from 'react';
import { OYSTER_COLORS } from './theme';

export interface FieldProps {
  label: React.ReactNode;
  /** id of the control, so the label names it. */
  htmlFor: string;
  /** Error text shown under the field (spec §5). */
  error?: React.ReactNode;
  required?: boolean;
  children: React.ReactNode;
}

/**
 * A labelled field with its error text underneath. Light on purpose: antd's Form (rc-field-form,
 * grid, motion) is not needed where formik owns the state, and it would weigh on the login page.
 */
export function Field({ label, htmlFor, error, required, children }: FieldProps) {
  const errorId = `${htmlFor}-error`;
  return (
    <div className="oy-field" style={{ marginBottom: error ? 10 : 18 }}>
      <label htmlFor={htmlFor} style={{ display: 'block', marginBottom: 6, fontSize: 14, color: OYSTER_COLORS.ink }}>
        {required ? (
          <span aria-hidden="true" style={{ color: OYSTER_COLORS.danger, marginRight: 4 }}>
            *
          </span>
        ) : null}
        {label}
      </label>
      {children}
      {error ? (
        <div id={errorId} role="alert" style={{ color: OYSTER_COLORS.danger, fontSize: 13, lineHeight: '20px', paddingTop: 2 }}>
          {error}
        </div>
      ) : null}
    </div>
  );
}
