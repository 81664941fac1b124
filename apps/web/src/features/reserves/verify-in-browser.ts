import { verifyInclusion, type InclusionCheck, type InclusionProof, type ReserveProof } from '@portal/contract';

/**
 * The checks a member runs in their own browser, with no help from the portal's server: the inclusion path up to
 * the published root (packages/contract/src/reserves.ts `verifyInclusion`), and the hot wallet's signature of the
 * proof. viem (SHA-256 and secp256k1) is loaded only when a check runs; it hashes where WebCrypto is not offered
 * (a portal opened over plain http at an address other than localhost).
 */
export async function verifyMyInclusion(inclusion: InclusionProof): Promise<InclusionCheck> {
  const { sha256, stringToBytes } = await import('viem');
  const check = await verifyInclusion(inclusion, async (text) => sha256(stringToBytes(text)).slice(2));
  if (!check.ok) return check;
  return verifySignature(inclusion.proof);
}

/** The signature recovers to the address the proof names (an unsigned proof passes: it says it is not signed). */
export async function verifySignature(proof: ReserveProof): Promise<InclusionCheck> {
  if (!proof.signer || !proof.signature) return { ok: true };
  const { verifyMessage } = await import('viem');
  const signed = await verifyMessage({
    address: proof.signer as `0x${string}`,
    message: proof.message,
    signature: proof.signature as `0x${string}`,
  });
  return signed
    ? { ok: true }
    : { ok: false, reason: `The signature is not ${proof.signer}’s signature of this proof.` };
}
