export * from './common';
export * from './auth';
export * from './network';
