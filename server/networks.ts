/** CIDR networks (IPv4 and IPv6) and whether an address is in one of them. Node built-ins only. */
import { isIPv4, isIPv6 } from 'node:net';

export interface Network {
  text: string;
  version: 4 | 6;
  bits: bigint;
  prefix: number;
}

function ipv4ToBigInt(address: string): bigint {
  return address.split('.').reduce((value, part) => (value << 8n) | BigInt(Number(part)), 0n);
}

function ipv6ToBigInt(address: string): bigint {
  let text = address;
  // An embedded IPv4 tail (::ffff:1.2.3.4) becomes two hextets.
  const v4 = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4) {
    const n = ipv4ToBigInt(v4[1]);
    text = `${text.slice(0, -v4[1].length)}${(n >> 16n).toString(16)}:${(n & 0xffffn).toString(16)}`;
  }
  const [head, tail] = text.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail !== undefined && tail !== '' ? tail.split(':') : [];
  const missing = 8 - headParts.length - tailParts.length;
  const parts = tail === undefined ? headParts : [...headParts, ...Array<string>(missing).fill('0'), ...tailParts];
  return parts.reduce((value, part) => (value << 16n) | BigInt(parseInt(part, 16)), 0n);
}

/** Parses "10.0.0.0/8", "::1" (a single address) …; throws with a reason otherwise. */
export function parseNetwork(text: string): Network {
  const [address, prefixText] = text.trim().split('/');
  const version = isIPv4(address) ? 4 : isIPv6(address) ? 6 : 0;
  if (version === 0) throw new Error(`"${text}" is not an IPv4 or IPv6 network`);
  const width = version === 4 ? 32 : 128;
  const prefix = prefixText === undefined ? width : Number(prefixText);
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > width || (prefixText !== undefined && !/^\d+$/.test(prefixText))) {
    throw new Error(`"${text}" has a prefix length outside 0–${width}`);
  }
  const value = version === 4 ? ipv4ToBigInt(address) : ipv6ToBigInt(address);
  const mask = prefix === 0 ? 0n : ((1n << BigInt(prefix)) - 1n) << BigInt(width - prefix);
  return { text: text.trim(), version, bits: value & mask, prefix };
}

export function parseNetworks(list: string): Network[] {
  const items = list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  if (items.length === 0) throw new Error('at least one network is needed');
  return items.map(parseNetwork);
}

/** Whether an address (IPv4, IPv6 or IPv4-mapped IPv6) is in any of the networks. */
export function inNetworks(address: string | undefined, networks: Network[]): boolean {
  if (!address) return false;
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  const plain = mapped ? mapped[1] : address;
  const version = isIPv4(plain) ? 4 : isIPv6(plain) ? 6 : 0;
  if (version === 0) return false;
  const width = version === 4 ? 32 : 128;
  const value = version === 4 ? ipv4ToBigInt(plain) : ipv6ToBigInt(plain);
  return networks.some((network) => {
    if (network.version !== version) return false;
    const mask = network.prefix === 0 ? 0n : ((1n << BigInt(network.prefix)) - 1n) << BigInt(width - network.prefix);
    return (value & mask) === network.bits;
  });
}
