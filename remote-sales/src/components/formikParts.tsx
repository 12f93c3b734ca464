import * as React from 'react';
import { useFormikContext } from 'formik';
import { AddressSuggestInput, Checkbox, FormikField } from '@oyster/shared-kit/ui/form';

/** A yes/no field of a calculator's formik form. */
export function FormikCheckbox({ name, children }: { name: string; children: React.ReactNode }) {
  const { values, setFieldValue } = useFormikContext<Record<string, unknown>>();
  return (
    <Checkbox checked={!!values[name]} onChange={(e) => void setFieldValue(name, e.target.checked)}>
      {children}
    </Checkbox>
  );
}

/**
 * An address typed with suggestions (debounced by the kit, §9): the text in `address`, the suggestion
 * chosen in `addressSuggestion` (its data decides the rating) — cleared once the text no longer matches it.
 */
export function SuggestedAddress({ label, placeholder }: { label: string; placeholder: string }) {
  const { values, setFieldValue } = useFormikContext<{ addressSuggestion: { value: string } | null }>();
  return (
    <div className="oy-steps__wide">
      <FormikField<string> name="address" label={label} required>
        {(f) => (
          <AddressSuggestInput
            {...f}
            placeholder={placeholder}
            onChange={(text) => {
              f.onChange(text);
              if (values.addressSuggestion && text !== values.addressSuggestion.value) void setFieldValue('addressSuggestion', null);
            }}
            onSelect={(s) => void setFieldValue('addressSuggestion', s ? { value: s.value, data: (s.data ?? {}) as Record<string, unknown> } : null)}
          />
        )}
      </FormikField>
    </div>
  );
}
