/**
 * `npm run reserves:verify -- <proof.json> [--portal <address>]`: checks an inclusion proof a member downloaded
 * from Wallet → Proof of reserves, without trusting the portal's page:
 *
 * 1. the member's leaf, hashed with their salt, leads through the path's hashes and sums to the proof's root
 *    (packages/contract/src/reserves.ts `verifyInclusion`, the check the browser runs);
 * 2. the hot wallet's signature of the proof's message recovers to the address it names;
 * 3. with `--portal`, the root and the signature are the ones the portal publishes at `/api/reserves`.
 *
 * Prints what it checked and exits 1 on the first check that fails.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { verifyMessage } from 'viem';
import { inclusionProofSchema, reservesSchema, verifyInclusion, type InclusionProof } from '@portal/contract';

const sha256 = async (text: string) => createHash('sha256').update(text).digest('hex');

function fail(message: string): never {
  console.error(`✗ ${message}`);
  process.exit(1);
}

async function checkPublished(inclusion: InclusionProof, portal: string): Promise<void> {
  const response = await fetch(new URL('/api/reserves', portal));
  if (!response.ok) fail(`${portal}/api/reserves answered ${response.status}`);
  const { latest, earlier } = reservesSchema.parse(await response.json());
  const published = [latest, ...earlier].find((proof) => proof?.id === inclusion.proof.id);
  if (!published) fail(`${portal} does not publish proof ${inclusion.proof.id} (it lists the latest 31)`);
  if (published.root.hash !== inclusion.proof.root.hash || published.signature !== inclusion.proof.signature)
    fail(`the root or the signature of proof ${inclusion.proof.id} differs from what ${portal} publishes`);
  console.log(`✓ ${portal} publishes this root and signature as proof ${published.id}`);
}

async function main(): Promise<void> {
  const [file, flag, portal] = process.argv.slice(2);
  if (!file || (flag !== undefined && (flag !== '--portal' || !portal)))
    fail('usage: npm run reserves:verify -- <proof.json> [--portal https://portal.example]');
  const inclusion = inclusionProofSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  const { proof, leaf } = inclusion;
  const check = await verifyInclusion(inclusion, sha256);
  if (!check.ok) fail(check.reason);
  console.log(
    `✓ member ${leaf.memberId}'s balances (base units: deposit ${leaf.deposit}, income ${leaf.income}, withdrawing ${leaf.withdrawing}, points ${leaf.points}) are in root ${proof.root.hash} of proof ${proof.id}, taken ${proof.takenAt}`,
  );
  if (proof.signer && proof.signature) {
    const signed = await verifyMessage({
      address: proof.signer as `0x${string}`,
      message: proof.message,
      signature: proof.signature as `0x${string}`,
    });
    if (!signed) fail(`the signature is not ${proof.signer}'s signature of the proof's message`);
    console.log(`✓ signed by the hot wallet ${proof.signer}`);
  } else console.log('- not signed: the portal had no hot wallet key when the proof was taken');
  if (portal) await checkPublished(inclusion, portal);
}

await main();
