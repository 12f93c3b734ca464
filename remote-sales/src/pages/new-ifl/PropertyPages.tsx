import * as React from 'react';
import { useLocation } from 'react-router-dom';
import { PropertyCalculatorPage } from './PropertyCalculator';

/**
 * /app/new-ifl[/:step] (the apartment) and /app/new-ifl_house[/:step] (the house): one lazy page for both
 * sections — one chunk and one entry in the remote's entry (home's byte budget) — the kind from the section.
 */
export default function PropertyPage() {
  const house = /\/new-ifl_house(\/|$)/.test(useLocation().pathname);
  return <PropertyCalculatorPage key={house ? 'house' : 'apartment'} kind={house ? 'house' : 'apartment'} />;
}
