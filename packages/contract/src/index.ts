export * from './common';
export * from './auth';
export * from './money';
export * from './lists';
export * from './ledger';
export * from './settings';
export * from './admin';
export * from './network';
