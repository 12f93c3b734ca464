import * as React from 'react';
import { getIn, useFormikContext } from 'formik';
import { Field } from '../Field';

/** What a kit input needs from the form, ready to spread: `<PhoneInput {...field} />`. */
export interface FormikFieldBinding<V = any> {
  id: string;
  name: string;
  value: V;
  onChange(value: V): void;
  onBlur(): void;
  /** The error text once the field was touched or the form submitted; undefined otherwise. */
  error: string | undefined;
  'aria-required'?: boolean;
}

export interface FormikFieldProps<V = any> {
  name: string;
  label: React.ReactNode;
  /** Shows the required asterisk (§5); the rule itself lives in the form's schema. */
  required?: boolean;
  /** id of the control; default derived from the name. */
  id?: string;
  /** Validate on every change (default true, as the login form does). */
  validateOnChange?: boolean;
  children(field: FormikFieldBinding<V>): React.ReactNode;
}

const idFor = (name: string) => `field-${name.replace(/[^\w-]/g, '-')}`;

/**
 * A labelled field bound to the surrounding formik form: the asterisk when required, the error text
 * under the field once it was touched (or the form submitted).
 */
export function FormikField<V = any>({ name, label, required, id, validateOnChange = true, children }: FormikFieldProps<V>) {
  const form = useFormikContext<Record<string, unknown>>();
  const fieldId = id ?? idFor(name);
  const touched = !!getIn(form.touched, name) || form.submitCount > 0;
  const rawError = getIn(form.errors, name);
  const error = touched && typeof rawError === 'string' ? rawError : undefined;
  const binding: FormikFieldBinding<V> = {
    id: fieldId,
    name,
    value: getIn(form.values, name) as V,
    onChange: (value) => void form.setFieldValue(name, value, validateOnChange),
    onBlur: () => void form.setFieldTouched(name, true, true),
    error,
    'aria-required': required || undefined,
  };
  return (
    <Field label={label} htmlFor={fieldId} error={error} required={required}>
      {children(binding)}
    </Field>
  );
}
