import { getAddress, isAddress, type Address } from 'viem';
import { badRequest, unprocessable } from '../shared/errors';

/** An address that belongs to the platform itself, and what it is ("the treasury"). */
export interface OwnAddress {
  address: string;
  what: string;
}

const ZERO = '0x0000000000000000000000000000000000000000';

/**
 * A BEP20 address a member may withdraw to, in its checksummed form, or the
 * refusal naming the `address` field: malformed, a wrong EIP-55 checksum
 * (an address in one case only carries no checksum and is accepted), the
 * zero address, the token contract, or any of the platform's own addresses.
 */
export function checkWithdrawalAddress(
  input: string,
  own: { token: string | null; others: OwnAddress[] },
  field = 'address',
): Address {
  const text = input.trim();
  if (!/^0x[0-9a-fA-F]{40}$/.test(text)) {
    throw badRequest(
      'ADDRESS_MALFORMED',
      'Address must be a BEP20 address: 0x followed by 40 hexadecimal characters.',
      field,
    );
  }
  const body = text.slice(2);
  const singleCase = body === body.toLowerCase() || body === body.toUpperCase();
  if (!singleCase && !isAddress(text, { strict: true })) {
    throw badRequest(
      'ADDRESS_CHECKSUM',
      'Address has a wrong checksum (EIP-55): check it for a typing mistake, or paste it again from your wallet.',
      field,
    );
  }
  const address = getAddress(text.toLowerCase());
  if (address.toLowerCase() === ZERO)
    throw unprocessable('ADDRESS_ZERO', 'Address is the zero address, which burns whatever is sent to it.', field);
  if (own.token && address.toLowerCase() === own.token.toLowerCase()) {
    throw unprocessable(
      'ADDRESS_IS_TOKEN',
      'Address is the USDT token contract itself: tokens sent there are lost. Use your own wallet address.',
      field,
    );
  }
  const platform = own.others.find((other) => other.address.toLowerCase() === address.toLowerCase());
  if (platform) {
    throw unprocessable(
      'ADDRESS_IS_PLATFORM',
      `Address is ${platform.what} of this portal, not an outside wallet. Use your own wallet address.`,
      field,
    );
  }
  return address;
}
