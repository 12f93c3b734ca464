import * as React from 'react';
import { getRuntime, type RuntimeWidgetProps } from '@oyster/shared-kit/runtime';

/**
 * Another remote's widget on this remote's page (e.g. the chat of a contract, remote_communications/
 * ObjectChat): the shell loads it at runtime (Runtime.Widget) — no import between remotes. In a
 * standalone harness, which has no shell, the slot stays empty.
 */
export function WidgetSlot(props: RuntimeWidgetProps) {
  const Widget = getRuntime().Widget;
  return Widget ? <Widget {...props} /> : null;
}
