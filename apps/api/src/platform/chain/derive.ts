import { secp256k1 } from '@noble/curves/secp256k1.js';
import { HDKey } from '@scure/bip32';
import { mnemonicToSeedSync } from '@scure/bip39';
import { bytesToHex, getAddress, type Address } from 'viem';
import { privateKeyToAccount, publicKeyToAddress, type PrivateKeyAccount } from 'viem/accounts';
import { DEPOSIT_ACCOUNT_PATH } from './config';

/**
 * Deposit addresses are the children of m/44'/60'/0'/0 (BIP44, Ethereum's
 * coin type, as wallets derive them): index i is m/44'/60'/0'/0/i. The
 * watcher and the API derive from the extended public key alone; only the
 * sweeper (consolidation) derives keys, from the mnemonic.
 */
export function createAddressDeriver(xpub: string): (index: number) => Address {
  const parent = HDKey.fromExtendedKey(xpub);
  return (index) => {
    assertIndex(index);
    const child = parent.deriveChild(index);
    const uncompressed = secp256k1.Point.fromBytes(child.publicKey!).toBytes(false);
    return getAddress(publicKeyToAddress(bytesToHex(uncompressed)));
  };
}

export function createDepositSigner(mnemonic: string): (index: number) => PrivateKeyAccount {
  const parent = HDKey.fromMasterSeed(mnemonicToSeedSync(mnemonic)).derive(DEPOSIT_ACCOUNT_PATH);
  return (index) => {
    assertIndex(index);
    return privateKeyToAccount(bytesToHex(parent.deriveChild(index).privateKey!));
  };
}

function assertIndex(index: number) {
  if (!Number.isInteger(index) || index < 0 || index >= 2 ** 31)
    throw new RangeError(`Deposit address index out of range: ${index}`);
}
