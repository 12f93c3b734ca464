import * as React from 'react';
import { PropertyCalculatorPage } from './PropertyCalculator';

/** /app/new-ifl, /app/new-ifl/:step — the apartment. */
export default function ApartmentPage() {
  return <PropertyCalculatorPage kind="apartment" />;
}
