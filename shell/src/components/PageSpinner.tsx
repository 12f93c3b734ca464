import * as React from 'react';
import { Spin } from '@oyster/shared-kit/ui/base';

export function PageSpinner({ label = 'Загрузка…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" style={{ minHeight: '40vh', display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 12, color: '#5f6b7a' }}>
      <Spin /> <span>{label}</span>
    </div>
  );
}
