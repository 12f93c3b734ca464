export * from './money';
export * from './ledger';
export * from './rates';
export * from './payouts';
export * from './tax';
export * from './bank';
export * from './reconciliation';
export * from './analytics';
