/**
 * Web-analytics goals (§4: opening the chat is the goal Go_chat), through one pluggable hook. By default
 * Yandex Metrika's `ym(counter, 'reachGoal', goal)` when the page has Metrika and a counter was given at
 * build time (`YANDEX_METRIKA_ID`); nothing otherwise. A goal never breaks what the user did.
 */
declare const __OYSTER_METRIKA_ID__: string | undefined;

export type GoalHook = (goal: string) => void;

type Metrika = (counter: number, method: 'reachGoal', goal: string) => void;

export function metrikaGoalHook(counterId: string | undefined = typeof __OYSTER_METRIKA_ID__ === 'string' ? __OYSTER_METRIKA_ID__ : undefined): GoalHook {
  const counter = Number(counterId);
  return (goal) => {
    const ym = (window as unknown as { ym?: Metrika }).ym;
    if (Number.isInteger(counter) && counter > 0 && typeof ym === 'function') ym(counter, 'reachGoal', goal);
  };
}

let hook: GoalHook = metrikaGoalHook();

/** Another analytics (or a test's spy) instead of Metrika. */
export function setGoalHook(next: GoalHook): void {
  hook = next;
}

export function reachGoal(goal: string): void {
  try {
    hook(goal);
  } catch {
    // Analytics is not the user's problem.
  }
}
