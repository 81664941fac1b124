/**
 * `npm run chain:send -- <address> <amount>`: sends test USDT on the running
 * portal's embedded chain (DATA_DIR, ./data by default) from the account
 * that deployed the token, so a deposit can be tried by hand.
 */
import path from 'node:path';
import { isAddress, getAddress, parseUnits } from 'viem';
import { sendTestToken } from './anvil';
import { readEmbeddedInfo } from './embedded';

async function main() {
  const [to, amount] = process.argv.slice(2);
  if (!to || !amount || !isAddress(to, { strict: false }) || !/^\d+(\.\d{1,18})?$/.test(amount)) {
    console.error('Usage: npm run chain:send -- <address> <amount>   e.g. npm run chain:send -- 0xAbC… 250');
    process.exit(2);
  }
  const info = readEmbeddedInfo(path.resolve(process.env.DATA_DIR || './data'));
  const hash = await sendTestToken(info.rpcUrl, info.tokenAddress, getAddress(to), parseUnits(amount, 18));
  console.log(`Sent ${amount} test USDT to ${getAddress(to)} on ${info.rpcUrl}\n  transaction ${hash}`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message.split('\n')[0] : error);
  process.exit(1);
});
