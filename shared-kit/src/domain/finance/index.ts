export * from './money';
export * from './ledger';
