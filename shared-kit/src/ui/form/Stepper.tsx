import * as React from 'react';
import { Steps } from 'antd';

export interface StepperStep {
  title: React.ReactNode;
  description?: React.ReactNode;
}

export interface StepperProps {
  steps: ReadonlyArray<StepperStep | string>;
  /** 0-based index of the current step. */
  current: number;
  /** Called with an earlier step's index when the user goes back to it (never a later one). */
  onChange?(index: number): void;
  /** A step that failed validation is shown in red. */
  errorStep?: number | null;
  /** 'vertical' puts each title under its number: many or long titles then wrap between words, not inside them. */
  titlePlacement?: 'horizontal' | 'vertical';
}

/** Numbered steps (§2): earlier steps can be returned to, later ones cannot be jumped to. */
export function Stepper({ steps, current, onChange, errorStep = null, titlePlacement = 'horizontal' }: StepperProps) {
  const items = steps.map((s, i) => {
    const step = typeof s === 'string' ? { title: s } : s;
    return {
      title: step.title,
      description: step.description,
      disabled: i >= current || !onChange,
      status: i === errorStep ? ('error' as const) : undefined,
    };
  });
  return (
    <nav aria-label="Шаги" style={{ margin: '0 0 18px' }}>
      <Steps
        current={current}
        items={items}
        titlePlacement={titlePlacement}
        responsive
        // Numbers stay on passed steps too (no check marks): «1», «2», … as the spec shows them.
        iconRender={(node, { index, components: { Icon } }) =>
          index < current && index !== errorStep ? (
            <Icon>
              <span className="ant-steps-item-icon-number">{index + 1}</span>
            </Icon>
          ) : (
            node
          )
        }
        onChange={(index) => {
          if (onChange && index < current) onChange(index);
        }}
      />
    </nav>
  );
}
