import * as React from 'react';
import { PropertyCalculatorPage } from '../new-ifl/PropertyCalculator';

/** /app/new-ifl_house, /app/new-ifl_house/:step — the house (the apartment's calculator, for a house). */
export default function HousePage() {
  return <PropertyCalculatorPage kind="house" />;
}
