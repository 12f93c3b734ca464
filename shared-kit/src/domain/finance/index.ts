export * from './money';
export * from './ledger';
export * from './rates';
export * from './reconciliation';
