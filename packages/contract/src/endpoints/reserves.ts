import { endpoint } from '../endpoint';
import { myReserveProofSchema, reserveProofSchema, reservesSchema } from '../reserves';

/** `/api/reserves` (public), `/api/reserves/mine` (members), `/api/admin/reserves` (admins): the proof of reserves. */
export const reserves = {
  published: endpoint({
    method: 'GET',
    path: '/reserves',
    status: 200,
    answer: reservesSchema,
    errors: [],
    tags: ['reserves'],
    summary:
      "The published proofs of reserves and liabilities, latest first: each tree's root and totals, the USDT held on chain, the coverage, and the hot wallet's signature",
  }),
  mine: endpoint({
    method: 'GET',
    path: '/reserves/mine',
    status: 200,
    answer: myReserveProofSchema,
    errors: [],
    tags: ['reserves'],
    summary:
      "The signed-in member's inclusion proof in the latest proof of reserves: their salt and balances, and the path of hashes and sums to the published root",
  }),
  publish: endpoint({
    method: 'POST',
    path: '/admin/reserves',
    twoFactor: true,
    status: 201,
    answer: reserveProofSchema,
    errors: ['RESERVES_NO_MEMBERS', 'CHAIN_UNAVAILABLE', 'SIGNER_UNAVAILABLE'],
    tags: ['admin'],
    summary: 'Publishes a proof of reserves now, besides the one taken after each close',
  }),
};
