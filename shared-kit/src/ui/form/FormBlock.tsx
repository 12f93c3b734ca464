import * as React from 'react';
import { ensureFormStyles } from './styles';

/** §2: the two messages under a form block. */
export const FORM_BLOCK_TEXTS = {
  valid: 'Все поля заполнены верно',
  invalid: 'Неправильно заполнено одно или несколько полей выше. Пожалуйста проверьте.',
} as const;

export type FormBlockStatus = 'valid' | 'invalid' | null;

export interface FormBlockProps {
  title: React.ReactNode;
  children?: React.ReactNode;
  /** Open at first (uncontrolled); default true. */
  defaultOpen?: boolean;
  /** Controlled open state. */
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** 'valid' / 'invalid' shows the §2 message under the fields; null shows nothing. */
  status?: FormBlockStatus;
  /** Something to show at the right of the heading (a badge, a step number). */
  extra?: React.ReactNode;
  id?: string;
}

/** A collapsible form block (§2): the body slides open and shut in 0.25 s. */
export function FormBlock({ title, children, defaultOpen = true, open, onOpenChange, status = null, extra, id }: FormBlockProps) {
  ensureFormStyles();
  const [innerOpen, setInnerOpen] = React.useState(defaultOpen);
  const isOpen = open ?? innerOpen;
  const autoId = React.useId();
  const bodyId = `${id ?? autoId}-body`;
  const headId = `${id ?? autoId}-head`;
  const toggle = () => {
    const next = !isOpen;
    if (open === undefined) setInnerOpen(next);
    onOpenChange?.(next);
  };
  return (
    <section className={`oy-block${isOpen ? ' oy-block--open' : ''}`} id={id}>
      <h3 className="oy-block__title">
        <button type="button" id={headId} className="oy-block__head" aria-expanded={isOpen} aria-controls={bodyId} onClick={toggle}>
          <span className="oy-block__label">{title}</span>
          {extra}
          <svg className="oy-block__chevron" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </h3>
      <div className="oy-block__body" id={bodyId} role="region" aria-labelledby={headId} aria-hidden={!isOpen}>
        <div className="oy-block__inner">
          <div className="oy-block__content">{children}</div>
        </div>
      </div>
      {status ? (
        <div className={`oy-block__status oy-block__status--${status}`} role="status">
          <span aria-hidden="true">{status === 'valid' ? '✓' : '!'}</span>
          <span>{FORM_BLOCK_TEXTS[status]}</span>
        </div>
      ) : null}
    </section>
  );
}
