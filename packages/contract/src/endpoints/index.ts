import { transfers } from './transfers';

/**
 * Every endpoint of the API by domain: `endpoints.transfers.quote` is how the
 * API's routes and the web app's calls name the same endpoint
 * (docs/decisions/0033-typed-endpoint-table.md).
 */
export const endpoints = {
  transfers,
};
