import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mnemonicToAccount, privateKeyToAccount } from 'viem/accounts';
import { ConfigError, loadConfig } from '../../../src/platform/config';
import { createChain } from '../../../src/platform/chain';
import { settingsFromEnv, xpubFromMnemonic } from '../../../src/platform/chain/config';
import { createAddressDeriver } from '../../../src/platform/chain/derive';
import { startEmbeddedChain } from '../../../src/platform/chain/embedded';
import { toLedgerUnits, toTokenUnits } from '../../../src/platform/chain/token';
import { startTestChain } from './chain-helpers';

const MNEMONIC = 'test test test test test test test test test test test junk';

function configProblem(env: Record<string, string>): string {
  try {
    loadConfig({ NODE_ENV: 'test', ...env });
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('the configuration was accepted');
}

describe('chain configuration', () => {
  const good = {
    CHAIN_RPC_URL: 'http://127.0.0.1:8545',
    CHAIN_ID: '97',
    TOKEN_ADDRESS: '0x337610d27c682e347c9cd60bd4b3b107c9d34ddd',
    DEPOSIT_XPUB: xpubFromMnemonic(MNEMONIC),
    TREASURY_ADDRESS: '0x70997970C51812dc3A010C7d01b50e0d476a7C8f',
  };

  it('accepts a complete chain and defaults the confirmations to 15', () => {
    const config = loadConfig({ NODE_ENV: 'test', ...good });
    expect(config.chain.confirmations).toBe(15);
    expect(config.chain.chainId).toBe(97);
  });

  it('names the variable that is missing or wrong, never repeating a secret', () => {
    const { TOKEN_ADDRESS: _omitted, ...noToken } = good;
    expect(configProblem(noToken)).toContain('TOKEN_ADDRESS: is required when CHAIN_RPC_URL is set');
    expect(configProblem({ ...good, CHAIN_ID: 'bsc' })).toContain('CHAIN_ID:');
    expect(configProblem({ ...good, TREASURY_ADDRESS: '0x123' })).toContain('TREASURY_ADDRESS:');
    expect(configProblem({ ...good, DEPOSIT_XPUB: 'xpub-nonsense' })).toContain('DEPOSIT_XPUB:');
    expect(configProblem({ ...good, CHAIN_CONFIRMATIONS: '0' })).toContain('CHAIN_CONFIRMATIONS:');
    const badKey = '0xnot-a-key-but-secret-looking-text';
    const message = configProblem({ ...good, HOT_WALLET_KEY: badKey });
    expect(message).toContain('HOT_WALLET_KEY:');
    expect(message).not.toContain(badKey);
    const badMnemonic = 'secret words that are not a mnemonic at all here';
    const m = configProblem({ ...good, DEPOSIT_MNEMONIC: badMnemonic });
    expect(m).toContain('DEPOSIT_MNEMONIC:');
    expect(m).not.toContain(badMnemonic);
    expect(configProblem({ TOKEN_ADDRESS: good.TOKEN_ADDRESS })).toContain('TOKEN_ADDRESS: needs CHAIN_RPC_URL');
  });

  it("takes TREASURY_KEY only as the key of TREASURY_ADDRESS, and signs the treasury's moves with it", () => {
    const key = `0x${'22'.repeat(32)}`;
    const treasury = { ...good, TREASURY_ADDRESS: privateKeyToAccount(key as `0x${string}`).address };
    const chain = createChain(settingsFromEnv(loadConfig({ NODE_ENV: 'test', ...treasury, TREASURY_KEY: key }).chain)!);
    expect(chain.treasuryWallet?.address).toBe(treasury.TREASURY_ADDRESS);
    expect(JSON.stringify(chain.settings)).not.toContain(key.slice(2));
    expect(createChain(settingsFromEnv(loadConfig({ NODE_ENV: 'test', ...good }).chain)!).treasuryWallet).toBeNull();
    const other = `0x${'11'.repeat(32)}`;
    const message = configProblem({ ...treasury, TREASURY_KEY: other });
    expect(message).toContain('TREASURY_KEY: is not the key of TREASURY_ADDRESS');
    expect(message).not.toContain(other.slice(2));
    expect(configProblem({ TREASURY_KEY: key })).toContain('TREASURY_KEY: needs CHAIN_RPC_URL');
  });

  it('stops the portal at start-up, naming the variable', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: path.resolve(__dirname, '../../../../..'),
      env: {
        ...process.env,
        DATA_DIR: mkdtempSync(path.join(tmpdir(), 'portal-bad-')),
        PORT: '0',
        CHAIN_RPC_URL: 'http://127.0.0.1:9',
        CHAIN_ID: '56',
        TREASURY_ADDRESS: good.TREASURY_ADDRESS,
        DEPOSIT_XPUB: good.DEPOSIT_XPUB,
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('TOKEN_ADDRESS: is required when CHAIN_RPC_URL is set');
  });

  it("derives m/44'/60'/0'/0/<index> from the extended public key as wallets do", () => {
    const derive = createAddressDeriver(xpubFromMnemonic(MNEMONIC));
    for (const index of [0, 1, 7, 1000])
      expect(derive(index)).toBe(mnemonicToAccount(MNEMONIC, { addressIndex: index }).address);
  });

  it("scales token units to the ledger's 18 decimals and back", () => {
    expect(toLedgerUnits(1_500_000n, 6)).toBe(1_500_000_000_000_000_000n);
    expect(toTokenUnits(1_500_000_000_000_000_000n, 6)).toBe(1_500_000n);
    expect(() => toTokenUnits(1n, 6)).toThrow();
  });
});

describe('chains', () => {
  it('a test chain serves the token, whose decimals and symbol come from the chain', async () => {
    const chain = await startTestChain();
    try {
      const portalChain = createChain(settingsFromEnv(loadConfig({ NODE_ENV: 'test', ...chain.env }).chain)!);
      expect(await portalChain.token()).toEqual({ address: chain.token, decimals: 18, symbol: 'USDT' });
      const to = portalChain.depositAddress(3);
      await chain.send(to, '12.5');
      expect(await chain.balanceOf(to)).toBe(12_500_000_000_000_000_000n);
      await chain.mine(5);
      const finality = await portalChain.finality();
      expect(finality.source).toBe('finalized');
      expect(finality.final).toBeLessThan(finality.latest);
    } finally {
      await chain.stop();
    }
  });

  it('the embedded chain keeps its keys owner-only in DATA_DIR and its token across restarts', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-chain-'));
    const env = loadConfig({ NODE_ENV: 'test' }).chain;
    const first = await startEmbeddedChain(dataDir, env);
    const address = first.settings.tokenAddress;
    const depositAddress = createChain(first.settings).depositAddress(0);
    await first.stop();
    expect(statSync(path.join(dataDir, 'chain-keys.json')).mode & 0o777).toBe(0o600);
    expect(readFileSync(path.join(dataDir, 'chain.json'), 'utf8')).not.toContain(first.settings.depositMnemonic!);

    const second = await startEmbeddedChain(dataDir, env);
    try {
      expect(second.settings.tokenAddress).toBe(address);
      const chain = createChain(second.settings);
      expect(chain.depositAddress(0)).toBe(depositAddress);
      expect((await chain.token()).symbol).toBe('USDT');
      expect(await chain.client.getBalance({ address: chain.hotWallet!.address })).toBeGreaterThan(0n);
    } finally {
      await second.stop();
    }
  });
});
